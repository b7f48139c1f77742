import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { readCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { repeatWays, sumWays } from '../../../../src/games/cycle15/tables/dice.ts';
import { drawRandomGarbage } from '../../../../src/games/cycle15/rules/random-garbage.ts';
import { drawGeodeItem } from '../../../../src/games/cycle15/actions/land.ts';
import { rollDice } from '../../../../src/games/shared/actions.ts';
import { DrawStream, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { expectFits } from './chi-square.ts';

// Cycle 15's draws against the odds the module publishes (publish-tables: the movement roll's sums and
// doubles, the shards of a crystal — tables/dice.ts), and against the distribution the rule states where it
// publishes none (a random Garbage item: each row of the Garbage table as extracted; a Geode's item; the
// Shard Pile's 1d6). 100,000 draws each through the functions the actions draw with, from a fixed seed,
// compared by a chi-square test at the 0.1 % significance level (as test/unit/jobs/referee/odds.test.ts).

const r = readCycle15Ruleset(readDocument(fixture('cycle15'), { page: 'Cycle 15/Ruleset' }));
const stream = () => new DrawStream(seedOf('0e'.repeat(32), 'c15|odds-test|0'));
const N = 100_000;

/** The published chances of each sum of `dice` (the Movement and Shards tables: ways / K^N). */
const published = (dice: { count: number; sides: number }) => sumWays(dice).map((w) => w / dice.sides ** dice.count);

describe('Cycle 15: the referee draws with the odds the module publishes or the rule states', () => {
  it('100,000 movement rolls: the 2d4 sums fit the published Movement table, and doubles its published chance', () => {
    const dice = r.constants.movementDice.value!;
    expect(dice.text).toBe('2d4');
    const s = stream();
    const sums = published(dice).map(() => 0);
    let doubles = 0;
    for (let i = 0; i < N; i++) {
      const { total, rolls } = rollDice(dice, s, '');
      sums[total]!++;
      if (new Set(rolls).size < rolls.length) doubles++;
      s.draws.length = 0;
    }
    expectFits(sums, published(dice), N);
    const p = repeatWays(dice) / dice.sides ** dice.count;
    expectFits([doubles, N - doubles], [p, 1 - p], N);
  });

  it('100,000 random Garbage items: each of the 98 rows of the Garbage table as extracted, 1/98 each', () => {
    expect(r.garbage).toHaveLength(98);
    const s = stream();
    const counts = new Map<number, number>();
    for (let i = 0; i < N; i++) {
      const { item } = drawRandomGarbage(r.garbage, (sides, what) => s.roll(sides, what));
      counts.set(item.row, (counts.get(item.row) ?? 0) + 1);
      s.draws.length = 0;
    }
    expectFits(
      r.garbage.map((g) => counts.get(g.row) ?? 0),
      r.garbage.map(() => 1 / r.garbage.length),
      N,
    );
  });

  it('100,000 crystals destroyed: the shards fit the published 10+1d10 table; 100,000 Shard Piles fit 1d6; 100,000 Geodes fit 1/7 an item', () => {
    const c = r.constants.crystalShards.value!;
    const pile = r.constants.shardPileDice.value!;
    expect([`${c.base}+${c.dice.text}`, pile.text, r.geode.length]).toEqual(['10+1d10', '1d6', 7]);
    const s = stream();
    const shards = Array.from({ length: c.base + c.dice.count * c.dice.sides + 1 }, () => 0);
    const piles = published(pile).map(() => 0);
    const geodes = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      shards[c.base + rollDice(c.dice, s, '').total]!++;
      piles[rollDice(pile, s, '').total]!++;
      const item = drawGeodeItem(r.geode, s);
      geodes.set(item, (geodes.get(item) ?? 0) + 1);
      s.draws.length = 0;
    }
    expectFits(shards, [...Array.from({ length: c.base }, () => 0), ...published(c.dice)], N);
    expectFits(piles, published(pile), N);
    expectFits(
      r.geode.map((g) => geodes.get(g) ?? 0),
      r.geode.map(() => 1 / r.geode.length),
      N,
    );
  });
});
