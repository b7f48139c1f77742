import type { Standings } from '../../shared/standings.ts';
import type { EngineRuleset, Gamestate } from '../gamestate/schema.ts';
import { chipsHeld, chipsInOpenBets, VICTORY_RULE, victoryThreshold } from './victory.ts';

// The standings (src/games/shared/standings.ts) by rule 9's measure: “If a player possesses at least 10
// Chips in their inventory, then the player who possesses the most Chips wins the cycle.” The Chips
// counted are those checkVictory counts (chipsHeld: Chips in open bets are not in the inventory).

export function standings(state: Gamestate, ruleset: EngineRuleset): Standings {
  const goal = victoryThreshold(ruleset);
  const openBets = chipsInOpenBets(state);
  const unit = (n: number) => (n === 1 ? 'Chip' : 'Chips');
  return {
    rule: VICTORY_RULE,
    reading: `The line is ${goal} Chips; Chips bet in a battle not yet rewarded are out of the inventory and do not count. A tie for the most Chips at the line is left to the Judge.`,
    columns: ['Chips'],
    players: state.players.map((p) => {
      const held = chipsHeld(p, openBets);
      return {
        name: p.name,
        values: [held],
        toWin: held >= goal ? `at the ${goal}-Chip line: the most Chips wins` : `${goal - held} more ${unit(goal - held)} to the ${goal}-Chip line`,
      };
    }),
    winner: state.phase.winner,
  };
}
