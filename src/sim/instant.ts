// The one strict reader of instants typed by people (`--now`): ISO 8601 only, every field in range,
// nothing after it. Without a zone an instant is UTC, whatever TZ the process runs in — “All times
// mentioned in this ruleset are in UTC”. Pure.

/** An instant that is not well-formed ISO 8601: a usage error (the CLI exits with code 2). */
export class InstantError extends Error {
  override name = 'InstantError';
  constructor(
    /** What was read ("--now"). */
    readonly what: string,
    readonly input: string,
    /** What is wrong with it, in plain words. */
    readonly problem: string,
  ) {
    super(`${what} "${input}" is not an ISO 8601 instant: ${problem} (e.g. 2026-11-19T00:00Z; without a zone it is UTC)`);
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface InstantParts {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

/** Days in a month of the proleptic Gregorian calendar. */
function daysIn(year: number, month: number): number {
  const t = new Date(0);
  t.setUTCFullYear(year, month, 0); // day 0 of the next month: the last day of this one
  return t.getUTCDate();
}

/**
 * The UTC instant of calendar fields, or what is out of range ("February 2026 has 28 days").
 * Any year is taken as written: year 26 is year 26, never 1926 (Date.UTC's two-digit rule).
 */
export function utcInstant(p: InstantParts): Date | string {
  const { year, month, day, hour = 0, minute = 0, second = 0, millisecond = 0 } = p;
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = daysIn(year, month);
  if (day < 1 || day > days) return `${MONTHS[month - 1]} ${year} has ${days} days, so there is no day ${day}`;
  if (hour > 23) return `the hour ${hour} is past 23`;
  if (minute > 59) return `the minute ${minute} is past 59`;
  if (second > 59) return `the second ${second} is past 59`;
  const t = new Date(0);
  t.setUTCFullYear(year, month - 1, day);
  t.setUTCHours(hour, minute, second, millisecond);
  return t;
}

// Date, then optionally time (T or one space), then optionally a zone; each part well-formed.
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const TIME = /^[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?/;
const ZONE = /^(?:Z|([+-])(\d{2})(?::?(\d{2}))?)/i;

/** `--now` and the like: `2026-11-19`, `2026-11-19T00:00`, `2026-11-19T00:00:00.000Z`, `2026-11-19 01:00+01:00`. */
export function parseInstant(input: string, what = 'the time'): Date {
  const fail = (problem: string): never => {
    throw new InstantError(what, input, problem);
  };
  const d = DATE.exec(input);
  if (d === null) fail('it does not begin with a date written YYYY-MM-DD');
  let rest = input.slice(d![0].length);
  const t = TIME.exec(rest);
  if (t !== null) rest = rest.slice(t[0].length);
  const z = ZONE.exec(rest);
  if (z !== null) rest = rest.slice(z[0].length);
  if (rest !== '') {
    const read = input.slice(0, input.length - rest.length);
    fail(/^[T ]\d/.test(rest) && t === null ? `the time after "${read}" should be written HH:MM` : `"${rest}" after "${read}" is not part of one`);
  }
  const n = (s: string | undefined) => (s === undefined ? undefined : Number(s));
  const at = utcInstant({
    year: n(d![1])!,
    month: n(d![2])!,
    day: n(d![3])!,
    hour: n(t?.[1]),
    minute: n(t?.[2]),
    second: n(t?.[3]),
    millisecond: t?.[4] === undefined ? 0 : Math.floor(Number(`0.${t[4]}`) * 1000),
  });
  if (typeof at === 'string') return fail(at);
  if (z?.[1] !== undefined) {
    const hours = Number(z[2]);
    const minutes = Number(z[3] ?? 0);
    if (hours > 23 || minutes > 59) fail(`the zone offset ${z[0]} is out of range`);
    const offset = (hours * 60 + minutes) * 60_000 * (z[1] === '-' ? -1 : 1);
    return new Date(at.getTime() - offset);
  }
  return at;
}
