import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Player } from '../gamestate/schema.ts';
import { HOUR, needed, row, type RuleContext } from './common.ts';

// "Unless otherwise specified, a player may only sit down at a Limited Access Table at most 1 time
// in a given week." (Slots: 3 times per week; the Studio: once per week.) Weeks start on Monday 00:00 UTC,
// so the uses recorded for the week are cleared then.
// "If a player has been sitting at a table for more than 24 hours, they automatically stand up."

export const RESET_RULE =
  'Tables: "a player may only sit down at a Limited Access Table at most 1 time in a given week" (Slots: "at most 3 times per week"; the Studio: "once per week"); "Weeks start on Monday 00:00 UTC."';
export const STAND_UP_RULE = 'Tables: "If a player has been sitting at a table for more than 24 hours, they automatically stand up."';

export function resetWeeklyLimits(ctx: RuleContext, p: Player): Change | undefined {
  const used = Object.entries(p.limited).filter(([, n]) => n > 0);
  if (used.length === 0) return undefined;
  p.limited = {};
  return row(ctx, 'Weekly limits', p.name, `${used.map(([k, n]) => `${k} ${n}`).join(', ')} → none`, {
    rule: RESET_RULE,
    inputs: { week: formatInstant(ctx.at) },
  });
}

/** When `p` stands up by the rule: strictly more than 24 hours after sitting down, i.e. at 24 h and one minute. */
export function standUpAt(p: Player, ctx: Pick<RuleContext, 'ruleset'>): Date | undefined {
  if (p.table === null || p.seatedSince === null) return undefined;
  const hours = needed(ctx.ruleset.constants.standUpHours, 'the automatic stand-up', ctx.ruleset);
  return new Date(p.seatedSince.getTime() + hours * HOUR + 60_000);
}

export function standUp(ctx: RuleContext, p: Player): Change {
  const table = p.table!;
  const since = p.seatedSince!;
  p.table = null;
  p.seatedSince = null;
  return row(ctx, 'Stand up', p.name, `stood up from ${table}`, { rule: STAND_UP_RULE, inputs: { 'seated since': formatInstant(since) } });
}
