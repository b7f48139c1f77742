import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Change } from '../../../sim/trail.ts';
import { renderState, stateTable, stateTables, type Edit } from '../../shared/render-tables.ts';
import type { Gamestate } from './schema.ts';
import { movesTable, phaseTable, playersTable, proposalsTable, spacesTable } from './tables.ts';

// Writing the Gamestate back: only the cells whose value changed are replaced; rows of entities
// gone are cut out; History rows are appended. Every other byte of the page stays as it was.

export function renderGamestate(text: string, state: Gamestate, changes: readonly Change[]): string {
  return renderGamestateDocument(readDocument(text, { page: state.page }), state, changes);
}

/** As renderGamestate, on a page already read (one parse per run); `added`: the caller's edits of the same read (new rows appended to a table). */
export function renderGamestateDocument(doc: WikiDocument, state: Gamestate, changes: readonly Change[], added: readonly Edit[] = []): string {
  const tables = [
    stateTable(phaseTable, [{ ...state.phase, row: 1 }]),
    ...stateTables(state, { players: playersTable, spaces: spacesTable, moves: movesTable, proposals: proposalsTable }),
  ];
  return renderState(doc, tables, { changes, page: doc.page ?? state.page }, added);
}
