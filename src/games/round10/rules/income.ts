import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Player } from '../gamestate/schema.ts';
import { needed, row, type RuleContext } from './common.ts';
import { taxOf, wealthOf } from './wealth.ts';

// "At the beginning of each Auction Phase, each player gains a number of chips equal to 100 minus
// their tax value. If a player joins the game during an Auction Phase, they gain 100 chips minus
// their tax value."
// Paid once: the player's "Income paid" cell records the instant it was paid for.

export const INCOME_RULE = 'Phases: "At the beginning of each Auction Phase, each player gains a number of chips equal to 100 minus their tax value."';
export const JOIN_RULE = 'Phases: "If a player joins the game during an Auction Phase, they gain 100 chips minus their tax value."';

export function payIncome(ctx: RuleContext, p: Player, why: 'phase' | 'join'): Change {
  const income = needed(ctx.ruleset.constants.income, 'the weekly income', ctx.ruleset);
  const wealth = wealthOf(p, ctx.s, ctx.ruleset, ctx.readings);
  const tax = taxOf(wealth.total, ctx.ruleset, ctx.readings);
  const gain = Math.max(0, income - tax.tax);
  const before = p.chips;
  p.chips += gain;
  p.incomePaid = ctx.at;
  const readings = [...wealth.readings, ...tax.readings];
  return row(ctx, 'Income', p.name, `Chips ${before} → ${p.chips} (+${gain})`, {
    rule: why === 'phase' ? INCOME_RULE : JOIN_RULE,
    inputs: { wealth: `${wealth.terms} = ${Math.round(wealth.total * 100) / 100}`, ...(why === 'join' ? { joined: formatInstant(p.joined) } : {}) },
    arithmetic: `tax ${tax.arithmetic}; ${income} − ${tax.tax} = ${gain}`,
    ...(readings.length > 0 ? { readings } : {}),
  });
}

/** Whether `p`'s income for the Auction Phase that began at `phaseStart` is still to pay. */
export function incomeDue(p: Player, phaseStart: Date): boolean {
  return p.incomePaid === null || p.incomePaid.getTime() < phaseStart.getTime();
}
