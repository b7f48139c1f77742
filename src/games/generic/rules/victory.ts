import type { Change } from '../../../sim/trail.ts';
import { names } from '../../shared/standings.ts';
import type { DeclarationOf } from '../declarations.ts';
import { cell, type GenericState } from '../gamestate.ts';
import { appliesTo, citedReason } from './cited.ts';

// “At the end of each Market Phase, the player who holds the most Ore, if they hold at least 150 Ore, wins the
// cycle”: at the end of each phase (or of a named phase) the one player with the most of the declared count, if
// at least the declared line, wins; the Winner cell records it and the game is over. A tie for the most is not
// settled by the bot (a ruleset's tie-break is for the players or the Judge): a History row names it, no winner.

export function checkVictory(state: GenericState, d: DeclarationOf<'victory'>, at: Date, phase: { number: number; name: string }): Change[] {
  if (!appliesTo(d.at, phase.name) || state.players.length === 0) return [];
  const key = cell(d.column);
  const most = Math.max(...state.players.map((p) => p[key] as number));
  if (most < d.atLeast) return [];
  const leaders = state.players.filter((p) => p[key] === most).map((p) => p.name);
  const inputs = { [d.column]: most, 'at least': d.atLeast, phase: `${phase.number} (${phase.name})` };
  if (leaders.length > 1) {
    return [
      {
        at,
        phase: phase.number,
        event: 'Tie',
        player: '-',
        change: `${names(leaders)} tie with ${most} ${d.column}: no winner recorded (the tie is settled as the ruleset says, then written in the Winner cell)`,
        reason: citedReason(d, inputs),
      },
    ];
  }
  state.phase.winner = leaders;
  state.phase.nextRollover = null;
  return [{ at, phase: phase.number, event: 'Victory', player: leaders[0]!, change: `wins with ${most} ${d.column}`, reason: citedReason(d, inputs) }];
}
