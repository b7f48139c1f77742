import { describe, expect, test } from 'vitest';
import { ROUND10_READINGS } from '../../../../src/games/round10/readings.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { ChosenReadings, type Ruling } from '../../../../src/games/shared/readings.ts';
import { describeReason } from '../../../../src/sim/trail.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { round10Engine } from '../../../../src/games/round10/index.ts';

// The cells the bot only displays (Wealth, Tax, Participation) follow the readings in force: a ruling changes
// them with no rule due, and each such change gets a History row naming the ruling. On the example page at
// phase 1, Thursday 5 November (nothing due: the next boundary is Monday 9 November).

const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const TITLE = 'Round 10/Gamestate';
const page = fixture('round10', 'gamestate');
const THURSDAY = new Date('2026-11-05T06:00Z');
const run = (text: string, readings?: ChosenReadings) =>
  round10Engine.rollover(ruleset, 'round10', { title: TITLE, text, revid: 1 }, { now: THURSDAY, trigger: 'test', ...(readings ? { readings } : {}) });
const ruled = (...rulings: [string, string][]) =>
  new ChosenReadings(
    ROUND10_READINGS,
    rulings.map(([reading, value], i): Ruling => ({ reading, value, line: i + 1, by: 'Judge', at: new Date('2026-11-04T12:00Z') })),
  );
const CEIL = 'tax-rounding=ceil (ruling by Judge, 2026-11-04 12:00)';
const rows = (r: ReturnType<typeof run>) => r.result.changes.map((c) => [c.event, c.player, c.change]);
const replaceOnce = (text: string, from: string, to: string) => {
  expect(text.split(from)).toHaveLength(2);
  return text.replace(from, to);
};

describe('a ruling changes what the display cells show, and History says so', () => {
  test('the example page is up to date under the defaults: a run with no ruling writes nothing', () => {
    const r = run(page);
    expect(r.result.changes).toEqual([]);
    expect(r.text).toBe(page);
  });

  test('tax-rounding=ceil: each player whose Tax it changes gets a Reading row naming the ruling, and the page shows the new Tax', () => {
    // "A player's tax value is defined as 0, increased by 5 for every 20 wealth they have above 300, to a maximum
    // value of 100." Alice: wealth 535, 235 above 300 = 11.75 steps: floor 55, a started step counted 5 × 12 = 60.
    // Carol: 350, 2.5 steps: 10 → 15. Bob (165) and Dave (0) are not above 300: tax 0 either way.
    const r = run(page, ruled(['tax-rounding', 'ceil']));
    expect(rows(r)).toEqual([
      ['Reading', 'Alice', 'Tax 55 → 60'],
      ['Reading', 'Carol', 'Tax 10 → 15'],
    ]);
    for (const c of r.result.changes) {
      expect(c.at).toEqual(THURSDAY);
      expect(c.phase).toBe(1);
      expect(c.reason.readings).toEqual([CEIL]);
      expect(describeReason(c.reason)).toContain('increased by 5 for every 20 wealth they have above 300');
      expect(c.reason.inputs).toEqual({ 'shown under': 'tax-rounding=floor' });
    }
    expect(r.text).toContain('|| 535 || 60 ||');
    expect(r.text).toContain('|| 350 || 15 ||');
    expect(r.text).toContain(`&#91;reading ${CEIL}&#93;`);
    // The next run under the same ruling: the page already shows it, nothing more.
    expect(run(r.text, ruled(['tax-rounding', 'ceil'])).result.changes).toEqual([]);
  });

  test('a ruling back to the default value: the rows name that ruling', () => {
    const ceil = run(page, ruled(['tax-rounding', 'ceil'])).text;
    // A reading ruled twice takes the line added last: floor, line 2.
    const r = run(ceil, ruled(['tax-rounding', 'ceil'], ['tax-rounding', 'floor']));
    expect(rows(r)).toEqual([
      ['Reading', 'Alice', 'Tax 60 → 55'],
      ['Reading', 'Carol', 'Tax 15 → 10'],
    ]);
    expect(r.result.changes[0]!.reason.readings).toEqual(['tax-rounding=floor (ruling by Judge, 2026-11-04 12:00)']);
  });

  test('contract-share=floor: the Wealth of both parties, a row each, naming the contract-share ruling', () => {
    // C1 holds 51 chips and 1 Trung: 71 wealth, 35.5 to each of Alice and Bob ("divided by the number of parties").
    const odd = run(replaceOnce(page, '| C1 || Alice, Bob || 50 Chips, 1 Trung', '| C1 || Alice, Bob || 51 Chips, 1 Trung')).text;
    expect(odd).toContain('|| 535.5 || 55 ||');
    const r = run(odd, ruled(['contract-share', 'floor']));
    // Alice: 535.5 → 535 (tax 55 either way: 11 whole steps); Bob: 165.5 → 165, not above 300.
    expect(rows(r)).toEqual([
      ['Reading', 'Alice', 'Wealth 535.5 → 535'],
      ['Reading', 'Bob', 'Wealth 165.5 → 165'],
    ]);
    expect(r.result.changes[0]!.reason.readings).toEqual(['contract-share=floor (ruling by Judge, 2026-11-04 12:00)']);
  });

  test('participation-rounding=proportional: the Round row\'s Participation, player "-"', () => {
    // "2 for every 3 players": 16 players: whole groups 2 × 5 = 10, proportional ⌊32 / 3⌋ = 10 — with 17: 10 and 11.
    // Thirteen more players (0 chips, joined before the round) make 17.
    const joiners = Array.from(
      { length: 13 },
      (_, i) => `|-\n| P${i} || 2026-10-20 10:00 || 2026-10-27 10:00 || 0 || 0 || 0 || 0 || - || - || 0 || 0 || 2026-11-02 00:00 || - || - || -\n`,
    ).join('');
    const many = run(replaceOnce(page, '|-\n| Dave || 2026-11-10 12:00 ||', `${joiners}|-\n| Dave || 2026-11-10 12:00 ||`)).text;
    expect(many.split('\n').filter((l) => /^\| P\d+ \|\|/.test(l))).toHaveLength(13);
    const r = run(many, ruled(['participation-rounding', 'proportional']));
    expect(rows(r)).toEqual([['Reading', '-', 'Participation 10 → 11']]);
  });

  test('a Tax cell edited by hand to what another reading would give is not taken for a ruling: rewritten, no row', () => {
    // Alice's 60 is ceil's value, but no ruling is in force: the page was edited, the bot writes the rule's 55.
    const edited = replaceOnce(page, '|| 535 || 55 ||', '|| 535 || 60 ||');
    const r = run(edited);
    expect(r.result.changes).toEqual([]);
    expect(r.text).toBe(page);
    // With the ceil ruling in force, that page does not tell which reading it was written under (Alice's row shows
    // ceil, Carol's floor, the others either): no row is attributed to the ruling, the cells are rewritten.
    const r2 = run(edited, ruled(['tax-rounding', 'ceil']));
    expect(r2.result.changes).toEqual([]);
    expect(r2.text).toContain('|| 350 || 15 ||');
  });
});
