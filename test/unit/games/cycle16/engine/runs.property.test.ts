import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { calendarOf } from '../../../../../src/games/cycle16/engine.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { readDocument } from '../../../../../src/parse/document.ts';
import { formatInstant } from '../../../../../src/sim/trail.ts';
import { appendRow, runAt, setCell, splitInstants, type Roll } from '../../../helpers/page-runs.ts';
import { GAMESTATE, ruleset } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

// Runs do not depend on when they happen: any interval split into runs at arbitrary instants (before, at
// and after boundaries; one catch-up across many) ends on the same page as one run at its end — over the
// example page and variants of it generated as editors could have left it by the interval's start.

const PAGE = 'Cycle 16/Gamestate';
/**
 * The example page without the three records the engine still dates at the run's time (when they were written is
 * not on the page): Bram's card removals, battle 3's declaration seen in its Rest Phase (its decks), and the
 * self-removing modifiers Red Coating and Hearts Insignia. A run in the Rest Phase dates each at its own time,
 * a later catch-up at the phase's last minute: the one known way runs still depend on when they happen.
 */
const EXAMPLE = [
  ['|Removal ×2\n', '| -\n'],
  ['| 3 || 5 || Bram (4), Eun-ji (4), Kestrel (6) || - || - || - || - || declared\n|-\n', ''],
  ['|-\n| 3 || 5 || Bram (4), Eun-ji (4), Kestrel (6) || - || - || - || - || declared\n', ''],
  ['| 4 || Alice || 7 || Red Coating ||', '| 4 || Alice || 7 || - ||'],
  ['| 41 || Ines || 4 || Hearts Insignia, Mean ||', '| 41 || Ines || 4 || Mean ||'],
].reduce((t, [from, to]) => t.replace(from!, to!), GAMESTATE);
const roll: Roll = (text, now) => cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text, revid: 1 }, { now, trigger: 'test' }).text;
const MINUTE = 60_000;
/** After the example page's latest record (a gift at 15:20, a History row at 16:05): the interval starts no earlier. */
const T0 = new Date('2026-11-18T16:05:00Z');
const calendar = calendarOf(ruleset, cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text: EXAMPLE, revid: 1 }, { now: T0, trigger: 'test' }).read);
const PLAYERS = ['Alice', 'Bram', 'Cosima', 'Dmitri', 'Eun-ji', 'Farah', 'Gideon', 'Hollis', 'Ines', 'Jun', 'Kestrel', 'Lior'];

/**
 * The page as the game sees it: its state as read and its History rows. (A run may add an optional bookkeeping
 * column, "Removals granted", that a later rollover empties again: the same state, another page shape.)
 */
function view(text: string): unknown {
  if (text.startsWith('refused')) return text;
  const history = readDocument(text).tables.find((t) => t.headers.includes('event') && t.headers.includes('reason'))!;
  return { state: readGamestate(text, PAGE, ruleset), history: history.rows.map((r) => r.list.map((c) => c.text)) };
}

const before = (from: Date) => fc.integer({ min: from.getTime() / MINUTE, max: T0.getTime() / MINUTE }).map((m) => new Date(m * MINUTE));
/** Edits an editor could have made by T0, each keeping the page valid then (Chips at least the 1 bet in battle 2). */
const variant = fc
  .record({
    chips: fc.array(fc.tuple(fc.constantFrom(...PLAYERS), fc.integer({ min: 1, max: 14 })), { maxLength: 3 }),
    acted: fc.array(fc.tuple(fc.constantFrom(...PLAYERS), before(new Date('2026-11-16T00:00:00Z'))), { maxLength: 2 }),
    newcomer: fc.option(before(new Date('2026-11-12T00:00:00Z'))),
  })
  .map((e) => {
    let t = EXAMPLE;
    for (const [who, n] of e.chips) t = setCell(t, 'Player', 'Player', who, 'Chips', String(n));
    for (const [who, at] of e.acted) t = setCell(t, 'Player', 'Player', who, 'Last action (UTC)', formatInstant(at));
    if (e.newcomer) t = appendRow(t, 'Player', `|-\n|Newcomer\n|${formatInstant(e.newcomer)}\n| -\n| -\n| -\n|active\n|0\n|0\n| -\n|0\n| -\n| -\n`);
    return t;
  });
const end = fc.integer({ min: 0, max: 25 * 24 * 60 }).map((m) => new Date(T0.getTime() + m * MINUTE));
const split = end.chain((to) => fc.tuple(fc.constant(to), splitInstants(calendar, T0, to)));

describe('Cycle 16: runs do not depend on when they happen', () => {
  test('the example page, run at each instant of a split interval, ends as one run at its end', () => {
    fc.assert(
      fc.property(split, ([to, instants]) => {
        const once = runAt(roll, EXAMPLE, [to]);
        expect(once).not.toMatch(/^refused/);
        expect(view(runAt(roll, EXAMPLE, instants))).toEqual(view(once));
      }),
      { numRuns: 6 },
    );
  }, 300_000);

  test('generated variants of the example page (Chips, last actions, a newcomer) end the same whatever the split', () => {
    fc.assert(
      fc.property(variant, split, (page, [to, instants]) => {
        const once = runAt(roll, page, [to]);
        expect(once).not.toMatch(/^refused/);
        expect(view(runAt(roll, page, instants))).toEqual(view(once));
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
