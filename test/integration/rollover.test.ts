// The rollover job against the real local MediaWiki (scripts/devwiki.sh), on a copy of the example
// Gamestate page under a unique title.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { rollover, type RolloverGame, type RolloverStep } from '../../src/jobs/rollover.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, freshRolloverGame, human, humanEditDuringRun, put, root } from './helpers.ts';

const RULESET = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8');
const ruleset = readCycle16Ruleset(readDocument(RULESET));
const BOUNDARY = { now: new Date('2026-11-19T00:00Z'), trigger: 'integration test' };
const rolloverRows = (text: string) => text.split('\n').filter((l) => l.includes(' || Rollover || - || Phase 4 → 5')).length;

let b: WikiClient;
let player: WikiClient;

beforeAll(async () => {
  [b, player] = await Promise.all([bot(), human()]);
});

const freshGame = (what: string): Promise<RolloverGame> => freshRolloverGame(b, `rollover-${what}`);

describe('rollover on the real wiki', () => {
  it('rolls the example page over at the boundary: the page shows the new phase, the rewards and their History rows', async () => {
    const game = await freshGame('boundary');
    const s = await rollover({ wiki: b }, game, BOUNDARY);
    expect(s.save.changed).toBe(true);
    const page = await b.readPage(game.gamestate);
    expect(page.revid).toBe(s.save.revid);
    const state = readGamestate(page.text, game.gamestate, ruleset);
    expect(state.phase).toMatchObject({ number: 5, name: 'Battle Phase' });
    // Kestrel: declared reputable 17 Nov 10:00, in phase 4 (Rest, 16–18 Nov), with 3 Vertebrae:
    // “grant them 20 + 5⌈X/2⌉ Vertebrae, where X is the phase number” → 20 + 5⌈4/2⌉ = 30, 3 + 30 = 33.
    expect(state.players.find((p) => p.name === 'Kestrel')).toMatchObject({ vertebrae: 3 + 20 + 5 * Math.ceil(4 / 2), grant: 30 });
    expect(state.battles[1]!.status).toBe('rewarded');
    // Battle 2's winner Cosima (4 Chips in the fixture): − 1 her bet + 2 in the pool + “1 Chip” = 6.
    expect(state.players.find((p) => p.name === 'Cosima')!.chips).toBe(4 - 1 + 2 + 1);
    expect(rolloverRows(page.text)).toBe(1);
    expect(page.text).toContain('|| Reputability || Kestrel || +30 Vertebrae (3 → 33)');
  });

  it('a second run makes no edit', async () => {
    const game = await freshGame('twice');
    await rollover({ wiki: b }, game, BOUNDARY);
    const before = await b.readPage(game.gamestate);
    const again = await rollover({ wiki: b }, game, BOUNDARY);
    expect(again.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
  });

  it('a human edit made during the run, on a line the bot also changes, is kept', async () => {
    const game = await freshGame('human');
    // Alice trades card #4 to Bram while the bot is about to apply its Red Coating.
    const beforeEdit = humanEditDuringRun(
      player,
      game.gamestate,
      (text) => text.replace('| 4 || Alice || 7 || Red Coating', '| 4 || Bram || 7 || Red Coating'),
      'trade',
    );
    const s = await rollover({ wiki: b, saveOptions: { beforeEdit } }, game, BOUNDARY);
    expect(s.save.attempts).toBe(2);
    const text = (await b.readPage(game.gamestate)).text;
    expect(text).toContain('| 4 || Bram || 7 || - || Red || 7 || - || Red ||');
    expect(rolloverRows(text)).toBe(1);
  });

  it('a run interrupted before its save changes nothing; the next run applies it once', async () => {
    const game = await freshGame('crash');
    const seeded = await b.readPage(game.gamestate);
    const crash = (step: RolloverStep) => {
      if (step === 'computed') throw new Error('simulated crash');
    };
    await expect(rollover({ wiki: b, checkpoint: crash }, game, BOUNDARY)).rejects.toThrow('simulated crash');
    expect((await b.readPage(game.gamestate)).revid).toBe(seeded.revid);
    await rollover({ wiki: b }, game, BOUNDARY);
    const text = (await b.readPage(game.gamestate)).text;
    expect(rolloverRows(text)).toBe(1);
    expect(text.split('\n').filter((l) => l.includes('|| Reputability || Kestrel ||'))).toHaveLength(1);
  });

  it('a rollover run makes one read request before its edits: the Ruleset, the Gamestate, its subpages and the shutoff page together', async () => {
    const game = await freshGame('one-read');
    const shutoff = `${game.gamestate.replace(/\/Gamestate$/, '')}/Shutoff`;
    await put(b, shutoff, 'run');
    const guarded = await bot({ shutoff: { page: shutoff, runWord: 'run' } });
    const before = guarded.stats.requests;
    let readsBeforeEdit: number | undefined;
    let editsBefore: number | undefined;
    const s = await rollover(
      {
        wiki: guarded,
        saveOptions: {
          beforeEdit: () => {
            editsBefore = guarded.stats.edits;
            readsBeforeEdit = guarded.stats.requests - before - editsBefore;
          },
        },
      },
      game,
      BOUNDARY,
    );
    expect(s.save.changed).toBe(true);
    expect(s.save.attempts).toBe(1);
    expect(readsBeforeEdit).toBe(1);
    expect(editsBefore).toBe(1); // the subpage of the standings and race chart, saved just before the Gamestate edit
    // And the shutoff page it read is honoured: "stop" there, and the next run makes no edit.
    await put(b, shutoff, 'stop');
    const r0 = (await b.readPage(game.gamestate)).revid;
    await expect(rollover({ wiki: guarded }, game, { ...BOUNDARY, now: new Date('2026-11-23T00:00Z') })).rejects.toMatchObject({ code: 'shutoff' });
    expect((await b.readPage(game.gamestate)).revid).toBe(r0);
  });
});
