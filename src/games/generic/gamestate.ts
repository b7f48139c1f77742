import { recordCells, type RecordCells } from '../kit/record-cells.ts';
import { z } from 'zod';
import { findTables, normaliseHeader, type Table, type WikiDocument } from '../../parse/document.ts';
import { findRegions } from '../../parse/regions.ts';
import type { Change } from '../../sim/trail.ts';
import { pageRenderer } from '../kit/page-renderer.ts';
import { readPage } from '../kit/page-reader.ts';
import type { PageSpec } from '../kit/page-spec.ts';
import { phaseClockColumns, winnerColumn } from '../shared/columns.ts';
import * as f from '../shared/fields.ts';
import { GamestateError } from '../shared/gamestate-error.ts';
import type { Column, TableSpec } from '../shared/table-spec.ts';
import { PHASE_COLUMNS } from '../shared/adopt.ts';
import { declaredColumns, type Declaration } from './declarations.ts';

// The Gamestate page of a game no module knows: the Phase record and the History that `croupier adopt` put in
// the bot's regions, and the one table the declarations name columns of (the players'), whose first column names
// the player. Only the declared columns are read and written; every other table, column and line is the
// people's, and stays as written.

export const GenericPhase = z.object({
  cycleStart: z.date(),
  number: z.number().int().nonnegative(),
  name: z.string(),
  nextRollover: z.date().nullable(),
  winner: z.array(z.string()),
});

/** A value of a declared cell: a count, a time (null: empty), or text. */
const CellValue = z.union([z.number(), z.date(), z.string(), z.null()]);
/** A player's row: its name (the table's first column) and the declared cells, each under `cell(label)`. */
export const GenericPlayer = z.object({ row: z.number().int().optional(), name: z.string().min(1) }).catchall(CellValue);
export type GenericPlayer = z.infer<typeof GenericPlayer>;

export const GenericState = z.object({
  page: z.string().optional(),
  phase: GenericPhase,
  players: z.array(GenericPlayer),
  /** The players' table: its name in messages (the section it is under) and its columns; null when nothing is declared. */
  playersTable: z.object({ name: z.string(), columns: z.array(z.string()) }).nullable(),
  historyRows: z.number().int().nonnegative(),
  /** The latest phase the History's rows were written in (null: none yet). */
  historyPhase: z.number().int().nullable(),
});
export type GenericState = z.infer<typeof GenericState>;

/** The key of a declared column's cell in a player's row (apart from `row` and `name`, whatever the column is called). */
export const cell = (label: string): string => `cell:${normaliseHeader(label)}`;

const phaseTable: TableSpec<z.infer<typeof GenericPhase>> = {
  name: 'Phase',
  identify: [PHASE_COLUMNS[1], PHASE_COLUMNS[3]],
  columns: [...phaseClockColumns, winnerColumn],
};

type Kind = 'count' | 'time' | 'text';

/** What each declared column holds, by what the declarations do with it (a count is granted or compared). */
function columnKinds(declarations: readonly Declaration[]): Map<string, Kind> {
  const kinds = new Map<string, Kind>();
  for (const d of declarations) {
    if (d.kind === 'grant' || d.kind === 'victory') kinds.set(d.column, 'count');
    else if (d.kind === 'inactive') {
      kinds.set(d.lastAction, 'time');
      if (!kinds.has(d.shownIn)) kinds.set(d.shownIn, 'text');
    } else if (!kinds.has(d.column)) kinds.set(d.column, 'text');
  }
  return kinds;
}

const { readInt } = f.intReaders([]);

function declaredColumn(label: string, kind: Kind): Column<GenericPlayer> {
  const key = cell(label);
  const read = {
    count: (t: string | undefined) => readInt(t, { min: 0 }),
    time: f.readOptionalInstant,
    text: (t: string | undefined) => t ?? '',
  }[kind];
  const write = (e: GenericPlayer): string => {
    const v = e[key];
    return v instanceof Date || v === null ? f.writeInstant(v ?? null) : v === '' || v === undefined ? '-' : String(v);
  };
  return { label, required: true, read: (t) => ({ [key]: read(t) }), write };
}

/** The page declared for a read: the Phase record, and the players' table when the declarations name columns. */
function pageSpec(doc: WikiDocument, declarations: readonly Declaration[]) {
  const columns = declaredColumns(declarations);
  const players = columns.length === 0 ? undefined : playersTable(doc, columns, declarations);
  const spec: PageSpec<GenericState, 'phase'> = {
    head: { field: 'phase', table: phaseTable },
    tables: players === undefined ? {} : { players: { table: players } },
    schema: GenericState,
  };
  return { spec, players };
}

/** The one table, outside the bot's regions, with every declared column; its first column names the players. */
function playersTable(doc: WikiDocument, columns: readonly string[], declarations: readonly Declaration[]): TableSpec<GenericPlayer> {
  const regions = findRegions(doc.text, doc.page);
  const outside = findTables(doc, { headers: columns }).filter((t) => !regions.some((r) => t.start >= r.start && t.start < r.end));
  const where = { page: doc.page, table: 'Players' };
  if (outside.length !== 1) {
    const why =
      outside.length === 0
        ? `no table has every column the declarations name (${columns.map((c) => `"${c}"`).join(', ')}): the players' table must have them all; correct the page or the declarations`
        : `${outside.length} tables have the declared columns (${columns.join(', ')}): the players' table is ambiguous; keep them in one table`;
    throw new GamestateError([{ message: why, location: where }]);
  }
  const table = outside[0]!;
  const nameLabel = table.labels[0] ?? '';
  if (columns.some((c) => normaliseHeader(c) === table.headers[0])) {
    throw new GamestateError([
      { message: `the first column ("${nameLabel}") names the players; a declaration may not change it`, location: { ...where, table: table.rule } },
    ]);
  }
  const kinds = columnKinds(declarations);
  return {
    name: table.rule ?? 'Players',
    identify: columns,
    columns: [
      { label: nameLabel, required: true, read: (t) => ({ name: f.required(t) }), write: (e) => e.name },
      ...columns.map((c) => declaredColumn(c, kinds.get(c)!)),
    ],
  };
}

/** The highest number in the History's Phase column (rows whose cell is no number are not counted). */
function latestPhase(history: Table): number | null {
  const numbers = history.rows.map((r) => Number(r.cells[normaliseHeader('Phase')]?.text.trim())).filter((n) => Number.isInteger(n));
  return numbers.length === 0 ? null : Math.max(...numbers);
}

/** The page as data; a GamestateError lists every problem, located (page, table, row, column). */
/** The page's record cells (src/games/kit/record-cells.ts), by the tables its declarations give it. */
export function genericRecordCells(doc: WikiDocument, declarations: readonly Declaration[]): RecordCells {
  return recordCells(doc, pageSpec(doc, declarations).spec);
}

export function readGenericPage(doc: WikiDocument, declarations: readonly Declaration[]): GenericState {
  if (findTables(doc, { headers: phaseTable.identify }).length === 0) {
    throw new GamestateError([
      {
        message: `no Phase record: a game of kind generic keeps its phase in the table croupier adopt adds (croupier adopt --game <id>)`,
        location: { page: doc.page, table: 'Phase' },
      },
    ]);
  }
  const { spec, players } = pageSpec(doc, declarations);
  return readPage(doc, spec, undefined, {
    // Without declared columns there is no players' table to read: no players.
    build: (read) => ({
      historyPhase: latestPhase(read.history),
      ...(players === undefined
        ? ({ playersTable: null, players: [] } as { playersTable: null })
        : { playersTable: { name: players.name, columns: [...players.identify] } }),
    }),
    check(state, problems) {
      // The History's rows are the bot's, each of the phase it was written in: a page recording an earlier phase was
      // set back by hand, and rolling it over again would reset and grant twice.
      if (state.historyPhase !== null && state.phase.number < state.historyPhase) {
        problems.push({
          message: `phase ${state.phase.number} is before the History's latest rows (phase ${state.historyPhase}): the Phase record was set back; write the phase the History has reached`,
          location: { page: doc.page, table: 'Phase', row: 1, column: 'Phase number' },
        });
      }
      const seen = new Set<string>();
      for (const p of state.players) {
        if (seen.has(p.name)) problems.push({ message: `${p.name} is listed twice`, location: { page: doc.page, table: players?.name, row: p.row } });
        seen.add(p.name);
      }
    },
  });
}

/** The page with the state's changed cells written and `changes` appended to its History. */
export function renderGenericPage(doc: WikiDocument, state: GenericState, changes: readonly Change[], declarations: readonly Declaration[]): string {
  return pageRenderer(pageSpec(doc, declarations).spec).renderDocument(doc, state, changes);
}
