import type { Standings } from '../../shared/standings.ts';
import type { NomicoupState } from '../gamestate/schema.ts';

// The standings (src/games/shared/standings.ts). Rule 1, Winning: “When a player or players win the game,
// the game is over.” Nomicoup names no count that wins: a win comes from a rule change or from 1.1 (End of
// Viable Play), judged by people, and the bot only writes the Winner the page records (the Game table).
// The reading named under the table: players still in the game are ranked as in Coup, by the influence
// they hold (4.8.1: a player with none is exiled), then by credits (4.4.3: a Coup costs 7), with no gap to a win.

export const WINNING_RULE = 'Winning (rule 1): “When a player or players win the game, the game is over.”';

export function standings(state: NomicoupState): Standings {
  return {
    rule: WINNING_RULE,
    reading: 'The rules name no count that wins: players still in the game are ranked by influence, then credits, as a measure of standing, not of a win.',
    columns: ['Influence', 'Credits'],
    players: state.players.filter((p) => p.status === 'active').map((p) => ({ name: p.name, values: [p.influence, p.credits] })),
    winner: state.game.winner,
  };
}
