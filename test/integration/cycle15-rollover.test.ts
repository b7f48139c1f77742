// Cycle 15 on the real local MediaWiki: the rollover job and the CLI (status, rollover, publish-tables)
// on copies of the fixture Ruleset and Gamestate, across several phases — exactly once, human edits kept.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir } from '../temp-dir.ts';
import { readGamestate } from '../../src/games/cycle15/gamestate/read.ts';
import { parseCycle15Ruleset } from '../../src/games/cycle15/ruleset/index.ts';
import { rollover, type RolloverGame } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { ChosenReadings } from '../../src/games/shared/readings.ts';
import { readingsFor } from '../../src/games/registry.ts';
import { normalizeText } from '../../src/wiki/save.ts';
import { bot, human, humanEditDuringRun, put, root, runCli, uniquePrefix } from './helpers.ts';

const RULESET = readFileSync(`${root}fixtures/cycle15/ruleset.wikitext`, 'utf8');
const GAMESTATE = readFileSync(`${root}fixtures/cycle15/gamestate.wikitext`, 'utf8');
const ruleset = parseCycle15Ruleset(RULESET);
// Phase 1 (Phase II, 13–15 November) on the page; 23 November 00:00 begins phase 4 (Phase I).
const NOW = new Date('2026-11-23T00:00Z');
const rows = (text: string, needle: string) => text.split('\n').filter((l) => l.includes(needle)).length;

let b: WikiClient;
let player: WikiClient;
let dir: string;

async function freshGame(what: string): Promise<RolloverGame & { configFile: string }> {
  const prefix = uniquePrefix(`cycle15-${what}`);
  await put(b, `${prefix}/Shutoff`, 'run');
  await put(b, `${prefix}/Ruleset`, RULESET);
  await put(b, `${prefix}/Gamestate`, GAMESTATE);
  const game = { id: 'c15', kind: 'cycle15', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate`, historyLimit: 200 };
  const configFile = join(dir, `${what}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${prefix}/Shutoff`, runWord: 'run' } },
      store: { path: join(dir, `${what}-store.json`) },
      games: [{ id: game.id, kind: game.kind, ruleset: game.ruleset, gamestate: game.gamestate }],
    }),
  );
  return { ...game, configFile };
}

beforeAll(async () => {
  [b, player] = await Promise.all([bot(), human()]);
  dir = mkdtempSync(join(tmpdir(), 'croupier-c15-'));
});

afterAll(() => removeDir(dir));

describe('Cycle 15 on the real wiki', () => {
  it("a rollover across three boundaries: the page shows phase 4, every rule's rows once; a second run makes no edit", async () => {
    const game = await freshGame('catchup');
    const s = await rollover({ wiki: b }, game, { now: NOW, trigger: 'integration test' });
    expect(s.save.changed).toBe(true);
    const page = await b.readPage(game.gamestate);
    const state = readGamestate(page.text, game.gamestate, ruleset);
    expect(state.phase).toMatchObject({ number: 4, name: 'Phase I', nextRollover: new Date('2026-11-27T00:00Z') });
    for (const [from, to] of [
      [1, 2],
      [2, 3],
      [3, 4],
    ])
      expect(rows(page.text, `|| Rollover || - || Phase ${from} → ${to}`)).toBe(1);
    // Jun joined 12 Nov 06:00, more than 3 days after the cycle start: reputable 19 Nov 06:00 (phase 2).
    expect(state.players.find((p) => p.name === 'Jun')).toMatchObject({ reputableSince: new Date('2026-11-19T06:00Z'), grant: 2 });
    expect(state.proposals.find((p) => p.id === '#41')!.status).toBe('discarded');
    // #45 (Standard, 4/2/3: 3 rewrites of 9 votes ≥ 30%) became Tune Up when its voting phase ended; #46 (Urgent, 2 + 1 against > 2) failed.
    expect(state.proposals.find((p) => p.id === '#45')).toMatchObject({ status: 'tune up', tuneUpSince: 3 });
    expect(state.proposals.find((p) => p.id === '#46')!.status).toBe('failed');
    expect(state.moves.find((m) => m.player === 'Bram')!.status).toBe('not performed');
    expect(state.players.find((p) => p.name === 'Mallory')).toMatchObject({ crystals: 0, shards: 0, garbage: {} });

    const again = await rollover({ wiki: b }, game, { now: NOW, trigger: 'integration test' });
    expect(again.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it('a human edit made while the bot saves, on a cell the bot also writes: by default the bot gives way (late-edits), and under late-edits = as-read it is kept and the rules applied on top of it', async () => {
    const refused = await freshGame('human-refused');
    const femiMoved = (text: string) =>
      text.replace(
        '|Femi\n|2026-11-10 11:00\n| -\n|2026-11-10 11:00\n|phase 0\n|2\n|no\n|no\n|no\n|0\n|9\n',
        '|Femi\n|2026-11-10 11:00\n| -\n|2026-11-10 11:00\n|phase 0\n|2\n|yes\n|no\n|no\n|0\n|12\n',
      );
    const err = await rollover({ wiki: b, saveOptions: { beforeEdit: humanEditDuringRun(player, refused.gamestate, femiMoved, 'Femi moved') } }, refused, {
      now: new Date('2026-11-16T00:00Z'),
      trigger: 'integration test',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    expect((err as GamestateError).problems[0]!.location).toMatchObject({ table: 'Players', column: 'Moved this phase' });
    expect(femiMoved(GAMESTATE)).not.toBe(GAMESTATE);
    expect(normalizeText((await b.readPage(refused.gamestate)).text)).toBe(normalizeText(femiMoved(GAMESTATE)));

    const game = await freshGame('human');
    // Femi moves (Moved this phase: yes) and gains 3 shards while the bot is about to roll over.
    const beforeEdit = humanEditDuringRun(
      player,
      game.gamestate,
      (text) =>
        text.replace(
          '|Femi\n|2026-11-10 11:00\n| -\n|2026-11-10 11:00\n|phase 0\n|2\n|no\n|no\n|no\n|0\n|9\n',
          '|Femi\n|2026-11-10 11:00\n| -\n|2026-11-10 11:00\n|phase 0\n|2\n|yes\n|no\n|no\n|0\n|12\n',
        ),
      'Femi moved',
    );
    const asRead = new ChosenReadings(readingsFor('cycle15'), [
      { reading: 'late-edits', value: 'as-read', line: 1, by: 'Judge', at: new Date('2026-11-01T00:00Z') },
    ]);
    const s = await rollover({ wiki: b, saveOptions: { beforeEdit } }, game, {
      now: new Date('2026-11-16T00:00Z'),
      trigger: 'integration test',
      readings: asRead,
    });
    expect(s.save.changed).toBe(true);
    const text = (await b.readPage(game.gamestate)).text;
    const femi = readGamestate(text, game.gamestate, ruleset).players.find((p) => p.name === 'Femi')!;
    // Her 12 shards kept; her move of phase 1 became "Moved last phase" at the rollover into phase 2.
    expect(femi).toMatchObject({ shards: 12, movedThisPhase: false, movedLastPhase: true });
    expect(rows(text, '|| Rollover || - || Phase 1 → 2')).toBe(1);
  });

  it('the CLI: status names the recorded phase and when it ends; publish-tables adds the tables with the board on the card tables subpage, the page still the same Gamestate', async () => {
    const game = await freshGame('cli-status');
    const cli = (args: string[]) => runCli([...args, '--config', game.configFile]);
    const status = await cli(['status', '--game', 'c15', '--now', '2026-11-15T12:00Z', '--json']);
    expect(status.code, status.stderr).toBe(0);
    const json = JSON.parse(status.stdout) as { recorded: { number: number; until: string }; rolloverDue: boolean };
    expect(json.recorded).toMatchObject({ number: 1, until: '2026-11-16T00:00:00Z' });
    expect(json.rolloverDue).toBe(false);
    const published = await cli(['publish-tables', '--game', 'c15']);
    expect(published.code, published.stderr).toBe(0);
    // The tables are on the Gamestate's bot-owned subpage, the page transcluding it by one line.
    const withTables = await b.readPage(game.gamestate);
    expect(withTables.text).toContain(`{{:${game.gamestate}/Card tables}}`);
    const tables = (await b.readPage(`${game.gamestate}/Card tables`)).text;
    expect(tables).toContain('| 5 || 4/16 (25%)');
    expect(tables).toContain('| 3 || Treasure || Shard Pile || 4 || When a player lands on such a space they gain 1d6 shards.');
    expect(readGamestate(withTables.text, game.gamestate, ruleset).spaces).toEqual(readGamestate(GAMESTATE, game.gamestate, ruleset).spaces);
  }, 240_000);

  it('the CLI: rollover --dry-run writes nothing; rollover writes once; again, no edit', async () => {
    const game = await freshGame('cli-rollover');
    const cli = (args: string[]) => runCli([...args, '--config', game.configFile]);
    const before = (await b.readPage(game.gamestate)).revid;
    const dry = await cli(['rollover', '--game', 'c15', '--now', '2026-11-16T00:00Z', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect((await b.readPage(game.gamestate)).revid).toBe(before);
    const real = await cli(['rollover', '--game', 'c15', '--now', '2026-11-16T00:00Z']);
    expect(real.code, real.stderr).toBe(0);
    const after = await b.readPage(game.gamestate);
    expect(after.revid).not.toBe(before);
    expect(readGamestate(after.text, game.gamestate, ruleset).phase.number).toBe(2);
    const again = await cli(['rollover', '--game', 'c15', '--now', '2026-11-16T00:00Z']);
    expect(again.code, again.stderr).toBe(0);
    expect((await b.readPage(game.gamestate)).revid).toBe(after.revid);
  }, 240_000);
});
