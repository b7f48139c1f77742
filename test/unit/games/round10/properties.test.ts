import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { calendarOf } from '../../../../src/games/round10/engine.ts';
import { ROUND10_READINGS } from '../../../../src/games/round10/readings.ts';
import { limitProblems } from '../../../../src/games/round10/rules/limits.ts';
import { sha256 } from '../../../../src/games/round10/rules/secret.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import { RegionError } from '../../../../src/parse/regions.ts';
import { PageError } from '../../../../src/parse/source.ts';
import { CalendarError } from '../../../../src/sim/calendar.ts';
import { formatInstant } from '../../../../src/sim/trail.ts';
import { PAGE, read, ruleset, run } from './page.ts';

// Issue 22, Round 10: properties of the offline engine over the example page and variants of it.
// 1. Runs do not depend on when they happen: an interval split into runs at arbitrary instants (before, at and
//    after the phase boundaries and the page's own times; one catch-up across many) ends on the same page, byte
//    for byte, as one run at its end.
// 2. A page edited at random (cells, rows, times) is either refused with a location, or gives a page that the
//    next run leaves unchanged and that keeps every limit of the inventory (rules/limits.ts).
// A failure prints fast-check's seed and path: `R10_PROPERTY_SEED=<seed>` replays it; `R10_PROPERTY_RUNS` sets the cases.

const RUNS = Number(process.env.R10_PROPERTY_RUNS ?? 25);
const SEED = process.env.R10_PROPERTY_SEED === undefined ? {} : { seed: Number(process.env.R10_PROPERTY_SEED) };
/** Each case is a few runs of a real page (a parse, the engine, a render): seconds on a loaded two-core machine. */
const TIMEOUT = 600_000;

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The page's phase (1) began Thursday 5 November; the interval runs into December, across four weeks of rules. */
const FROM = Date.parse('2026-11-05T00:00Z');
const TO = Date.parse('2026-12-03T00:00Z');

/** The instants where something is due: phase boundaries (Mondays and Thursdays), Sundays, and the page's own times. */
function landmarks(text: string): number[] {
  const out: number[] = [];
  for (let t = FROM; t <= TO; t += 24 * HOUR) out.push(t);
  for (const m of text.matchAll(/\b(2026-1[12]-\d\d \d\d:\d\d)\b/g)) out.push(Date.parse(`${m[1]!.replace(' ', 'T')}Z`));
  for (const m of text.matchAll(/\b(2026-1[12]-\d\d \d\d:\d\d)\b/g)) out.push(Date.parse(`${m[1]!.replace(' ', 'T')}Z`) + 24 * HOUR + MINUTE);
  return out.filter((t) => t >= FROM && t <= TO);
}

/** An instant near a landmark (at it, a minute before or after) or anywhere in the interval. */
const instant = (marks: readonly number[]) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...marks), fc.constantFrom(-MINUTE, 0, MINUTE)).map(([t, d]) => Math.min(TO, Math.max(FROM, t + d))),
    fc.integer({ min: FROM, max: TO }).map((t) => t - (t % MINUTE)),
  );

const at = (t: number) => formatInstant(new Date(t));
const replaceOnce = (text: string, find: string, by: string) => {
  if (!text.includes(find)) throw new Error(`not in the example page: ${find}`);
  return text.replace(find, () => by);
};

/** The Secret actions rows of the example page: id → [player, kind, revealed text]. */
const ACTIONS = [...PAGE.matchAll(/^\| ((?:H|B)\d) \|\| (\w+) \|\| (Bid|Hand) \|\| (\S+ \S+) \|\| (\w+) \|\| (.+?) \|\|/gm)].map((m) => ({
  id: m[1]!,
  player: m[2]!,
  kind: m[3]!,
  posted: m[4]!,
  hash: m[5]!,
  revealed: m[6]!,
}));

/** Valid variants of the example page: posting times within the Auction Phase of 9–11 November, texts revealed or not, counts, the Star Price, Dave's joining, a Gold Star count. */
const variant = fc
  .record({
    posted: fc.array(fc.integer({ min: 0, max: 3 * 24 * 60 - 1 }), { minLength: ACTIONS.length, maxLength: ACTIONS.length }),
    unrevealed: fc.array(fc.boolean(), { minLength: ACTIONS.length, maxLength: ACTIONS.length }),
    chips: fc.array(fc.integer({ min: 0, max: 900 }), { minLength: 3, maxLength: 3 }),
    star: fc.option(fc.record({ price: fc.integer({ min: 5, max: 10 }), day: fc.integer({ min: 5, max: 13 }) }), { nil: undefined }),
    daveJoins: fc.integer({ min: 0, max: 9 * 24 - 1 }),
    aliceStars: fc.constantFrom(0, 3, 9, 10),
  })
  .map((v) => {
    let text = PAGE;
    ACTIONS.forEach((a, i) => {
      const posted = at(Date.parse('2026-11-09T00:00Z') + v.posted[i]! * MINUTE);
      text = replaceOnce(
        text,
        `| ${a.id} || ${a.player} || ${a.kind} || ${a.posted} || ${a.hash} || ${a.revealed} ||`,
        `| ${a.id} || ${a.player} || ${a.kind} || ${posted} || ${a.hash} || ${v.unrevealed[i] ? '-' : a.revealed} ||`,
      );
    });
    for (const [i, name] of ['Alice', 'Bob', 'Carol'].entries())
      text = text.replace(new RegExp(`^(\\| ${name} \\|\\| [^|]+ \\|\\| [^|]+ \\|\\| )\\d+`, 'm'), `$1${v.chips[i]}`);
    if (v.star === undefined) text = replaceOnce(text, '|| 7 || 2026-11-10 15:00 ||', '|| null || - ||');
    else if (new Date(Date.UTC(2026, 10, v.star.day)).getUTCDay() !== 0)
      text = replaceOnce(text, '|| 7 || 2026-11-10 15:00 ||', `|| ${v.star.price} || 2026-11-${String(v.star.day).padStart(2, '0')} 15:00 ||`);
    text = replaceOnce(text, '| Dave || 2026-11-10 12:00 ||', `| Dave || ${at(Date.parse('2026-11-05T00:00Z') + v.daveJoins * HOUR)} ||`);
    text = text.replace(/^(\| Alice \|\| [^|]+ \|\| [^|]+ \|\| \d+ \|\| \d+ \|\| )\d+/m, `$1${v.aliceStars}`);
    return text;
  });

/**
 * The page with its History rows in time order, rows of one instant by their text. A decision that waits — Thursday's
 * lot returns wait for the hashed bids to be revealed — is written by the run that can make it, dated when it
 * happened: a run in between has already written rows of the same instant (a Reputable row) or later ones (a
 * stand-up), so only the rows' order may differ from a single run's. The standings' "since" sentence names the
 * events in the order of their rows, so its list of events is compared as a set (seed 1574985155 found it: "Rollover,
 * Lot returned ×2 (…), Reputable (Dave)" after one run, "Rollover, Reputable (Dave), Lot returned ×2 (…)" after two).
 */
function historyInTimeOrder(text: string): string {
  text = text.replace(
    /^(Since .*?: Events: )(.*?)(\. \[\[#History)/m,
    (_, head: string, list: string, tail: string) => `${head}${eventsOf(list).sort().join(', ')}${tail}`,
  );
  const at = text.indexOf('== History ==');
  const [head, ...rows] = text.slice(at).split('\n|-\n');
  const last = rows.pop()!;
  const end = last.indexOf('\n|}');
  const sorted = [...rows, last.slice(0, end)].sort((a, b) => a.slice(2, 18).localeCompare(b.slice(2, 18)) || a.localeCompare(b));
  return `${text.slice(0, at)}${[head, ...sorted].join('\n|-\n')}${last.slice(end)}`;
}

/** The events of the "since" sentence: split at its commas outside parentheses ("Lot returned ×2 (Carol, Alice)" is one). */
function eventsOf(list: string): string[] {
  const out = [''];
  let depth = 0;
  for (const ch of list) {
    depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
    if (ch === ',' && depth === 0) out.push('');
    else out[out.length - 1] += ch;
  }
  return out.map((e) => e.trim());
}

const pages = fc.oneof({ weight: 1, arbitrary: fc.constant(PAGE) }, { weight: 4, arbitrary: variant });

describe('runs do not depend on when they happen', () => {
  test(
    'any interval split into runs at arbitrary instants ends on the same page as one run at its end (example page and variants)',
    () => {
      const cases = pages.chain((text) => {
        const marks = landmarks(text);
        return fc.record({ text: fc.constant(text), end: instant(marks), splits: fc.array(instant(marks), { maxLength: 5 }) });
      });
      fc.assert(
        fc.property(cases, ({ text, end, splits }) => {
          const once = run(text, new Date(end)).text;
          let stepped = text;
          for (const t of [...splits.filter((s) => s <= end)].sort((a, b) => a - b)) stepped = run(stepped, new Date(t)).text;
          stepped = run(stepped, new Date(end)).text;
          expect(historyInTimeOrder(stepped)).toBe(historyInTimeOrder(once));
        }),
        { numRuns: RUNS, ...SEED },
      );
    },
    TIMEOUT,
  );
});

/** A refusal names where: a GamestateError's problems each have a page or table; the parser's errors name their place. */
function expectLocated(err: unknown): void {
  if (err instanceof GamestateError) {
    expect(err.problems.length).toBeGreaterThan(0);
    for (const p of err.problems) expect(p.location.table ?? p.location.page).toBeDefined();
  } else if (!(err instanceof RegionError || err instanceof CalendarError || err instanceof PageError)) {
    throw err;
  }
}

/** The rows of the page's tables written in the inline style (`| a || b`), by line index. */
const ROW_LINES = PAGE.split('\n').flatMap((line, i) => (/^\| .* \|\| /.test(line) ? [i] : []));

const cellValue = fc.oneof(
  fc.integer({ min: -3, max: 1200 }).map(String),
  fc.integer({ min: Date.parse('2026-10-20T00:00Z') / MINUTE, max: Date.parse('2026-12-05T00:00Z') / MINUTE }).map((m) => at(m * MINUTE)),
  fc.constantFrom('-', '', 'null', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'House', 'Player', 'posted', 'succeeded', 'failed', 'Bid', 'Hand'),
  fc.constantFrom('Slots 3', 'Slots 4', 'Studio 1', 'Studio 2', 'Slots (machine broke) 1', "Raven's Quest", 'The Great War'),
  fc.constantFrom(
    'Ace of Hearts',
    '2× King of Spades, The Fool of Arcana',
    '5 of Leaves, 6 of Leaves, Queen of Coins, King of Coins',
    '10 Chips, W1',
    'W2',
    '2 Trungs',
  ),
  fc.constantFrom('Bid: L1 40. x', 'Hand: 9 of Bells. y', 'Bid: L2 0, L2 5. z'),
);

/** One edit of the example page: a cell rewritten, a time shifted, a row duplicated or deleted, a revealed text and its hash replaced. */
const edit = fc.oneof(
  fc.record({ kind: fc.constant('cell' as const), row: fc.constantFrom(...ROW_LINES), cell: fc.nat(14), value: cellValue }),
  fc.record({ kind: fc.constant('shift' as const), row: fc.constantFrom(...ROW_LINES), hours: fc.integer({ min: -200, max: 200 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), row: fc.constantFrom(...ROW_LINES) }),
  fc.record({ kind: fc.constant('delete' as const), row: fc.constantFrom(...ROW_LINES) }),
  fc.record({
    kind: fc.constant('reveal' as const),
    action: fc.constantFrom(...ACTIONS.map((a) => a.id)),
    text: fc.constantFrom('Bid: L1 40, L2 20. s', 'Bid: L4 1. s', 'Hand: 9 of Bells, 5 of Leaves. s', 'Hand: King of Spades. s'),
  }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

function applyEdit(text: string, e: Edit): string {
  const lines = text.split('\n');
  if (e.kind === 'reveal') {
    const a = ACTIONS.find((x) => x.id === e.action)!;
    return text.replace(`|| ${a.hash} || ${a.revealed} ||`, () => `|| ${sha256(e.text)} || ${e.text} ||`);
  }
  const line = lines[e.row];
  if (line === undefined || !line.startsWith('| ')) return text;
  if (e.kind === 'delete') lines.splice(e.row - 1, 2);
  else if (e.kind === 'duplicate') lines.splice(e.row + 1, 0, '|-', line);
  else if (e.kind === 'shift') lines[e.row] = line.replace(/\d{4}-\d\d-\d\d \d\d:\d\d/, (t) => at(Date.parse(`${t.replace(' ', 'T')}Z`) + e.hours * HOUR));
  else {
    const cells = line.slice(2).split(' || ');
    if (e.cell >= cells.length) return text;
    cells[e.cell] = e.value;
    lines[e.row] = `| ${cells.join(' || ')}`;
  }
  return lines.join('\n');
}

describe('a page edited at random is refused with a location, or settled', () => {
  test(
    'every run of a randomly edited example page refuses naming where, or writes a page the next run leaves unchanged and that keeps every limit of the inventory',
    () => {
      const cases = fc.record({ edits: fc.array(edit, { minLength: 1, maxLength: 4 }), now: instant(landmarks(PAGE)) });
      const readings = new ChosenReadings(ROUND10_READINGS);
      fc.assert(
        fc.property(cases, ({ edits, now }) => {
          const text = edits.reduce(applyEdit, PAGE);
          const when = new Date(now);
          let first: string;
          try {
            first = run(text, when).text;
          } catch (err) {
            expectLocated(err);
            return;
          }
          const again = run(first, when);
          expect(again.result.changes).toEqual([]);
          expect(again.text).toBe(first);
          const s = read(first);
          expect(limitProblems(s, ruleset, calendarOf(ruleset, s), readings, when)).toEqual([]);
        }),
        { numRuns: RUNS * 2, ...SEED },
      );
    },
    TIMEOUT,
  );
});
