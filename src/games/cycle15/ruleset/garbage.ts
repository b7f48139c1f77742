import { cellValue, findTables, type Row, type Table } from '../../../parse/document.ts';
import { at, warn, type Extraction } from '../../shared/extraction.ts';
import type { GarbageItem } from './schema.ts';

// The Garbage rule: “Each row in the table below defines an item alongside it's description and
// it's ID. If an ID is not assigned to a garbage item, it is automatically assigned the lowest
// positive integer that is not the ID of another garbage item.”

export const GARBAGE_ID_RULE =
  'Garbage: “If an ID is not assigned to a garbage item, it is automatically assigned the lowest positive integer that is not the ID of another garbage item.”';

/** The Garbage table: columns Name, Description and ID, preferring the one under the rule "Garbage". */
export function findGarbageTable(x: Pick<Extraction, 'doc'>): Table | undefined {
  const tables = findTables(x.doc, { headers: ['name', 'description', 'id'] });
  return tables.find((t) => t.rule?.toLowerCase() === 'garbage') ?? tables[0];
}

/**
 * IDs for items without one, in table order: each takes the lowest positive integer no other item
 * holds — the written IDs and those assigned before it (“not the ID of another garbage item”).
 */
export function assignIds(written: readonly (number | null)[]): number[] {
  const taken = new Set(written.filter((id): id is number => id !== null));
  let candidate = 1;
  return written.map((id) => {
    if (id !== null) return id;
    while (taken.has(candidate)) candidate++;
    taken.add(candidate);
    return candidate;
  });
}

function readId(x: Extraction, table: Table, row: Row): number | null {
  const text = cellValue(row, 'id');
  if (text === undefined) return null;
  if (/^\d+$/.test(text) && Number(text) > 0 && Number.isSafeInteger(Number(text))) return Number(text);
  warn(x, `The ID "${text}" is not a positive integer; the item is given an ID by the rule instead`, at(table, row, 'ID'));
  return null;
}

export function readGarbage(x: Extraction): GarbageItem[] {
  const table = findGarbageTable(x);
  if (table === undefined) {
    warn(x, 'No Garbage table found (a table with columns Name, Description, ID)');
    return [];
  }
  const rows = table.rows.filter((row) => {
    if (cellValue(row, 'name') !== undefined) return true;
    warn(x, 'A Garbage row without a name is not an item', at(table, row, 'Name'));
    return false;
  });
  const written = rows.map((row) => readId(x, table, row));
  const ids = assignIds(written);
  const seen = new Map<number, number>();
  rows.forEach((row, i) => {
    const other = seen.get(ids[i]!);
    if (written[i] !== null && other !== undefined) {
      warn(x, `The ID ${ids[i]} is written twice (rows ${other} and ${row.index}): “an item alongside … it's ID” names one item`, at(table, row, 'ID'));
    }
    seen.set(ids[i]!, row.index);
  });
  return rows.map((row, i) => ({
    name: cellValue(row, 'name')!,
    description: cellValue(row, 'description') ?? '',
    writtenId: written[i]!,
    id: ids[i]!,
    row: row.index,
  }));
}
