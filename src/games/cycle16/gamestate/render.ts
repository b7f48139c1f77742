import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Change } from '../../../sim/trail.ts';
import type { Gamestate } from './schema.ts';
import { battlesTable, cardsTable, giftsTable, phaseTable, playersTable } from './tables.ts';
import { renderState, stateTable, stateTables, type Edit } from '../../shared/render-tables.ts';

// Writing the Gamestate back: only the cells whose value changed are replaced, by splicing their
// offsets; rows of destroyed cards are cut out; History rows are appended. Every other byte of
// the page — an editor's spacing, comments, cell style, prose — stays as it was.

/** The page text with `state` written into it and `changes` appended to its History. */
export function renderGamestate(text: string, state: Gamestate, changes: readonly Change[]): string {
  return renderGamestateDocument(readDocument(text, { page: state.page }), state, changes);
}

/** As renderGamestate, on a page already read (one parse per run); `added`: the caller's edits of the same read (new rows appended to a table). */
export function renderGamestateDocument(doc: WikiDocument, state: Gamestate, changes: readonly Change[], added: readonly Edit[] = []): string {
  const ctx = { packs: [...new Set(state.players.flatMap((p) => Object.keys(p.packs)))] };
  const specs = { players: playersTable, cards: cardsTable, battles: battlesTable, gifts: giftsTable };
  const tables = [stateTable(phaseTable, [{ ...state.phase, row: 1 }], ctx), ...stateTables(state, specs, ctx)];
  return renderState(doc, tables, { changes, page: doc.page ?? state.page }, added);
}
