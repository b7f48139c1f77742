import type { Change } from '../../../sim/trail.ts';
import { row, type RuleContext } from './common.ts';

// "The Star Price is either a positive integer or "null". At the beginning of each Sunday, it is set to null."

export const STAR_RULE = 'Trung: "At the beginning of each Sunday, it is set to null."';

export function nullStarPrice(ctx: RuleContext): Change {
  const before = ctx.s.phase.starPrice;
  ctx.s.phase.starPrice = null;
  ctx.s.phase.starPriceSet = ctx.at;
  return row(ctx, 'Star Price', '-', `Star Price ${before} → null`, { rule: STAR_RULE, inputs: {} });
}

/** The first Sunday 00:00 UTC after `t` (strictly). */
export function nextSunday(t: Date): Date {
  const day = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
  const ahead = (7 - day.getUTCDay()) % 7 || 7;
  return new Date(day.getTime() + ahead * 86_400_000);
}
