import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import { DAY, row, type RuleContext } from './common.ts';

// "Any player may become a candidate for the next Judge by sending a text message in the channel
// #judge-elections. Immediately after the week ends, the player whose text message made during the
// previous week has the most :+1: reactions becomes the Judge for one week. Ties are broken in
// favour of the player with the earliest text message."

export const JUDGE_RULE =
  'Judges: "Immediately after the week ends, the player whose text message made during the previous week has the most :+1: reactions becomes the Judge for one week. Ties are broken in favour of the player with the earliest text message."';

/** The election at `ctx.at` (a Monday 00:00) among the candidacies posted in the week before. */
export function electJudge(ctx: RuleContext): Change | undefined {
  const weekStart = ctx.at.getTime() - 7 * DAY;
  const candidates = ctx.s.candidacies
    // "Any player may become a candidate": a message posted before its author joined is no candidacy.
    .filter(
      (c) =>
        c.posted.getTime() >= weekStart &&
        c.posted.getTime() < ctx.at.getTime() &&
        ctx.s.players.some((p) => p.name === c.player && p.joined.getTime() <= c.posted.getTime()),
    )
    .sort((a, b) => b.thumbs - a.thumbs || a.posted.getTime() - b.posted.getTime());
  const winner = candidates[0];
  if (winner === undefined) return undefined;
  const before = ctx.s.phase.judge;
  ctx.s.phase.judge = winner.player;
  const tie = candidates.filter((c) => c.thumbs === winner.thumbs).length > 1;
  return row(ctx, 'Judge election', winner.player, `Judge ${before ?? '-'} → ${winner.player}`, {
    rule: JUDGE_RULE,
    inputs: Object.fromEntries(candidates.map((c) => [c.player, `${c.thumbs} 👍, posted ${formatInstant(c.posted)}`])),
    ...(tie ? { arithmetic: `a tie at ${winner.thumbs} 👍: the earliest message wins` } : {}),
  });
}
