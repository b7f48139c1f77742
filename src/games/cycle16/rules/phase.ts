import { phaseNumberAt, type Calendar } from '../../../sim/calendar.ts';
import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Gamestate, PhaseState } from '../gamestate/schema.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import { closeGift } from './gifts.ts';
import { updateActivity } from './inactivity.ts';
import { resetLimits } from './limits.ts';

// Rule 1: the phase number and name advance at each boundary, and the next rollover is shown.
// “The Phase Number is the number of phases since the beginning of the cycle, starting with 0 on
// the phase the cycle began.” A rollover also ends what lasts one phase (rules 2, 3 and 5).

export interface RolloverCause {
  /** When the new phase begins: its boundary, or the moment of a manual rollover. */
  at: Date;
  /** The latest instant the page can hold (a Last action after it is refused: ./inactivity.ts). */
  clock: Date;
  /** Who forced it, for a manual rollover by an admin. */
  manualBy?: string;
  /** The key of the on-wiki request that asked for the manual rollover (named in its History row). */
  request?: string;
}

export function rollOver(state: Gamestate, calendar: Calendar, cause: RolloverCause): Change[] {
  const { at } = cause;
  const from = state.phase.number;
  const to = from + 1;
  // The phase ending now began at its boundary, or earlier if a manual rollover began it: the
  // calendar is the page's (engine.ts calendarOf), which knows the recorded "Phase start".
  const previousStart = calendar.phase(from).start;
  const changes: Change[] = [];

  for (const gift of state.gifts) {
    if (gift.status === 'granted' && gift.time.getTime() < at.getTime()) changes.push(closeGift(gift, at, from));
  }

  const next = calendar.phase(to);
  state.phase.number = to;
  state.phase.name = next.name;
  state.phase.nextRollover = calendar.phase(to + 1).start;
  // Recorded once a manual rollover begins a phase early, then kept up to date at every rollover.
  state.phase.started = cause.manualBy !== undefined || state.phase.started !== null ? at : null;
  changes.push({
    at,
    phase: to,
    event: cause.manualBy === undefined ? 'Rollover' : 'Manual rollover',
    player: '-',
    change: `Phase ${from} → ${to} (${next.name}); next rollover ${formatInstant(state.phase.nextRollover)}`,
    reason: {
      rule:
        cause.manualBy === undefined
          ? 'Phases: “The Phase Number is the number of phases since the beginning of the cycle, starting with 0 on the phase the cycle began.”'
          : `Manual rollover by ${cause.manualBy}${cause.request === undefined ? '' : ` (on-wiki request ${cause.request})`}, ahead of the boundary ${formatInstant(next.start)}`,
      inputs: { 'cycle start': formatInstant(calendar.cycleStart), boundary: formatInstant(next.start) },
    },
  });
  changes.push(...resetLimits(state, at, to));
  changes.push(...updateActivity(state, previousStart, at, to, cause.clock));
  return changes;
}

/**
 * The page's Phase number must have begun by now: at its calendar boundary, or earlier at the
 * recorded "Phase start" of a manual rollover (`calendar` is the page's, engine.ts calendarOf). A
 * number ahead of that (9 while the calendar says 4) would suppress every rollover until the
 * calendar caught up. Checked when the page is read for a run (gamestate.ts), with its other
 * problems; phase 0 before the cycle start is the engine's "cycle start after the run's time".
 */
export function phaseAhead(state: { page?: string | undefined; phase: PhaseState }, calendar: Calendar, now: Date): Problem | undefined {
  const n = state.phase.number;
  const began = calendar.phase(n).start;
  if (n === 0 || began.getTime() <= now.getTime()) return undefined;
  const truth = phaseNumberAt(now, calendar);
  const record = state.phase.started === null ? 'by the calendar' : 'by its "Phase start" cell';
  return {
    message:
      `phase ${n} is ahead of the calendar: it begins at ${formatInstant(began)} ${record}, after the run's time ${formatInstant(now)}, ` +
      `which is in phase ${truth} (cycle start ${formatInstant(state.phase.cycleStart)}); only a manual rollover begins a phase early, ` +
      `and it records when in "Phase start" — write ${truth} (or check the run's time)`,
    location: { page: state.page, table: 'Phase', row: 1, column: 'Phase number' },
  };
}
