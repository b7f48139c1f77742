import { findTable, normaliseHeader, type Table, type WikiDocument } from '../../parse/document.ts';
import { escapeWikitext } from '../../parse/escape.ts';
import { toHistoryRow, type Change, type HistoryRow } from '../../sim/trail.ts';
import { GamestateError } from './gamestate-error.ts';
import type { Edit } from './render-tables.ts';

// History rows: one per change, appended at the bottom of the History table (oldest first), the
// same for every game. Archiving rows beyond the page's limit is generic too:
// src/games/history-archive.ts, with the table's layout from the game's engine (`history`).

/** How a Gamestate page writes "none" in a cell. */
export const NONE = '-';

export const HISTORY_COLUMNS = ['Time (UTC)', 'Phase', 'Event', 'Player', 'Change', 'Reason'] as const;

/** Every game's History table is found by these headers. */
export const historyTable = { name: 'History', identify: ['Event', 'Reason'] } as const;

/**
 * A cell's wikitext: the text escaped (it reads back exactly), or the page's "-" for none — with a
 * space when it sits right after the cell's `|` (`before`), where "|-" would start a row, "|+" a caption.
 */
export function cellWikitext(text: string, before = ' '): string {
  const written = text === '' || text === NONE ? NONE : escapeWikitext(text);
  return /[|!]/.test(before) && /^[-+]/.test(written) ? ` ${written}` : written;
}

/**
 * One row in inline style, its cells in the order of the table's headers. `columns`: the game's History
 * columns, in the order time, period, event, player, change, reason (Nomicoup's period column is "Turn").
 */
export function historyRowText(row: HistoryRow, headers: readonly string[], columns: readonly string[] = HISTORY_COLUMNS): string {
  const byKey: Record<string, string> = {};
  columns.forEach((label, i) => {
    byKey[normaliseHeader(label)] = [row.time, row.phase, row.event, row.player, row.change, row.reason][i]!;
  });
  return `|-\n| ${headers.map((h) => historyCell(byKey[h] ?? NONE)).join(' || ')}\n`;
}

/** A run of this many characters without a space (a hash, a commitment) would keep its column wider than the page. */
const LONG_WORD = /\S{24,}/;

/**
 * A History cell's wikitext: one holding a long word may break anywhere (`overflow-wrap:anywhere`, an attribute
 * the page's readers skip), so the table fits the content's width (docs/gamestate-format.md, "Pages that fit").
 */
function historyCell(text: string): string {
  return LONG_WORD.test(text) ? `style="overflow-wrap:anywhere" | ${cellWikitext(text)}` : cellWikitext(text);
}

/** A run of letters and digits this long (a hash, a commitment) gets a place to break every WRAP_EVERY characters. */
const LONG_RUN = /[0-9A-Za-z]{24,}/g;
const WRAP_EVERY = /[0-9A-Za-z]{1,8}/g;

/**
 * The wikitext of a cell the bot writes in a table people keep (cellWikitext; the cell's attributes, if any, are
 * theirs): a long run of letters and digits gets a `<wbr>` every 8 characters, a place the line may break, so the
 * column need not be as wide as the run. Readers of the page skip the tag: the cell reads back as `text`.
 */
export function writtenCell(text: string, before = ' '): string {
  return cellWikitext(text, before).replace(LONG_RUN, (run) => run.match(WRAP_EVERY)!.join('<wbr>'));
}

export function historyRowsText(changes: readonly Change[], headers: readonly string[], columns: readonly string[] = HISTORY_COLUMNS): string {
  return changes.map((c) => historyRowText(toHistoryRow(c), headers, columns)).join('');
}

/** Offset of a closed table's `|}`, where rows are appended; a table without one stops the run, naming the page and the table. */
export function tableEndMarker(text: string, table: Table, page?: string, name = 'History'): number {
  const at = text.lastIndexOf('|}', table.end);
  if (!table.closed || at < table.start) {
    throw new GamestateError([{ message: `the ${name} table has no "|}" end: rows cannot be appended to it`, location: { page, table: name } }]);
  }
  return at;
}

/** A Time cell as the bot writes it ("2026-11-18 12:00"): such texts sort as the instants they name. */
const TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d$/;

/**
 * Adds to `edits` the History rows of `changes` (nothing without changes or without a History table); a
 * History table without its `|}` stops the run, naming `page` and the table. `columns`: the game's History
 * columns, as for historyRowText.
 *
 * The History is in time order, by its Time column (the instant each event happened by the rules), oldest
 * first; rows of one minute stay in the order they were written. A row goes before the first row whose Time
 * is later than its own, so an event a run catches up on (a battle rewarded at its end, found a phase
 * later) takes its place in time instead of landing below later events; a row is never moved once written.
 * Usually that place is the table's end. Rows whose Time is not the bot's format are passed over.
 */
export function historyAppend(doc: WikiDocument, changes: readonly Change[], page: string | undefined, edits: Edit[], columns?: readonly string[]): void {
  const history = findTable(doc, { headers: historyTable.identify });
  if (history === undefined || changes.length === 0) return;
  const end = tableEndMarker(doc.text, history, page);
  const rows = history.rows.filter((r) => doc.text.startsWith('|-', r.start));
  const places = placesInTime(
    rows.map((r) => rowTime(r, columns)),
    changes,
  );
  changes.forEach((change, i) => {
    const at = rows[places[i]!]?.start ?? end;
    edits.push({ start: at, end: at, text: historyRowText(toHistoryRow(change), history.headers, columns) });
  });
}

/** A History row's Time cell, when it is in the bot's format (else undefined: passed over when placing rows). */
export function rowTime(row: Table['rows'][number], columns: readonly string[] = HISTORY_COLUMNS): string | undefined {
  const t = row.cells[normaliseHeader(columns[0]!)]?.text.trim() ?? '';
  return TIME.test(t) ? t : undefined;
}

/**
 * Where each of `changes` goes among the table's rows (whose Time cells are `times`): the index of the row it
 * is written before (the first whose Time is later than its own), `times.length` for the end.
 */
export function placesInTime(times: readonly (string | undefined)[], changes: readonly Change[]): number[] {
  return changes.map((c) => {
    const time = toHistoryRow(c).time;
    const i = times.findIndex((t) => t !== undefined && t > time);
    return i < 0 ? times.length : i;
  });
}
