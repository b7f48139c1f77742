import { phaseNumberAt, type Calendar } from '../../sim/calendar.ts';
import { formatInstant } from '../../sim/trail.ts';
import { refuseRunBefore } from './catch-up.ts';

// The Phase table of a weekly-calendar game (its Cycle start and Phase number) checked against a run's time.

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
