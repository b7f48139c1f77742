import type { Standings } from '../../shared/standings.ts';
import { cell, type GenericState } from '../gamestate.ts';
import type { GenericRuleset } from '../ruleset.ts';

// The standings (src/games/shared/standings.ts) by the declared victory (rules/victory.ts): the players ranked by
// its count, with what the leader still needs to reach its line. None when no victory is declared: the bot ranks
// by nothing it was not told.

export function standings(state: GenericState, ruleset: Pick<GenericRuleset, 'declarations'>): Standings | undefined {
  const victory = ruleset.declarations.filter((d) => d.kind === 'victory').at(-1);
  if (victory === undefined) return undefined;
  const key = cell(victory.column);
  return {
    rule: `“${victory.cite}” (declared by ${victory.by})`,
    columns: [victory.column],
    players: state.players.map((p) => {
      const count = p[key] as number;
      const left = victory.atLeast - count;
      return { name: p.name, values: [count], toWin: left > 0 ? `${left} more ${victory.column}` : 'the line is reached' };
    }),
    winner: state.phase.winner,
  };
}
