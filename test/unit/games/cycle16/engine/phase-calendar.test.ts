import { describe, expect, test } from 'vitest';
import { advance } from '../../../../../src/games/cycle16/engine.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';
import { GAMESTATE, player, problemsOf, ruleset, state, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

// “The Phase Number is the number of phases since the beginning of the cycle, starting with 0 on
// the phase the cycle began.” The page's Phase number is checked against the calendar; the Phase
// and Next rollover cells are computed.

const PAGE = 'Cycle 16/Gamestate';
const page = (text: string) => ({ title: PAGE, text, revid: 1 });
const PHASE_ROW = '| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -';
const withPhaseRow = (row: string) => replaceOnce(GAMESTATE, PHASE_ROW, row);

describe('a Phase number ahead of the calendar is refused', () => {
  test('“The Phase Number is the number of phases since the beginning of the cycle”: phase 9 on Wednesday 18 Nov, when the calendar says 4 and no Phase start records a manual rollover, is refused at the Phase number cell, and no page is made', () => {
    const text = withPhaseRow('| 2026-11-02 00:00 || 9 || Battle Phase || 2026-12-07 00:00 || -');
    const problems = problemsOf(() => cycle16Engine.rollover(ruleset, 'cycle16', page(text), { now: utc('2026-11-18T12:00'), trigger: 'schedule' }));
    expect(problems).toEqual([
      {
        message:
          "phase 9 is ahead of the calendar: it begins at 2026-12-03 00:00 by the calendar, after the run's time 2026-11-18 12:00, which is in phase 4 " +
          '(cycle start 2026-11-02 00:00); only a manual rollover begins a phase early, and it records when in "Phase start" — write 4 (or check the run\'s time)',
        location: { page: PAGE, table: 'Phase', row: 1, column: 'Phase number' },
      },
    ]);
  });

  test('one phase ahead is refused too (phase 5 on Wednesday, its boundary being Thursday 00:00), and accepted from that boundary on', () => {
    // (Bram's Removals, a Rest Phase action, are taken out: the page is read in the Battle Phase from Thursday.)
    const text = replaceOnce(withPhaseRow('| 2026-11-02 00:00 || 5 || Battle Phase || 2026-11-23 00:00 || -'), '|Removal ×2\n', '| -\n');
    expect(problemsOf(() => cycle16Engine.rollover(ruleset, 'cycle16', page(text), { now: utc('2026-11-18T23:59'), trigger: 'schedule' }))[0]!.message).toMatch(
      /^phase 5 is ahead of the calendar/,
    );
    const thursday = cycle16Engine.rollover(ruleset, 'cycle16', page(text), { now: utc('2026-11-19T00:00'), trigger: 'schedule' });
    expect(thursday.result.changes.filter((c) => c.event === 'Rollover')).toEqual([]);
  });

  test('a manual rollover explains a phase ahead of the calendar: its Phase start (Wed 18 Nov 20:00) says phase 5 began then, so the page is accepted after it and refused before it', () => {
    const forced = cycle16Engine.rollover(ruleset, 'cycle16', page(GAMESTATE), { now: utc('2026-11-18T20:00'), trigger: 'cli', force: { by: 'Admin' } }).text;
    expect(readGamestate(forced, PAGE, ruleset).phase).toMatchObject({ number: 5, started: utc('2026-11-18T20:00') });
    const later = cycle16Engine.rollover(ruleset, 'cycle16', page(forced), { now: utc('2026-11-18T21:00'), trigger: 'schedule' });
    expect(later.text).toBe(forced);
    const [problem] = problemsOf(() => cycle16Engine.rollover(ruleset, 'cycle16', page(forced), { now: utc('2026-11-18T19:00'), trigger: 'schedule' }));
    expect(problem!.message).toMatch(
      /^phase 5 is ahead of the calendar: it begins at 2026-11-18 20:00 by its "Phase start" cell, after the run's time 2026-11-18 19:00/,
    );
  });
});

describe('the Phase and Next rollover cells are computed from the calendar on every run', () => {
  test('in phase 0 (“starting with 0 on the phase the cycle began”), a Phase and Next rollover left empty are filled with nothing else due', () => {
    const r = advance(
      ruleset,
      { ...state({ players: [player('Alice')] }), phase: { ...state().phase, name: '', nextRollover: null } },
      { now: utc('2026-11-03T12:00') },
    );
    expect(r.changes).toEqual([]);
    expect(r.state.phase).toMatchObject({ number: 0, name: 'Rest Phase', nextRollover: utc('2026-11-05T00:00') });
  });

  test('cells written "-" on the page are filled in the same way, in their own cells', () => {
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(withPhaseRow('| 2026-11-02 00:00 || 4 || - || - || -')), {
      now: utc('2026-11-18T16:00'),
      trigger: 'schedule',
    });
    expect(r.text).toContain(PHASE_ROW);
  });

  test('a wrong name and a wrong next rollover are corrected: phase 4 is the Rest Phase until Thursday 19 Nov 00:00', () => {
    const text = withPhaseRow('| 2026-11-02 00:00 || 4 || Battle Phase || 2026-11-30 00:00 || -');
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(text), { now: utc('2026-11-18T12:00'), trigger: 'schedule' });
    expect(r.text).toContain(PHASE_ROW);
  });

  test('an unchanged, correct page is rendered to itself (the computed cells already say the truth)', () => {
    const once = cycle16Engine.rollover(ruleset, 'cycle16', page(GAMESTATE), { now: utc('2026-11-18T17:00'), trigger: 'schedule' }).text;
    expect(cycle16Engine.rollover(ruleset, 'cycle16', page(once), { now: utc('2026-11-18T18:00'), trigger: 'schedule' }).text).toBe(once);
    expect(once).toContain(PHASE_ROW);
  });
});
