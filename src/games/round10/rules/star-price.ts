import type { DrawStream } from '../../../sim/commit-reveal.ts';
import type { Change } from '../../../sim/trail.ts';
import { row, type RuleContext } from './common.ts';

// "The Star Price is either a positive integer or "null". At the beginning of each Sunday, it is set to null."
// The rules' "null" is no price: the page shows it as none ("-" in the cell, "none" in a History row), as
// every empty cell; a cell written "null" by an earlier Croupier still reads as none.

export const STAR_RULE = 'Trung: "At the beginning of each Sunday, it is set to null."';

export function nullStarPrice(ctx: RuleContext): Change {
  const before = ctx.s.phase.starPrice;
  ctx.s.phase.starPrice = null;
  ctx.s.phase.starPriceSet = ctx.at;
  return row(ctx, 'Star Price', '-', `Star Price ${before ?? 'none'} → none`, { rule: STAR_RULE, inputs: {} });
}

/** The first Sunday 00:00 UTC after `t` (strictly). */
export function nextSunday(t: Date): Date {
  const day = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
  const ahead = (7 - day.getUTCDay()) % 7 || 7;
  return new Date(day.getTime() + ahead * 86_400_000);
}

/** “rolling 1d6. The Star Price is the result of that roll plus 4”: the dice and the offset the Ruleset gives (the published Star Price table counts the same). */
export function rollStarPrice(sp: { count: number; sides: number; offset: number }, stream: DrawStream): { price: number; rolls: number[] } {
  const rolls = Array.from({ length: sp.count }, (_, i) => stream.roll(sp.sides, `Star Price ${sp.count}d${sp.sides} die ${i + 1} (1/${sp.sides} each)`));
  return { price: rolls.reduce((a, b) => a + b, 0) + sp.offset, rolls };
}
