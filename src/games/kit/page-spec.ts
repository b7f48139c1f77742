import type { z } from 'zod';
import type { TableSpec } from '../shared/table-spec.ts';

// A game's Gamestate page, declared: which tables the page holds and under which field of the state each one's
// rows go, what a row gets for the cells it leaves out, and the schema the read state must pass. The kit reads
// (page-reader.ts) and writes back (page-renderer.ts) every game's page from this declaration; the game keeps its
// columns (gamestate/tables.ts), how its state is assembled from the rows, and its cross-checks.

/** What a row gets for a field its cells leave out: fixed values, or values computed from the row as read. */
export type Defaults<E> = Partial<E> | ((row: Partial<E>) => Partial<E>);

/** A table of the page with the defaults of its rows. */
export interface PageTable<E, C> {
  table: TableSpec<E, C>;
  defaults?: Defaults<E>;
}

/** The fields of the state that hold a table's rows (arrays of objects). */
export type RowFields<S> = { [K in keyof S]: S[K] extends readonly object[] ? K : never }[keyof S];
type RowOf<S, K extends keyof S> = S[K] extends readonly (infer E)[] ? E : never;

/**
 * `S`: the state the page reads into (the schema's type); `H`: its field holding the head table's one row (the
 * Phase, Round or Game table: the page's clock); `C`: what the columns' readers need besides the cell.
 */
export interface PageSpec<S, H extends keyof S, C = undefined> {
  head: { field: H } & PageTable<S[H], C>;
  /** The tables of rows, each under its state field, in reading order (the order their problems are listed in). */
  tables: { [K in RowFields<S>]?: PageTable<RowOf<S, K>, C> };
  /** The state as the rules may use it: what the readers and cross-checks let through and the schema refuses is a located problem. */
  schema: z.ZodType<S>;
  /** Tables whose rows without a row number are new ones, appended at the table's end (Nomicoup's turns begun). */
  appended?: readonly RowFields<S>[];
  /** The page's History columns (HISTORY_COLUMNS unless the game writes its own). */
  historyColumns?: readonly string[];
}

/** The row with its defaults under the fields it left undefined (each row its own copy: an engine may change a list in place). */
export function withDefaults<E>(row: Partial<E>, defaults: Defaults<E> | undefined): Partial<E> {
  if (defaults === undefined) return row;
  const values = typeof defaults === 'function' ? defaults(row) : defaults;
  for (const [key, value] of Object.entries(values) as [keyof E, E[keyof E]][]) if (row[key] === undefined) row[key] = structuredClone(value);
  return row;
}
