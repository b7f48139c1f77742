import type { Change } from '../../sim/trail.ts';
import type { Row, Table, WikiDocument } from '../../parse/document.ts';
import { normaliseHeader } from '../../parse/document.ts';
import { fitEdits } from './fit.ts';
import { historyAppend, historyTable, tableEndMarker, writtenCell } from './history.ts';
import { findStateTable } from './read-tables.ts';
import type { Column, TableSpec } from './table-spec.ts';

// Writing a Gamestate page back: only the cells whose value changed are replaced, by splicing their
// offsets; rows of entities that are gone are cut out. Every other byte of the page — an editor's
// spacing, comments, cell style, prose — stays as it was. Shared by every game's renderer.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Is `written` the value `wanted` (the column's writing of `entity`)? Compared through the column's reader, so "41 🝬" and "41" are one value. */
function sameValue<E, C>(spec: Column<E, C>, written: string | undefined, wanted: string, entity: E, ctx: C): boolean {
  if (written === undefined) return false;
  if (spec.computed) return written.trim() === wanted;
  if (written.trim() === wanted) return true;
  try {
    const blank = /^[\s\-–—]*$/.test(written);
    return spec.write({ ...entity, ...spec.read(blank ? undefined : written, ctx) }) === wanted;
  } catch {
    return false;
  }
}

export function tableEdits<E, C>(doc: WikiDocument, spec: TableSpec<E, C>, entities: readonly (E & { row?: number })[], ctx: C, edits: Edit[]): void {
  const table = findStateTable(doc, spec);
  if (table === undefined) return;
  const byRow = new Map(entities.filter((e) => e.row !== undefined).map((e) => [e.row!, e]));
  // Optional columns the page lacks but now needs (the Phase start after a manual rollover): added at the end.
  const added = spec.columns.filter(
    (c) =>
      c.addWhen !== undefined &&
      !table.headers.includes(normaliseHeader(c.label)) &&
      table.rows.some((r) => {
        const e = byRow.get(r.index);
        return e !== undefined && c.addWhen!(e);
      }),
  );
  if (added.length > 0)
    addHeaders(
      doc.text,
      table,
      added.map((c) => c.label),
      edits,
    );
  const layout = columnsOf(table, spec, added);
  for (const row of table.rows) {
    const entity = byRow.get(row.index);
    if (entity === undefined) {
      deleteRow(doc.text, row, edits);
      continue;
    }
    rowEdits(doc.text, row, layout, entity, ctx, edits);
  }
}

/** One table of a Gamestate page and what its rows are now: the edits that write it back (tableEdits). */
export interface StateTable {
  spec: { identify: readonly string[] };
  write(doc: WikiDocument, edits: Edit[]): void;
}

export function stateTable<E, C>(spec: TableSpec<E, C>, entities: readonly (E & { row?: number })[], ctx?: C): StateTable {
  return { spec, write: (doc, edits) => tableEdits(doc, spec, entities, ctx as C, edits) };
}

/** The tables whose rows are fields of the state, each spec under its field's name (`{ players: playersTable }`). */
export function stateTables<S, C>(state: S, specs: { [K in keyof S]?: S[K] extends readonly (infer E)[] ? TableSpec<E, C> : never }, ctx?: C): StateTable[] {
  return (Object.keys(specs) as (keyof S)[]).map((field) =>
    stateTable(specs[field] as TableSpec<{ row?: number }, C>, state[field] as readonly { row?: number }[], ctx),
  );
}

/**
 * A Gamestate page written back, every game's way: the tables' changed cells and cut rows, the History
 * rows of `changes` (historyAppend; `page` names the page in its error, `columns` are the game's History
 * columns) and `added` (rows the caller appends from the same read, appendTableRows), in one pass. With
 * History rows to write, each of these tables gets the bot's scrolling box if it has none (fit.ts).
 */
export function renderState(
  doc: WikiDocument,
  tables: readonly StateTable[],
  history: { changes: readonly Change[]; page: string | undefined; columns?: readonly string[] },
  added: readonly Edit[] = [],
): string {
  const edits: Edit[] = [...added];
  for (const table of tables) table.write(doc, edits);
  historyAppend(doc, history.changes, history.page, edits, history.columns);
  if (history.changes.length > 0) {
    const boxed = [...tables.map((t) => t.spec), historyTable].map((spec) => findStateTable(doc, spec));
    fitEdits(doc.text, boxed, edits);
  }
  return applyEdits(doc.text, edits);
}

/** Each column of the spec on this page: its key and its place (absent from the page: left out; added: after the last). */
function columnsOf<E, C>(table: Table, spec: TableSpec<E, C>, added: readonly Column<E, C>[]): { column: Column<E, C>; key: string; position: number }[] {
  return spec.columns.flatMap((column) => {
    const key = normaliseHeader(column.label);
    let position = table.headers.indexOf(key);
    if (position < 0 && added.includes(column)) position = table.headers.length + added.indexOf(column);
    return position < 0 ? [] : [{ column, key, position }]; // an optional column absent from this page
  });
}

/** The last line of `text` before `end`. */
function lastLine(text: string, end: number): string {
  return text.slice(text.lastIndexOf('\n', end - 1) + 1, end);
}

/** New header cells after the last one, in the header row's own style (`! A !! B` or one `!B` a line). */
function addHeaders(text: string, table: Table, labels: readonly string[], edits: Edit[]): void {
  const first = table.rows[0]?.start ?? table.end;
  const end = table.start + text.slice(table.start, first).trimEnd().length;
  const line = lastLine(text, end);
  const inline = /^\s*!/.test(line) && line.includes('!!');
  const space = /^\s*!\s/.test(line) ? ' ' : '';
  edits.push({ start: end, end, text: labels.map((l) => (inline ? ` !! ${l}` : `\n!${space}${l}`)).join('') });
}

function deleteRow(text: string, row: Row, edits: Edit[]): void {
  const start = text[row.start - 1] === '\n' ? row.start - 1 : row.start;
  edits.push({ start, end: row.end, text: '' });
}

function rowEdits<E, C>(
  text: string,
  row: Row,
  layout: readonly { column: Column<E, C>; key: string; position: number }[],
  entity: E,
  ctx: C,
  edits: Edit[],
): void {
  const appended: string[] = [];
  for (const { column, key, position } of layout) {
    const cell = row.cells[key];
    const wanted = column.write(entity);
    if (sameValue(column, cell?.text, wanted, entity, ctx)) continue;
    if (cell !== undefined) {
      edits.push({ start: cell.start, end: cell.end, text: writtenCell(wanted, text[cell.start - 1]) });
    } else {
      // A short row (or a column just added): fill the missing trailing cells, in column order.
      while (row.list.length + appended.length < position) appended.push('-');
      appended[position - row.list.length] = writtenCell(wanted);
    }
  }
  if (appended.length > 0) {
    // In the row's own style: `| a || b` rows get ` || c`, one-cell-a-line rows get a line `| c`.
    const inline = /^\s*\|(?!-)/.test(lastLine(text, row.end)) && lastLine(text, row.end).includes('||');
    edits.push({ start: row.end, end: row.end, text: appended.map((t) => (inline ? ` || ${t}` : `\n| ${t}`)).join('') });
  }
}

/**
 * Applies non-overlapping edits in one pass (a page may get tens of thousands of them). Overlapping
 * edits (one cell written twice) are a bug, never applied: the text would be duplicated.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  let previous: Edit | undefined;
  for (const e of sorted) {
    if (previous !== undefined && e.start < at) {
      throw new Error(
        `overlapping edits of the page text: [${previous.start}, ${previous.end}) and [${e.start}, ${e.end}) ` +
          `(${JSON.stringify(text.slice(e.start, Math.max(e.end, at)).slice(0, 40))}); nothing was changed`,
      );
    }
    previous = e;
    parts.push(text.slice(at, e.start), e.text);
    at = e.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Adds to `edits` new rows for `entities` at the end of the table `spec` finds in `doc` (a card drawn, a
 * move commenced), one line of cells each in the columns the page has, in its order; columns the spec does
 * not know get `-`. The table's end is the read's (no second parse): applied with the renderer's edits in
 * one applyEdits, the rows land right before the table's `|}`, after its rows as they are rewritten.
 * `what`: the rows, as the error names them when the page has no such table.
 */
export function appendTableRows<E, C>(doc: WikiDocument, spec: TableSpec<E, C>, entities: readonly E[], edits: Edit[], what = 'rows'): void {
  if (entities.length === 0) return;
  const table = findStateTable(doc, spec);
  if (table === undefined) throw new Error(`page "${doc.page}": no ${spec.name} table to add ${what} to`);
  const at = tableEndMarker(doc.text, table, doc.page, spec.name);
  const columns = table.headers.map((h) => spec.columns.find((c) => normaliseHeader(c.label) === h));
  const rows = entities.map((e) => `|-\n| ${columns.map((col) => writtenCell(col ? col.write(e) : '-')).join(' || ')}\n`).join('');
  edits.push({ start: at, end: at, text: rows });
}
