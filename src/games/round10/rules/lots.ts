import type { Change } from '../../../sim/trail.ts';
import type { Lot } from '../gamestate/schema.ts';
import { writeItems } from '../gamestate/fields.ts';
import { row, type RuleContext } from './common.ts';
import { giveItems } from './items.ts';

// "When an Auction Phase ends, any Player Lots that have no Secret Bid Actions awaiting their
// revelation date transfer all items they own to the player that created them, and then cease to exist."

export const RETURN_RULE =
  'The Auction House: "When an Auction Phase ends, any Player Lots that have no Secret Bid Actions awaiting their revelation date transfer all items they own to the player that created them, and then cease to exist."';

/** Lots some bid awaiting its revelation names (a bid's lots are read from its revealed text when there is one; an unrevealed bid may name any). */
export function returnUnbidLot(ctx: RuleContext, lot: Lot, awaiting: readonly string[]): Change {
  const creator = ctx.s.players.find((p) => p.name === lot.creator);
  const what = writeItems(lot.items);
  if (creator !== undefined) giveItems(ctx.s, creator, lot.items);
  ctx.s.lots = ctx.s.lots.filter((l) => l !== lot);
  return row(
    ctx,
    'Lot returned',
    lot.creator ?? '-',
    `${lot.id} (${what}) → ${creator === undefined ? 'nobody: its creator is no longer a player' : lot.creator}; the lot ceases to exist`,
    {
      rule: RETURN_RULE,
      inputs: { 'bids awaiting revelation': awaiting.length === 0 ? 'none' : awaiting.join(', ') },
    },
  );
}
