import type { Table } from '../../parse/document.ts';
import type { Edit } from './render-tables.ts';

// Tables that fit the reader's screen (docs/gamestate-format.md, "Pages that fit"). Each table of a Gamestate page
// whose cells the bot writes sits in a box of the bot's own, one line before the table and one after it, that
// scrolls sideways: on a phone a wide table scrolls inside its box instead of widening the page. A table of
// WIDE columns or more is shown smaller in it (85%, as wikis often show wide tables), so that it fits a desktop's
// content width without breaking its words — those of its header row and its sort buttons, and the 64-character
// hashes people record, which no cell the bot writes can shorten. The table's own lines stay byte for byte (people keep
// them, markup included); the box's two lines are the bot's, added by a run that edits the page anyway (a page
// with nothing due gets no edit for them), and written again if someone removes or changes them.

/** A table with this many columns or more is shown at 85%. */
export const WIDE = 10;

/** The line before a boxed table of `columns` columns. */
export const fitOpen = (columns = 0): string => `<div class="croupier-fit" style="overflow-x:auto${columns >= WIDE ? ';font-size:85%' : ''}">`;
/** The line after it. */
export const FIT_CLOSE = '</div>';
/** The line before a boxed table, of any size. */
const ANY_OPEN = /^<div class="croupier-fit"[^\n]*>$/;

/** The line holding `at`: its start and end (its newline, or the text's end). */
function lineAt(text: string, at: number): { start: number; end: number } {
  const end = text.indexOf('\n', at);
  return { start: text.lastIndexOf('\n', at - 1) + 1, end: end < 0 ? text.length : end };
}

/**
 * Adds to `edits` the box around each closed table of `tables` (the same table listed twice counts once): its two
 * lines where the table has none, its first line written again where it is not the one for the table's width.
 */
export function fitEdits(text: string, tables: readonly (Table | undefined)[], edits: Edit[]): void {
  const seen = new Set<number>();
  for (const table of tables) {
    if (table === undefined || !table.closed || seen.has(table.start)) continue;
    seen.add(table.start);
    const open = fitOpen(table.headers.length);
    const first = lineAt(text, table.start);
    const last = lineAt(text, table.end);
    const before = first.start > 0 ? lineAt(text, first.start - 1) : undefined;
    const after = last.end < text.length ? lineAt(text, last.end + 1) : undefined;
    const boxed =
      before !== undefined && ANY_OPEN.test(text.slice(before.start, before.end)) && after !== undefined && text.slice(after.start, after.end) === FIT_CLOSE;
    if (!boxed) edits.push({ start: first.start, end: first.start, text: `${open}\n` }, { start: last.end, end: last.end, text: `\n${FIT_CLOSE}` });
    else if (text.slice(before.start, before.end) !== open) edits.push({ start: before.start, end: before.end, text: open });
  }
}
