import type { RuleContext } from './common.ts';
import { needed } from './common.ts';

// "The "Participation" value of the Auction Casino is given by one of the following criteria,
// whichever is higher: * 10 * 2 for every 3 players * 2 for every player that bid in the previous weekly Auction"

export function participation(ctx: Pick<RuleContext, 's' | 'ruleset' | 'readings'>): number {
  const p = needed(ctx.ruleset.constants.participation, 'the Participation value', ctx.ruleset);
  const players = ctx.s.players.length;
  const perPlayers =
    ctx.readings.get('participation-rounding') === 'proportional'
      ? Math.floor((p.perPlayers.gain * players) / p.perPlayers.per)
      : p.perPlayers.gain * Math.floor(players / p.perPlayers.per);
  return Math.max(p.minimum, perPlayers, p.perBidder * ctx.s.phase.lastBidders);
}
