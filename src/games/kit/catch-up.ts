import type { Location } from '../../parse/location.ts';
import type { DueEvent } from '../../sim/due-events.ts';
import { formatInstant, type Change } from '../../sim/trail.ts';
import type { Pending } from '../engine-contract.ts';
import { GamestateError } from '../shared/gamestate-error.ts';

// The game kit's catch-up: every game's engine applies what its rules make happen up to an instant, one
// event at a time, earliest first — the same loop, the same guard and the same error for all of them. A
// game gives only its rules: the events its state lists (when, their order at one instant, what they do)
// and what it checks after each (victory, recomputed columns). Pure: the instants are arguments.

/** One thing a game's rules make happen at an instant: `order` ranks events at one instant, the lower first. */
export interface CatchUpEvent extends DueEvent {
  /** What it is, for `due` and for errors ("rollover to phase 5"). */
  label: string;
  /** Applies it to the state; the History rows it makes. */
  apply: () => Change[];
  /** It changes what every source of events reads (a rollover: the phase), so all are listed again. */
  everything?: boolean;
}

/** What is due, earliest first: src/sim/due-events.ts (events listed source by source), or `listedAgain`. */
export interface DueQueue<E extends DueEvent> {
  /** The earliest event due by `until` (epoch ms); undefined when none is. */
  next(until: number): E | undefined;
  /** After `next()`'s event was applied: `everything` when it changed what every source reads. */
  applied(everything: boolean): void;
}

/**
 * Everything the state lists, listed again before each event: the earliest by time, then `order`, then
 * its place in the list (what a stable sort by time and order puts first).
 */
export function listedAgain<E extends DueEvent>(list: () => readonly E[]): DueQueue<E> {
  return {
    next(until) {
      let first: E | undefined;
      for (const e of list()) {
        const at = e.at.getTime();
        if (!(at <= until)) continue;
        if (first === undefined || at < first.at.getTime() || (at === first.at.getTime() && e.order < first.order)) first = e;
      }
      return first;
    },
    applied() {},
  };
}

/** At most this many events in one run by default: more means a page the bot was not built for (a start centuries ago). */
export const MAX_EVENTS = 100_000;

/**
 * Where a runaway catch-up comes from, as the game declares it: the cell of its one-row table its clock starts
 * from ("Cycle start (UTC)" of the Phase table), and what to check there ("the cycle start").
 */
export interface Runaway {
  table: string;
  column: string;
  check: string;
}

/** One run: its page, where the page is ("phase 0") and the run's time — the stretch the events fall in. */
export interface RunSpan {
  page: string | undefined;
  from: string;
  to: Date;
  /** At most this many events (default MAX_EVENTS). */
  max?: number | undefined;
}

/** The one guard of a run (shared by its catch-ups): reaching its limit is an error, never a partial run. */
export class EventLimit {
  private applied = 0;
  constructor(
    private readonly runaway: Runaway,
    private readonly run: RunSpan,
  ) {}

  /** One event more; beyond the limit a GamestateError naming the runaway's cell, and nothing is written. */
  count(next: CatchUpEvent): void {
    const { page, from, to, max = MAX_EVENTS } = this.run;
    if (++this.applied <= max) return;
    const { table, column, check } = this.runaway;
    const n = max.toLocaleString('en');
    throw new GamestateError([
      {
        message:
          `more than ${n} events are due between ${from} and ${formatInstant(to)} (the next: ${next.label} at ${formatInstant(next.at)}); ` +
          `the bot applies at most ${n} in one run and stops without writing anything — check ${check}`,
        location: { page, table, row: 1, column },
      },
    ]);
  }
}

export interface CatchUp<E extends CatchUpEvent> {
  queue: DueQueue<E>;
  /** Nothing after this instant (epoch ms) is applied. */
  until: number;
  limit: EventLimit;
  /** The run's History rows: each event's, then its `after`'s, are appended in turn. */
  changes: Change[];
  /** The game is over (a winner): nothing more is applied. */
  done?: () => boolean;
  /** After each event, before the next is chosen: the game's checks (victory, recomputed columns). */
  after?: (event: E) => Change[];
}

/** Takes the earliest event due by `until`, applies it, looks again — until none is due or the game is done. */
export function catchUp<E extends CatchUpEvent>(run: CatchUp<E>): void {
  while (!run.done?.()) {
    const next = run.queue.next(run.until);
    if (next === undefined) return;
    run.limit.count(next);
    run.changes.push(...next.apply());
    if (run.after) run.changes.push(...run.after(next));
    run.queue.applied(next.everything === true);
  }
}

/**
 * What is still to come: the events still listed, by time (listing order at one instant), then what waits on the
 * page; nothing once the game is over (`over`: a winner), whatever the page still holds open.
 */
export function dueOf(over: boolean, listed: () => readonly CatchUpEvent[], waiting: readonly Pending[] = []): { next: Date | null; pending: Pending[] } {
  if (over) return { next: null, pending: [] };
  const timed = [...listed()].sort((a, b) => a.at.getTime() - b.at.getTime()).map((e): Pending => ({ at: e.at, what: e.label }));
  return { next: timed[0]?.at ?? null, pending: [...timed, ...waiting] };
}

/** A state the page records, from the instant it begins: the cell that records it, and why a run before it is refused. */
export interface RecordedStart {
  at: Date;
  cell: Location;
  refused: () => string;
}

/**
 * A run's time before the state the page records (a start still to come, a phase ahead of the calendar)
 * cannot be applied: it would write History rows dated before what the page already holds. The first
 * recorded start after `now` is refused, naming its cell.
 */
export function refuseRunBefore(now: Date, starts: readonly RecordedStart[]): void {
  const early = starts.find((s) => now.getTime() < s.at.getTime());
  if (early !== undefined) throw new GamestateError([{ message: early.refused(), location: early.cell }]);
}

/**
 * A boundary that marks inactive who “performed no actions in the previous phase” reads each player's last action,
 * and one later than the phase's start counts them as having acted (the page keeps only the latest). None is later
 * than `clock`, when the page was saved (or the run's time, if later: src/games/kit/game.ts): a Last action after it
 * (a typo, a local time, a player keeping themselves active) is refused, naming the first such cell, rather than read
 * as activity (and, where the active are granted something, paid).
 */
export function refuseActionsAfter(clock: Date, phase: number, actions: readonly { player: string; at: Date | null; cell: Location }[]): void {
  refuseRunBefore(
    clock,
    actions.flatMap((a) =>
      a.at === null
        ? []
        : [
            {
              at: a.at,
              cell: a.cell,
              refused: () =>
                `${a.player}'s last action ${formatInstant(a.at!)} is after ${formatInstant(clock)}, when the page was saved (or the run's time, if later): the rollover to phase ${phase} marks ` +
                `inactive who “performed no actions in the previous phase”, and an action that has not happened yet cannot count. Write the time they last acted, in UTC`,
            },
          ],
    ),
  );
}
