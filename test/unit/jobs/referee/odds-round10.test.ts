import { describe, expect, it } from 'vitest';
import { cellValue, findTable, readDocument } from '../../../../src/parse/document.ts';
import { deckOf, drawCard } from '../../../../src/games/round10/rules/deck.ts';
import { rollStarPrice } from '../../../../src/games/round10/rules/star-price.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { renderRound10Tables } from '../../../../src/games/round10/tables/index.ts';
import { payoutOf, rollSlots, slotsExpectation } from '../../../../src/games/round10/tables/slots.ts';
import { DrawStream, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { expectFits } from './chi-square.ts';

// Round 10: the odds players read on the published tables (croupier publish-tables: card draw odds, the Star
// Price, the slots' roll table) are the odds the referee draws with. 100,000 House Lots (300,000 cards),
// 100,000 Star Prices and 100,000 slot plays drawn offline from a fixed seed through the functions the
// actions call, their frequencies compared with the chances read back from the published tables by a
// chi-square test at the 0.1 % significance level.

const r = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const published = readDocument(renderRound10Tables(r), { page: 'Round 10/Tables' });
const stream = () => new DrawStream(seedOf('0e'.repeat(32), 'round10|odds-test|0'));
const N = 100_000;

/** "1/260 (0.38%)" → 1/260. */
const fraction = (text: string | undefined) => {
  const m = /^(\d+)\/(\d+)/.exec(text ?? '');
  if (!m) throw new Error(`"${text}" is not a published fraction`);
  return Number(m[1]) / Number(m[2]);
};

describe('the Round 10 referee draws with the odds the published tables give', () => {
  it('100,000 House Lots (3 cards each): every card (suit and rank) fits the published “Chance of one given card”', () => {
    const table = findTable(published, { headers: ['Suit', 'Archetype', 'Chance of one given card'] })!;
    const deck = deckOf(r);
    const cards = deck.suits.flatMap((s) => s.ranks.slice(0, s.max).map((rank) => `${rank} of ${s.name}`));
    const chance = new Map(
      deck.suits.flatMap((s) => {
        const row = table.rows.find((x) => cellValue(x, 'suit') === s.name)!;
        return s.ranks.slice(0, s.max).map((rank): [string, number] => [`${rank} of ${s.name}`, fraction(cellValue(row, 'chance of one given card'))]);
      }),
    );
    expect(cards).toHaveLength(12 * 20 + 22);
    expect([...chance.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const s = stream();
    const seen = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      for (let c = 0; c < r.constants.houseLotCards!; c++) {
        const card = drawCard(deck, s, '');
        const name = `${card.rank} of ${card.suit}`;
        seen.set(name, (seen.get(name) ?? 0) + 1);
      }
      s.draws.length = 0;
    }
    expectFits(
      cards.map((c) => seen.get(c) ?? 0),
      cards.map((c) => chance.get(c)!),
      3 * N,
    );
  });

  it('100,000 Star Prices (“rolling 1d6 … plus 4”) fit the published Star Price table', () => {
    const table = findTable(published, { headers: ['Star Price', 'Chance'] })!;
    const prices = table.rows.map((x) => Number(cellValue(x, 'star price')));
    expect(prices).toEqual([5, 6, 7, 8, 9, 10]);
    const s = stream();
    const seen = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const { price } = rollStarPrice(r.constants.starPrice!, s);
      seen.set(price, (seen.get(price) ?? 0) + 1);
      s.draws.length = 0;
    }
    expectFits(
      prices.map((p) => seen.get(p) ?? 0),
      table.rows.map((x) => fraction(cellValue(x, 'chance'))),
      N,
    );
  });

  it("100,000 slot plays: each roll fits the published roll table's chances, and each payout the published chances under the referee's reading", () => {
    const rolls = findTable(published, { headers: ['Roll', 'Value', 'Chance'] })!;
    const values = rolls.rows.map((x) => cellValue(x, 'value') ?? '');
    const s = stream();
    const shown = new Map<string, number>();
    const paid = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const three = rollSlots(r.slots, s);
      for (const v of three) shown.set(v ?? '(none)', (shown.get(v ?? '(none)') ?? 0) + 1);
      const row = payoutOf(r.slots.payouts, three);
      const k = row ? r.slots.payouts.indexOf(row) : -1;
      paid.set(k, (paid.get(k) ?? 0) + 1);
      s.draws.length = 0;
    }
    // The two rows with no Value (20 and 10-13) are one category, “(none)”, of 5/20.
    const symbols = [...new Set(values)];
    const p = symbols.map((v) => rolls.rows.filter((x) => cellValue(x, 'value') === v).reduce((t, x) => t + fraction(cellValue(x, 'chance')), 0));
    expectFits(
      symbols.map((v) => shown.get(v) ?? 0),
      p,
      3 * N,
    );
    // Payout rows: the chances the table publishes for reading slots-blank-roll=no-symbol, and no payout.
    const e = slotsExpectation(r).blankAsNone.chances;
    const none = 1 - e.reduce((a, b) => a + b, 0);
    expectFits([...e.map((_, k) => paid.get(k) ?? 0), paid.get(-1) ?? 0], [...e, none], N);
    // ♾ and ✨ never show: their rows have chance 0 and were never paid (checked by expectFits).
    expect(e.filter((x) => x === 0)).toHaveLength(3);
  });
});
