import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate-schema.ts';

// Rule 3. “A player is considered to be 'inactive' if they performed no actions in the previous
// phase. All players are active in the phase they join the game.”

/**
 * Statuses for the phase starting at `start`, whose previous phase ran from `previousStart`.
 * The page keeps only each player's latest action: one later than `start` (a catch-up over
 * several phases) cannot tell whether they also acted in the previous phase, and counts as active.
 */
export function updateActivity(state: Gamestate, previousStart: Date, start: Date, phase: number): Change[] {
  const changes: Change[] = [];
  for (const p of state.players) {
    if (p.joined.getTime() >= start.getTime()) continue; // joins later: active in the phase they join
    const last = p.lastAction?.getTime();
    const acted = last !== undefined && last >= previousStart.getTime();
    const status = acted ? 'active' : 'inactive';
    if (status === p.status) continue;
    const was = p.status;
    p.status = status;
    changes.push({
      at: start,
      phase,
      event: 'Inactivity',
      player: p.name,
      change: `${was} → ${status}`,
      reason: {
        rule: 'Players: “A player is considered to be \'inactive\' if they performed no actions in the previous phase.”',
        inputs: {
          'last action': p.lastAction === null ? 'none' : formatInstant(p.lastAction),
          'previous phase': `${formatInstant(previousStart)} to ${formatInstant(start)}`,
        },
      },
    });
  }
  return changes;
}
