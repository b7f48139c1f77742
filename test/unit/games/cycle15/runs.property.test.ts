import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { calendarOf } from '../../../../src/games/cycle15/engine.ts';
import { readGamestate } from '../../../../src/games/cycle15/gamestate/read.ts';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { formatInstant } from '../../../../src/sim/trail.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { appendRow, runAt, setCell, splitInstants, type Roll } from '../../helpers/page-runs.ts';
import { cycle15Engine } from '../../../../src/games/cycle15/index.ts';

// Runs do not depend on when they happen: any interval split into runs at arbitrary instants (before, at
// and after boundaries; one catch-up across many) ends on the same page as one run at its end — over the
// example page and variants of it generated as editors could have left it by the interval's start.

const PAGE = 'Cycle 15/Gamestate';
const ruleset = parseCycle15Ruleset(fixture('cycle15'), 'Cycle 15/Ruleset');
const example = fixture('cycle15', 'gamestate');
const roll: Roll = (text, now) => cycle15Engine.rollover(ruleset, 'c15', { title: PAGE, text, revid: 1 }, { now, trigger: 'test' }).text;
const calendar = calendarOf(ruleset, readGamestate(example, PAGE, ruleset));
const MINUTE = 60_000;
/** The example page's latest record (Bram's move): the interval starts no earlier. */
const T0 = new Date('2026-11-15T11:00:00Z');
const PLAYERS = ['Alice', 'Bram', 'Cosima', 'Dario', 'Elif', 'Femi', 'Goran', 'Hana', 'Ines', 'Jun', 'Xenon dichloride'];

/** An instant from the cycle start's eve up to T0, on a minute. */
const before = (from = new Date('2026-11-08T12:00:00Z')) =>
  fc.integer({ min: from.getTime() / MINUTE, max: T0.getTime() / MINUTE }).map((m) => new Date(m * MINUTE));

/** Edits an editor could have made by T0, each keeping the page valid then; applied in order. */
const edits = fc.record({
  crystals: fc.array(fc.tuple(fc.constantFrom(...PLAYERS), fc.integer({ min: 0, max: 25 })), { maxLength: 3 }),
  left: fc.option(fc.tuple(fc.constantFrom('Cosima', 'Femi', 'Hana', 'Jun'), before(new Date('2026-11-12T06:00:00Z')))),
  reputable: fc.option(fc.tuple(fc.constantFrom('Jun', 'Ines', 'Alice'), before())),
  parties: fc.option(fc.integer({ min: 0, max: 3 })),
  newcomer: fc.option(fc.tuple(before(), fc.integer({ min: 0, max: 25 }))),
  incomplete: fc.option(fc.constantFrom('Alice', 'Elif')),
  votes: fc.option(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }))),
});
const variant = edits.map((e) => {
  let t = example;
  for (const [who, n] of e.crystals) t = setCell(t, 'Player', 'Player', who, 'Crystals', String(n));
  if (e.left) t = setCell(t, 'Player', 'Player', e.left[0], 'Left (UTC)', formatInstant(e.left[1]));
  if (e.reputable) t = setCell(t, 'Player', 'Player', e.reputable[0], 'Reputable since (UTC)', formatInstant(e.reputable[1]));
  if (e.parties !== null) t = setCell(t, 'Cycle start', 'Phase number', 0, 'Parties started', String(e.parties));
  if (e.newcomer)
    t = appendRow(t, 'Player', `|-\n|Newcomer\n|${formatInstant(e.newcomer[0])}\n| -\n| -\n| -\n|0\n|no\n|no\n|no\n|${e.newcomer[1]}\n|0\n| -\n| -\n`);
  if (e.incomplete) t = setCell(t, 'Roll', 'Player', e.incomplete, 'Status', 'incomplete');
  if (e.votes) t = setCell(t, 'Class', 'Proposal', '#47', 'Votes', e.votes.join('/'));
  return t;
});
const end = fc.integer({ min: 0, max: 25 * 24 * 60 }).map((m) => new Date(T0.getTime() + m * MINUTE));

describe('Cycle 15: runs do not depend on when they happen', () => {
  test('the example page, run at each instant of a split interval, ends as one run at its end', () => {
    fc.assert(
      fc.property(
        end.chain((to) => fc.tuple(fc.constant(to), splitInstants(calendar, T0, to))),
        ([to, instants]) => {
          const once = runAt(roll, example, [to]);
          expect(once).not.toMatch(/^refused/);
          expect(runAt(roll, example, instants)).toBe(once);
        },
      ),
      { numRuns: 12 },
    );
  });

  test('generated variants of the example page (counts, departures, newcomers, hand edits, incomplete moves, votes) end the same whatever the split', () => {
    fc.assert(
      fc.property(
        variant,
        end.chain((to) => fc.tuple(fc.constant(to), splitInstants(calendar, T0, to))),
        (page, [to, instants]) => {
          const once = runAt(roll, page, [to]);
          expect(once).not.toMatch(/^refused/);
          expect(runAt(roll, page, instants)).toBe(once);
        },
      ),
      { numRuns: 25 },
    );
  });

  test('the boundary case of the issue: an incomplete move judged the same by a run at 12:00, at the boundary and after it', () => {
    // Dario's incomplete move of phase 0 (11 November), and his move again in phase 1 (14 November): penalised whenever it is run.
    const pages = ['2026-11-15T12:00:00Z', '2026-11-16T00:00:00Z', '2026-11-20T00:00:00Z'].map((t) => roll(example, new Date(t)));
    for (const page of pages) {
      const dario = readGamestate(page, PAGE, ruleset)
        .moves.filter((m) => m.player === 'Dario')
        .map((m) => m.status);
      expect(dario).toEqual(['penalised', 'negated']);
    }
  });
});
