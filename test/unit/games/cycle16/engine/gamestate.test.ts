import { describe, expect, test } from 'vitest';
import { findTable, readDocument } from '../../../../../src/parse/document.ts';
import { advance } from '../../../../../src/games/cycle16/engine.ts';
import { readCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { renderGamestate } from '../../../../../src/games/cycle16/gamestate/render.ts';
import { applyEdits } from '../../../../../src/games/shared/render-tables.ts';
import { GamestateError } from '../../../../../src/games/shared/gamestate-error.ts';
import { replaceOnce, rewriteTable } from '../../../helpers/wikitext.ts';
import { fitOpen } from '../../../../../src/games/shared/fit.ts';
import { GAMESTATE, ruleset, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

const PAGE = 'Cycle 16/Gamestate';
const read = (text: string) => readGamestate(text, PAGE, ruleset);
const problemsOf = (text: string) => {
  try {
    read(text);
  } catch (err) {
    if (err instanceof GamestateError) return err.problems;
    throw err;
  }
  throw new Error('expected a GamestateError');
};

describe('reading the example Gamestate page', () => {
  const state = read(GAMESTATE);

  test('it holds the phase, a dozen players, 51 cards, three battles, four gifts and six History rows', () => {
    expect(state.phase).toMatchObject({
      cycleStart: utc('2026-11-02T00:00'),
      number: 4,
      name: 'Rest Phase',
      nextRollover: utc('2026-11-19T00:00'),
      winner: [],
    });
    expect(state.players).toHaveLength(12);
    expect(state.cards).toHaveLength(51);
    expect(state.battles.map((b) => b.status)).toEqual(['rewarded', 'commenced', 'declared']);
    expect(state.gifts.map((g) => g.status)).toEqual(['closed', 'returned', 'granted', 'recorded']);
    expect(state.historyRows).toBe(6);
  });

  test('cells are read by meaning: packs, limits, declared reputability, bets and hands', () => {
    const p = (name: string) => state.players.find((x) => x.name === name)!;
    expect(p('Cosima')).toMatchObject({ vertebrae: 56, chips: 4, packs: { 'Already-opened Pack': 2 }, used: { Gift: 1, Fusion: 1 } });
    expect(p('Bram')).toMatchObject({ other: '1 Gem Key', used: { Removal: 2 } });
    expect(p('Kestrel')).toMatchObject({ reputableSince: utc('2026-11-17T10:00'), declared: true, grant: null });
    expect(state.battles[1]).toMatchObject({
      bets: [
        { player: 'Cosima', chips: 1, cards: [] },
        { player: 'Eun-ji', chips: 1, cards: [] },
        { player: 'Hollis', chips: 0, cards: [24] },
        { player: 'Jun', chips: 0, cards: [31] },
      ],
      fragile: [17, 27],
    });
  });

  test('column order and cell style do not matter (Players rewritten inline, columns reversed)', () => {
    const doc = readDocument(GAMESTATE);
    const table = findTable(doc, { headers: ['Player', 'Joined'] })!;
    const rewritten = rewriteTable(GAMESTATE, table, { labels: [...table.labels].reverse(), inline: true });
    expect(read(rewritten).players).toEqual(state.players.map((p) => ({ ...p })));
  });
});

describe('an invalid page is refused with every problem located', () => {
  test('a bad number names the table, the row and the column', () => {
    const problems = problemsOf(replaceOnce(GAMESTATE, '|41\n', '|4l\n'));
    expect(problems).toEqual([{ message: 'Vertebrae "4l" is not a whole number', location: { page: PAGE, table: 'Players', row: 1, column: 'Vertebrae' } }]);
  });

  test('all problems are listed at once, and the message says nothing was changed', () => {
    let text = replaceOnce(GAMESTATE, '| 2 || Alice || 7 of Clocks', '| 2 || Alicia || 7 of Clocks');
    text = replaceOnce(text, '| 5 || Bram || King', '| 5 || Bram || Kingg');
    text = replaceOnce(text, 'Bram (4), Eun-ji (4)', 'Bram (3), Eun-ji (4)');
    try {
      read(text);
      throw new Error('expected a GamestateError');
    } catch (err) {
      expect(err).toBeInstanceOf(GamestateError);
      const e = err as GamestateError;
      expect(e.problems.map((p) => [p.location.table, p.location.row, p.location.column])).toEqual([
        ['Cards', 2, 'Owner'],
        ['Cards', 5, 'Card'],
        ['Battles', 3, 'Participants (hand)'],
      ]);
      expect(e.message).toMatch(/nothing was changed/);
      expect(e.message).toMatch(/"Alicia" is not a player/);
      expect(e.message).toMatch(/minimum of 4 cards/);
    }
  });

  test('more uses than a limit allows are refused (“Up to twice during each rest phase”)', () => {
    const [p] = problemsOf(replaceOnce(GAMESTATE, '|Removal ×2', '|Removal ×3'));
    expect(p!.message).toMatch(/Removal 3 times; the rules allow 2 per Rest Phase/);
  });

  test('“Up to twice during each rest phase a player may state their intention to remove a card from their inventory”: a Removal recorded in a Battle Phase is refused, naming table, row and column', () => {
    const battlePhase = replaceOnce(
      GAMESTATE,
      '| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -',
      '| 2026-11-02 00:00 || 5 || Battle Phase || 2026-11-23 00:00 || -',
    );
    expect(problemsOf(battlePhase)).toEqual([
      {
        message:
          'Bram used Removal in phase 5, a Battle Phase; the rules allow card removal only during a Rest Phase ' +
          '(“Up to twice during each rest phase a player may state their intention to remove a card from their inventory”)',
        location: { page: PAGE, table: 'Players', row: 2, column: 'Used this phase' },
      },
    ]);
    // The same record in the Rest Phase (the example page, phase 4) is read as it is.
    expect(read(GAMESTATE).players[1]!.used).toEqual({ Removal: 2 });
  });

  test("the phase card removal is limited to is read from the Ruleset's sentence, matched against its phase names", () => {
    const text = replaceOnce(fixture('cycle16'), 'Up to twice during each rest phase', 'Up to twice during each battle phase');
    const amended = readCycle16Ruleset(readDocument(text, { page: 'Cycle 16/Ruleset' }));
    const problems = (() => {
      try {
        readGamestate(GAMESTATE, PAGE, amended);
      } catch (err) {
        if (err instanceof GamestateError) return err.problems;
        throw err;
      }
      return [];
    })();
    expect(problems.map((p) => p.message)).toEqual([
      'Bram used Removal in phase 4, a Rest Phase; the rules allow card removal only during a Battle Phase (“Up to twice during each battle phase a player may state their intention to remove a card from their inventory”)',
    ]);
  });

  test('a recorded phase start after its boundary (or before the cycle start) is refused: a phase begins at its boundary or earlier, by a manual rollover', () => {
    const withStart = (start: string) =>
      replaceOnce(
        GAMESTATE,
        '! Cycle start (UTC) !! Phase number !! Phase !! Next rollover (UTC) !! Winner\n|-\n| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -',
        `! Cycle start (UTC) !! Phase number !! Phase !! Next rollover (UTC) !! Winner !! Phase start (UTC)\n|-\n| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || - || ${start}`,
      );
    expect(read(withStart('2026-11-15 20:00')).phase.started).toEqual(utc('2026-11-15T20:00'));
    expect(read(withStart('2026-11-16 00:00')).phase.started).toEqual(utc('2026-11-16T00:00'));
    expect(read(withStart('-')).phase.started).toBeNull();
    expect(problemsOf(withStart('2026-11-17 08:00'))).toEqual([
      {
        message:
          'phase 4 cannot have begun at 2026-11-17 08:00: a phase begins at its boundary (2026-11-16 00:00) or earlier by a manual rollover, after the cycle start 2026-11-02 00:00',
        location: { page: PAGE, table: 'Phase', row: 1, column: 'Phase start (UTC)' },
      },
    ]);
    expect(problemsOf(withStart('2026-10-30 08:00'))[0]!.location.column).toBe('Phase start (UTC)');
  });

  test('a missing column, an unknown pack and a bet of a card that is not Holographic are named', () => {
    expect(problemsOf(GAMESTATE.replace('! Fragile cards !!', '! Fragile !!').replace('!Status\n|-\n|2026', '!State\n|-\n|2026'))[0]).toMatchObject({
      message: 'the table has no "Status" column',
      location: { table: 'Gifts' },
    });
    expect(problemsOf(replaceOnce(GAMESTATE, '|1 Deck Pack', '|1 Dek Pack'))[0]!.message).toMatch(/"Dek Pack" is not a card pack/);
    expect(problemsOf(replaceOnce(GAMESTATE, 'Hollis #24', 'Hollis #38'))[0]!.message).toMatch(/#38 is not a Holographic card of Hollis/);
  });

  test("“betting Chips or Holographic Cards, up to the number they have”: a bet of 2 Chips by Eun-ji, who has 1, is refused at the battle's Bets cell, naming her and both numbers", () => {
    expect(problemsOf(replaceOnce(GAMESTATE, 'Eun-ji 1 Chip;', 'Eun-ji 2 Chips;'))).toEqual([
      {
        message: 'Eun-ji bets 2 Chips in battles not yet rewarded (2 in battle 2) but has 1 (“betting Chips or Holographic Cards, up to the number they have”)',
        location: { page: PAGE, table: 'Battles', row: 2, column: 'Bets' },
      },
    ]);
    // Her bet of 1 Chip, all she has, is read as it is.
    expect(read(GAMESTATE).battles[1]!.bets[1]).toEqual({ player: 'Eun-ji', chips: 1, cards: [] });
  });

  test('a merged cell (colspan) in the Players table is refused, naming the row and both columns it fills', () => {
    const merged = replaceOnce(GAMESTATE, '|Cosima\n|2026-11-03 08:00\n|2026-11-03 08:00\n', '|Cosima\n|colspan="2" | 2026-11-03 08:00\n');
    expect(problemsOf(merged)).toEqual([
      {
        message:
          'merged cells are not supported in the Players table; row 3, column "Joined (UTC)" spans into row 3, column "Reputable since (UTC)" (colspan/rowspan): write one cell per place',
        location: { page: PAGE, table: 'Players', row: 3, column: 'Joined (UTC)' },
      },
    ]);
  });

  test('a merged cell (rowspan) in the Cards table is refused at the cell written', () => {
    let text = replaceOnce(
      GAMESTATE,
      '| 10 || Cosima || 8 || Timely || Diamonds || 8 || Diamonds || - || Special || -',
      '| 10 || Cosima || 8 || Timely || Diamonds || 8 || Diamonds || - || Special || rowspan="2" | -',
    );
    text = replaceOnce(
      text,
      '| 11 || Cosima || 2 of Blight || - || - || 2 || Blight || Magenta || - || -',
      '| 11 || Cosima || 2 of Blight || - || - || 2 || Blight || Magenta || -',
    );
    const [p] = problemsOf(text);
    expect(p!.location).toEqual({ page: PAGE, table: 'Cards', row: 10, column: 'Battles' });
    expect(p!.message).toMatch(/^merged cells are not supported in the Cards table; row 10, column "Battles" spans into row 11, column "Battles"/);
  });

  test('a gift dated before the cycle start (a typo: 2026-10-13 for 2026-11-13) is refused at its Time cell, not halted on by the calendar', () => {
    expect(problemsOf(replaceOnce(GAMESTATE, '|-\n|2026-11-13 19:30\n|Alice', '|-\n|2026-10-13 19:30\n|Alice'))).toEqual([
      {
        message: 'the gift\'s time 2026-10-13 19:30 is before the cycle start 2026-11-02 00:00 (the Phase table\'s "Cycle start")',
        location: { page: PAGE, table: 'Gifts', row: 1, column: 'Time (UTC)' },
      },
    ]);
  });

  test('a History table without its "|}" end stops the rendering with an error naming the page and the table', () => {
    const open = replaceOnce(GAMESTATE, '|}\n<!-- croupier:end history -->', '<!-- croupier:end history -->');
    const once = advance(ruleset, read(open), { now: utc('2026-11-19T00:00') });
    expect(() => renderGamestate(open, once.state, once.changes)).toThrow(GamestateError);
    expect(() => renderGamestate(open, once.state, once.changes)).toThrow(/page "Cycle 16\/Gamestate", table "History": the History table has no "\|}" end/);
  });

  test("an unreadable time asks for the page's format", () => {
    expect(problemsOf(replaceOnce(GAMESTATE, '|2026-11-16 09:30', '|16/11 09:30'))[0]!.message).toMatch(/YYYY-MM-DD HH:MM/);
  });
});

describe('rendering writes only what changed', () => {
  test('overlapping edits (one place written twice) are refused rather than duplicating text; edits side by side and insertions are applied', () => {
    expect(() =>
      applyEdits('| 41 || 3', [
        { start: 2, end: 4, text: '40' },
        { start: 3, end: 4, text: '0' },
      ]),
    ).toThrow(/overlapping edits of the page text: \[2, 4\) and \[3, 4\)/);
    expect(
      applyEdits('| 41 || 3', [
        { start: 8, end: 9, text: '4' },
        { start: 2, end: 4, text: '40' },
        { start: 9, end: 9, text: ' || 1' },
      ]),
    ).toBe('| 40 || 4 || 1');
  });

  test('an unchanged state renders the page byte for byte', () => {
    const state = read(GAMESTATE);
    expect(renderGamestate(GAMESTATE, state, [])).toBe(GAMESTATE);
  });

  test("one changed value changes one cell; an editor's own way of writing other cells is kept", () => {
    const text = replaceOnce(GAMESTATE, '|17\n', '|17 🝬 <!-- after the shop -->\n');
    const state = read(text);
    state.players.find((p) => p.name === 'Alice')!.vertebrae = 50;
    const out = renderGamestate(text, state, []);
    expect(out).toBe(replaceOnce(text, '|41\n', '|50\n'));
  });

  test('writing "-" into a cell written right after its "|" keeps a space, so it cannot become a row separator', () => {
    const state = read(GAMESTATE);
    state.players.find((p) => p.name === 'Alice')!.used = {};
    const out = renderGamestate(GAMESTATE, state, []);
    expect(out).toBe(replaceOnce(GAMESTATE, '|Exploration\n|-\n|Bram', '| -\n|-\n|Bram'));
    expect(read(out).players).toHaveLength(12);
  });

  test("a destroyed card's row is removed and nothing else moves", () => {
    const state = read(GAMESTATE);
    state.cards = state.cards.filter((c) => c.id !== 17);
    const out = renderGamestate(GAMESTATE, state, []);
    expect(out).toBe(replaceOnce(GAMESTATE, '\n|-\n| 17 || Eun-ji || 4 || Fragile || Cyan || 4 || - || Cyan || Special || 2', ''));
  });

  test('the example page rolled over at Thursday 19 November 00:00', () => {
    const r = advance(ruleset, read(GAMESTATE), { now: utc('2026-11-19T00:00') });
    const out = renderGamestate(GAMESTATE, r.state, r.changes);
    const after = read(out);
    expect(after.phase).toMatchObject({ number: 5, name: 'Battle Phase', nextRollover: utc('2026-11-23T00:00') });
    expect(after.historyRows).toBe(6 + r.changes.length);
    expect(out).toContain('| 2026-11-19 00:00 || 5 || Rollover || - || Phase 4 → 5 (Battle Phase); next rollover 2026-11-23 00:00 ||');
    const p = (name: string) => after.players.find((x) => x.name === name)!;
    expect(p('Kestrel')).toMatchObject({ vertebrae: 33, grant: 30 }); // declared in phase 4: 20 + 5⌈4/2⌉
    expect(p('Jun').status).toBe('inactive'); // last action 2026-11-15 23:50, before phase 4
    expect(p('Lior').packs).toEqual({ 'Already-opened Pack': 2 }); // 1 + 1 (no cards)
    // Card removal: “… and they receive 1 vertebrae”: Bram's “Removal ×2” of phase 4, granted as the rollover clears it.
    expect(p('Bram').vertebrae).toBe(17 + 2);
    // Battle 2 (final hands Cosima 0, Eun-ji 3, Hollis 1, Jun 1; Cosima won; bets 1 Chip each from
    // Cosima and Eun-ji): Cosima had 4 Chips and 56 Vertebrae. Chips: − 1 bet + 2 pool + “1 Chip”.
    // Vertebrae: “T - C” with T = 0 + 3 + 1 + 1 = 5 and C = 0.
    expect(p('Cosima')).toMatchObject({ chips: 4 - 1 + 2 + 1, vertebrae: 56 + (0 + 3 + 1 + 1) - 0 });
    expect(after.cards.find((c) => c.id === 4)).toMatchObject({ modifiers: [], gained: ['Red'], colours: ['Red'] });
    // Everything before the History table that no rule touched is as it was.
    expect(out.slice(0, out.indexOf('== Phase =='))).toBe(GAMESTATE.slice(0, GAMESTATE.indexOf('== Phase ==')));
  });

  test('a second run at the same instant finds nothing to do and renders the same page', () => {
    const once = advance(ruleset, read(GAMESTATE), { now: utc('2026-11-19T00:00') });
    const out = renderGamestate(GAMESTATE, once.state, once.changes);
    const twice = advance(ruleset, read(out), { now: utc('2026-11-19T00:00') });
    expect(twice.changes).toEqual([]);
    expect(renderGamestate(out, twice.state, twice.changes)).toBe(out);
  });
});

describe('a manual rollover records when the phase began (“Phase start”)', () => {
  const page = (text: string) => ({ title: PAGE, text, revid: 1 });
  const FORCED = utc('2026-11-18T20:00');
  const PHASE_ROW =
    '! Cycle start (UTC) !! Phase number !! Phase !! Next rollover (UTC) !! Winner\n|-\n| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -\n|}';

  test('the example page (no such column) gets the column added to its Phase table, in its inline style; nothing else in the table moves', () => {
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(GAMESTATE), { now: FORCED, trigger: 'cli', force: { by: 'Admin' } });
    expect(r.text).toContain(
      '! Cycle start (UTC) !! Phase number !! Phase !! Next rollover (UTC) !! Winner !! Phase start (UTC)\n|-\n| 2026-11-02 00:00 || 5 || Battle Phase || 2026-11-23 00:00 || - || 2026-11-18 20:00\n|}',
    );
    expect(read(r.text).phase).toMatchObject({ number: 5, name: 'Battle Phase', started: FORCED });
    // Everything before the Phase table's header row is as it was, but for the bot's box now around the table (fit.ts).
    expect(r.text.slice(0, r.text.indexOf('! Cycle start'))).toBe(
      GAMESTATE.slice(0, GAMESTATE.indexOf('! Cycle start')).replace('{| class="wikitable"\n', `${fitOpen(6)}\n{| class="wikitable"\n`),
    );
  });

  test('the Thursday boundary then does nothing (the page is rendered to itself), and the next rollover updates the start', () => {
    const forced = cycle16Engine.rollover(ruleset, 'cycle16', page(GAMESTATE), { now: FORCED, trigger: 'cli', force: { by: 'Admin' } }).text;
    const thursday = cycle16Engine.rollover(ruleset, 'cycle16', page(forced), { now: utc('2026-11-19T00:00'), trigger: 'schedule' });
    expect(thursday.result.changes).toEqual([]);
    expect(thursday.text).toBe(forced);
    const monday = cycle16Engine.rollover(ruleset, 'cycle16', page(forced), { now: utc('2026-11-23T00:00'), trigger: 'schedule' });
    expect(monday.text).toContain('| 2026-11-02 00:00 || 6 || Rest Phase || 2026-11-26 00:00 || - || 2026-11-23 00:00\n|}');
    expect(read(monday.text).phase.started).toEqual(utc('2026-11-23T00:00'));
  });

  test('a Phase table written one cell per line gets its new header and cell one per line too', () => {
    const perLine = replaceOnce(
      GAMESTATE,
      PHASE_ROW,
      '!Cycle start (UTC)\n!Phase number\n!Phase\n!Next rollover (UTC)\n!Winner\n|-\n|2026-11-02 00:00\n|4\n|Rest Phase\n|2026-11-19 00:00\n| -\n|}',
    );
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(perLine), { now: FORCED, trigger: 'cli', force: { by: 'Admin' } });
    expect(r.text).toContain('!Winner\n!Phase start (UTC)\n|-\n|2026-11-02 00:00\n|5\n|Battle Phase\n|2026-11-23 00:00\n| -\n| 2026-11-18 20:00\n|}');
    expect(read(r.text).phase.started).toEqual(FORCED);
  });

  test('an admin asks at 23:30 for a rollover that is handled at 00:45, after the 00:00 boundary: the boundary gives phase 5 and no further phase is forced (a History row says the request was not needed)', () => {
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(GAMESTATE), {
      now: utc('2026-11-19T00:45'),
      trigger: 'request',
      force: { by: 'Admin', requestedAt: utc('2026-11-18T23:30') },
    });
    // “The Phase Number is the number of phases since the beginning of the cycle”: Thursday 19 November begins phase 5, the Battle Phase.
    expect(read(r.text).phase).toMatchObject({ number: 5, name: 'Battle Phase', nextRollover: utc('2026-11-23T00:00'), started: null });
    expect(r.result.changes.filter((c) => c.event === 'Rollover').map((c) => c.phase)).toEqual([5]);
    const note = r.result.changes.find((c) => c.event === 'Manual rollover');
    expect(note).toMatchObject({ event: 'Manual rollover', phase: 5, change: 'not needed: phase 5 began at 2026-11-19 00:00, after the request' });
    expect(r.text).toContain('not needed: phase 5 began at 2026-11-19 00:00, after the request');
  });

  test('a rollover asked for and handled within the same phase is forced at once', () => {
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(GAMESTATE), {
      now: utc('2026-11-18T20:30'),
      trigger: 'request',
      force: { by: 'Admin', requestedAt: FORCED },
    });
    expect(read(r.text).phase).toMatchObject({ number: 5, name: 'Battle Phase', started: utc('2026-11-18T20:30') });
    expect(r.result.changes.some((c) => c.change.startsWith('not needed'))).toBe(false);
  });

  test('a plain rollover at the boundary adds no column', () => {
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(GAMESTATE), { now: utc('2026-11-19T00:00'), trigger: 'schedule' });
    expect(r.text).not.toContain('Phase start');
    expect(GAMESTATE).toContain(PHASE_ROW);
  });
});

describe('rendering property: a changed value touches its own cell only', () => {
  test('over 40 seeded random changes of counts, the page differs only inside the changed cell', () => {
    const state = read(GAMESTATE);
    const fields = ['vertebrae', 'chips', 'tokens'] as const;
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 40; i++) {
      const copy = structuredClone(state);
      const p = copy.players[next(copy.players.length)]!;
      const field = fields[next(fields.length)]!;
      const value = p[field] + 1 + next(50);
      p[field] = value;
      const out = renderGamestate(GAMESTATE, copy, []);
      let start = 0;
      while (out[start] === GAMESTATE[start]) start++;
      let end = 0;
      while (out[out.length - 1 - end] === GAMESTATE[GAMESTATE.length - 1 - end]) end++;
      // Only the digits of that one cell differ, and the page reads back with the new value.
      expect(out.slice(start, out.length - end)).toMatch(/^\d*$/);
      if (i % 8 === 0) expect(read(out).players.find((x) => x.name === p.name)![field]).toBe(value);
    }
  }, 60_000);
});
