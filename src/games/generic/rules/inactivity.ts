import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import type { DeclarationOf } from '../declarations.ts';
import { cell, type GenericPlayer, type GenericState } from '../gamestate.ts';
import { citedReason } from './cited.ts';
import { refuseActionsAfter } from '../../kit/catch-up.ts';

// “A player is considered to be 'inactive' if they performed no actions in the previous phase”: at the start of
// phase n, a player whose last action is before the start of phase n − 1 (or who has none) is inactive for phase
// n. The declared column shows it (yes: active); a History row for each player whose cell changes. A last action after
// the page was saved (or the run's time) has not happened: refused (it would keep a player active, and granted).

/** Whether the player acted in the phase before `phase` (the one the boundary ended). */
export function actedIn(p: GenericPlayer, d: DeclarationOf<'inactive'>, calendar: Calendar, phase: number): boolean {
  const last = p[cell(d.lastAction)];
  const previous = calendar.phase(phase - 1).start;
  return last instanceof Date && last.getTime() >= previous.getTime();
}

export function markInactivity(state: GenericState, d: DeclarationOf<'inactive'>, calendar: Calendar, phase: number, clock: Date): Change[] {
  const column = d.lastAction;
  refuseActionsAfter(
    clock,
    phase,
    state.players.map((p) => {
      const last = p[cell(column)];
      return { player: p.name, at: last instanceof Date ? last : null, cell: { page: state.page, table: state.playersTable?.name, row: p.row, column } };
    }),
  );
  const changes: Change[] = [];
  const start = calendar.phase(phase).start;
  const previous = calendar.phase(phase - 1);
  for (const p of state.players) {
    const active = actedIn(p, d, calendar, phase);
    const shown = active ? 'yes' : 'no';
    const key = cell(d.shownIn);
    const before = p[key];
    if (typeof before === 'string' && before.trim().toLowerCase() === shown) continue;
    p[key] = shown;
    const last = p[cell(d.lastAction)];
    changes.push({
      at: start,
      phase,
      event: active ? 'Active' : 'Inactive',
      player: p.name,
      change: `${d.shownIn}: ${before === '' || before === null || before === undefined ? '-' : String(before)} → ${shown}`,
      reason: citedReason(d, {
        [d.lastAction]: last instanceof Date ? formatInstant(last) : 'none',
        'previous phase': `${previous.number} (${previous.name}, from ${formatInstant(previous.start)})`,
      }),
    });
  }
  return changes;
}
