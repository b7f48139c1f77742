import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate/schema.ts';

// Phases: “Each week is divided into two phases: Phase I: Monday, Tuesday, Wednesday, and Thursday;
// Phase II: Friday, Saturday, and Sunday” (as the Ruleset lists them). The Phase number counts the
// phases since the cycle start, 0 in the phase the cycle began.

export const PHASES_RULE = 'Phases: “Each week is divided into two phases”';

/** The phase number and name advance at the boundary `at`. */
export function advancePhase(state: Gamestate, calendar: Calendar): Change {
  const from = state.phase.number;
  const to = from + 1;
  const next = calendar.phase(to);
  state.phase.number = to;
  state.phase.name = next.name;
  state.phase.nextRollover = calendar.phase(to + 1).start;
  return {
    at: next.start,
    phase: to,
    event: 'Rollover',
    player: '-',
    change: `Phase ${from} → ${to} (${next.name}); next rollover ${formatInstant(state.phase.nextRollover)}`,
    reason: { rule: PHASES_RULE, inputs: { 'cycle start': formatInstant(calendar.cycleStart), boundary: formatInstant(next.start) } },
  };
}
