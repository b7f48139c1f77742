import fc from 'fast-check';
import { normaliseHeader, readDocument, type Table } from '../../../src/parse/document.ts';
import { findRegion } from '../../../src/parse/regions.ts';
import { STANDINGS_REGION } from '../../../src/games/shared/standings.ts';
import type { Calendar } from '../../../src/sim/calendar.ts';
import { GamestateError } from '../../../src/games/shared/gamestate-error.ts';

// Helpers of the property tests that run a game's Gamestate page at chosen instants (the offline engine:
// wikitext in, wikitext out) and edit its cells, for any phase game.

/** One run of a page at `now`: the new wikitext. */
export type Roll = (text: string, now: Date) => string;

/** The page after runs at each instant in turn (sorted), or "refused" when a run refused it (a GamestateError). */
export function runAt(roll: Roll, text: string, instants: readonly Date[]): string {
  let page = text;
  for (const now of [...instants].sort((a, b) => a.getTime() - b.getTime())) {
    try {
      page = roll(page, now);
    } catch (err) {
      if (err instanceof GamestateError) return `refused at ${now.toISOString()}: ${err.message}`;
      throw err;
    }
  }
  return page;
}

const MINUTE = 60_000;

/**
 * Instants that split [from, to] into runs: arbitrary ones, and ones a minute before, at and a minute after
 * the calendar's boundaries in between (the end itself is always a run). A catch-up across many boundaries
 * is the case with few or none.
 */
export function splitInstants(calendar: Calendar, from: Date, to: Date): fc.Arbitrary<Date[]> {
  const boundaries: number[] = [];
  for (let n = calendar.phaseAt(from).number + 1; calendar.phase(n).start.getTime() <= to.getTime(); n++) boundaries.push(calendar.phase(n).start.getTime());
  const inRange = (t: number) => t >= from.getTime() && t <= to.getTime();
  const anyInstant = fc.integer({ min: from.getTime() / MINUTE, max: to.getTime() / MINUTE }).map((m) => m * MINUTE);
  const nearBoundary =
    boundaries.length === 0
      ? anyInstant
      : fc
          .tuple(fc.constantFrom(...boundaries), fc.constantFrom(-MINUTE, 0, MINUTE))
          .map(([b, d]) => b + d)
          .filter(inRange);
  return fc.array(fc.oneof(anyInstant, nearBoundary), { maxLength: 6 }).map((ts) => [...ts.map((t) => new Date(t)), to]);
}

/** The key of a header as the document reader keys a row's cells. */
const key = (label: string) => normaliseHeader(label);

/** The page's table whose headers include `identify`, outside the bot's standings block (it has a Player column too). */
function tableWith(text: string, identify: string) {
  const standings = findRegion(text, STANDINGS_REGION);
  const outside = (t: Table) => standings === undefined || t.start < standings.start || t.start > standings.end;
  return readDocument(text).tables.find((t) => outside(t) && t.headers.some((h) => key(h) === key(identify)));
}

/**
 * The page with one cell replaced: in the table whose headers include `identify`, the row whose `match`
 * column reads `value` (or the row at index `value` when a number), the cell of `column`.
 */
export function setCell(text: string, identify: string, match: string, value: string | number, column: string, to: string): string {
  const table = tableWith(text, identify);
  if (table === undefined) throw new Error(`no table with the column ${identify}`);
  const row = typeof value === 'number' ? table.rows[value] : table.rows.find((r) => r.cells[key(match)]?.text === value);
  const cell = row?.cells[key(column)];
  if (cell === undefined) throw new Error(`no cell ${column} in the row ${match} = ${value}`);
  return text.slice(0, cell.start) + to + text.slice(cell.end);
}

/** The page with a row appended at the end of the table whose headers include `identify` (its wikitext as given). */
export function appendRow(text: string, identify: string, row: string): string {
  const table = tableWith(text, identify)!;
  const end = text.lastIndexOf('|}', table.end);
  return `${text.slice(0, end)}${row}${text.slice(end)}`;
}
