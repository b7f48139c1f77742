import { describeLocation } from '../../parse/location.ts';
import { CalendarError, makeCalendar, phaseNumberAt, type Calendar } from '../../sim/calendar.ts';
import { formatInstant } from '../../sim/trail.ts';
import type { EngineState, Schedule } from '../engine-contract.ts';
import type { Phase } from '../shared/ruleset-schema.ts';
import { refuseRunBefore } from './catch-up.ts';

// The clock of a game whose periods are the phases of its ruleset's weekly calendar: the calendar from the page's
// start, where the game stands at an instant (its Schedule), and the Phase table (its Cycle start and Phase number)
// checked against a run's time.

/** The phases of a ruleset as a calendar from `start`; a CalendarError naming where the phases are written (page, rule). */
export function rulesetCalendar(ruleset: { phases: readonly Phase[]; page?: string | undefined }, start: Date): Calendar {
  try {
    return makeCalendar(ruleset.phases, start);
  } catch (err) {
    const where = ruleset.phases.find((p) => p.location !== undefined)?.location ?? (ruleset.page === undefined ? {} : { page: ruleset.page });
    if (!(err instanceof CalendarError) || describeLocation(where) === '') throw err;
    throw new CalendarError(`${describeLocation(where)}: ${err.message}`);
  }
}

/** At most this many missed boundaries are listed (a cycle start centuries ago is refused by the run itself). */
const MAX_MISSED = 10_000;

/** Every boundary after the page's phase up to `now` is missed, the next boundary after `now` is next. */
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

/** What the Phase table records of the clock. */
export interface RecordedPhase {
  page?: string | undefined;
  phase: { number: number; cycleStart: Date };
}

/** A run's time before what the page records (a cycle start to come, a phase number ahead of the calendar) is refused. */
export function refuseTimeBeforeState(state: RecordedPhase, calendar: Calendar, now: Date): void {
  const where = (column: string) => ({ page: state.page, table: 'Phase', row: 1, column });
  const n = state.phase.number;
  const begins = calendar.phase(n).start;
  refuseRunBefore(now, [
    {
      at: state.phase.cycleStart,
      cell: where('Cycle start (UTC)'),
      refused: () => `the cycle start ${formatInstant(state.phase.cycleStart)} is after the run's time ${formatInstant(now)}`,
    },
    {
      at: begins,
      cell: where('Phase number'),
      refused: () =>
        `phase ${n} begins at ${formatInstant(begins)}, after the run's time ${formatInstant(now)} (phase ${phaseNumberAt(now, calendar)} by the calendar): write the phase the calendar gives`,
    },
  ]);
}
