import type { Change } from '../../../sim/trail.ts';
import type { Gamestate, Player } from '../gamestate/schema.ts';

// Winning: “If a player owns a number of crystals greater than or equal to 15 and at least five
// more than any other player, that player wins. Then the cycle ends.” Crystals are the Crystals
// column: a Crustal (“It counts as a crystal for everything except win conditions.”) is not one.
// Only players count, at the instant judged: someone not yet joined, or gone, neither wins nor is
// “any other player”.

export const VICTORY_RULE =
  'Winning: “If a player owns a number of crystals greater than or equal to 15 and at least five more than any other player, that player wins. Then the cycle ends.”';

export type Threshold = { crystals: number; lead: number };

/** A player at `at`: joined by then and not gone. */
export function playerAt(p: Pick<Player, 'joined' | 'left'>, at: Date): boolean {
  return p.joined.getTime() <= at.getTime() && (p.left === null || p.left.getTime() > at.getTime());
}

/** Who meets the condition at `at` with the crystals the page records, and the most of any other player. */
export function winnerAt(players: readonly Player[], threshold: Threshold, at: Date): { player: Player; others: number } | undefined {
  const present = players.filter((p) => playerAt(p, at));
  for (const player of present) {
    const others = Math.max(0, ...present.filter((o) => o !== player).map((o) => o.crystals));
    if (player.crystals >= threshold.crystals && player.crystals - others >= threshold.lead) return { player, others };
  }
  return undefined;
}

/**
 * The first instant in [from, to] at which the condition holds. The counts are the page's; only who is
 * a player changes in between, at a Joined or Left time, so those instants (and `from`) are the candidates.
 */
export function firstWinAt(state: Gamestate, threshold: Threshold, from: Date, to: Date): Date | undefined {
  const inside = (d: Date) => d.getTime() > from.getTime() && d.getTime() <= to.getTime();
  const changes = state.players.flatMap((p) => [p.joined, ...(p.left === null ? [] : [p.left])]).filter(inside);
  const candidates = [from, ...changes].sort((a, b) => a.getTime() - b.getTime());
  return candidates.find((t) => winnerAt(state.players, threshold, t) !== undefined);
}

/** Victory at `at`, when the condition holds then: the Winner cell and its History row. */
export function checkVictory(state: Gamestate, threshold: Threshold, at: Date): Change[] {
  if (state.phase.winner.length > 0) return [];
  const won = winnerAt(state.players, threshold, at);
  if (won === undefined) return [];
  const { player: p, others } = won;
  state.phase.winner = [p.name];
  return [
    {
      at,
      phase: state.phase.number,
      event: 'Victory',
      player: p.name,
      change: `wins with ${p.crystals} crystals; the cycle ends`,
      reason: {
        rule: VICTORY_RULE,
        inputs: { crystals: p.crystals, 'most of any other player': others },
        arithmetic: `${p.crystals} ≥ ${threshold.crystals} and ${p.crystals} − ${others} ≥ ${threshold.lead}`,
      },
    },
  ];
}
