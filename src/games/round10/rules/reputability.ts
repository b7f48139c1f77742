import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Player } from '../gamestate/schema.ts';
import { DAY, needed, row, type RuleContext } from './common.ts';

// "Players are considered reputable if they have continuously been a player for the last seven days."

export const REPUTABLE_RULE = 'Actions: "Players are considered reputable if they have continuously been a player for the last seven days."';

export function reputableAt(p: Player, ctx: Pick<RuleContext, 'ruleset'>): Date {
  return new Date(p.joined.getTime() + needed(ctx.ruleset.constants.reputableDays, 'reputability', ctx.ruleset) * DAY);
}

export function becomeReputable(ctx: RuleContext, p: Player): Change {
  p.reputableSince = ctx.at;
  return row(ctx, 'Reputable', p.name, 'reputable', { rule: REPUTABLE_RULE, inputs: { joined: formatInstant(p.joined) } });
}
