// Properties of the Nomicoup runs over the example page and pages generated from it (fast-check):
// runs at any instants end on the page of one run at the last; a page edited at random is refused
// with a location or gives a page the next run leaves as it is.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { computeRollover } from '../../../../src/jobs/rollover.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { formatInstant } from '../../../../src/sim/trail.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { at, ruleset } from './build.ts';

const PAGE = fixture('nomicoup', 'gamestate');
const MINUTE = 60_000;
const game = { id: 'nomicoup', gamestate: 'Nomicoup/Gamestate' };
const roll = (text: string, now: Date) => computeRollover(ruleset, game, { text, revid: 1 }, { now, trigger: 'property test' });
/** The problems of a run the engine refuses (the test fails if it does not). */
function refused(text: string, now: Date): GamestateError['problems'] {
  try {
    roll(text, now);
  } catch (err) {
    expect(err).toBeInstanceOf(GamestateError);
    return (err as GamestateError).problems;
  }
  throw new Error('the run was not refused');
}
/** The latest time the example page writes (case 1's suggestion): no run can be before it. */
const WRITTEN = at('2026-11-17 10:00');

function replaced(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the page has no "${from}"`);
  return text.replace(from, to);
}

/** A variant of the example page: Bram's turn ended (or not), a join, votes, an exile, a win; and when it was written. */
const variant = fc
  .record({
    bramEnds: fc.option(fc.integer({ min: 1, max: 48 * 60 + 120 }), { nil: undefined }),
    daraJoins: fc.option(fc.integer({ min: 0, max: 4 * 24 * 60 }), { nil: undefined }),
    votes: fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })).filter(([u, d, r]) => u + d + r <= 2),
    caseVotes: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })).filter(([u, d]) => u + d <= 3),
    exile: fc.boolean(),
    won: fc.option(fc.integer({ min: 0, max: 4 * 24 * 60 }), { nil: undefined }),
  })
  .map((v) => {
    let text = PAGE;
    let written = WRITTEN.getTime();
    if (v.bramEnds !== undefined) {
      const end = new Date(at('2026-11-17 09:30').getTime() + v.bramEnds * MINUTE);
      written = Math.max(written, end.getTime());
      text = replaced(text, '| 2 || 1 || Bram || 2026-11-17 09:30 || - || -', `| 2 || 1 || Bram || 2026-11-17 09:30 || ${formatInstant(end)} || Tax`);
    }
    if (v.daraJoins !== undefined) {
      const joined = new Date(WRITTEN.getTime() + v.daraJoins * MINUTE);
      written = Math.max(written, joined.getTime());
      text = replaced(
        text,
        '|| yes || active || -\n|}',
        `|| yes || active || -\n|-\n| - || Dara || ${formatInstant(joined)} || - || - || - || 0 || - || active || -\n|}`,
      );
    }
    const [up, down, right] = v.votes;
    text = replaced(text, '|| 2026-11-20 08:00 || 1 || 0 || 0 || active', `|| 2026-11-20 08:00 || ${up} || ${down} || ${right} || active`);
    text = replaced(text, '|| 2026-11-17 10:00 || 1 || 0 || open', `|| 2026-11-17 10:00 || ${v.caseVotes[0]} || ${v.caseVotes[1]} || open`);
    if (v.exile) text = replaced(text, '| 1 || Alice || 2026-11-16 12:00 || 3 || 2 || - ||', '| 1 || Alice || 2026-11-16 12:00 || 3 || 0 || Duke, Captain ||');
    if (v.won !== undefined) {
      const won = new Date(WRITTEN.getTime() + v.won * MINUTE);
      written = Math.max(written, won.getTime());
      text = replaced(text, '!! Previous Judge !! Winner', '!! Previous Judge !! Winner !! Won (UTC)');
      text = replaced(text, '|| 10 || Bram || - || -', `|| 10 || Bram || - || Cosima || ${formatInstant(won)}`);
    }
    return { text, written: new Date(written) };
  });

describe('runs do not depend on when they happen', () => {
  test('any interval split into runs at arbitrary instants (at, a minute before and after each event, or anywhere) ends on the page of one run at its end', () => {
    fc.assert(
      fc.property(
        variant,
        fc.integer({ min: 0, max: 8 * 24 * 60 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(-1, 0, 1), fc.double({ min: 0, max: 1, noNaN: true })), { maxLength: 5 }),
        ({ text, written }, length, picks) => {
          const end = new Date(written.getTime() + length * MINUTE);
          const single = roll(text, end).text;
          // The instants something happens in the single run: splits at, just before and just after them.
          const events = [...new Set(roll(text, end).result.changes.map((c) => c.at.getTime()))];
          const instants = picks
            .map(([i, shift, anywhere]) =>
              events.length > 0 && i % 2 === 0
                ? events[i % events.length]! + shift * MINUTE
                : written.getTime() + anywhere * (end.getTime() - written.getTime()),
            )
            .map((t) => Math.min(end.getTime(), Math.max(written.getTime(), Math.round(t / MINUTE) * MINUTE)))
            .sort((a, b) => a - b);
          let page = text;
          for (const t of [...instants, end.getTime()]) page = roll(page, new Date(t)).text;
          expect(page).toBe(single);
        },
      ),
      { numRuns: 30 },
    );
  });
});

/** Every table row line of the page except the History's (the bot's own record). */
function rowLines(text: string): number[] {
  const lines = text.split('\n');
  const history = lines.findIndex((l) => l.startsWith('! Time (UTC)'));
  return lines.flatMap((l, i) => (l.startsWith('| ') && l.includes(' || ') && (history < 0 || i < history) ? [i] : []));
}

const VALUES = [
  '-',
  '0',
  '1',
  '2',
  '3',
  '7',
  '10',
  '43',
  '-3',
  '2.5',
  'yes',
  'no',
  'active',
  'forfeited',
  'open',
  'adopted',
  'rejected',
  'timeout',
  'Income',
  'pass',
  'Alice',
  'Bram',
  'Cosima',
  'Zed',
  'Duke',
  'Duke, Duke',
  'Joker',
  '2026-11-16 12:00',
  '2026-11-17 09:30',
  '2026-11-18 12:00',
  '2026-11-19 09:30',
  '2026-11-20 08:00',
  '2026-11-30 00:00',
  '2025-01-01 00:00',
];

/** One random edit: a cell of a row set to a value, or a row removed or doubled. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('cell' as const), row: fc.nat(), cell: fc.nat(), value: fc.constantFrom(...VALUES) }),
  fc.record({ kind: fc.constantFrom('remove' as const, 'double' as const), row: fc.nat() }),
);

type Edit = { kind: 'cell' | 'remove' | 'double'; row: number; cell?: number; value?: string };

function applyEdit(text: string, e: Edit): string {
  const lines = text.split('\n');
  const rows = rowLines(text);
  const i = rows[e.row % rows.length]!;
  if (e.kind === 'remove')
    lines.splice(i - 1, 2); // the row and its "|-"
  else if (e.kind === 'double') lines.splice(i + 1, 0, '|-', lines[i]!);
  else {
    const cells = lines[i]!.slice(2).split(' || ');
    cells[e.cell! % cells.length] = e.value!;
    lines[i] = `| ${cells.join(' || ')}`;
  }
  return lines.join('\n');
}

describe('a page edited at random is refused with a location, or kept by the next run', () => {
  test('every run either refuses naming the table of each problem or gives a page the next run leaves unchanged', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 6 * 24 * 60 }), (edits, after) => {
        const text = edits.reduce(applyEdit, PAGE);
        const now = new Date(WRITTEN.getTime() + after * MINUTE);
        let page: string;
        try {
          page = roll(text, now).text;
        } catch (err) {
          if (!(err instanceof GamestateError)) throw err;
          for (const p of err.problems) expect(p.location.table, p.message).toBeDefined();
          return;
        }
        const again = roll(page, now);
        expect(again.result.changes).toEqual([]);
        expect(again.text).toBe(page);
      }),
      { numRuns: 120 },
    );
  });
});

describe('what the random edits found', () => {
  test('a Judge cell cleared and the Previous Judge set to the Judge the History last drew is refused at the Previous Judge cell, not written Judge = Previous Judge', () => {
    // fast-check's counterexample (seed 399636288): the Game row's Judge "Bram" → "-", Previous Judge "-" → "Bram", a Turns row removed.
    const edits = [
      { kind: 'cell', row: 0, cell: 757780738, value: 'Bram' },
      { kind: 'cell', row: 0, cell: 239232693, value: '-' },
      { kind: 'remove', row: 136308021 },
    ] as Parameters<typeof applyEdit>[1][];
    const text = edits.reduce(applyEdit, PAGE);
    expect(refused(text, WRITTEN).map((p) => [p.location.table, p.location.column])).toContainEqual(['Game', 'Previous Judge']);
  });

  test('a case whose row is doubled (and its Judge cleared) is refused at the second row, not given a Judge per row that the next run refuses', () => {
    // fast-check's counterexample (seed 1025983410): case 1's Judge "Bram" → "-", then its row doubled (and another
    // row); the run drew a Judge for each row (Cosima, then Bram, both "draw 1" of case 1), and the next run refused
    // Cosima's.
    const edits = [
      { kind: 'cell', row: 1959729011, cell: 312897322, value: '-' },
      { kind: 'double', row: 225051358 },
      { kind: 'double', row: 1599120574 },
    ] as Parameters<typeof applyEdit>[1][];
    const text = edits.reduce(applyEdit, PAGE);
    expect(text.split('\n').filter((l) => l.startsWith('| 1 || 2026-11-16 20:00 || - ||'))).toHaveLength(2);
    const problems = refused(text, WRITTEN).filter((p) => p.message === 'case 1 has two rows');
    expect(problems.map((p) => [p.location.table, p.location.row, p.location.column])).toEqual([['Judge', 2, 'Case']]);
  });

  test('a player without a seat whose Revealed names a card is refused there, not seated with three cards that the next run refuses', () => {
    // fast-check's counterexample (seed 1056785574): Cosima's Seat → "-" (a join to place) and her Revealed → "pass";
    // the run seated her with 2 influence beside that card, and the next run refused her 3 cards.
    const edits = [
      { kind: 'cell', row: 2093528622, cell: 0, value: '-' },
      { kind: 'cell', row: 485986494, cell: 699822885, value: 'pass' },
    ] as Parameters<typeof applyEdit>[1][];
    const text = edits.reduce(applyEdit, PAGE);
    expect(text).toContain('| - || Cosima || 2026-11-16 12:00 || 2 || 2 || pass ||');
    for (const revealed of ['pass', 'Duke']) {
      expect(refused(text.replace('|| 2 || 2 || pass ||', `|| 2 || 2 || ${revealed} ||`), WRITTEN)).toContainEqual(
        expect.objectContaining({
          message: expect.stringMatching(/^Cosima has no seat, so no cards: a player is dealt their cards when they join \(Revealed must be -\) \(2\.2\.1 /),
          location: expect.objectContaining({ table: 'Players', column: 'Revealed' }),
        }),
      );
    }
  });

  test("a seated player whose Joined is after a turn's end takes no turn before joining: passed over, and the next run leaves the page as it is", () => {
    // fast-check's counterexample (seed -1692806870): Cosima's Joined → 2026-11-20 08:00; the run at 2026-11-19 09:30
    // gave her turn 3 when Bram's turn timed out, and the next run refused that turn as begun before she joined.
    const text = applyEdit(PAGE, { kind: 'cell', row: 1259938314, cell: 303430722, value: '2026-11-20 08:00' });
    expect(text).toContain('| 3 || Cosima || 2026-11-20 08:00 ||');
    for (const now of [at('2026-11-19 09:30'), at('2026-11-21 12:00')]) {
      const first = roll(text, now);
      const turns = first.result.changes.filter((c) => c.event === 'Turn');
      expect(turns.length).toBeGreaterThan(0);
      // “Players take turns according to the turn order.”: nobody's turn begins before they joined.
      for (const t of turns) if (t.player === 'Cosima') expect(t.at.getTime()).toBeGreaterThanOrEqual(at('2026-11-20 08:00').getTime());
      expect(turns[0]!.player).not.toBe('Cosima');
      const again = roll(first.text, now);
      expect(again.result.changes).toEqual([]);
      expect(again.text).toBe(first.text);
    }
  });
});
