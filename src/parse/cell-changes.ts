// What changed between two readings of a page, table by table, row by row, cell by cell (pure). The dry runs'
// cell diff (src/wiki/diff.ts) says it for people; a catch-up compares what people changed after an instant it
// missed with what it changes (src/jobs/late-edits.ts).
import { diffArrays } from 'diff';
import { tableName, type WikiDocument } from './document.ts';
import type { Cell, Row, Table } from './model.ts';

export type CellChange =
  | { kind: 'table-added'; table: string; rows: number }
  | { kind: 'table-removed'; table: string }
  | { kind: 'columns'; table: string; from: string[]; to: string[] }
  /** `row`: the row as it is after (its 1-based index and first cell name it). */
  | { kind: 'cell'; table: string; row: Row; column: string; from?: Cell; to?: Cell }
  | { kind: 'row-added'; table: string; row: Row }
  | { kind: 'row-removed'; table: string; row: Row };

/** A row's name: its first cell (the Players table's player, the Cards table's ID). */
export const rowLabel = (r: Row): string => r.list[0]?.text ?? '';

/** Every change from `a` to `b`, in page order. */
export function cellChanges(a: WikiDocument, b: WikiDocument): CellChange[] {
  const out: CellChange[] = [];
  const pairs = diffArrays(
    a.tables.map((t) => tableKey(a, t)),
    b.tables.map((t) => tableKey(b, t)),
  );
  let i = 0;
  let j = 0;
  for (const part of pairs) {
    const n = part.count ?? part.value.length;
    for (let k = 0; k < n; k++) {
      if (part.added) {
        const t = b.tables[j++]!;
        out.push({ kind: 'table-added', table: tableNameIn(b, t), rows: t.rows.length });
      } else if (part.removed) out.push({ kind: 'table-removed', table: tableNameIn(a, a.tables[i++]!) });
      else out.push(...tableChanges(a, a.tables[i++]!, b, b.tables[j++]!));
    }
  }
  return out;
}

/** A table is the same table on both sides when it sits under the same rule with the same name (columns may change). */
function tableKey(doc: WikiDocument, t: Table): string {
  return `${t.rule ?? ''}\n${tableNameIn(doc, t)}`;
}

/** The rule a table sits under when it is that rule's only table (the Gamestate's "Players"), else its caption or columns. */
export function tableNameIn(doc: WikiDocument, t: Table): string {
  const alone = t.rule !== undefined && doc.tables.filter((x) => x.ruleIndex === t.ruleIndex).length === 1;
  return alone ? t.rule! : tableName(t);
}

function tableChanges(a: WikiDocument, ta: Table, b: WikiDocument, tb: Table): CellChange[] {
  const table = tableNameIn(b, tb);
  const raw = (doc: WikiDocument, r: Row) => doc.text.slice(r.start, r.end).trim();
  const out: CellChange[] = [];
  if (ta.labels.join('\n') !== tb.labels.join('\n')) out.push({ kind: 'columns', table, from: ta.labels, to: tb.labels });
  const parts = diffArrays(
    ta.rows.map((r) => raw(a, r)),
    tb.rows.map((r) => raw(b, r)),
  );
  let i = 0;
  let j = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    const n = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      i += n;
      j += n;
      continue;
    }
    // A run of removed rows followed by added ones: rows with the same first cell are the same row, changed.
    const removed = part.removed ? ta.rows.slice(i, (i += n)) : [];
    const next = part.removed ? parts[p + 1] : undefined;
    const takesNext = next?.added === true;
    if (takesNext) p++;
    const addedCount = part.added ? n : takesNext ? (next.count ?? next.value.length) : 0;
    const added = tb.rows.slice(j, (j += addedCount));
    for (const row of added) {
      const was = removed.findIndex((r) => rowLabel(r) === rowLabel(row));
      if (was >= 0) out.push(...rowChanges(table, ta, removed.splice(was, 1)[0]!, tb, row));
      else out.push({ kind: 'row-added', table, row });
    }
    for (const row of removed) out.push({ kind: 'row-removed', table, row });
  }
  return out;
}

/** The cells of one row that changed, column by column (by label: a column may have been added or moved). */
function rowChanges(table: string, ta: Table, ra: Row, tb: Table, rb: Row): CellChange[] {
  const byLabel = (t: Table, r: Row) => new Map(r.list.map((cell, c) => [t.labels[c] ?? String(c + 1), cell]));
  const a = byLabel(ta, ra);
  const b = byLabel(tb, rb);
  const out: CellChange[] = [];
  for (const column of new Set([...b.keys(), ...a.keys()])) {
    const from = a.get(column);
    const to = b.get(column);
    if (from?.raw === to?.raw) continue;
    out.push({ kind: 'cell', table, row: rb, column, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  }
  return out;
}
