import { findTable, findTables, normaliseHeader, type Cell, type Row, type Table, type WikiDocument } from '../../parse/document.ts';
import { rowName } from '../../parse/tables.ts';
import type { Location } from '../../parse/location.ts';
import { FieldError } from './fields.ts';
import type { Problem } from './gamestate-error.ts';
import type { TableSpec } from './table-spec.ts';

// Reading a Gamestate page's tables: each by its identifying headers (one of each kind), every cell
// through its column's reader; damaged rows and merged cells are problems. Shared by every game's reader.

export function findStateTable(doc: Pick<WikiDocument, 'tables'>, spec: { identify: readonly string[] }): Table | undefined {
  return findTable(doc, { headers: spec.identify });
}

/**
 * A second table with the same identifying columns makes the page ambiguous: which one is the game's?
 * Refused, naming where each one is, rather than reading the first and ignoring the other.
 */
export function uniqueTable(doc: WikiDocument, spec: { name: string; identify: readonly string[] }, problems: Problem[]): Table | undefined {
  const found = findTables(doc, { headers: spec.identify });
  if (found.length > 1) {
    const places = found.map((t) => (t.rule === undefined ? `offset ${t.start}` : `under "${t.rule}" (offset ${t.start})`));
    problems.push({
      message: `${found.length} tables have the columns ${spec.identify.join(', ')} (${places.join('; ')}): the page is ambiguous; keep one ${spec.name} table`,
      location: { page: doc.page, table: spec.name, offset: found[1]!.start },
    });
  }
  return found[0];
}

export function readRows<E, C>(
  doc: WikiDocument,
  spec: TableSpec<E, C>,
  ctx: C,
  problems: Problem[],
): { table?: Table; entities: (Partial<E> & { row: number })[] } {
  const table = uniqueTable(doc, spec, problems);
  const where: Location = { page: doc.page, table: spec.name };
  if (table === undefined) {
    problems.push({ message: `no ${spec.name} table (a wikitable with the columns ${spec.identify.join(', ')})`, location: where });
    return { entities: [] };
  }
  const missing = spec.columns.filter((c) => c.required && !table.headers.includes(normaliseHeader(c.label)));
  for (const c of missing) problems.push({ message: `the table has no "${c.label}" column`, location: where });
  if (missing.length > 0) return { table, entities: [] };
  mergedCells(table, spec.name, where, problems);
  damagedRows(table, spec.name, where, problems);
  // Without its "|}" a table runs on into the next one, and a cell of both would be written twice.
  if (!table.closed && doc.tables.some((t) => t.start > table.start && t.start < table.end)) {
    problems.push({ message: 'the table has no end ("|}" is missing) and runs into the next table', location: where });
    return { table, entities: [] };
  }
  const keys = spec.columns.map((c) => normaliseHeader(c.label));
  const entities = table.rows.map((row) => readRow(row, spec, keys, ctx, where, problems));
  return { table, entities };
}

/**
 * A row must fill exactly the header's columns: one cell short shifts every later cell, and a missing
 * `|-` joins two rows into one whose second half would be ignored (a gift or a card gone from the count).
 */
function damagedRows(table: Table, name: string, where: Location, problems: Problem[]): void {
  for (const row of table.rows) {
    if (row.width === table.headers.length) continue;
    const hint = row.width > table.headers.length ? ' (is a "|-" missing between two rows?)' : ' (write "-" in an empty cell)';
    problems.push({
      message: `${rowName(row)} of the ${name} table has ${row.width} cells; the header has ${table.headers.length}${hint}`,
      location: { ...where, row: row.index },
    });
  }
}

/**
 * A cell with colspan or rowspan fills several places of the table (the same Cell under several
 * keys or rows): Croupier would write it once per place, so such tables are refused.
 */
function mergedCells(table: Table, name: string, where: Location, problems: Problem[]): void {
  // Each column holding the row's own cell in its place: no cell fills two places (the usual table, looked at quickly).
  if (table.rows.every((row) => table.headers.every((key, i) => row.cells[key] === row.list[i]))) return;
  const first = new Map<Cell, { row: number; column: string }>();
  const reported = new Set<Cell>();
  for (const row of table.rows) {
    table.headers.forEach((key, i) => {
      const cell = row.cells[key];
      if (cell === undefined) return;
      const column = table.labels[i] ?? key;
      const at = first.get(cell);
      if (at === undefined) {
        first.set(cell, { row: row.index, column });
      } else if (!reported.has(cell)) {
        reported.add(cell);
        problems.push({
          message:
            `merged cells are not supported in the ${name} table; row ${at.row}, column "${at.column}" spans into ` +
            `row ${row.index}, column "${column}" (colspan/rowspan): write one cell per place`,
          location: { ...where, row: at.row, column: at.column },
        });
      }
    });
  }
}

/** The row's entity; `keys[i]` is the key of `spec.columns[i]`. */
function readRow<E, C>(row: Row, spec: TableSpec<E, C>, keys: readonly string[], ctx: C, where: Location, problems: Problem[]) {
  const entity = { row: row.index } as Partial<E> & { row: number };
  spec.columns.forEach((c, i) => {
    const text = row.cells[keys[i]!]?.text;
    const blank = text === undefined || /^[\s\-–—]*$/.test(text);
    try {
      Object.assign(entity, c.read(blank ? undefined : text, ctx));
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
      problems.push({ message: `${c.label} ${err.message}`, location: { ...where, row: row.index, column: c.label } });
    }
  });
  return entity;
}
