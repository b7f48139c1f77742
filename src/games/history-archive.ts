import { findTable, readDocument } from '../parse/document.ts';
import { replaceRegion } from '../parse/regions.ts';

// Archiving of a Gamestate page's History table (the audit trail of src/sim/trail.ts): rows beyond
// the page's limit move, oldest first, to numbered archive subpages `<Gamestate>/History/N` of
// `limit` rows each, linked from the page's `history-archives` region. Generic: a game's engine
// only says how its History table is laid out (`GameEngine.history`). Pure: no I/O.

/** How a game's History table looks. */
export interface HistoryTableSpec {
  /** Headers that identify the table on the page (e.g. ["Event", "Reason"]). */
  identify: readonly string[];
  /** Every column label, in order: the header of a new archive page. */
  columns: readonly string[];
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

export function archiveHeader(spec: HistoryTableSpec): string {
  return `{| class="wikitable"\n! ${spec.columns.join(' !! ')}\n`;
}

/** A new archive page, or `page` with the rows it does not hold yet appended (idempotent). */
export function appendToArchive(page: string | undefined, gamestate: string, rows: readonly string[], spec: HistoryTableSpec): string {
  const base = page ?? `Older History rows of [[${gamestate}]], oldest first. Written by Croupier.\n${archiveHeader(spec)}|}\n`;
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
export function planArchive(text: string, gamestate: string, limit: number, archives: ArchiveState, spec: HistoryTableSpec): ArchivePlan {
  // Offsets index doc.text (NUL, DEL and line-end CR removed), never the raw text: read once, slice that.
  const doc = readDocument(text, { page: gamestate });
  const table = findTable(doc, { headers: [...spec.identify] });
  const excess = table === undefined ? 0 : table.rows.length - limit;
  if (table === undefined || excess <= 0) return { rows: [], pages: [], total: archives.count };
  const rows = table.rows.slice(0, excess).map((r) => `${doc.text.slice(r.start, r.end)}\n`);
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

/**
 * Removes archived rows (exactly those given) from the page and links every archive page. The page
 * comes back as read (doc.text: NUL, DEL and line-end CR removed), the text the row offsets index.
 */
export function removeArchivedRows(text: string, gamestate: string, archived: ReadonlySet<string>, total: number, spec: HistoryTableSpec): string {
  const doc = readDocument(text, { page: gamestate });
  const table = findTable(doc, { headers: [...spec.identify] });
  const read = doc.text;
  let out = read;
  for (const r of [...(table?.rows ?? [])].reverse()) {
    if (!archived.has(`${read.slice(r.start, r.end)}\n`)) continue;
    const start = read[r.start - 1] === '\n' ? r.start - 1 : r.start;
    out = out.slice(0, start) + out.slice(r.end);
  }
  return replaceRegion(out, 'history-archives', archiveLinks(gamestate, total), { page: gamestate, heading: 'History' }).text;
}

/** Data rows on an archive page. */
export function archiveRowCount(page: string | undefined, spec: HistoryTableSpec): number {
  if (page === undefined) return 0;
  return findTable(readDocument(page), { headers: [...spec.identify] })?.rows.length ?? 0;
}
