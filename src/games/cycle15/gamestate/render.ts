import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Change } from '../../../sim/trail.ts';
import { applyEdits, tableEdits, type Edit } from '../../shared/render-tables.ts';
import { historyAppend } from '../../shared/history.ts';
import type { Gamestate } from './schema.ts';
import { movesTable, phaseTable, playersTable, proposalsTable, spacesTable } from './tables.ts';

// Writing the Gamestate back: only the cells whose value changed are replaced; rows of entities
// gone are cut out; History rows are appended. Every other byte of the page stays as it was.

export function renderGamestate(text: string, state: Gamestate, changes: readonly Change[]): string {
  return renderGamestateDocument(readDocument(text, { page: state.page }), state, changes);
}

/** As renderGamestate, on a page already read (one parse per run); `added`: the caller's edits of the same read (new rows appended to a table). */
export function renderGamestateDocument(doc: WikiDocument, state: Gamestate, changes: readonly Change[], added: readonly Edit[] = []): string {
  const edits: Edit[] = [...added];
  tableEdits(doc, phaseTable, [{ ...state.phase, row: 1 }], undefined, edits);
  tableEdits(doc, playersTable, state.players, undefined, edits);
  tableEdits(doc, spacesTable, state.spaces, undefined, edits);
  tableEdits(doc, movesTable, state.moves, undefined, edits);
  tableEdits(doc, proposalsTable, state.proposals, undefined, edits);
  historyAppend(doc, changes, doc.page ?? state.page, edits);
  return applyEdits(doc.text, edits);
}
