// The kit reads and writes a game's Gamestate page from the game's declaration alone (src/games/kit/page-*.ts):
// each refusal names page, table, row and column; defaults fill what a row leaves out; writing a state back
// changes only what changed.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { GamestateError, type Problem } from '../../../../src/games/shared/gamestate-error.ts';
import { rowsByKey } from '../../../../src/games/kit/page-checks.ts';
import { readPage } from '../../../../src/games/kit/page-reader.ts';
import { pageRenderer } from '../../../../src/games/kit/page-renderer.ts';
import { HISTORY, PLAYERS, ROUND, TURNS, toyPage, toyText, type ToyState } from './toy-page.ts';
import { unboxed } from '../../helpers/wikitext.ts';

const PAGE = 'Toy/Gamestate';

/** The toy game's reading: nothing to add to the state; a player named twice is refused. */
function read(text: string): ToyState {
  return readPage(readDocument(text, { page: PAGE }), toyPage, undefined, {
    build: () => ({}),
    check: (state, problems) =>
      rowsByKey(
        state.players,
        (p) => p.name,
        (p, first) =>
          problems.push({ message: `${p.name} is listed twice (row ${first.row})`, location: { page: PAGE, table: 'Players', row: p.row, column: 'Player' } }),
      ),
  });
}

/** The problems reading `text` is refused with (a GamestateError, whatever else is a failure of the test). */
function problems(text: string): Problem[] {
  const refusal = (() => {
    try {
      return read(text);
    } catch (err) {
      return err;
    }
  })();
  expect(refusal).toBeInstanceOf(GamestateError);
  return (refusal as GamestateError).problems;
}

const renderer = pageRenderer(toyPage);

describe('reading a declared page', () => {
  test('a head table with no row is refused, naming the table', () => {
    expect(problems(toyText({ round: [ROUND[0]!, ROUND[1]!, ROUND[4]!] }))).toEqual([
      { message: 'the Round table must have exactly one row', location: { page: PAGE, table: 'Round' } },
    ]);
  });

  test('a head table with two rows is refused, naming the table', () => {
    const twoRows = [...ROUND.slice(0, 4), '|-', '| 2026-01-12 00:00 || 4 || -', '|}'];
    expect(problems(toyText({ round: twoRows }))).toEqual([{ message: 'the Round table must have exactly one row', location: { page: PAGE, table: 'Round' } }]);
  });

  test('a declared table missing from the page is refused, naming it and the columns that find it', () => {
    expect(problems(toyText({ turns: [] }))).toEqual([
      { message: 'no Turns table (a wikitable with the columns Turn, Player)', location: { page: PAGE, table: 'Turns' } },
    ]);
  });

  test('a page without a History table is refused, with every other problem of the same read', () => {
    const badChips = PLAYERS.map((line) => line.replace('| 4 ||', '| four ||'));
    expect(problems(toyText({ players: badChips, history: [] }))).toEqual([
      {
        message: 'Chips "four" is not a whole number',
        location: { page: PAGE, table: 'Players', row: 1, column: 'Chips' },
      },
      { message: 'no History table (a wikitable with the columns Event and Reason)', location: { page: PAGE, table: 'History' } },
    ]);
  });

  test('a player listed twice is refused at the second row, by the game’s own check', () => {
    const twice = [...PLAYERS.slice(0, 6), '|-', '| Alice || 0 || - || -', '|}'];
    expect(problems(toyText({ players: twice }))).toEqual([
      { message: 'Alice is listed twice (row 1)', location: { page: PAGE, table: 'Players', row: 3, column: 'Player' } },
    ]);
  });

  test('a value the cells let through but the schema refuses is located by its table and row', () => {
    const shortBadge = PLAYERS.map((line) => line.replace('|Bram||  1 || - || -', '|Bram||  1 || - || bb, a'));
    const shortWinner = ROUND.map((line) => line.replace('|| 3 || -', '|| 3 || A'));
    expect(problems(toyText({ round: shortWinner, players: shortBadge }))).toEqual([
      { message: expect.stringMatching(/^winner\.0: /), location: { page: PAGE, table: 'Round', row: 1 } },
      { message: expect.stringMatching(/^badges\.1: /), location: { page: PAGE, table: 'Players', row: 2 } },
    ]);
  });

  test('defaults fill the cells a row leaves blank, and a column the page leaves out', () => {
    const state = read(toyText());
    expect(state.players.map((p) => [p.name, p.bonus, p.badges])).toEqual([
      ['Alice', 2, ['gold']],
      ['Bram', 0, []],
    ]);
    expect(state.turns).toEqual([{ row: 1, number: 1, player: 'Alice', endedBy: 'Alice' }]);
    const noBonus = PLAYERS.map((line) => line.replace(' !! Bonus', '').replace(' || 2 ||', ' ||').replace(' || - || -', ' || -'));
    expect(read(toyText({ players: noBonus })).players.map((p) => p.bonus)).toEqual([0, 0]);
  });

  test('each row gets its own copy of a default list: changing one row changes no other', () => {
    const bare = [PLAYERS[0]!, '! Player !! Chips', '|-', '| Alice || 4', '|-', '| Bram || 1', '|}'];
    const state = read(toyText({ players: bare }));
    state.players[0]!.badges.push('silver');
    expect(state.players[1]!.badges).toEqual([]);
    expect(read(toyText({ players: bare })).players[0]!.badges).toEqual([]);
  });
});

describe('writing a declared page back', () => {
  test('an unchanged state gives the page back byte for byte', () => {
    const text = toyText();
    expect(renderer.render(text, read(text), [])).toBe(text);
  });

  test('a changed cell is the only change; a new turn is appended to the Turns table; a gone row is cut out', () => {
    const text = toyText();
    const state = read(text);
    const changed: ToyState = {
      ...state,
      players: [{ ...state.players[0]!, chips: 7 }],
      turns: [...state.turns, { number: 2, player: 'Alice', endedBy: 'Bram' }],
    };
    const expected = toyText({
      players: [...PLAYERS.slice(0, 3), '| Alice || 7 || 2 || gold', '|}'],
      turns: [...TURNS.slice(0, 4), '|-', '| 2 || Alice || Bram', '|}'],
    });
    expect(renderer.render(text, changed, [])).toBe(expected);
    expect(read(expected).turns.map((t) => t.number)).toEqual([1, 2]);
  });

  test('the History gets the changes as rows after its last one', () => {
    const text = toyText();
    const change = {
      at: new Date('2026-01-12T00:00:00Z'),
      phase: 4,
      event: 'Rollover',
      player: '-',
      change: 'Phase 3 → 4',
      reason: { rule: 'the week', inputs: {} },
    };
    const out = renderer.render(text, read(text), [change]);
    expect(unboxed(out).startsWith(toyText({ history: HISTORY.slice(0, 4) }).trimEnd())).toBe(true);
    expect(read(out).historyRows).toBe(2);
  });
});
