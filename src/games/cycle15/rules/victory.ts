import type { Change } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate/schema.ts';

// Winning: “If a player owns a number of crystals greater than or equal to 15 and at least five
// more than any other player, that player wins. Then the cycle ends.” Crystals are the Crystals
// column: a Crustal (“It counts as a crystal for everything except win conditions.”) is not one.

export const VICTORY_RULE = 'Winning: “If a player owns a number of crystals greater than or equal to 15 and at least five more than any other player, that player wins. Then the cycle ends.”';

export function checkVictory(state: Gamestate, threshold: { crystals: number; lead: number }, at: Date): Change[] {
  if (state.phase.winner.length > 0) return [];
  const players = state.players.filter((p) => p.left === null);
  for (const p of players) {
    const others = Math.max(0, ...players.filter((o) => o !== p).map((o) => o.crystals));
    if (p.crystals >= threshold.crystals && p.crystals - others >= threshold.lead) {
      state.phase.winner = [p.name];
      return [{
        at,
        phase: state.phase.number,
        event: 'Victory',
        player: p.name,
        change: `wins with ${p.crystals} crystals; the cycle ends`,
        reason: { rule: VICTORY_RULE, inputs: { crystals: p.crystals, 'most of any other player': others }, arithmetic: `${p.crystals} ≥ ${threshold.crystals} and ${p.crystals} − ${others} ≥ ${threshold.lead}` },
      }];
    }
  }
  return [];
}
