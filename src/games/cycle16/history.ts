import { findTable, normaliseHeader, readDocument, type Table } from '../../parse/document.ts';
import { replaceRegion } from '../../wiki/regions.ts';
import { toHistoryRow, type Change, type HistoryRow } from '../../sim/trail.ts';
import { HISTORY_COLUMNS } from './gamestate-tables.ts';

// History rows: one per change, appended at the bottom of the History table (oldest first).
// Rows beyond the page's limit move, oldest first, to numbered archive subpages
// `<Gamestate>/History/N` of `limit` rows each, linked from the `history-archives` region.

/** A cell's text made safe inside a wikitable row. */
export function escapeCell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '{{!}}').trim() || '-';
}

/** One row in inline style, its cells in the order of the table's headers. */
export function historyRowText(row: HistoryRow, headers: readonly string[]): string {
  const byKey: Record<string, string> = {};
  HISTORY_COLUMNS.forEach((label, i) => {
    byKey[normaliseHeader(label)] = [row.time, row.phase, row.event, row.player, row.change, row.reason][i]!;
  });
  return `|-\n| ${headers.map((h) => escapeCell(byKey[h] ?? '-')).join(' || ')}\n`;
}

export function historyRowsText(changes: readonly Change[], headers: readonly string[]): string {
  return changes.map((c) => historyRowText(toHistoryRow(c), headers)).join('');
}

/** Offset of a closed table's `|}`, where rows are appended. */
export function tableEndMarker(text: string, table: Table): number {
  const at = text.lastIndexOf('|}', table.end);
  if (!table.closed || at < table.start) throw new Error('the History table has no "|}" end');
  return at;
}

export function archiveTitle(gamestate: string, n: number): string {
  return `${gamestate}/History/${n}`;
}

/** The archive page numbers linked from the page ("[[Cycle 16/Gamestate/History/2|…]]"). */
export function linkedArchives(regionText: string, gamestate: string): number[] {
  const prefix = `${gamestate}/History/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...regionText.matchAll(new RegExp(`\\[\\[${prefix}(\\d+)`, 'g'))].map((m) => Number(m[1]));
}

export function archiveLinks(gamestate: string, pages: number): string {
  if (pages === 0) return 'Older rows: none yet.';
  const links = Array.from({ length: pages }, (_, i) => `[[${archiveTitle(gamestate, i + 1)}|History ${i + 1}]]`);
  return `Older rows: ${links.join(', ')}.`;
}

export const ARCHIVE_HEADER = `{| class="wikitable"\n! ${HISTORY_COLUMNS.join(' !! ')}\n`;

/** A new archive page, or `page` with the rows it does not hold yet appended (idempotent). */
export function appendToArchive(page: string | undefined, gamestate: string, rows: readonly string[]): string {
  const base = page ?? `Older History rows of [[${gamestate}]], oldest first. Written by Croupier.\n${ARCHIVE_HEADER}|}\n`;
  const fresh = rows.filter((r) => !base.includes(r.trimEnd()));
  if (fresh.length === 0) return base;
  const end = base.lastIndexOf('|}');
  return base.slice(0, end) + fresh.join('') + base.slice(end);
}

export interface ArchivePlan {
  /** Every row leaving the page (some may already be on an archive page, after an interrupted run). */
  rows: string[];
  /** Archive pages to write, in order, with the rows each receives. */
  pages: { n: number; title: string; rows: string[] }[];
  /** How many archive pages exist after the move. */
  total: number;
}

export interface ArchiveState {
  /** The highest archive page that exists (0: none). */
  count: number;
  /** Data rows on that page. */
  lastRows: number;
  /** Whether a row is already on an archive page (an earlier run saved it, then stopped). */
  has(row: string): boolean;
}

/**
 * Which History rows leave the page: the oldest beyond `limit`. Those not archived yet fill the
 * last archive page up to `limit` rows, then new pages.
 */
export function planArchive(text: string, gamestate: string, limit: number, archives: ArchiveState): ArchivePlan {
  const doc = readDocument(text, { page: gamestate });
  const table = findTable(doc, { headers: ['Event', 'Reason'] });
  const excess = table === undefined ? 0 : table.rows.length - limit;
  if (table === undefined || excess <= 0) return { rows: [], pages: [], total: archives.count };
  const rows = table.rows.slice(0, excess).map((r) => `${text.slice(r.start, r.end)}\n`);
  const fresh = rows.filter((r) => !archives.has(r));
  const pages: ArchivePlan['pages'] = [];
  let n = Math.max(1, archives.count);
  let room = archives.count === 0 ? limit : limit - archives.lastRows;
  for (let i = 0; i < fresh.length; ) {
    if (room <= 0) {
      n++;
      room = limit;
      continue;
    }
    const take = fresh.slice(i, i + room);
    pages.push({ n, title: archiveTitle(gamestate, n), rows: take });
    i += take.length;
    room -= take.length;
  }
  return { rows, pages, total: Math.max(archives.count, pages.at(-1)?.n ?? 0) };
}

/** Removes archived rows (exactly those given) from the page and links every archive page. */
export function removeArchivedRows(text: string, gamestate: string, archived: ReadonlySet<string>, total: number): string {
  const doc = readDocument(text, { page: gamestate });
  const table = findTable(doc, { headers: ['Event', 'Reason'] });
  let out = text;
  for (const r of [...(table?.rows ?? [])].reverse()) {
    if (!archived.has(`${text.slice(r.start, r.end)}\n`)) continue;
    const start = text[r.start - 1] === '\n' ? r.start - 1 : r.start;
    out = out.slice(0, start) + out.slice(r.end);
  }
  return replaceRegion(out, 'history-archives', archiveLinks(gamestate, total), { page: gamestate, heading: 'History' }).text;
}

/** Data rows on an archive page. */
export function archiveRowCount(page: string | undefined): number {
  if (page === undefined) return 0;
  return findTable(readDocument(page), { headers: ['Event', 'Reason'] })?.rows.length ?? 0;
}
