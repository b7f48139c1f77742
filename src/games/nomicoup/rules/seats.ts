import type { NomicoupState, Player } from '../gamestate/schema.ts';

// 3.1 Order: the turn order is the players' seats, first to last.

/** The players in the turn order, first to last: those with a seat (a forfeit recorded for later is not applied yet). */
export function turnOrder(s: Pick<NomicoupState, 'players'>): Player[] {
  return s.players.filter((p) => p.seat !== null).sort((a, b) => a.seat! - b.seat!);
}
