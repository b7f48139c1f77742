import type { z } from 'zod';
import type { Table, WikiDocument } from '../../parse/document.ts';
import { GamestateError, type Problem } from '../shared/gamestate-error.ts';
import { HISTORY_COLUMNS, historyTable } from '../shared/history.ts';
import { normaliseHeader } from '../../parse/tables.ts';
import { readRows, uniqueTable } from '../shared/read-tables.ts';
import { parseChecked } from '../shared/schema-check.ts';
import { withDefaults, type PageSpec, type PageTable, type RowFields } from './page-spec.ts';

// Reading a game's Gamestate page from its declaration (page-spec.ts): the head table and its one row, every
// declared table's rows (defaults filled), the History table; then the game's own assembly and cross-checks, and
// the schema. Every problem is collected and located (page, table, row, column); any problem is a GamestateError
// and no edit: Croupier never guesses what an editor meant.

/** What the page's tables hold, before the game assembles its state from it. */
export interface PageRead<S, H extends keyof S> {
  /** The head table's one row, defaults filled. */
  head: S[H];
  /** Each declared table's rows under its state field, defaults filled (the schema checks what the cells could not). */
  rows: { [K in RowFields<S>]: S[K] };
  history: Table;
}

/** The fields of the state the kit fills: the page, the head row, the tables' rows, the History's row count. */
type PageFields<S, H extends keyof S> = 'page' | 'historyRows' | H | RowFields<S>;

/** The rest of a game's state, made from what the page's tables hold, and what the game checks between its tables. */
export interface PageReading<S, H extends keyof S> {
  build(read: PageRead<S, H>): Omit<S, PageFields<S, H>>;
  /** Adds a located problem for each thing a cell cannot say alone (a player listed twice, a card of no player). */
  check?(state: S, problems: Problem[]): void;
}

/** Reads and validates the page declared by `spec`. Throws GamestateError listing every problem. */
export function readPage<S extends { page?: string; historyRows: number }, H extends keyof S, C>(
  doc: WikiDocument,
  spec: PageSpec<S, H, C>,
  ctx: C,
  reading: PageReading<S, H>,
): S {
  const read = readPageTables(doc, spec, ctx);
  const state = { page: doc.page, [spec.head.field]: read.head, ...read.rows, historyRows: read.history.rows.length, ...reading.build(read) } as unknown as S;
  const problems: Problem[] = [];
  reading.check?.(state, problems);
  if (problems.length > 0) throw new GamestateError(problems);
  const checked = parseChecked(spec.schema, state);
  if (!checked.success) throw new GamestateError(checked.error.issues.map((issue) => schemaProblem(issue, spec, state, doc.page)));
  return checked.data as S;
}

/** The declared tables' rows and the History table; a missing or damaged table, or a head table without exactly one row, is a GamestateError. */
export function readPageTables<S, H extends keyof S, C>(doc: WikiDocument, spec: PageSpec<S, H, C>, ctx: C): PageRead<S, H> {
  const problems: Problem[] = [];
  const { name } = spec.head.table;
  const head = readRows(doc, spec.head.table, ctx, problems);
  if (head.table !== undefined && head.table.rows.length !== 1) {
    problems.push({ message: `the ${name} table must have exactly one row`, location: { page: doc.page, table: name } });
  }
  const tables = Object.entries(spec.tables) as [string, PageTable<object, C>][];
  const read = tables.map(([field, t]) => [field, t, readRows(doc, t.table, ctx, problems).entities] as const);
  const history = uniqueTable(doc, historyTable, problems);
  if (history === undefined) {
    problems.push({ message: 'no History table (a wikitable with the columns Event and Reason)', location: { page: doc.page, table: 'History' } });
  } else {
    // Every column the bot writes and reads back (the race chart and the summaries count its Change cells): a
    // column renamed by hand would be read as empty and its rows' counts lost at the next run.
    const missing = (spec.historyColumns ?? HISTORY_COLUMNS).filter((c) => !history.headers.includes(normaliseHeader(c)));
    if (missing.length > 0)
      problems.push({
        message: `the History table has no column ${missing.map((c) => `"${c}"`).join(', ')} (its columns: ${history.labels.join(', ')}): put its header back`,
        location: { page: doc.page, table: 'History' },
      });
  }
  if (problems.length > 0) throw new GamestateError(problems);
  const { row: _, ...first } = head.entities[0]!; // the head's row number is 1 by definition (page-renderer.ts)
  const rows = Object.fromEntries(read.map(([field, t, entities]) => [field, entities.map((e) => withDefaults(e, t.defaults))]));
  return { head: withDefaults(first as Partial<S[H]>, spec.head.defaults) as S[H], rows: rows as PageRead<S, H>['rows'], history: history! };
}

/**
 * A value the cell readers let through but the schema refuses, located by its table and row (a safety net:
 * the readers refuse what they know of, with the cell's column).
 */
function schemaProblem<S, H extends keyof S, C>(issue: z.core.$ZodIssue, spec: PageSpec<S, H, C>, state: S, page: string | undefined): Problem {
  const [key, index, ...field] = issue.path.map(String);
  if (key === spec.head.field) {
    return {
      message: `${[index, ...field].filter((x) => x !== undefined).join('.')}: ${issue.message}`,
      location: { page, table: spec.head.table.name, row: 1 },
    };
  }
  const table = (spec.tables as Record<string, PageTable<unknown, C> | undefined>)[key!]?.table;
  if (table === undefined || index === undefined) return { message: `${issue.path.join('.')}: ${issue.message}`, location: { page, table: table?.name } };
  const entity = (state as Record<string, { row?: number }[] | undefined>)[key!]?.[Number(index)];
  return { message: `${field.join('.')}: ${issue.message}`, location: { page, table: table.name, row: entity?.row } };
}
