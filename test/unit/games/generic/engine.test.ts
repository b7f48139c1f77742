import { describe, expect, test } from 'vitest';
import { readDeclarations } from '../../../../src/games/generic/declarations.ts';
import { readGenericRuleset, type GenericRuleset } from '../../../../src/games/generic/ruleset.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { adoptText } from '../../../../src/jobs/adopt.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { keepsEveryLine } from '../../../kept-lines.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { genericEngine } from '../../../../src/games/generic/index.ts';

// The new-cycle fixture: the cycle begins Monday 7 December 2026; each week is Planning (Mon–Tue), Expedition
// (Wed–Fri) and Market (Sat–Sun). Adopted on Wednesday 9 December, its page records phase 1, the Expedition Phase;
// the boundaries after it are Saturday 12 (phase 2, Market) and Monday 14 (phase 3, Planning).

const GAMESTATE = 'Cycle 17/Gamestate';
const DECLARED = [
  '* reset "Delved this phase" to "no" at each phase start — "Once per phase, during an Expedition Phase, a player who holds at least 1 Lantern may Delve"',
  '* reset "Asked the Guild this phase" to "no" at each phase start — "Once per phase, a player may spend 2 Favour to ask the Guild for a loan"',
  '* inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be \'inactive\' if they performed no actions in the previous phase."',
  '* grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "At the beginning of each Planning Phase, each active player is granted 2 Favour."',
  '* victory to the most "Ore", at least 150, at each Market Phase end — "At the end of each Market Phase, the player who holds the most Ore, if they hold at least 150 Ore, wins the cycle."',
];

function rulesetWith(lines: readonly string[]): GenericRuleset {
  const ruleset = readGenericRuleset(readDocument(fixture('newcycle'), { page: 'Cycle 17/Ruleset' }));
  const read = readDeclarations(
    lines.map((text, i) => ({ line: i + 1, text, by: 'Judge', at: new Date('2026-12-08T00:00Z') })),
    ruleset,
    `${GAMESTATE}/Rulings`,
  );
  expect(read.warnings).toEqual([]);
  return { ...ruleset, declarations: read.declarations };
}
const ruleset = rulesetWith(DECLARED);
const adopted = adoptText(fixture('newcycle', 'gamestate'), { text: fixture('newcycle'), title: 'Cycle 17/Ruleset' }, GAMESTATE, {
  now: new Date('2026-12-09T10:00Z'),
}).text;

const rollover = (text: string, now: string, r = ruleset) =>
  genericEngine.rollover(r, 'c17', { title: GAMESTATE, text, revid: 1 }, { now: new Date(now), trigger: 'test' });
const rows = (c: ReturnType<typeof rollover>) => c.result.changes.map((x) => `${x.event} ${x.player} ${x.change}`);
/** A Miners row's cells as the page says them. */
function miner(text: string, name: string): Record<string, string> {
  const table = readDocument(text).tables.find((t) => t.rule === 'Miners')!;
  const row = table.rows.find((r) => r.list[0]!.text === name)!;
  return Object.fromEntries(table.headers.map((h, i) => [h, row.list[i]!.text]));
}
/** The page without the lines `drop` matches (those the bot rewrites). */
const without = (text: string, drop: RegExp) =>
  text
    .split('\n')
    .filter((l) => !drop.test(l))
    .join('\n');
const edited = (text: string, name: string, from: string, to: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`| ${name} ||`))!;
  return text.replace(line, line.replace(from, to));
};

describe('a generic game rolls over by its calendar and applies what its admins declared', () => {
  test('two missed boundaries: each rollover quotes the sentence of the phase begun, then inactivity and the resets of the phase begun', () => {
    const c = rollover(adopted, '2026-12-14T00:00Z');
    expect(c.fromPhase).toBe(1);
    expect(c.result.state.phase).toMatchObject({ number: 3, name: 'Planning Phase', nextRollover: new Date('2026-12-16T00:00Z'), winner: [] });
    expect(rows(c)).toEqual([
      // Saturday 12: the Market Phase. Brannoc last acted on the 8th, before the Expedition Phase began on the 9th.
      'Rollover - Phase 1 → 2 (Market Phase); next rollover 2026-12-14 00:00',
      'Inactive Brannoc Active?: yes → no',
      'Reset Ada Delved this phase: yes → no',
      'Reset Brannoc Asked the Guild this phase: yes → no',
      // Monday 14: the Planning Phase. Ada last acted on the 9th, before the Market Phase: no one is active, no Favour.
      'Rollover - Phase 2 → 3 (Planning Phase); next rollover 2026-12-16 00:00',
      'Inactive Ada Active?: yes → no',
    ]);
    expect(c.result.changes[0]!.reason.rule).toBe('Phases: “Saturday and Sunday are the Market Phase.”');
    expect(c.result.changes[4]!.reason.rule).toBe('Phases: “Planning Phase: Monday and Tuesday”');
    expect(c.result.changes[1]!.reason.rule).toBe(
      "“A player is considered to be 'inactive' if they performed no actions in the previous phase.” (declared by Judge, Rulings line 3)",
    );
    expect(miner(c.text, 'Ada')).toMatchObject({ 'delved this phase': 'no', 'active?': 'no', favour: '5' });
    expect(keepsEveryLine(without(adopted, /^\| (Ada|Brannoc|2026-12-07 00:00) \|\|/), c.text)).toBe(true);
  });

  test('the grant goes to active players at the Planning Phase start, never beyond its most', () => {
    // Ada acted in the Market Phase; Brannoc too, with 11 Favour: 11 + 2 is capped at 12. Cress did not act.
    let page = edited(adopted, 'Ada', '2026-12-09 18:40', '2026-12-12 10:00');
    page = edited(edited(page, 'Brannoc', '2026-12-08 09:12', '2026-12-13 09:00'), 'Brannoc', '|| 17 || 3 ||', '|| 17 || 11 ||');
    const c = rollover(page, '2026-12-14T00:00Z');
    const grants = c.result.changes.filter((x) => x.event === 'Grant');
    expect(grants.map((x) => `${x.player} ${x.change} (${x.reason.arithmetic})`)).toEqual([
      'Ada Favour 5 → 7 (5 + 2 = 7)',
      'Brannoc Favour 11 → 12 (11 + 2, at most 12 = 12)',
    ]);
    expect(grants.every((x) => x.at.toISOString() === '2026-12-14T00:00:00.000Z' && x.phase === 3)).toBe(true);
    expect([miner(c.text, 'Ada').favour, miner(c.text, 'Brannoc').favour, miner(c.text, 'Cress').favour]).toEqual(['7', '12', '3']);
  });

  test('a count already above the grant’s most (typed by hand) is granted nothing, and not lowered either', () => {
    // Ada acted in the Market Phase, so she is active at the Planning Phase start; her Favour is written as 14, above 12.
    const page = edited(edited(adopted, 'Ada', '2026-12-09 18:40', '2026-12-12 10:00'), 'Ada', '|| 42 || 5 ||', '|| 42 || 14 ||');
    const c = rollover(page, '2026-12-14T00:00Z');
    expect(c.result.changes.filter((x) => x.event === 'Grant')).toEqual([]);
    expect(miner(c.text, 'Ada').favour).toBe('14');
  });

  test('exactly once: the page it wrote computes to itself, and one run gives what two runs give', () => {
    const once = rollover(adopted, '2026-12-14T05:00Z');
    const again = rollover(once.text, '2026-12-15T23:59Z');
    expect(again.result.changes).toEqual([]);
    expect(again.text).toBe(once.text);
    const inTwo = rollover(rollover(adopted, '2026-12-12T03:00Z').text, '2026-12-14T05:00Z');
    expect(inTwo.text).toBe(once.text);
  });

  test('the victory declared for the Market Phase end: the one player with the most Ore, at least 150, wins and the game stops', () => {
    const c = rollover(edited(adopted, 'Ada', '|| 42 ||', '|| 160 ||'), '2026-12-21T00:00Z');
    expect(c.result.state.phase).toMatchObject({ number: 2, name: 'Market Phase', nextRollover: null, winner: ['Ada'] });
    expect(rows(c).at(-1)).toBe('Victory Ada wins with 160 Ore');
    expect(c.result.changes.at(-1)!.at.toISOString()).toBe('2026-12-14T00:00:00.000Z');
    expect(c.text).toContain('| 2026-12-07 00:00 || 2 || Market Phase || - || Ada');
  });

  test('a tie for the most is not settled by the bot: a Tie row names it, no winner, and the calendar goes on', () => {
    const page = edited(edited(adopted, 'Ada', '|| 42 ||', '|| 160 ||'), 'Brannoc', '|| 17 ||', '|| 160 ||');
    const c = rollover(page, '2026-12-14T00:00Z');
    expect(c.result.state.phase.winner).toEqual([]);
    expect(rows(c)).toContain(
      'Tie - Ada and Brannoc tie with 160 Ore: no winner recorded (the tie is settled as the ruleset says, then written in the Winner cell)',
    );
    expect(c.result.state.phase.number).toBe(3);
  });

  test('a last action after the page was saved (and the run’s time) is refused at its cell at a boundary (it would keep the player active, and granted Favour, at every one); one typed after the instant a catch-up applies is an action since', () => {
    // Brannoc writes a last action a year ahead: at Monday's Planning Phase he would be active, and granted 2 Favour.
    const page = edited(adopted, 'Brannoc', '2026-12-08 09:12', '2027-12-13 09:00');
    expect(() => rollover(page, '2026-12-14T00:00Z')).toThrow(
      /table "Miners", row 2, column "Last action \(UTC\)": Brannoc's last action 2027-12-13 09:00 is after 2026-12-14 00:00, when the page was saved \(or the run's time, if later\): the rollover to phase 2 marks inactive who “performed no actions in the previous phase”/,
    );
    expect(rollover(page, '2026-12-10T00:00Z').result.changes).toEqual([]);
    // A catch-up of Saturday's boundary on a page saved on Sunday: Brannoc's Sunday action is one after it, as written.
    const sunday = edited(adopted, 'Brannoc', '2026-12-08 09:12', '2026-12-13 09:00');
    const saved = { title: GAMESTATE, text: sunday, revid: 1, timestamp: '2026-12-13T10:00:00Z' };
    const late = genericEngine.rollover(ruleset, 'c17', saved, { now: new Date('2026-12-12T00:00Z'), trigger: 'test' });
    expect(rows(late)).toContain('Rollover - Phase 1 → 2 (Market Phase); next rollover 2026-12-14 00:00');
    const early = { ...saved, timestamp: '2026-12-12T00:00:00Z' };
    expect(() => genericEngine.rollover(ruleset, 'c17', early, { now: new Date('2026-12-12T00:00Z'), trigger: 'test' })).toThrow(
      /Brannoc's last action 2026-12-13 09:00 is after 2026-12-12 00:00/,
    );
  });

  test('a phase number ahead of the calendar is refused at its cell, and nothing is written', () => {
    const ahead = adopted.replace('| 2026-12-07 00:00 || 1 || Expedition Phase', '| 2026-12-07 00:00 || 4 || Expedition Phase');
    expect(() => rollover(ahead, '2026-12-10T00:00Z')).toThrow(GamestateError);
    expect(() => rollover(ahead, '2026-12-10T00:00Z')).toThrow(
      /table "Phase", row 1, column "Phase number": phase 4 begins at 2026-12-16 00:00, after the run's time 2026-12-10 00:00 \(phase 1 by the calendar\)/,
    );
  });

  test('a Phase record set back by hand behind its own History is refused: the boundaries already applied are not applied twice', () => {
    const once = rollover(adopted, '2026-12-14T05:00Z').text;
    const back = once.replace(/^\| 2026-12-07 00:00 \|\| 3 \|\| Planning Phase/m, '| 2026-12-07 00:00 || 1 || Expedition Phase');
    expect(back).not.toBe(once);
    expect(() => rollover(back, '2026-12-14T06:00Z')).toThrow(
      /table "Phase", row 1, column "Phase number": phase 1 is before the History's latest rows \(phase 3\): the Phase record was set back/,
    );
  });

  test('a declared column the players’ table lacks, or a count that is no number, is refused by table, row and column', () => {
    const noColumn = rulesetWith([...DECLARED, '* reset "Digs" to "0" at each phase start — "Ore, Favour and Lanterns are fungible items."']);
    expect(() => rollover(adopted, '2026-12-14T00:00Z', noColumn)).toThrow(/no table has every column the declarations name \(.*"Digs"\)/);
    expect(() => rollover(edited(adopted, 'Cress', '|| 10 ||', '|| ten ||'), '2026-12-14T00:00Z')).toThrow(
      /table "Miners", row 3, column "Ore": Ore "ten" is not a whole number/,
    );
  });

  test('with nothing declared, the calendar alone: rollovers and the Phase record, no cell of the players touched', () => {
    const c = rollover(adopted, '2026-12-14T00:00Z', rulesetWith([]));
    expect(rows(c)).toEqual([
      'Rollover - Phase 1 → 2 (Market Phase); next rollover 2026-12-14 00:00',
      'Rollover - Phase 2 → 3 (Planning Phase); next rollover 2026-12-16 00:00',
    ]);
    expect(keepsEveryLine(without(adopted, /^\| 2026-12-07 00:00 \|\|/), c.text)).toBe(true);
  });
});
