// Cycle 15's random actions through the referee on the real local MediaWiki: requests on <gamestate>/Actions
// written by real accounts, resolved by the CLI (the commitment first), a Rulings line read with its author,
// the page edited by a person between runs (the move performed), and `croupier verify`.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/cycle15/gamestate/read.ts';
import { parseCycle15Ruleset } from '../../src/games/cycle15/ruleset/index.ts';
import { engineFor } from '../../src/games/registry.ts';
import { historyLines } from '../../src/jobs/verify.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { appendLine, put, refereeGame, root } from './helpers.ts';

const ruleset = parseCycle15Ruleset(readFileSync(`${root}fixtures/cycle15/ruleset.wikitext`, 'utf8'));
// Every space a move from Cosima's space 5 can end on (2d4: 2 to 8 spaces along 6, 7, 8, 9, 10, 11, 0, 1, so
// ending on 7 to 1) is made one whose landing the referee draws for: Garbage Pile, Shard Pile or Geode. (Space
// 10 was once left a Utility, which draws nothing: a roll of 5, one in four, made the test fail.)
const BOARD: Record<number, string> = {
  7: 'Shard Pile || -',
  8: 'Geode || -',
  9: 'Garbage Pile || -',
  10: 'Shard Pile || -',
  11: 'Garbage Pile || -',
  0: 'Shard Pile || -',
  1: 'Geode || -',
};
const PATH = [6, 7, 8, 9, 10, 11, 0, 1];

/** The board: the spaces of BOARD on the page's Board table (its rows only: the standings' ranks look alike). */
const board = (page: string) => {
  const at = page.indexOf('\n== Board ==');
  if (at < 0) throw new Error('the fixture has no Board section');
  const rows = Object.entries(BOARD).reduce((p, [id, cells]) => {
    const row = new RegExp(`^\\| ${id} \\|\\| [^|]+ \\|\\| [^|]+ \\|\\|`, 'm');
    if (!row.test(p)) throw new Error(`the fixture's Board has no space ${id}`);
    return p.replace(row, `| ${id} || ${cells} ||`);
  }, page.slice(at));
  return page.slice(0, at) + rows;
};

let b: WikiClient, player: WikiClient, admin: WikiClient, G: string, A: string;
// Cosima is played by the wiki account "Player" (the Players table's Wiki account column), on the board of BOARD.
const read = (page: string, title: string) => readGamestate(page, title, ruleset);
const game = refereeGame(
  { what: 'referee-c15', id: 'c15ref', kind: 'cycle15', accounts: ['Cosima=Player'], edit: board, read },
  (g) => ({ b, player, admin, G, A } = g),
);
const { text, state } = game;
const cosima = async () => (await state()).players.find((p) => p.name === 'Cosima')!;
/** A line appended to a request page (Actions, Rulings) by `who`. */
const append = appendLine;
const lines = async (start: string) => (await text(A)).split('\n').filter((l) => l.startsWith(start));
/**
 * Cosima's History rows of `event`, each cell as it reads (not its wikitext: a cell holding a long word, such
 * as the Garbage item "duhTfibjdFugifFUGIFFUfig", is written with a style attribute before its text).
 */
const history = (page: string, event: string) =>
  historyLines({ title: G, text: page }, engineFor('cycle15').history).filter((r) => r.event === event && r.player === 'Cosima');
/** The one History row of `event`, its Change and Reason cells joined as one line. */
const row = (page: string, event: string) => {
  const rows = history(page, event);
  expect(rows, `Cosima's ${event} rows`).toHaveLength(1);
  return `${rows[0]!.change} || ${rows[0]!.reason}`;
};

// The Judge rules that random Garbage is theirs to draw (the referee must then draw none).
beforeAll(() => put(admin, `${G}/Rulings`, '* random-garbage = judge — the Judge\n'));

describe('the referee resolves Cycle 15 requests on the local wiki', () => {
  const SLOW = 400_000;

  it(
    "rolls 2d4 for a move, destroys a crystal for 10+1d10 shards, refuses what the rules, the author or the Judge's ruling do not allow — once",
    async () => {
      const before = await cosima();
      await append(player, A, '* move ~~~~');
      await append(admin, A, '* move');
      await append(player, A, '* macgyver Summoning Whistle, Beer');
      await append(player, A, '* shatter 1 crystal');
      await append(player, A, `* shatter ${before.crystals} crystals`);
      const r = await game.cli(['referee', '--game', 'c15ref']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/2 request\(s\) done, 3 refused/);

      const page = await text(G);
      const s = await state();
      const phase = s.phase.number;
      expect(page).toMatch(new RegExp(`phase ${phase}: commitment [0-9a-f]{64}`));
      // “First, a random choice of 2d4.”: the Moves row commenced with the two dice the History row draws.
      const roll = /^2d4 = (\d) \+ (\d) = \d+.*#1 d4=(\d) [^;]*; #2 d4=(\d) /.exec(row(page, 'Movement roll'))!;
      expect([roll[1], roll[2]]).toEqual([roll[3], roll[4]]);
      const move = s.moves.find((m) => m.player === 'Cosima' && m.status === 'commenced')!;
      expect(move.roll).toEqual([Number(roll[1]), Number(roll[2])]);
      expect((await lines('* move [[User:Player'))[0]).toMatch(/croupier:done .*rolled 2d4: \d \+ \d = \d/);
      // The same line by another account: refused, answered, nothing drawn.
      expect((await lines('* move <!--'))[0]).toMatch(/croupier:refused .*Admin, who added this line, is not the wiki account of any player/);
      // The Judge's ruling, read with its author, is applied: the bot draws no random Garbage.
      expect((await lines('* macgyver'))[0]).toMatch(/croupier:refused .*random-garbage=judge \(ruling by Admin/);
      // “players can gain 10+1d10 shards by destroying 1 crystal in their possession”
      const shards = /#1 d10=(\d+)/.exec(row(page, 'Crystal destroyed'))!;
      expect(await cosima()).toMatchObject({ crystals: before.crystals - 1, shards: before.shards + 10 + Number(shards[1]), garbage: before.garbage });
      expect((await lines(`* shatter ${before.crystals} crystals`))[0]).toMatch(
        new RegExp(`croupier:refused .*Cosima has ${before.crystals - 1} crystal\\(s\\)`),
      );

      const rev = (await b.readPage(G)).revid;
      expect((await game.cli(['referee', '--game', 'c15ref'])).code).toBe(0);
      expect((await b.readPage(G)).revid).toBe(rev);
    },
    SLOW,
  );

  it(
    'after the player performs the move, their landing is drawn once; MacGyvering draws once the ruling is changed; verify matches every draw and names an altered one',
    async () => {
      // The player makes the N selections (a person's edit of the Moves and Players tables).
      const s = await state();
      const move = s.moves.find((m) => m.player === 'Cosima' && m.status === 'commenced')!;
      const n = move.roll[0]! + move.roll[1]!;
      const path = PATH.slice(0, n);
      const end = path.at(-1)!;
      const moved = (await text(G))
        .replace(new RegExp(`(\\|\\| Cosima \\|\\| ${move.roll.join('\\+')} \\|\\| )- \\|\\| commenced`), `$1${path.join(', ')} || performed`)
        .replace(/^\|Cosima\n((?:\|.*\n){4})\|\s*5\s*\n\|\s*no\s*\n/m, `|Cosima\n$1|${end}\n|yes\n`);
      expect(moved).toContain(`${path.join(', ')} || performed`);
      await put(player, G, moved, 'moved');
      expect((await cosima()).location).toBe(end);
      await put(admin, `${G}/Rulings`, '* random-garbage = judge — the Judge\n* random-garbage = uniform — the Judge, again\n');
      await append(player, A, '* macgyver Summoning Whistle, Beer');
      await append(player, A, '* land');
      await append(player, A, '* land');

      const r = await game.cli(['referee', '--game', 'c15ref']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/2 request\(s\) done, 1 refused/);
      const page = await text(G);
      expect(row(page, 'Landing')).toMatch(new RegExp(`^landed on space ${end} .*#1 d\\d+=\\d+`));
      const land = await lines('* land');
      expect(land[0]).toMatch(/croupier:done/);
      expect(land[1]).toMatch(/croupier:refused .*has had its draws/);
      // “then granting themselves a random item defined by Garbage. This destroys the specified items.”
      const mac = /\+1 (.+?) \(\d → \d\) \(ID (\d+)\).*#1 d98=(\d+) random garbage/.exec(row(page, 'MacGyver'))!;
      expect(ruleset.garbage[Number(mac[3]) - 1]).toMatchObject({ name: mac[1], id: Number(mac[2]) });
      expect((await cosima()).macGyveredThisPhase).toBe(true);
      expect((await lines('* macgyver'))[1]).toMatch(/croupier:done .*MacGyvered Summoning Whistle and Beer into/);

      const v = await game.cli(['verify', '--game', 'c15ref']);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout).toMatch(/[4-9] draw\(s\) matching, 0 not matching/);

      // A person alters the movement's first die in the History.
      const m = /#1 d4=(\d)/.exec(page)!;
      await put(admin, G, page.replace(m[0], `#1 d4=${(Number(m[1]) % 4) + 1}`));
      const bad = await game.cli(['verify', '--game', 'c15ref']);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(/MISMATCH .*draw #1 d4=\d in History row \d+ of .*Movement roll, Cosima\) does NOT match/);
    },
    SLOW,
  );

  it(
    "a roll and a draw from the Ruleset's Garbage table, as every game's players may ask: History rows of the referee's dice, answered on the lines",
    async () => {
      await append(player, A, '* roll 2d6+1');
      await append(player, A, '* draw 2 from Garbage without replacement');
      const r = await game.cli(['referee', '--game', 'c15ref']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/2 request\(s\) done, 0 refused/);
      const page = await text(G);
      const roll = /^2d6\+1 = (\d) \+ (\d) \+ 1 = (\d+)/.exec(row(page, 'Roll'))!;
      expect(Number(roll[3])).toBe(Number(roll[1]) + Number(roll[2]) + 1);
      // Two different items of the table (its Name column), each a die of the rows left.
      const draw = /^drew 2 from "Garbage" \(without replacement\): (.+?), (.+?) \|\|.*#1 d(\d+)=\d+.*#2 d(\d+)=\d+/.exec(row(page, 'Draw'))!;
      expect(draw[1]).not.toBe(draw[2]);
      expect(ruleset.garbage.map((g) => g.name)).toEqual(expect.arrayContaining([draw[1], draw[2]]));
      expect([Number(draw[3]), Number(draw[4])]).toEqual([ruleset.garbage.length, ruleset.garbage.length - 1]);
      expect((await lines('* roll'))[0]).toMatch(/croupier:done .*rolled 2d6\+1/);
      expect((await lines('* draw'))[0]).toMatch(/croupier:done .*drew .* from "Garbage"/);
    },
    SLOW,
  );
});
