import type { Player } from '../gamestate/schema.ts';

// 4.2 Treasury: "There are a total of 50 credits in the game. If a player attempts to take credits
// from the Treasury when there is insufficient credits, they only take up to the quantity in the Treasury."

export const TREASURY = {
  rule: '4.2 Coup / Treasury',
  sentence:
    'There are a total of 50 credits in the game. If a player attempts to take credits from the Treasury when there is insufficient credits, they only take up to the quantity in the Treasury.',
};

/** The Treasury: every credit in the game that no player holds (a forfeit returns a player's credits, 2.3). */
export function treasuryOf(total: number, players: readonly Pick<Player, 'credits'>[]): number {
  return total - players.reduce((sum, p) => sum + p.credits, 0);
}

/** What a take of `wanted` credits gets from a Treasury holding `treasury`: "only … up to the quantity in the Treasury". */
export function takeFromTreasury(wanted: number, treasury: number): number {
  return Math.max(0, Math.min(wanted, treasury));
}
