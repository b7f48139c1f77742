import { describe, expect, test } from 'vitest';
import { advance } from '../../../../../src/games/cycle16/engine.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { GamestateError } from '../../../../../src/games/shared/gamestate-error.ts';
import { parseCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { CalendarError } from '../../../../../src/sim/calendar.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';
import { GAMESTATE, ruleset, state, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

// Issue 16 §2–§3 and issue 8 §3: nothing on the Gamestate page is silently misread, and no run is
// silently partial. Each refusal names the table, the row (by its first cell too) and the column.

const PAGE = 'Cycle 16/Gamestate';
const problemsOf = (text: string, now?: Date) => {
  try {
    if (now === undefined) readGamestate(text, PAGE, ruleset);
    else cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text, revid: 1 }, { now, trigger: 'test' });
  } catch (err) {
    if (err instanceof GamestateError) return err.problems;
    throw err;
  }
  throw new Error('expected a GamestateError');
};

describe('damaged rows and tables', () => {
  test('a row with more cells than its header (a missing |-) is refused, named by its first cell', () => {
    // Bram's cells run on in Alice's row: without the check Bram would vanish from the game.
    const text = replaceOnce(GAMESTATE, '|Exploration\n|-\n|Bram\n', '|Exploration\n|Bram\n');
    expect(problemsOf(text)).toContainEqual({
      message: 'Row 1 (`Alice`) of the Players table has 24 cells; the header has 12 (is a "|-" missing between two rows?)',
      location: { page: PAGE, table: 'Players', row: 1 },
    });
  });

  test('a row with fewer cells than its header is refused the same way', () => {
    const text = replaceOnce(GAMESTATE, '|2026-11-13 19:30\n|Alice\n|Gideon\n|4\n|closed\n', '|2026-11-13 19:30\n|Alice\n|Gideon\n|closed\n');
    expect(problemsOf(text)).toContainEqual({
      message: 'Row 1 (`2026-11-13 19:30`) of the Gifts table has 4 cells; the header has 5 (write "-" in an empty cell)',
      location: { page: PAGE, table: 'Gifts', row: 1 },
    });
  });

  test('a second Players table with the same headers makes the page ambiguous: refused', () => {
    const players = GAMESTATE.slice(GAMESTATE.indexOf('{| class="wikitable"\n!Player'), GAMESTATE.indexOf('== Cards =='));
    const text = replaceOnce(GAMESTATE, '== Cards ==', `== Old players ==\n${players}\n== Cards ==`);
    const problems = problemsOf(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(
      /^2 tables have the columns Player, Joined \(under "Players" \(offset \d+\); under "Old players" \(offset \d+\)\): the page is ambiguous; keep one Players table$/,
    );
    expect(problems[0]!.location).toMatchObject({ page: PAGE, table: 'Players' });
  });
});

describe('implausible dates', () => {
  test('a cycle start written 0026 is refused, not read as 1926 (which gave 10,436 rollovers)', () => {
    const text = replaceOnce(GAMESTATE, '| 2026-11-02 00:00 || 4 ||', '| 0026-11-02 00:00 || 4 ||');
    expect(problemsOf(text)).toEqual([
      {
        message: 'Cycle start (UTC) "0026-11-02 00:00" is before 2000: write the year in full (YYYY-MM-DD HH:MM, UTC)',
        location: { page: PAGE, table: 'Phase', row: 1, column: 'Cycle start (UTC)' },
      },
    ]);
  });

  test('a date before 2000 anywhere on the page is refused where it is written', () => {
    const text = replaceOnce(GAMESTATE, '|2026-11-13 19:30\n|Alice\n', '|1999-11-13 19:30\n|Alice\n');
    expect(problemsOf(text)).toContainEqual({
      message: 'Time (UTC) "1999-11-13 19:30" is before 2000: write the year in full (YYYY-MM-DD HH:MM, UTC)',
      location: { page: PAGE, table: 'Gifts', row: 1, column: 'Time (UTC)' },
    });
  });

  test("a cycle start after the run's time is refused", () => {
    const s = { ...state({ phaseNumber: 0 }), page: PAGE };
    expect(() => advance(ruleset, s, { now: utc('2026-10-01T00:00') })).toThrow(
      new GamestateError([
        {
          message: "the cycle start 2026-11-02 00:00 is after the run's time 2026-10-01 00:00: a cycle cannot be kept before it begins (is the year right?)",
          location: { page: PAGE, table: 'Phase', row: 1, column: 'Cycle start (UTC)' },
        },
      ]),
    );
  });

  test("a run's time before the state the page records (1970 on a phase-4 page) is refused", () => {
    expect(problemsOf(GAMESTATE, utc('1970-01-01T00:00'))).toEqual([
      {
        message:
          "phase 4 is ahead of the calendar: it begins at 2026-11-16 00:00 by the calendar, after the run's time 1970-01-01 00:00, which is in phase 0 " +
          '(cycle start 2026-11-02 00:00); only a manual rollover begins a phase early, and it records when in "Phase start" — write 0 (or check the run\'s time)',
        location: { page: PAGE, table: 'Phase', row: 1, column: 'Phase number' },
      },
    ]);
  });
});

describe('a limit reached', () => {
  test('catch-up beyond its event limit is an error with a message, never a silent partial run', () => {
    // Phase 0 on 2 November; by 30 November eight boundaries are due.
    const s = state({ phaseNumber: 0 });
    const now = utc('2026-11-30T00:00');
    expect(advance(ruleset, s, { now }).state.phase.number).toBe(8);
    expect(() => advance(ruleset, s, { now, maxEvents: 3 })).toThrow(
      /more than 3 events are due between phase 0 and 2026-11-30 00:00 \(the next: rollover to phase 4 at 2026-11-16 00:00\); the bot applies at most 3 in one run and stops without writing anything/,
    );
  });
});

describe('a duplicated phase line on the Ruleset', () => {
  test('is refused naming the page and the rule where the phases are written', () => {
    const text = replaceOnce(
      fixture('cycle16'),
      '* Rest Phase: Monday, Tuesday and Wednesday\n',
      '* Rest Phase: Monday, Tuesday and Wednesday\n* Rest Phase: Monday, Tuesday and Wednesday\n',
    );
    const duplicated = parseCycle16Ruleset(text, 'Cycle 16/Ruleset');
    expect(duplicated.warnings.map((w) => w.message)).toContain('The phase "Rest Phase" is listed twice');
    const run = () =>
      cycle16Engine.rollover(duplicated, 'cycle16', { title: PAGE, text: GAMESTATE, revid: 1 }, { now: utc('2026-11-19T00:00'), trigger: 'test' });
    expect(run).toThrow(CalendarError);
    expect(run).toThrow(/^page "Cycle 16\/Ruleset", rule "Phases", offset \d+: Weekday 1 belongs to both "Rest Phase" and "Rest Phase"$/);
  });
});
