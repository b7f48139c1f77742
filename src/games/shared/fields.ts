import { formatInstant } from '../../sim/trail.ts';
import { utcInstant } from '../../sim/instant.ts';
import { NONE } from './history.ts';

// How the common kinds of Gamestate cell are read and written (a game adds its own in its
// gamestate/fields.ts). Readers take a cell's plain text (undefined for a missing, empty or "-" cell)
// and throw FieldError with a message an editor can act on; writers give the canonical text.
// Reading what a writer wrote gives back the same value.

export class FieldError extends Error {}

export function required(text: string | undefined): string {
  if (text === undefined) throw new FieldError('is empty; a value is required');
  return text;
}

/**
 * The number written in `digits`, refused beyond 2^53 − 1: a larger number cannot be counted
 * exactly (41 + 1 may give 41 again), so it would be written back rounded.
 */
export function exactInt(digits: string): number {
  const n = Number(digits);
  if (!Number.isSafeInteger(n)) {
    throw new FieldError(`"${digits}" is too large: Croupier counts exactly only up to ${Number.MAX_SAFE_INTEGER} (2^53 − 1)`);
  }
  return n;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The whole-number readers of a game whose pages may write a count with its unit ("41 Vb", "41 Vertebrae"):
 * `units`, the game's words, any case. Another game's unit is no number of this one's ("41 Vertebrae" in Round 10).
 */
export function intReaders(units: readonly string[]) {
  const re = new RegExp(`^([+-]?\\d+)\\s*${units.length === 0 ? '' : `(?:${units.map(escapeRe).join('|')})?`}$`, 'iu');
  const readInt = (text: string | undefined, opts: { min?: number } = {}): number => {
    const m = re.exec(required(text));
    if (!m) throw new FieldError(`"${text}" is not a whole number`);
    const n = exactInt(m[1]!);
    if (opts.min === 0 && n < 0) throw new FieldError(`${n} is negative: nobody can hold fewer than 0`);
    if (opts.min !== undefined && n < opts.min) throw new FieldError(`${n} is below ${opts.min}`);
    return n;
  };
  const readOptionalInt = (text: string | undefined, opts: { min?: number } = {}): number | null => (text === undefined ? null : readInt(text, opts));
  return { readInt, readOptionalInt };
}

/** "41", "+3": a count without a unit (a game whose cells write units has its own, intReaders). */
export const { readInt, readOptionalInt } = intReaders([]);

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(?:z|utc)?$/i;

/** No game of Infinite Nomic's bot predates it: an earlier year is a typo ("0026", "1926"). */
export const FIRST_YEAR = 2000;

/** "2026-11-18 20:00" (UTC), also "2026-11-18", "2026-11-18T20:00Z", "2026-11-18 20:00 UTC" */
export function readInstant(text: string | undefined): Date {
  const m = INSTANT.exec(required(text).trim());
  if (!m) throw new FieldError(`"${text}" is not a time; write it as YYYY-MM-DD HH:MM (UTC)`);
  const n = (s: string | undefined) => (s === undefined ? undefined : Number(s));
  const t = utcInstant({ year: n(m[1])!, month: n(m[2])!, day: n(m[3])!, hour: n(m[4]), minute: n(m[5]), second: n(m[6]) });
  if (typeof t === 'string') throw new FieldError(`"${text}" is not a time: ${t}`);
  if (t.getUTCFullYear() < FIRST_YEAR) throw new FieldError(`"${text}" is before ${FIRST_YEAR}: write the year in full (YYYY-MM-DD HH:MM, UTC)`);
  return t;
}

export function readOptionalInstant(text: string | undefined): Date | null {
  return text === undefined ? null : readInstant(text);
}

export function writeInstant(t: Date | null): string {
  return t === null ? NONE : formatInstant(t);
}

export function writeInt(n: number | null): string {
  return n === null ? NONE : String(n);
}

export function readList(text: string | undefined): string[] {
  return text === undefined
    ? []
    : text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '' && s !== NONE);
}

export function writeList(items: readonly string[]): string {
  return items.length === 0 ? NONE : items.join(', ');
}

export function readEnum<T extends string>(text: string | undefined, values: readonly T[]): T {
  const v = required(text).toLowerCase();
  const hit = values.find((x) => x.toLowerCase() === v);
  if (hit === undefined) throw new FieldError(`"${text}" is not one of: ${values.join(', ')}`);
  return hit;
}
