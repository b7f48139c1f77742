import type { Dice } from '../../shared/ruleset-schema.ts';

// Exact odds of dice sums, as fractions of K^N outcomes (“the sum of N independent selections of
// integers from 1 to K, using a uniform random distribution”).

/** Ways to roll each sum of `count` dice of `sides` sides: index = sum. */
export function sumWays(dice: Pick<Dice, 'count' | 'sides'>): number[] {
  let ways = [1];
  for (let i = 0; i < dice.count; i++) {
    const next = new Array<number>(ways.length + dice.sides).fill(0);
    ways.forEach((w, s) => {
      for (let f = 1; f <= dice.sides; f++) next[s + f]! += w;
    });
    ways = next;
  }
  return ways;
}

/** Outcomes in which at least two dice show the same number (“If you roll multiple of the same number”), out of K^N. */
export function repeatWays(dice: Pick<Dice, 'count' | 'sides'>): number {
  let distinct = 1;
  for (let i = 0; i < dice.count; i++) distinct *= Math.max(0, dice.sides - i);
  return dice.sides ** dice.count - distinct;
}
