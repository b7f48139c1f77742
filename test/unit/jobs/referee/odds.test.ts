import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { readCycle16Ruleset } from '../../../../src/games/cycle16/ruleset/read.ts';
import { cardPools, drawChance, packExpectation, speciesOdds } from '../../../../src/games/cycle16/tables/odds.ts';
import { toNumber } from '../../../../src/games/shared/text.ts';
import { drawOutcome, drawRandomCard } from '../../../../src/games/cycle16/actions/random-card.ts';
import { rollDice } from '../../../../src/games/shared/actions.ts';
import { DrawStream, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { expectFits } from './chi-square.ts';

// The odds players read (the published card tables: tables-odds.ts) are the odds the referee draws with:
// 100,000 packs and 100,000 explorations drawn offline from a fixed seed, their frequencies compared with
// the published chances by a chi-square test at the 0.1 % significance level (a correct drawer fails it
// once in a thousand seeds; this seed is fixed, so the test is deterministic).

const r = readCycle16Ruleset(readDocument(fixture('cycle16'), { page: 'Cycle 16/Ruleset' }));
const stream = () => new DrawStream(seedOf('0f'.repeat(32), 'cycle16|odds-test|0'));
const N = 100_000;

describe('the referee draws with the odds the published tables give', () => {
  it('100,000 Handy Packs: species as random and as rare cards, and modifiers per card, fit the published chances', () => {
    const pack = r.packs.find((p) => p.name === 'Handy Pack')!;
    const pools = cardPools(r);
    const s = stream();
    const species = { random: new Map<string, number>(), rare: new Map<string, number>() };
    const modifierCounts = { random: [] as number[], rare: [] as number[] };
    let modifiers = 0;
    for (let i = 0; i < N; i++) {
      for (const grant of pack.grants) {
        for (let c = 0; c < grant.count; c++) {
          const card = drawRandomCard(r, grant, s, '', pools);
          const kind = grant.rare ? 'rare' : 'random';
          species[kind].set(card.species, (species[kind].get(card.species) ?? 0) + 1);
          modifierCounts[kind][card.modifiers.length] = (modifierCounts[kind][card.modifiers.length] ?? 0) + 1;
          modifiers += card.modifiers.length;
        }
        s.draws.length = 0; // keep memory flat: the values are already counted
      }
    }
    // “Chance as a random card” / “as a random rare card”, per species, as the species table publishes them.
    const randomCards = pack.grants.filter((g) => !g.rare).reduce((n, g) => n + g.count, 0) * N;
    const rareCards = pack.grants.filter((g) => g.rare).reduce((n, g) => n + g.count, 0) * N;
    expectFits(
      r.cards.map((c) => species.random.get(c.name) ?? 0),
      r.cards.map((c) => toNumber(speciesOdds(c, pools).random)),
      randomCards,
    );
    expectFits(
      r.cards.map((c) => species.rare.get(c.name) ?? 0),
      r.cards.map((c) => toNumber(speciesOdds(c, pools).rare)),
      rareCards,
    );
    // Modifiers per card: the collections tried at their published chances, plus the fillers of the species drawn.
    for (const grant of pack.grants) {
      const kind = grant.rare ? 'rare' : 'random';
      const n = grant.rare ? rareCards : randomCards;
      const chances = grant.modifiers.map((d) => toNumber(drawChance(r, d)!));
      const pool = grant.rare ? pools.rare : pools.all;
      const p = Array.from({ length: chances.length + 3 }, () => 0);
      for (const card of pool) {
        const fillers = r.randomCards.fillers.filter((f) => (f.missing === 'colour' ? card.colours : card.suits).length === 0).length;
        let dist = [1];
        for (const q of chances) dist = [...dist, 0].map((v, k) => v * (1 - q) + (k > 0 ? dist[k - 1]! * q : 0));
        dist.forEach((v, k) => {
          p[k + fillers]! += v / pool.length;
        });
      }
      expectFits(
        p.map((_, k) => modifierCounts[kind][k] ?? 0),
        p,
        n,
      );
    }
    // And the mean the pack table publishes (“Modifiers” column) is what was drawn, within 1 %.
    expect(Math.abs(modifiers / N / packExpectation(r, pack, pools).modifiers - 1)).toBeLessThan(0.01);
  });

  it('100,000 explorations: the scenario (1 of 14), the 2d3 of scenario 2 and the slot machine fit their chances', () => {
    const s = stream();
    const scenarios = Array.from({ length: r.scenarios.length }, () => 0);
    const sums = [0, 0, 0, 0, 0, 0, 0];
    const slot = r.scenarios.find((x) => x.outcomes.length > 0)!;
    const outcomes = new Map<string, number>();
    const twoD3 = r.scenarios[1]!.grants.find((g) => typeof g.amount !== 'number')!.amount as Exclude<
      (typeof r.scenarios)[number]['grants'][number]['amount'],
      number
    >;
    expect(twoD3.text).toBe('2d3');
    for (let i = 0; i < N; i++) {
      scenarios[s.roll(r.scenarios.length, 'scenario') - 1]!++;
      sums[rollDice(twoD3, s, '').total]!++;
      const o = drawOutcome(slot.outcomes, s, '');
      outcomes.set(o.label, (outcomes.get(o.label) ?? 0) + 1);
      s.draws.length = 0;
    }
    expectFits(
      scenarios,
      scenarios.map(() => 1 / r.scenarios.length),
      N,
    );
    // 2d3: the sum of two dice of three sides (Dice Rolls), 2…6 with 1, 2, 3, 2, 1 ninths.
    expectFits(sums, [0, 0, 1 / 9, 2 / 9, 3 / 9, 2 / 9, 1 / 9], N);
    // The slot machine's “1. Nothing (70%). 2. One legendary card pack (5%), 3. Two Deck packs (10%), 4. Six already-opened packs (15%)”.
    expectFits(
      slot.outcomes.map((o) => outcomes.get(o.label) ?? 0),
      slot.outcomes.map((o) => toNumber(o.chance)),
      N,
    );
  });
});
