import type { Location, Warning } from '../../parse/location.ts';
import { findTables, tableName, type Row, type Table, type WikiDocument } from '../../parse/document.ts';

/** What every extractor gets: the read page and a place for warnings. */
export interface Extraction {
  doc: WikiDocument;
  warnings: Warning[];
}

export function warn(x: Extraction, message: string, location: Omit<Location, 'page'> = {}): void {
  x.warnings.push({ message, location: { page: x.doc.page, ...location } });
}

export function at(table: Table, row?: Row, column?: string): Omit<Location, 'page'> {
  return { rule: table.rule, table: tableName(table), row: row?.index, column, offset: (row ?? table).start };
}

/**
 * The table with the given headers, preferring the one under `rule` when several match; a warning
 * when none does. Found by header names, never by position on the page.
 */
export function tableWith(x: Extraction, what: string, headers: string[], rule: string, exclude: string[] = []): Table | undefined {
  const candidates = findTables(x.doc, { headers }).filter((t) => !exclude.some((h) => t.headers.includes(h)));
  const table = candidates.find((t) => t.rule?.toLowerCase() === rule.toLowerCase()) ?? candidates[0];
  if (table === undefined) warn(x, `No ${what} table found (a table with columns ${headers.join(', ')})`);
  return table;
}
