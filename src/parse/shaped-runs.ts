import type { AstNodes, TrToken } from 'wikiparser-node/dist/internal.js';
import type { Cell } from './model.ts';
import type { WrittenRow } from './tables.ts';

// Runs of table rows read through their shapes (row-shapes.ts) and the row tokens standing for them
// in a section's parse, for the readers of tables (tables.ts) and of plain text (plain.ts).

export type CellKind = 'td' | 'th' | 'caption';

export interface ShapedRow {
  /** Start of the row's line in the page text. */
  start: number;
  /** Offsets in the page text. */
  cells: Cell[];
  /** What each cell was written as (shared by the rows of one shape). */
  kinds: readonly CellKind[];
}

/** Rows replaced by one padded row line, written from `start` (the first `|-`) to `end` in the page text. */
export interface ShapedRun {
  start: number;
  end: number;
  rows: ShapedRow[];
}

/** A row read through its shape, as a table's row: it ends where its last cell does (its start, when it has none). */
export function writtenRow({ cells, start }: ShapedRow): WrittenRow {
  return { cells, start, end: cells.reduce((e, c) => Math.max(e, c.end), start) };
}

const shapedTokens = new WeakMap<AstNodes, ShapedRun>();

/** The rows a row token stands for, when it is a padded run of shaped rows. */
export function shapedRun(token: AstNodes): ShapedRun | undefined {
  return shapedTokens.get(token);
}

export function markShapedRun(token: TrToken, run: ShapedRun): void {
  shapedTokens.set(token, run);
}
