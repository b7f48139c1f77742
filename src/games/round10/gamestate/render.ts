import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Change } from '../../../sim/trail.ts';
import { renderState, stateTable, stateTables, type Edit } from '../../shared/render-tables.ts';
import type { Gamestate } from './schema.ts';
import { candidaciesTable, contractsTable, lotsTable, playersTable, roundTable, secretsTable, worksTable } from './tables.ts';

// Writing the Round 10 Gamestate back: only changed cells are spliced in, rows of what ceased to
// exist (a concluded lot, a returned Player Lot) are cut out, History rows are appended.

export function renderGamestate(text: string, state: Gamestate, changes: readonly Change[]): string {
  return renderGamestateDocument(readDocument(text, { page: state.page }), state, changes);
}

/** As renderGamestate, on a page already read (one parse per run); `added`: the caller's edits of the same read (new rows appended to a table). */
export function renderGamestateDocument(doc: WikiDocument, state: Gamestate, changes: readonly Change[], added: readonly Edit[] = []): string {
  const tables = [
    stateTable(roundTable, [{ ...state.phase, row: 1 }]),
    ...stateTables(state, {
      players: playersTable,
      contracts: contractsTable,
      lots: lotsTable,
      secrets: secretsTable,
      works: worksTable,
      candidacies: candidaciesTable,
    }),
  ];
  return renderState(doc, tables, { changes, page: doc.page ?? state.page }, added);
}
