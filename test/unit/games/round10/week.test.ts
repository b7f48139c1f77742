import { describe, expect, test } from 'vitest';
import { advance } from '../../../../src/games/round10/engine.ts';
import { readGamestate } from '../../../../src/games/round10/gamestate/read.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { ROUND10_READINGS } from '../../../../src/games/round10/readings.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { round10Engine } from '../../../../src/games/round10/index.ts';

// A full week of the example page (fixtures/round10/gamestate.wikitext), offline: the page is at
// phase 1 (Resolution, Nov 5–8); a run on Sunday Nov 15 12:00 applies Monday's income with tax,
// Thursday's lot returns and Sunday's hands → prizes → bids → auction → Star Price null.
// Every expected number is worked out from the rules in the comments, not copied from the output.

const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const TITLE = 'Round 10/Gamestate';
const page = fixture('round10', 'gamestate');
const SUNDAY = new Date('2026-11-15T12:00Z');
const run = (text: string, now: Date, readings?: ChosenReadings) =>
  round10Engine.rollover(ruleset, 'round10', { title: TITLE, text, revid: 1 }, { now, trigger: 'test', ...(readings ? { readings } : {}) });

describe('a rollover across a full week of the example page', () => {
  const week = run(page, SUNDAY);
  const s = week.result.state;
  const player = (name: string) => s.players.find((p) => p.name === name)!;
  const events = week.result.changes.map((c) => `${c.at.toISOString().slice(5, 16)} ${c.event} ${c.player}`);

  test('the phases roll from 1 to 3 (Monday: Auction Phase, Thursday: Resolution Phase), the next boundary Monday Nov 16', () => {
    expect(week.fromPhase).toBe(1);
    expect([s.phase.number, s.phase.name, s.phase.nextRollover?.toISOString()]).toEqual([3, 'Resolution Phase', '2026-11-16T00:00:00.000Z']);
  });

  test('Monday: "each player gains a number of chips equal to 100 minus their tax value", tax from wealth', () => {
    const income = week.result.changes.filter((c) => c.event === 'Income').map((c) => [c.player, c.change]);
    // Alice: 400 chips + 3 Trungs × 20 + contract C1 (50 + 20) / 2 + her Player Lot L4 (2 Trungs = 40) = 535;
    // 235 above 300 is 11 whole steps of 20 → tax 55 → +45. Bob: 120 + 35 + L2's 10 chips = 165 → tax 0 → +100.
    // Carol: 250 + 100 = 350 → 2 steps → tax 10 → +90. Dave joined Tuesday, during the Auction Phase: +100 then.
    expect(income).toEqual([
      ['Alice', 'Chips 400 → 445 (+45)'],
      ['Bob', 'Chips 120 → 220 (+100)'],
      ['Carol', 'Chips 250 → 340 (+90)'],
      ['Dave', 'Chips 0 → 100 (+100)'],
    ]);
    const dave = week.result.changes.find((c) => c.event === 'Income' && c.player === 'Dave')!;
    expect(dave.at.toISOString()).toBe('2026-11-10T12:00:00.000Z');
    expect(dave.reason.rule).toContain('If a player joins the game during an Auction Phase');
  });

  test("Monday: the Judge elected from last week's candidacies (a tie at 3 👍 goes to the earliest message), weekly limits cleared", () => {
    expect(s.phase.judge).toBe('Alice');
    expect(events).toContain('11-09T00:00 Judge election Alice');
    expect(s.players.every((p) => Object.keys(p.limited).length === 0)).toBe(true);
  });

  test('Thursday: the Player Lot nobody bid on (L4) goes back to its creator and ceases to exist; the lots bid on stay for the auction', () => {
    expect(events).toContain('11-12T00:00 Lot returned Alice');
    expect(week.result.changes.filter((c) => c.event === 'Lot returned')).toHaveLength(1);
  });

  test('Sunday: a hand whose text does not match its hash fails, recorded with the hash checked', () => {
    const h4 = s.secrets.find((a) => a.id === 'H4')!;
    expect(h4.status).toBe('failed');
    const row = week.result.changes.find((c) => c.event === 'Hand failed')!;
    expect(row.reason.inputs['posted hash']).toBe('a1f58e8dfeb595db83b80df868c197184acfb0d4c1fa0483f1ad8afb670ffc0a');
  });

  test('Sunday: hands scored c·r·m + h, placed by score, prizes given and revealed cards destroyed', () => {
    const scores = Object.fromEntries(s.secrets.filter((a) => a.kind === 'Hand' && a.status === 'succeeded').map((a) => [a.player, a.result]));
    // Bob: Knight, Bishop, Rook (16, 17, 18): Running (h = 18) × Senatorial 3 → 3 × 42 × 54 + 18 = 6822.
    // Alice: Ace–4 of Hearts: Running (h = 4) × Flushed 4 → 4 × 42 × 16 + 4 = 2692. Carol: no multiplier → 2 × 42 × 1 + 7 = 91.
    expect(scores).toEqual({ Bob: 'score 6822', Alice: 'score 2692', Carol: 'score 91' });
    const prizes = week.result.changes.filter((c) => c.event === 'Prize').map((c) => c.player);
    expect(prizes).toEqual(['Bob', 'Alice', 'Carol']);
    expect(player('Bob').cards).toEqual([]);
    expect(player('Bob').proposalMakers).toBe(1);
    expect(week.result.changes.some((c) => c.event === 'Fortune' && c.player === 'Carol')).toBe(true);
  });

  test("Sunday: bids over a player's chips all fail; the auction gives each lot to the highest, earliest bid; a Work of Art rises to its winning bid", () => {
    expect(s.secrets.find((a) => a.id === 'B4')!.status).toBe('failed'); // Bob bid 500 with 255 chips
    // L1: Alice 30 (Monday) before Dave 30 (Tuesday). L2: Carol 25 → Bob. L3: Alice 60 → Carol; W1 40 → 60.
    expect(s.lots).toEqual([]);
    expect(s.works[0]).toMatchObject({ id: 'W1', owner: 'Alice', value: 60 });
    // Alice: 445 + 40 (prize) − 30 − 60 = 395; Bob: 220 + 35 + 25 = 280; Carol: 340 + 45 + 10 (L2) − 25 + 60 = 430; Dave 100.
    expect(s.players.map((p) => [p.name, p.chips])).toEqual([
      ['Alice', 395],
      ['Bob', 280],
      ['Carol', 430],
      ['Dave', 100],
    ]);
    // Alice: 3 + 2 (L4 back) + 4 (prize) Trungs; Carol 5 + 3.
    expect([player('Alice').trungs, player('Carol').trungs, player('Bob').trungs]).toEqual([9, 8, 5]);
    expect(player('Carol').cards).toEqual([{ rank: 'Queen', suit: 'Cups' }]);
  });

  test('Sunday: the Star Price is set to null after the auction; Dave stood up after 24 hours at his table', () => {
    expect(s.phase.starPrice).toBeNull();
    const order = events.filter((e) => e.startsWith('11-15'));
    expect(order.at(-1)).toBe('11-15T00:00 Star Price -');
    expect(order.indexOf('11-15T00:00 Prize Bob')).toBeLessThan(order.indexOf('11-15T00:00 Bid failed Bob'));
    expect(order.findIndex((e) => e.includes('Bid failed'))).toBeLessThan(order.findIndex((e) => e.includes('Auction')));
    expect(player('Dave').table).toBeNull();
  });

  test('"At the beginning of each Sunday, it is set to null": the Round table shows no price as "-" (never the word null), and it reads back as none', () => {
    const round = readDocument(week.text).tables.find((t) => t.headers.includes('star price'))!;
    expect(round.rows[0]!.cells['star price']!.text).toBe('-');
    expect(week.result.changes.find((c) => c.event === 'Star Price')!.change).toBe('Star Price 7 → none');
    expect(readGamestate(week.text, undefined, ruleset).phase.starPrice).toBeNull();
  });

  test('exactly once: the written page, run again at the same time, changes nothing', () => {
    const again = run(week.text, SUNDAY);
    expect(again.result.changes).toEqual([]);
    expect(again.text).toBe(week.text);
  });

  test('day by day gives the same page as one catch-up run', () => {
    let text = page;
    for (const day of ['2026-11-09T01:00Z', '2026-11-10T18:00Z', '2026-11-12T06:00Z', '2026-11-14T00:00Z', '2026-11-15T12:00Z'])
      text = run(text, new Date(day)).text;
    const stepped = readGamestate(text, TITLE, ruleset);
    const once = readGamestate(week.text, TITLE, ruleset);
    expect({ ...stepped, historyRows: 0 }).toEqual({ ...once, historyRows: 0 });
  });

  test("a ruling on tax rounding changes Monday's income and is named in the History row", () => {
    const ceil = new ChosenReadings(ROUND10_READINGS, [{ reading: 'tax-rounding', value: 'ceil', line: 1, by: 'Judge', at: new Date('2026-11-08T12:00Z') }]);
    const ruled = run(page, SUNDAY, ceil);
    const alice = ruled.result.changes.find((c) => c.event === 'Income' && c.player === 'Alice')!;
    // 235 above 300: a started step counts → 12 steps → tax 60 → +40.
    expect(alice.change).toBe('Chips 400 → 440 (+40)');
    expect(alice.reason.readings).toEqual(['tax-rounding=ceil (ruling by Judge, 2026-11-08 12:00)']);
    expect(ruled.text).toContain('&#91;reading tax-rounding=ceil (ruling by Judge, 2026-11-08 12:00)&#93;');
  });

  test("a run before the page's phase began is refused, naming the Round table", () => {
    const state = readGamestate(page, TITLE, ruleset);
    expect(() => advance(ruleset, state, { now: new Date('2026-11-04T00:00Z') })).toThrow(
      /table "Round", row 1, column "Phase number": phase 1 begins at 2026-11-05 00:00, after the run.s time/,
    );
  });
});

describe('a win the page shows, by a player who joined after the page was last rolled over', () => {
  // Dave (joined Tuesday 10 Nov 12:00, 2 days into phase 2) written with 10 Gold Stars on the page of phase 1.
  const won = page.replace(/^\| Dave \|\| 2026-11-10 12:00 \|\| - \|\| 0 \|\| 0 \|\| 0 /m, '| Dave || 2026-11-10 12:00 || - || 0 || 0 || 10 ');
  const r = run(won, SUNDAY).result;

  test('is dated when he joined, not before: what was due until then is applied (the Monday rollover, the incomes), then the win, and nothing after', () => {
    expect(won).not.toBe(page);
    const victory = r.changes.filter((c) => c.event === 'Victory');
    expect(victory.map((c) => [c.player, c.at.toISOString(), c.phase])).toEqual([['Dave', '2026-11-10T12:00:00.000Z', 2]]);
    expect(r.state.phase.winner).toEqual(['Dave']);
    expect(r.changes.filter((c) => c.event === 'Rollover').map((c) => c.phase)).toEqual([2]);
    expect(r.changes.filter((c) => c.event === 'Income').map((c) => c.player)).toEqual(['Alice', 'Bob', 'Carol', 'Dave']);
    expect(r.changes.every((c) => c.at.getTime() <= victory[0]!.at.getTime())).toBe(true);
  });
});
