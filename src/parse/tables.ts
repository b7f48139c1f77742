import type { AstNodes, TableToken, TdToken } from 'wikiparser-node/dist/internal.js';
import type { Warning } from './location.ts';
import type { Cell, Row, Table, WikiDocument } from './model.ts';
import { parseWikitext } from './parser.ts';
import { plainText } from './plain.ts';
import { shapedRun, writtenRow } from './shaped-runs.ts';
import { MAX_COLSPAN } from './source.ts';

// Labels are few and looked up again and again (each cell of a 30,000-row table by its column's label).
const headerKeys = new Map<string, string>();

/** "Value(s)" → "value", " Effect(s) " → "effect", "Last action (UTC)" → "last action". */
export function normaliseHeader(label: string): string {
  let key = headerKeys.get(label);
  if (key === undefined) {
    if (headerKeys.size >= 10_000) headerKeys.clear();
    key = headerKey(label);
    headerKeys.set(label, key);
  }
  return key;
}

function headerKey(label: string): string {
  const key = label
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[:.]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return key === '' ? label.trim().toLowerCase() : key;
}

/** A cell's text, or undefined when the cell is missing, empty or a lone dash (the wiki's "none"). */
export function cellValue(row: Row, key: string): string | undefined {
  const text = row.cells[normaliseHeader(key)]?.text;
  return text === undefined || isBlank(text) ? undefined : text;
}

export function isBlank(text: string): boolean {
  return /^[\s\-–—]*$/.test(text);
}

export interface TableQuery {
  /** Title of the rule the table sits under (case and spacing ignored). */
  rule?: string;
  /** Text the caption contains (case ignored), or a pattern it matches. */
  caption?: string | RegExp;
  /** Headers the table must have, as labels or normalised keys; other columns may exist. */
  headers?: readonly string[];
}

export function findTables(doc: Pick<WikiDocument, 'tables'>, query: TableQuery): Table[] {
  const rule = query.rule === undefined ? undefined : fold(query.rule);
  const headers = query.headers?.map(normaliseHeader) ?? [];
  const { caption } = query;
  return doc.tables.filter(
    (t) =>
      (rule === undefined || (t.rule !== undefined && fold(t.rule) === rule)) &&
      (caption === undefined ||
        (t.caption !== undefined && (typeof caption === 'string' ? fold(t.caption).includes(fold(caption)) : caption.test(t.caption)))) &&
      headers.every((h) => t.headers.includes(h)),
  );
}

export function findTable(doc: Pick<WikiDocument, 'tables'>, query: TableQuery): Table | undefined {
  return findTables(doc, query)[0];
}

/** How a table is named in warnings: its caption, else its header labels (the first dozen of a wider one). */
export function tableName(table: Pick<Table, 'caption' | 'labels'>): string {
  const { caption, labels } = table;
  if (caption !== undefined) return caption;
  return labels.length <= 12 ? labels.join(' | ') : `${labels.slice(0, 12).join(' | ')} | … (${labels.length} columns)`;
}

function fold(s: string): string {
  return s.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** Where a table sits and what names it in warnings. */
export interface TableContext {
  page?: string;
  rule?: string;
  ruleIndex?: number;
}

/** A table as written: its caption and its rows in order, offsets in the page; read from a token (tokenTable) or from its text (prose.ts). */
export interface WrittenTable {
  start: number;
  end: number;
  closed: boolean;
  caption?: string;
  /** Cells written before the first `|-` form a row too; a row may have no cells. */
  rows: WrittenRow[];
}

export interface WrittenRow {
  cells: Cell[];
  /** Each cell's colspan and rowspan as written; absent when all are 1. */
  spans?: { colspan: number; rowspan: number }[];
  start: number;
  end: number;
}

/** Where a parsed table's token sits: the page's text and the offset of its section, and where the table must stop. */
export interface TokenPlace {
  text: string;
  /** Offset in `text` of the parsed section holding the table. */
  base: number;
  /** Where the table must stop: the first heading inside a table whose `|}` is missing. */
  cut?: number;
}

/** A parsed table as written. */
export function tokenTable(token: TableToken, place: TokenPlace): WrittenTable {
  const start = place.base + token.getAbsoluteIndex();
  const limit = Math.min(place.cut ?? Infinity, start + String(token).length);
  const closed = token.closed;
  const end = closed ? limit : start + place.text.slice(start, limit).trimEnd().length;
  return { start, end, closed, ...readRows(token, place, start, end) };
}

export function readTable(written: WrittenTable, ctx: TableContext): { table: Table; warnings: Warning[] } {
  const { start, end, closed, caption, rows } = written;

  // The header row is the first made only of `!` cells; without one, columns are numbered.
  const headerAt = rows.findIndex((r) => r.cells.length > 0 && r.cells.every((c) => c.header));
  const header = rows[headerAt];
  const labels = (header?.cells ?? []).flatMap((cell, i) => Array<string>(span(header?.spans?.[i]?.colspan ?? 1)).fill(cell.text));
  const dataRows = rows.filter((r, i) => i > headerAt && r.cells.length > 0);
  if (headerAt < 0) {
    const width = Math.max(0, ...dataRows.map((r) => r.cells.reduce((n, _, i) => n + span(r.spans?.[i]?.colspan ?? 1), 0)));
    for (let i = 1; i <= width; i++) labels.push(String(i));
  }
  const headers = uniqueKeys(labels);

  const name = tableName({ caption, labels });
  const where = { page: ctx.page, rule: ctx.rule, table: name };
  const warnings: Warning[] = [];
  if (!closed) {
    warnings.push({ message: `Table "${name}" has no end ("|}" is missing)`, location: { ...where, offset: start } });
  }
  const table: Table = { caption, rule: ctx.rule, ruleIndex: ctx.ruleIndex, headers, labels, rows: [], start, end, closed };
  const grid = new Grid(headers);
  dataRows.forEach((raw, i) => {
    const index = i + 1;
    const { cells, filled, clamped } = grid.place(raw);
    const row: Row = { index, cells, list: raw.cells, width: filled, start: raw.start, end: raw.end };
    for (const c of clamped) {
      warnings.push({
        message: `${rowName(row)} of table "${name}" has a cell spanning ${c.colspan} columns; the table has ${headers.length}, so it is read as spanning ${c.read}`,
        location: { ...where, row: index, offset: c.cell.start },
      });
    }
    if (filled !== headers.length) {
      const extra = filled > headers.length ? ' (extra cells ignored)' : '';
      warnings.push({
        message: `${rowName(row)} of table "${name}" has ${filled} cells; its header has ${headers.length}${extra}`,
        location: { ...where, row: index, offset: raw.start },
      });
    }
    table.rows.push(row);
  });
  return { table, warnings };
}

/** How a row is named in messages: by its number and its first cell ("Row 3 (`Coup Duke`)"), which editors see. */
export function rowName(row: Pick<Row, 'index' | 'list'>): string {
  const first = row.list[0]?.text;
  return first === undefined || first === '' ? `Row ${row.index}` : `Row ${row.index} (\`${first.length > 40 ? `${first.slice(0, 40)}…` : first}\`)`;
}

/** A cell's colspan, within HTML's own ceiling (a browser shows colspan="99999999" as 1000). */
function span(colspan: number): number {
  return Math.min(Math.max(1, colspan), MAX_COLSPAN);
}

/**
 * The caption and the rows as written; cells written before the first `|-` form a row too.
 * Offsets are counted up while walking the children: wikiparser-node's getAbsoluteIndex() re-measures
 * earlier siblings, which made a 30,000-row table quadratic.
 */
function readRows(token: TableToken, ctx: TokenPlace, tableStart: number, end: number): { caption?: string; rows: WrittenRow[] } {
  let caption: string | undefined;
  const rows: WrittenRow[] = [];
  let loose: WrittenRow | undefined;
  let at = tableStart;
  for (const kid of token.childNodes) {
    const kidStart = at;
    at += String(kid).length;
    if (kid.type === 'td') {
      const td = kid as TdToken;
      if (td.subtype === 'caption') {
        const cell = readCell(td, kidStart, ctx, end);
        if (cell !== undefined && cell.text !== '') caption ??= cell.text;
        continue;
      }
      if (loose === undefined) rows.push((loose = { cells: [], start: lineStart(kidStart, ctx), end: 0 }));
      addCell(loose, td, kidStart, ctx, end);
    } else if (kid.type === 'tr' && shapedRun(kid) !== undefined) {
      rows.push(...shapedRun(kid)!.rows.map(writtenRow));
    } else if (kid.type === 'tr') {
      const row: WrittenRow = { cells: [], start: lineStart(kidStart, ctx), end: 0 };
      if (row.start >= end) break;
      let cellStart = kidStart;
      for (const td of kid.childNodes) {
        if (td.type === 'td') addCell(row, td as TdToken, cellStart, ctx, end);
        cellStart += String(td).length;
      }
      row.end = Math.max(row.start, row.end);
      rows.push(row);
    }
  }
  return { caption, rows };
}

const ONE = { colspan: 1, rowspan: 1 };

/**
 * Places cells under their headers, row after row, so colspan and rowspan shift later cells.
 * A colspan reaching past the last column is placed up to it and counted as written (up to
 * MAX_COLSPAN), so the row is still too wide: the table's width, not the attribute, bounds the work.
 */
class Grid {
  private readonly carried: { cell: Cell; rows: number }[] = [];

  constructor(private readonly headers: readonly string[]) {}

  place(row: WrittenRow): { cells: Record<string, Cell>; filled: number; clamped: { cell: Cell; colspan: number; read: number }[] } {
    const clamped: { cell: Cell; colspan: number; read: number }[] = [];
    let beyond = 0;
    const cells: Record<string, Cell> = {};
    let col = 0;
    const put = (cell: Cell) => {
      const key = this.headers[col];
      if (key !== undefined) cells[key] = cell;
      col++;
    };
    const takeCarried = () => {
      for (let c = this.carried[col]; c !== undefined && c.rows > 0; c = this.carried[col]) {
        c.rows--;
        put(c.cell);
      }
    };
    row.cells.forEach((cell, i) => {
      const { colspan: written, rowspan } = row.spans?.[i] ?? ONE;
      takeCarried();
      const colspan = Math.min(span(written), Math.max(1, this.headers.length - col));
      if (written > colspan) clamped.push({ cell, colspan: written, read: colspan });
      for (let k = 0; k < colspan; k++) {
        this.carried[col] = { cell, rows: rowspan - 1 };
        put(cell);
      }
      beyond += span(written) - colspan;
    });
    takeCarried();
    return { cells, filled: col + beyond, clamped };
  }
}

/** Duplicate headers get a number: "name", "name 2". */
function uniqueKeys(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const key = normaliseHeader(label);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key} ${n}`;
  });
}

/** A row token starts with the newline before `|-`; the row itself starts after it. */
function lineStart(at: number, { text }: TokenPlace): number {
  return text[at] === '\n' ? at + 1 : at;
}

function addCell(row: WrittenRow, td: TdToken, at: number, ctx: TokenPlace, limit: number): void {
  const cell = readCell(td, at, ctx, limit);
  if (cell === undefined) return;
  if (td.colspan !== 1 || td.rowspan !== 1 || row.spans !== undefined) {
    row.spans ??= row.cells.map(() => ONE);
    row.spans.push({ colspan: td.colspan, rowspan: td.rowspan });
  }
  row.cells.push(cell);
  row.end = Math.max(row.end, cell.end);
}

/** The cell (starting at `at`) without surrounding whitespace; cut short when the table's end is missing. */
function readCell(td: TdToken, at: number, { text }: TokenPlace, limit: number): Cell | undefined {
  const inner = td.lastChild as AstNodes;
  const innerLength = String(inner).length;
  const innerStart = at + String(td).length - innerLength;
  if (innerStart >= limit) return undefined;
  const innerEnd = Math.min(limit, innerStart + innerLength);
  const written = text.slice(innerStart, innerEnd);
  const lead = written.length - written.trimStart().length;
  const raw = written.trim();
  const start = innerStart + lead;
  const truncated = innerEnd < innerStart + innerLength;
  return {
    text: plainText(truncated ? parseWikitext(raw).childNodes : inner),
    raw,
    start,
    end: start + raw.length,
    header: td.subtype === 'th',
  };
}
