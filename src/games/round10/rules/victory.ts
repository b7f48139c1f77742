import type { Change } from '../../../sim/trail.ts';
import type { Player } from '../gamestate/schema.ts';
import { needed, row, type RuleContext } from './common.ts';

// "If a player has 10 Gold Stars in their possession at any time, they become the winner of Round 10, ending the round."

export const VICTORY_RULE = 'Victory: "If a player has 10 Gold Stars in their possession at any time, they become the winner of Round 10, ending the round."';

/** The players holding the victory's Gold Stars; at `at`, only those who had joined by then (a player wins in the game). */
export function winners(ctx: Pick<RuleContext, 's' | 'ruleset' | 'readings'> & { at?: Date }): Player[] {
  const n = needed(ctx.ruleset.constants.victoryGoldStars, 'the victory threshold', ctx.ruleset);
  const exactly = ctx.readings.get('gold-star-victory') === 'exactly';
  const joined = (p: Player) => ctx.at === undefined || p.joined.getTime() <= ctx.at.getTime();
  return ctx.s.players.filter((p) => (exactly ? p.goldStars === n : p.goldStars >= n) && joined(p));
}

export function checkVictory(ctx: RuleContext): Change[] {
  if (ctx.s.phase.winner.length > 0) return [];
  const won = winners(ctx);
  if (won.length === 0) return [];
  ctx.s.phase.winner = won.map((p) => p.name);
  const n = ctx.ruleset.constants.victoryGoldStars!;
  // The reading matters only to a player with more than the number.
  const readings = won.some((p) => p.goldStars !== n) ? [ctx.readings.label('gold-star-victory')] : [];
  return won.map((p) =>
    row(ctx, 'Victory', p.name, `winner of Round 10 with ${p.goldStars} Gold Stars; the round ends`, {
      rule: VICTORY_RULE,
      inputs: { 'Gold Stars': p.goldStars },
      ...(readings.length > 0 ? { readings } : {}),
    }),
  );
}
