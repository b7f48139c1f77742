// The new cycle of fixtures/newcycle moved in time for the tests on the real wiki, whose runs may not be dated after
// the clock: its cycle began on a Monday two to three weeks ago (T0). T0 + 2 days is the Expedition Phase (phase 1),
// T0 + 5 days the Market Phase (2), T0 + 7 days the Planning Phase (3).
import { readFileSync } from 'node:fs';
import { formatInstant } from '../../src/sim/trail.ts';
import { root } from './wiki-dirs.ts';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
const today = new Date();
const T0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 14 * DAY - ((today.getUTCDay() + 6) % 7) * DAY;
/** The instant `ms` after the cycle began. */
export const at = (ms: number): Date => new Date(T0 + ms);
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const start = at(0);

/** The Ruleset, its cycle beginning at T0. */
export const rulesetText = readFileSync(`${root}fixtures/newcycle/ruleset.wikitext`, 'utf8').replace(
  'The cycle begins on Monday 7 December 2026 at 00:00 UTC.',
  `The cycle begins on Monday ${start.getUTCDate()} ${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()} at 00:00 UTC.`,
);

/**
 * The hand-kept Gamestate, its last actions moved with the cycle: Ada's at `ada` (by default Wednesday, phase 1),
 * Brannoc's on Tuesday (phase 0), Cress's before the start.
 */
export function gamestateText(ada: Date = at(2 * DAY + 18 * HOUR + 40 * 60_000)): string {
  return readFileSync(`${root}fixtures/newcycle/gamestate.wikitext`, 'utf8')
    .replace('2026-12-09 18:40', formatInstant(ada))
    .replace('2026-12-08 09:12', formatInstant(at(DAY + 9 * HOUR + 12 * 60_000)))
    .replace('2026-12-03 21:00', formatInstant(at(-4 * DAY + 21 * HOUR)));
}
