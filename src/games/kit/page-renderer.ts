import { readDocument, type WikiDocument } from '../../parse/document.ts';
import type { Change } from '../../sim/trail.ts';
import { appendTableRows, renderState, stateTable, type Edit, type StateTable } from '../shared/render-tables.ts';
import type { PageSpec, PageTable } from './page-spec.ts';

// Writing a game's Gamestate page back from its declaration (page-spec.ts): only the cells whose value changed
// are replaced, rows of entities that are gone are cut out, new rows of the declared tables are appended and
// the changes go to the History. Every other byte of the page — an editor's spacing, comments, cell style,
// prose — stays as it was.

export interface PageRenderer<S> {
  /** The page text with `state` written into it and `changes` appended to its History. */
  render(text: string, state: S, changes: readonly Change[]): string;
  /** As render, on a page already read (one parse per run); `added`: the caller's edits of the same read (rows it appends to a table). */
  renderDocument(doc: WikiDocument, state: S, changes: readonly Change[], added?: readonly Edit[]): string;
}

/** The renderer of the page `spec` declares; `ctx`: what its columns' readers need, from the state (Cycle 16's packs). */
export function pageRenderer<S extends { page?: string | undefined }, H extends keyof S, C>(spec: PageSpec<S, H, C>, ctx?: (state: S) => C): PageRenderer<S> {
  const renderDocument = (doc: WikiDocument, state: S, changes: readonly Change[], added: readonly Edit[] = []) => {
    const c = ctx?.(state) as C;
    const rows = state as unknown as Record<string, readonly { row?: number }[]>;
    const declared = Object.entries(spec.tables) as [string, PageTable<{ row?: number }, C>][];
    const tables: StateTable[] = [
      stateTable(spec.head.table, [{ ...state[spec.head.field], row: 1 }], c),
      ...declared.map(([field, t]) => stateTable(t.table, rows[field]!, c)),
    ];
    const appended: Edit[] = [];
    for (const field of spec.appended ?? []) {
      const table = (spec.tables as Record<string, PageTable<object, C>>)[field as string]!.table;
      appendTableRows(
        doc,
        table,
        rows[field as string]!.filter((e) => e.row === undefined),
        appended,
      );
    }
    return renderState(doc, tables, { changes, page: doc.page ?? state.page, columns: spec.historyColumns }, [...appended, ...added]);
  };
  return {
    render: (text, state, changes) => renderDocument(readDocument(text, { page: state.page }), state, changes),
    renderDocument,
  };
}
