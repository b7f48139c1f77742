import { cellValue, normaliseHeader, type WikiDocument } from '../../../parse/document.ts';
import { applyEdits, type Edit } from '../../shared/render-tables.ts';
import { cellWikitext } from '../../shared/history.ts';
import type { RulesetAmendment } from '../../kit/game.ts';
import { assignIds, findGarbageTable, GARBAGE_ID_RULE } from './garbage.ts';

// The Garbage ID rule applied to the Ruleset page itself: a row a proposal added without an ID gets
// its ID written into its ID cell. Pure; offered as a dry-run diff (`croupier ruleset-ids`), and
// saved only with an explicit --apply.

/** The Ruleset text with every blank Garbage ID cell filled by the rule (null when none is blank). */
export function fillGarbageIds(doc: WikiDocument): RulesetAmendment | null {
  const table = findGarbageTable({ doc });
  if (table === undefined) return null;
  const rows = table.rows.filter((row) => cellValue(row, 'name') !== undefined);
  const written = rows.map((row) => {
    const text = cellValue(row, 'id');
    return text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
  });
  const ids = assignIds(written);
  const edits: Edit[] = [];
  const changes: string[] = [];
  const key = normaliseHeader('ID');
  const column = table.headers.indexOf(key);
  rows.forEach((row, i) => {
    if (written[i] !== null) return;
    const cell = row.cells[key];
    // A cell with something other than a number is the editor's: warned by the extraction, never overwritten.
    if (cell !== undefined && cellValue(row, 'id') !== undefined) return;
    const id = String(ids[i]);
    if (cell !== undefined) {
      edits.push({ start: cell.start, end: cell.end, text: cellWikitext(id, doc.text[cell.start - 1]) });
    } else {
      // The row stops before its ID column: one cell per missing column, in the row's own style.
      const inline = /\|\|/.test(doc.text.slice(row.start, row.end));
      const cells = [...Array.from({ length: Math.max(0, column - row.list.length) }, () => '-'), id];
      edits.push({ start: row.end, end: row.end, text: cells.map((c) => (inline ? ` || ${c}` : `\n| ${c}`)).join('') });
    }
    changes.push(`row ${row.index} "${cellValue(row, 'name')}": ID ${id}`);
  });
  if (edits.length === 0) return null;
  return { text: applyEdits(doc.text, edits), changes, rule: GARBAGE_ID_RULE };
}
