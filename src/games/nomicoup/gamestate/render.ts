import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Change } from '../../../sim/trail.ts';
import { appendTableRows, renderState, stateTable, stateTables, type Edit } from '../../shared/render-tables.ts';
import type { NomicoupState } from './schema.ts';
import { casesTable, gameTable, NOMICOUP_HISTORY_COLUMNS, orderTable, playersTable, propositionsTable, turnsTable } from './tables.ts';

// Writing the Nomicoup Gamestate back: only the cells whose value changed are replaced; the turns
// that began are appended to the Turns table, the changes to the History. Every other byte stays.

export function renderNomicoupGamestate(text: string, state: NomicoupState, changes: readonly Change[]): string {
  return renderNomicoupDocument(readDocument(text, { page: state.page }), state, changes);
}

export function renderNomicoupDocument(doc: WikiDocument, state: NomicoupState, changes: readonly Change[]): string {
  const tables = [
    stateTable(gameTable, [{ ...state.game, row: 1 }]),
    stateTable(
      turnsTable,
      state.turns.filter((t) => t.row !== undefined),
    ),
    ...stateTables(state, { players: playersTable, orderChanges: orderTable, propositions: propositionsTable, cases: casesTable }),
  ];
  const began: Edit[] = [];
  appendTableRows(
    doc,
    turnsTable,
    state.turns.filter((t) => t.row === undefined),
    began,
  );
  return renderState(doc, tables, { changes, page: doc.page ?? state.page, columns: NOMICOUP_HISTORY_COLUMNS }, began);
}
