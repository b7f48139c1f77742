import type { Change } from '../../../sim/trail.ts';
import type { EngineRuleset, Gamestate } from '../gamestate-schema.ts';

// Rule 9: “If a player possesses at least 10 Chips in their inventory, then the player who
// possesses the most Chips wins the cycle. The cycle then ends.”

export function checkVictory(state: Gamestate, ruleset: EngineRuleset, at: Date): Change[] {
  if (state.phase.winner.length > 0) return [];
  const threshold = ruleset.victory?.threshold ?? 10;
  const most = Math.max(0, ...state.players.map((p) => p.chips));
  if (most < threshold) return [];
  const leaders = state.players.filter((p) => p.chips === most).map((p) => p.name);
  state.phase.winner = leaders;
  const tie = leaders.length > 1;
  return [
    {
      at,
      phase: state.phase.number,
      event: 'Victory',
      player: leaders.join(', '),
      change: tie ? `tied with ${most} Chips: the Judge must settle who wins the cycle` : `wins the cycle with ${most} Chips; the cycle ends`,
      reason: {
        rule: 'Victory: “If a player possesses at least 10 Chips in their inventory, then the player who possesses the most Chips wins the cycle.”',
        inputs: { threshold, chips: state.players.filter((p) => p.chips >= threshold).map((p) => `${p.name} ${p.chips}`).join(', ') },
      },
    },
  ];
}
