import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Change } from '../../../sim/trail.ts';
import { applyEdits, tableEdits, type Edit } from '../../shared/render-tables.ts';
import { historyAppend } from '../../shared/history.ts';
import type { Gamestate } from './schema.ts';
import { candidaciesTable, contractsTable, lotsTable, playersTable, roundTable, secretsTable, worksTable } from './tables.ts';

// Writing the Round 10 Gamestate back: only changed cells are spliced in, rows of what ceased to
// exist (a concluded lot, a returned Player Lot) are cut out, History rows are appended.

export function renderGamestate(text: string, state: Gamestate, changes: readonly Change[]): string {
  return renderGamestateDocument(readDocument(text, { page: state.page }), state, changes);
}

/** As renderGamestate, on a page already read (one parse per run); `added`: the caller's edits of the same read (new rows appended to a table). */
export function renderGamestateDocument(doc: WikiDocument, state: Gamestate, changes: readonly Change[], added: readonly Edit[] = []): string {
  const edits: Edit[] = [...added];
  tableEdits(doc, roundTable, [{ ...state.phase, row: 1 }], undefined, edits);
  tableEdits(doc, playersTable, state.players, undefined, edits);
  tableEdits(doc, contractsTable, state.contracts, undefined, edits);
  tableEdits(doc, lotsTable, state.lots, undefined, edits);
  tableEdits(doc, secretsTable, state.secrets, undefined, edits);
  tableEdits(doc, worksTable, state.works, undefined, edits);
  tableEdits(doc, candidaciesTable, state.candidacies, undefined, edits);
  historyAppend(doc, changes, doc.page ?? state.page, edits);
  return applyEdits(doc.text, edits);
}
