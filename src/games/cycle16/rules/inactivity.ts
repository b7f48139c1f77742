import type { Calendar } from '../../../sim/calendar.ts';
import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Gamestate, Player } from '../gamestate/schema.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { refuseActionsAfter } from '../../kit/catch-up.ts';

// Rule 3. “A player is considered to be 'inactive' if they performed no actions in the previous
// phase. All players are active in the phase they join the game.”

const JOINING = 'Players: “All players are active in the phase they join the game.”';

/** Sets the status, with its History row; nothing when it is already that. */
function setStatus(p: Player, status: Player['status'], at: Date, phase: number, reason: Change['reason']): Change[] {
  if (p.status === status) return [];
  const was = p.status;
  p.status = status;
  return [{ at, phase, event: 'Inactivity', player: p.name, change: `${was} → ${status}`, reason }];
}

/** Players who joined in the page's current phase are active in it, whatever their Status cell says (from joining, or `now` if later). */
export function activeOnJoining(state: Gamestate, calendar: Calendar, now: Date): Change[] {
  const phase = state.phase.number;
  return state.players
    .filter((p) => phaseNumberAt(p.joined, calendar) === phase)
    .flatMap((p) => {
      const at = new Date(Math.min(p.joined.getTime(), now.getTime()));
      return setStatus(p, 'active', at, phase, { rule: JOINING, inputs: { joined: formatInstant(p.joined), phase } });
    });
}

/**
 * Statuses for the phase starting at `start`, whose previous phase ran from `previousStart`.
 * The page keeps only each player's latest action: one later than `start` (a catch-up over
 * several phases) cannot tell whether they also acted in the previous phase, and counts as active.
 * An action before the cycle start counts as one of phase 0, as every instant before it does. One after `clock` (when
 * the page was saved, or the run's time) has not happened: refused, for the players whose last action is read.
 */
export function updateActivity(state: Gamestate, previousStart: Date, start: Date, phase: number, clock: Date): Change[] {
  const column = 'Last action (UTC)';
  refuseActionsAfter(
    clock,
    phase,
    state.players.flatMap((p) =>
      p.joined.getTime() >= start.getTime() ? [] : [{ player: p.name, at: p.lastAction, cell: { page: state.page, table: 'Players', row: p.row, column } }],
    ),
  );
  const changes: Change[] = [];
  for (const p of state.players) {
    if (p.joined.getTime() >= start.getTime()) {
      // Joins in this phase (or later): active in the phase they join.
      changes.push(...setStatus(p, 'active', start, phase, { rule: JOINING, inputs: { joined: formatInstant(p.joined) } }));
      continue;
    }
    const last = p.lastAction?.getTime();
    const acted = last !== undefined && (last >= previousStart.getTime() || phase === 1);
    changes.push(
      ...setStatus(p, acted ? 'active' : 'inactive', start, phase, {
        rule: "Players: “A player is considered to be 'inactive' if they performed no actions in the previous phase.”",
        inputs: {
          'last action': p.lastAction === null ? 'none' : formatInstant(p.lastAction),
          'previous phase': `${formatInstant(previousStart)} to ${formatInstant(start)}`,
        },
      }),
    );
  }
  return changes;
}
