// The Nomicoup clock on the real local MediaWiki: a copy of the example Gamestate page under a unique title,
// players' edits made as the user Player, the bot's runs through the rollover job and the CLI.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNomicoupGamestate } from '../../src/games/nomicoup/gamestate/read.ts';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { ChosenReadings } from '../../src/games/shared/readings.ts';
import { readingsFor } from '../../src/games/registry.ts';
import { readNomicoupRuleset } from '../../src/games/nomicoup/ruleset/read.ts';
import { rollover, type RolloverGame } from '../../src/jobs/rollover.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, freshCliGame, human, root, type TestGame } from './helpers.ts';

const ruleset = readNomicoupRuleset(readDocument(readFileSync(`${root}fixtures/nomicoup/ruleset.wikitext`, 'utf8')));
const run = (now: string) => ({ now: new Date(now), trigger: 'integration test' });

let b: WikiClient;
let player: WikiClient;
let t: TestGame;
let game: RolloverGame;

beforeAll(async () => {
  [b, player] = await Promise.all([bot(), human()]);
  t = await freshCliGame(b, 'nomicoup', 'nomicoup', {}, 'nomicoup');
  game = { id: 'nomicoup', kind: 'nomicoup', ruleset: `${t.prefix}/Ruleset`, gamestate: `${t.prefix}/Gamestate`, historyLimit: 200 };
});

afterAll(() => t?.remove());

const page = async () => readNomicoupGamestate((await b.readPage(game.gamestate)).text, game.gamestate, ruleset);
const edit = (from: string, to: string) => async () => {
  const p = await player.readPage(game.gamestate);
  if (!p.text.includes(from)) throw new Error(`the page has no "${from}"`);
  await player.save(game.gamestate, () => ({ text: p.text.replace(from, to), summary: 'a player records it' }), {});
};
const count = (text: string, s: string) => text.split(s).length - 1;

describe('a Nomicoup game kept on the real wiki, turn by turn', () => {
  it('with nothing due, the bot changes nothing: its one edit moves the standings the fixture holds inline (as Croupier 0.2 wrote them) to their subpage, and the next run makes none', async () => {
    const s = await rollover({ wiki: b }, game, run('2026-11-18T09:00Z'));
    expect(s.changes).toBe(0);
    expect(s.save.summary).toMatch(/^Croupier: the standings moved to \[\[[^\]]*\/Gamestate\/Standings\]\], transcluded \(base rev \d+\)$/);
    const before = await b.readPage(game.gamestate);
    const again = await rollover({ wiki: b }, game, run('2026-11-18T09:00Z'));
    expect([again.save.changed, again.subpages]).toEqual([false, []]);
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
  });

  it("Bram's recorded action ends his turn, Cosima's begins then, and Dara's join is placed before her with 2 credits", async () => {
    await edit('| 2 || 1 || Bram || 2026-11-17 09:30 || - || -', '| 2 || 1 || Bram || 2026-11-17 09:30 || 2026-11-18 10:00 || Foreign Aid')();
    await edit('| 2 || Bram || 2026-11-16 12:00 || 2 ||', '| 2 || Bram || 2026-11-16 12:00 || 4 ||')();
    await edit(
      '| 3 || Cosima || 2026-11-16 12:00 || 2 || 2 || - || 0 || yes || active || -\n',
      '| 3 || Cosima || 2026-11-16 12:00 || 2 || 2 || - || 0 || yes || active || -\n|-\n| - || Dara || 2026-11-18 11:00 || - || - || - || 0 || - || active || -\n',
    )();
    const s = await rollover({ wiki: b }, game, run('2026-11-18T12:00Z'));
    expect(s.save.changed).toBe(true);
    const state = await page();
    expect(state.turns.at(-1)).toMatchObject({ number: 3, player: 'Cosima', began: new Date('2026-11-18T10:00Z') });
    // "placed before that of the current turn at the time of their request": Cosima's turn, at 11:00.
    expect(state.players.map((p) => [p.name, p.seat, p.credits])).toEqual([
      ['Alice', 1, 3],
      ['Bram', 2, 4],
      ['Cosima', 4, 2],
      ['Dara', 3, 2],
    ]);
    expect(state.game).toMatchObject({ current: 'Cosima', treasury: 50 - (3 + 4 + 2 + 2) });
  });

  it("Cosima's turn times out after 48 hours; round 2 begins in the adopted order; the proposition closes at 72 hours; under late-edits = as-read, a player's edit during the run is kept", async () => {
    let raced = false;
    const beforeEdit = async () => {
      if (raced) return;
      raced = true;
      // Alice loses her last influence meanwhile (her row is the one the bot re-seats): 4.8.1 exiles her.
      await edit('| 1 || Alice || 2026-11-16 12:00 || 3 || 2 || - || 0 ||', '| 1 || Alice || 2026-11-16 12:00 || 3 || 0 || Duke, Captain || 0 ||')();
    };
    // The run would change the cells of that edit (the exile resets them) as if it came before the instants it applies:
    // by default the bot gives way, in every game (test/integration/concurrent-late-edits.test.ts); the Judge's as-read applies it.
    const asRead = new ChosenReadings(readingsFor('nomicoup'), [
      { reading: 'late-edits', value: 'as-read', line: 1, by: 'Judge', at: new Date('2026-11-01T00:00Z') },
    ]);
    const s = await rollover({ wiki: b, saveOptions: { beforeEdit } }, game, { ...run('2026-11-21T12:00Z'), readings: asRead });
    expect(s.save.changed).toBe(true);
    const text = (await b.readPage(game.gamestate)).text;
    const state = await page();
    expect(state.turns.slice(2).map((x) => [x.number, x.round, x.player, x.endedBy])).toEqual([
      [3, 1, 'Cosima', 'timeout'],
      [4, 2, 'Cosima', null],
    ]);
    expect(state.turns[2]!.ended).toEqual(new Date('2026-11-20T10:00Z'));
    // "the change comes into effect at the beginning of the next round": Cosima, Alice, Bram; Dara, not named, after them.
    expect(state.players.map((p) => [p.name, p.seat])).toEqual([
      ['Alice', 2],
      ['Bram', 3],
      ['Cosima', 1],
      ['Dara', 4],
    ]);
    expect(state.orderChanges[0]!.applied).toBe(2);
    expect(state.propositions[0]).toMatchObject({ status: 'adopted', deadline: new Date('2026-11-20T08:00Z') });
    expect(state.players[0]).toMatchObject({ exiles: 1, revealed: [], influence: 2 });
    expect(count(text, '|| Exile || Alice ||')).toBe(1);
    expect(count(text, '|| Turn timeout || Cosima ||')).toBe(1);
    expect(count(text, '|| New round ||')).toBe(1);
  });

  it('a second run at the same time makes no edit', async () => {
    const before = await b.readPage(game.gamestate);
    const s = await rollover({ wiki: b }, game, run('2026-11-21T12:00Z'));
    expect(s.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
  });

  it('`croupier status --game` names the turn; `croupier rollover --game` applies the next timeout once', async () => {
    const status = await t.cli(['status', '--game', 'nomicoup', '--now', '2026-11-22T11:00Z', '--json']);
    expect(status.code).toBe(0);
    const json = JSON.parse(status.stdout) as {
      period: string;
      phase: { number: number; name: string };
      recorded: { number: number; until: string };
      rolloverDue: boolean;
    };
    expect(json).toMatchObject({
      period: 'turn',
      phase: { number: 5, name: "round 2, Alice's turn" },
      recorded: { number: 4, until: '2026-11-22T10:00:00Z' },
      rolloverDue: true,
    });
    const first = await t.cli(['rollover', '--game', 'nomicoup', '--now', '2026-11-22T11:00Z']);
    expect(first.code).toBe(0);
    expect(first.stdout + first.stderr).toContain('turn 4 → 5');
    const again = await t.cli(['rollover', '--game', 'nomicoup', '--now', '2026-11-22T11:00Z']);
    expect(again.code).toBe(0);
    const text = (await b.readPage(game.gamestate)).text;
    expect(count(text, '| 5 || 2 || Alice || 2026-11-22 10:00 ||')).toBe(1);
  });

  it('a timeout written before the 48 hours passed is refused, naming the cell and quoting rule 3, and the page is not edited', async () => {
    await edit('| 5 || 2 || Alice || 2026-11-22 10:00 || - || -', '| 5 || 2 || Alice || 2026-11-22 10:00 || 2026-11-22 11:30 || timeout')();
    const before = await b.readPage(game.gamestate);
    const err = await rollover({ wiki: b }, game, run('2026-11-22T12:00Z')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GamestateError);
    expect((err as GamestateError).problems.map((p) => [p.location.table, p.location.row, p.location.column])).toEqual([['Turns', 5, 'Ended (UTC)']]);
    expect((err as GamestateError).message).toContain(
      'turn 5 is written as timed out at 2026-11-22 11:30, but its 48 hours end at 2026-11-24 10:00 (3 Turns: "',
    );
    const cli = await t.cli(['rollover', '--game', 'nomicoup', '--now', '2026-11-22T12:00Z']);
    expect(cli.code).not.toBe(0);
    expect(cli.stderr).toContain('column "Ended (UTC)": turn 5 is written as timed out');
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
  });
});
