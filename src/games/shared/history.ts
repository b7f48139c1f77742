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
  return `|-\n| ${headers.map((h) => cellWikitext(byKey[h] ?? NONE)).join(' || ')}\n`;
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

/**
 * Adds to `edits` the History rows of `changes`, appended at the end of the page's History table (nothing
 * without changes or without a History table); a History table without its `|}` stops the run, naming
 * `page` and the table. `columns`: the game's History columns, as for historyRowText.
 */
export function historyAppend(doc: WikiDocument, changes: readonly Change[], page: string | undefined, edits: Edit[], columns?: readonly string[]): void {
  const history = findTable(doc, { headers: historyTable.identify });
  if (history === undefined || changes.length === 0) return;
  const at = tableEndMarker(doc.text, history, page);
  edits.push({ start: at, end: at, text: historyRowsText(changes, history.headers, columns) });
}
