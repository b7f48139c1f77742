import { normaliseHeader, readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Change } from '../../../sim/trail.ts';
import { findStateTable } from '../../shared/read-tables.ts';
import { applyEdits, tableEdits, type Edit } from '../../shared/render-tables.ts';
import { cellWikitext, historyAppend, NONE, tableEndMarker } from '../../shared/history.ts';

import type { NomicoupState, Turn } from './schema.ts';
import { casesTable, gameTable, NOMICOUP_HISTORY_COLUMNS, orderTable, playersTable, propositionsTable, turnsTable } from './tables.ts';

// Writing the Nomicoup Gamestate back: only the cells whose value changed are replaced; the turns
// that began are appended to the Turns table, the changes to the History. Every other byte stays.

export function renderNomicoupGamestate(text: string, state: NomicoupState, changes: readonly Change[]): string {
  return renderNomicoupDocument(readDocument(text, { page: state.page }), state, changes);
}

export function renderNomicoupDocument(doc: WikiDocument, state: NomicoupState, changes: readonly Change[]): string {
  const edits: Edit[] = [];
  tableEdits(doc, gameTable, [{ ...state.game, row: 1 }], undefined, edits);
  tableEdits(doc, playersTable, state.players, undefined, edits);
  tableEdits(doc, orderTable, state.orderChanges, undefined, edits);
  tableEdits(doc, turnsTable, state.turns.filter((t) => t.row !== undefined), undefined, edits);
  tableEdits(doc, propositionsTable, state.propositions, undefined, edits);
  tableEdits(doc, casesTable, state.cases, undefined, edits);
  const fresh = state.turns.filter((t) => t.row === undefined);
  const turns = findStateTable(doc, turnsTable);
  if (turns !== undefined && fresh.length > 0) {
    const at = tableEndMarker(doc.text, turns, doc.page ?? state.page, 'Turns');
    edits.push({ start: at, end: at, text: fresh.map((t) => turnRowText(t, turns.headers)).join('') });
  }
  historyAppend(doc, changes, doc.page ?? state.page, edits, NOMICOUP_HISTORY_COLUMNS);
  return applyEdits(doc.text, edits);
}

/** A new Turns row in inline style, its cells in the order of the table's headers. */
function turnRowText(t: Turn, headers: readonly string[]): string {
  const cells = headers.map((h) => {
    const column = turnsTable.columns.find((c) => normaliseHeader(c.label) === h);
    return cellWikitext(column ? column.write(t) : NONE);
  });
  return `|-\n| ${cells.join(' || ')}\n`;
}
