import { z } from 'zod';

// The phase calendar of a cycle: which phase an instant falls in and how many phases have begun
// since the cycle started. Pure: every instant is an argument. All arithmetic is in UTC
// milliseconds, so no time zone or DST can creep in ("All times … are in UTC").

/** One phase as the ruleset names it; days are ISO weekdays (1 = Monday … 7 = Sunday). */
export const PhaseSpec = z.object({
  name: z.string().min(1),
  days: z.array(z.number().int().min(1).max(7)).min(1),
});
export type PhaseSpec = z.infer<typeof PhaseSpec>;

export class CalendarError extends Error {
  override name = 'CalendarError';
}

/** One phase of the cycle: phase number `number`, from `start` (included) to `end` (excluded). */
export interface PhaseSpan {
  number: number;
  name: string;
  start: Date;
  end: Date;
}

export interface Calendar {
  readonly cycleStart: Date;
  /** The phase `t` falls in. Throws CalendarError before the cycle start. */
  phaseAt(t: Date): PhaseSpan;
  /** Phase number `n` (0 = the phase the cycle began in). */
  phase(n: number): PhaseSpan;
  /** The first boundary strictly after `t`. */
  nextRollover(t: Date): Date;
}

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** A Monday 00:00 UTC, the origin from which weeks are counted ("Weeks start on Monday 00:00 UTC"). */
const MONDAY = Date.UTC(1970, 0, 5);

export function makeCalendar(phases: readonly PhaseSpec[], cycleStart: Date): Calendar {
  if (Number.isNaN(cycleStart.getTime())) throw new CalendarError('The cycle start is not a valid instant');
  // Weekday (0 = Monday) → index of the phase it belongs to; each weekday in exactly one phase.
  const owner: number[] = [];
  phases.forEach((p, i) => {
    for (const d of p.days) {
      if (owner[d - 1] !== undefined && owner[d - 1] !== i) {
        throw new CalendarError(`Weekday ${d} belongs to both "${phases[owner[d - 1]!]!.name}" and "${p.name}"`);
      }
      owner[d - 1] = i;
    }
  });
  for (let d = 0; d < 7; d++) {
    if (owner[d] === undefined) throw new CalendarError(`No phase covers weekday ${d + 1} (1 = Monday)`);
  }
  // A boundary is 00:00 UTC on a day whose phase differs from the day before; a lone phase
  // covering the whole week still turns over on its first listed day.
  const offsets: number[] = [];
  for (let d = 0; d < 7; d++) if (owner[d] !== owner[(d + 6) % 7]) offsets.push(d);
  if (offsets.length === 0) offsets.push(phases[0]!.days[0]! - 1);
  const k = offsets.length;

  /** How many boundaries lie in (MONDAY, t]: a global count, so numbers are differences of it. */
  const count = (t: number): number => {
    const week = Math.floor((t - MONDAY) / WEEK);
    const within = t - MONDAY - week * WEEK;
    return week * k + offsets.filter((o) => o * DAY <= within).length;
  };
  /** The instant of the g-th boundary (inverse of count). */
  const boundary = (g: number): number => {
    const week = Math.floor((g - 1) / k);
    return MONDAY + week * WEEK + offsets[g - 1 - week * k]! * DAY;
  };
  const nameAt = (t: number): string => {
    const weekday = Math.floor(((((t - MONDAY) % WEEK) + WEEK) % WEEK) / DAY);
    return phases[owner[weekday]!]!.name;
  };

  const origin = count(cycleStart.getTime());
  const phase = (n: number): PhaseSpan => {
    if (!Number.isInteger(n) || n < 0) throw new CalendarError(`There is no phase number ${n}`);
    const start = n === 0 ? cycleStart.getTime() : boundary(origin + n);
    return { number: n, name: nameAt(start), start: new Date(start), end: new Date(boundary(origin + n + 1)) };
  };
  return {
    cycleStart,
    phase,
    phaseAt(t) {
      if (t.getTime() < cycleStart.getTime()) {
        throw new CalendarError(`${t.toISOString()} is before the cycle start ${cycleStart.toISOString()}`);
      }
      return phase(count(t.getTime()) - origin);
    },
    nextRollover(t) {
      return new Date(boundary(count(t.getTime()) + 1));
    },
  };
}

/**
 * The calendar of a cycle whose phase `n` began at `start`, before its own boundary: a manual
 * rollover started it early. Phase n then runs from `start` to its calendar end, and phase n − 1
 * ends at `start`; every other boundary is the calendar's. Pure, like the calendar it wraps: the
 * override comes from the page (the phase's recorded start), never from a clock. `start` null, or
 * equal to the boundary, gives back the calendar itself.
 */
export function withPhaseStart(calendar: Calendar, n: number, start: Date | null): Calendar {
  if (start === null) return calendar;
  const own = calendar.phase(n);
  const at = start.getTime();
  if (at === own.start.getTime()) return calendar;
  if (Number.isNaN(at) || at > own.start.getTime() || at <= calendar.cycleStart.getTime()) {
    throw new CalendarError(
      `Phase ${n} cannot begin at ${start.toISOString()}: a phase may begin early (a manual rollover), after the cycle start ${calendar.cycleStart.toISOString()}, never after its boundary ${own.start.toISOString()}`,
    );
  }
  const phase = (k: number): PhaseSpan => {
    const span = calendar.phase(k);
    if (k === n) return { ...span, start: new Date(at) };
    // Earlier phases end by the early start (after two manual rollovers in a row, the one between is cut short).
    if (k < n && span.end.getTime() > at) {
      return { ...span, start: new Date(Math.min(span.start.getTime(), at)), end: new Date(at) };
    }
    return span;
  };
  return {
    cycleStart: calendar.cycleStart,
    phase,
    phaseAt(t) {
      const time = t.getTime();
      if (time >= at && time < own.end.getTime()) return phase(n);
      if (time >= at) return calendar.phaseAt(t);
      return phase(Math.min(calendar.phaseAt(t).number, n - 1));
    },
    nextRollover(t) {
      const time = t.getTime();
      if (time >= at && time < own.end.getTime()) return own.end;
      const next = calendar.nextRollover(t);
      return time < at && next.getTime() > at ? new Date(at) : next;
    },
  };
}

/**
 * The calendar with its phases numbered from `first` (a ruleset whose phase number starts at 1): phase `first`
 * is the one the cycle began in. A number before `first` is no phase of it.
 */
export function numberedFrom(calendar: Calendar, first: number): Calendar {
  if (first === 0) return calendar;
  const shift = (span: PhaseSpan): PhaseSpan => ({ ...span, number: span.number + first });
  return {
    cycleStart: calendar.cycleStart,
    phase(n) {
      if (n < first) throw new CalendarError(`Phase ${n} is before the cycle's first phase, ${first}`);
      return shift(calendar.phase(n - first));
    },
    phaseAt: (t) => shift(calendar.phaseAt(t)),
    nextRollover: (t) => calendar.nextRollover(t),
  };
}

/**
 * The calendar's phase number at an instant; the first phase's (0) before the cycle start (a player may have joined, or acted,
 * before it: “continuously been a player from a time that was within 3 days of the round starting”).
 */
export function phaseNumberAt(at: Date, calendar: Calendar): number {
  return calendar.phaseAt(at.getTime() < calendar.cycleStart.getTime() ? calendar.cycleStart : at).number;
}
