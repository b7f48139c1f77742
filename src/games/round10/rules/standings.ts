import type { Standings } from '../../shared/standings.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { VICTORY_RULE } from './victory.ts';

// The standings (src/games/shared/standings.ts) by the victory rule's measure: “If a player has 10 Gold
// Stars in their possession at any time, they become the winner of Round 10, ending the round.” Gold
// Stars rank the players; wealth (the page's Wealth column, rules/wealth.ts) only orders those with as
// many Gold Stars, as a reader's tie-break: no rule makes it win. The number is the Ruleset's
// (constants.victoryGoldStars, as rules/victory.ts reads it); the winner is the page's Winner cell, which
// rules/victory.ts sets under the reading in force (`gold-star-victory`: exactly 10 or at least 10).

export function standings(state: Gamestate, ruleset: Round10Ruleset): Standings {
  const goal = ruleset.constants.victoryGoldStars;
  const toWin = (stars: number) =>
    goal === null
      ? 'the Ruleset states no number Croupier can read'
      : stars >= goal
        ? `${goal} Gold Stars reached`
        : `${goal - stars} more Gold ${goal - stars === 1 ? 'Star' : 'Stars'}`;
  return {
    rule: VICTORY_RULE,
    reading: 'Players with as many Gold Stars are ordered by wealth, which does not win by itself.',
    columns: ['Gold Stars', 'Wealth'],
    players: state.players.map((p) => ({ name: p.name, values: [p.goldStars, p.wealth], toWin: toWin(p.goldStars) })),
    winner: state.phase.winner,
  };
}
