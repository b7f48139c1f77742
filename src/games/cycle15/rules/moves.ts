import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import type { Gamestate, Move, Player } from '../gamestate/schema.ts';
import { gainItems } from './items.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';

// What becomes of recorded moves as phases end: the progressive-action rule, the movement-error
// grace period, and the incomplete-move penalty.

export const PROGRESSIVE_RULE =
  'Progressive Actions: the action is deemed to be performed if “The time is in the same phase in which they commenced the action.”';
export const GRACE_RULE =
  'Movement: “If an error in movement goes unnoticed by the end of the following phase, this no longer applies and the movement is accepted as legitimate in that instance.”';
export const INCOMPLETE_RULE =
  "Movement: “If an incomplete move occurred in the previous phase and is identified after they have moved again, their move for the current phase is negated and they are granted a 'Time Bean Chili'.”";

const where = (m: Move) => `move of ${formatInstant(m.time)}`;

/** At the end of phase `ended`: a move commenced in it (or before) whose selections are not all made is not performed. */
export function endProgressiveMoves(state: Gamestate, calendar: Calendar, ended: number, at: Date): Change[] {
  return state.moves
    .filter((m) => m.status === 'commenced' && phaseNumberAt(m.time, calendar) <= ended)
    .map((m) => {
      m.status = 'not performed';
      return {
        at,
        phase: ended + 1,
        event: 'Move not performed',
        player: m.player,
        change: `${where(m)}: commenced → not performed (phase ${phaseNumberAt(m.time, calendar)} ended before its selections were made)`,
        reason: { rule: PROGRESSIVE_RULE, inputs: { commenced: formatInstant(m.time), 'phase ended': formatInstant(at) } },
      };
    });
}

/** At the end of phase `ended`: a performed move of phase `ended − 1` whose errors went unnoticed is accepted. */
export function acceptUnnoticedMoves(state: Gamestate, calendar: Calendar, ended: number, at: Date): Change[] {
  return state.moves
    .filter((m) => m.status === 'performed' && phaseNumberAt(m.time, calendar) <= ended - 1)
    .map((m) => {
      m.status = 'accepted';
      return {
        at,
        phase: ended + 1,
        event: 'Move accepted',
        player: m.player,
        change: `${where(m)}: performed → accepted (no error noticed by the end of phase ${ended}, the phase after it)`,
        reason: { rule: GRACE_RULE, inputs: { move: formatInstant(m.time), 'following phase ended': formatInstant(at) } },
      };
    });
}

/**
 * Every move marked incomplete, judged once, at `at` in phase `current`: the page's time and phase
 * when it was marked (engine.ts), whenever the run — at 12:00, at the next boundary, or a week later —
 * so every run judges it the same. Of the previous phase, with the player having moved again this
 * phase: that move negated and a Time Bean Chili granted; otherwise (of this phase, of an older one, or
 * before they moved again) the rule does not apply: identified, no penalty.
 */
export function penaliseIncompleteMoves(state: Gamestate, calendar: Calendar, current: number, at: Date, player: (name: string) => Player): Change[] {
  const changes: Change[] = [];
  for (const m of state.moves.filter((x) => x.status === 'incomplete')) {
    const phase = phaseNumberAt(m.time, calendar);
    const again = state.moves.find(
      (x) => x.player === m.player && (x.status === 'performed' || x.status === 'error') && x.time > m.time && phaseNumberAt(x.time, calendar) === current,
    );
    const row = (change: string, inputs: Record<string, string | number>): Change => ({
      at,
      phase: current,
      event: 'Incomplete move',
      player: m.player,
      change,
      reason: { rule: INCOMPLETE_RULE, inputs: { 'incomplete move': formatInstant(m.time), ...inputs } },
    });
    if (phase === current - 1 && again !== undefined) {
      m.status = 'penalised';
      again.status = 'negated';
      changes.push(
        row(`${where(again)} negated; ${gainItems(player(m.player), 'Time Bean Chili', 1)}; ${where(m)} → penalised`, {
          'moved again': formatInstant(again.time),
        }),
      );
    } else {
      m.status = 'identified';
      const why =
        phase === current - 1
          ? 'identified before they moved again'
          : phase === current
            ? 'identified in the phase it occurred in'
            : `not in the previous phase (phase ${phase})`;
      changes.push(row(`${where(m)} → identified, no penalty (${why})`, { 'current phase': current }));
    }
  }
  return changes;
}
