import type { GarbageItem } from '../ruleset/schema.ts';

// “grant them 1 random garbage”, “a random item defined by Garbage”: one row of the Ruleset's Garbage
// table, each row equally likely (the reading `random-garbage=uniform`). The one draw every rule that
// grants a random Garbage item uses — the reputability grant (a public seed) and the referee's actions
// (the phase's secret) — whatever the source of the die.

/** A die of `sides` faces, 1…sides, recorded with what it decides. */
export type Roll = (sides: number, what: string) => number;

/** The item a die over the Garbage table's rows gives (the v-th row), with the odds in words. */
export function drawRandomGarbage(garbage: readonly GarbageItem[], roll: Roll): { item: GarbageItem; odds: string } {
  const n = garbage.length;
  if (n === 0) throw new Error("the Ruleset's Garbage table has no items to draw from");
  const odds = `the Garbage table's ${n} rows, 1/${n} each`;
  const item = garbage[roll(n, `random garbage (${odds})`) - 1]!;
  return { item, odds };
}
