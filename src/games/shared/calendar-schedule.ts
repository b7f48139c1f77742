import type { Calendar } from '../../sim/calendar.ts';
import type { EngineState, Schedule } from '../engine-contract.ts';

// The Schedule of a game whose periods are the phases of a weekly calendar (src/sim/calendar.ts):
// every boundary after the page's phase up to `now` is missed, the next boundary after `now` is next.

/** At most this many missed boundaries are listed (a cycle start centuries ago is refused by the run itself). */
const MAX_MISSED = 10_000;

export function calendarSchedule(calendar: Calendar, state: EngineState, now: Date): Schedule {
  const recorded = calendar.phase(state.phase.number);
  // Before the cycle start the clock is at phase 0, not begun (the daemon plans the start; a run refuses it).
  const current = now.getTime() < calendar.cycleStart.getTime() ? recorded : calendar.phaseAt(now);
  if (state.phase.winner.length > 0) return { current, recorded, missed: [], next: null }; // the cycle is over
  const missed: Date[] = [];
  for (let n = state.phase.number + 1; missed.length < MAX_MISSED; n++) {
    const start = calendar.phase(n).start;
    if (start.getTime() > now.getTime()) break;
    missed.push(start);
  }
  return { current, recorded, missed, next: calendar.nextRollover(now) };
}
