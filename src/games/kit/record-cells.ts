import { cellValue } from '../../parse/tables.ts';
import type { WikiDocument } from '../../parse/model.ts';
import { findStateTable } from '../shared/read-tables.ts';
import type { RecordKind, TableSpec } from '../shared/table-spec.ts';
import type { PageSpec } from './page-spec.ts';

// The cells of a Gamestate page that are the bot's record (Column.record): the clock, what was granted. Read from
// the page alone, each under a key that names it across revisions (its table, its row's name, its column), for
// src/jobs/record-edits.ts to tell who changed one since the bot's own revision.

/** One record cell as a revision of the page writes it. */
export interface RecordCell {
  table: string;
  /** 1-based data row; the head table's one row is 1. */
  row: number;
  /** The row's cell of the table's first column (a player's name, a card's ID); '' for the head table's one row. */
  label: string;
  /** Which row of that label in its table, from 1: two gifts given at the same minute are two rows of the record. */
  occurrence: number;
  column: string;
  /** The cell's text; undefined when empty (blank or "-") or absent. */
  text: string | undefined;
  /** Which of its changes are the record's (Column.record). */
  kind: RecordKind;
}

/** The page's record cells by key (recordKey). */
export type RecordCells = ReadonlyMap<string, RecordCell>;

export const recordKey = (c: Pick<RecordCell, 'table' | 'label' | 'occurrence' | 'column'>): string =>
  JSON.stringify([c.table, c.label, c.occurrence, c.column]);

/** The record cells of every table `spec` declares that the page holds. */
export function recordCells<S, H extends keyof S, C>(doc: WikiDocument, spec: PageSpec<S, H, C>): RecordCells {
  const out = new Map<string, RecordCell>();
  const tables: TableSpec<unknown, C>[] = [
    spec.head.table as TableSpec<unknown, C>,
    ...Object.values(spec.tables).map((t) => (t as { table: TableSpec<unknown, C> }).table),
  ];
  tables.forEach((table, i) => {
    const columns = table.columns.filter((c) => c.record !== undefined);
    const found = columns.length === 0 ? undefined : findStateTable(doc, table);
    const seen = new Map<string, number>();
    for (const row of found?.rows ?? []) {
      // By the table's first declared column (the player, the card's ID), wherever an editor moved it.
      const label = i === 0 ? '' : (cellValue(row, table.columns[0]!.label) ?? '');
      const occurrence = (seen.get(label) ?? 0) + 1;
      seen.set(label, occurrence);
      for (const c of columns) {
        const cell = { table: table.name, row: row.index, label, occurrence, column: c.label, text: cellValue(row, c.label), kind: c.record! };
        out.set(recordKey(cell), cell);
      }
    }
  });
  return out;
}
