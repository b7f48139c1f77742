// What a save changes, for people: a unified diff of the wikitext (carried by every SaveResult), or the
// changed cells named by table, row and column (`--diff cells`, the default of the dry runs and the demo).
import { createTwoFilesPatch } from 'diff';
import { cellChanges, rowLabel, tableNameIn } from '../parse/cell-changes.ts';
import { readDocument, type WikiDocument } from '../parse/document.ts';

import type { DiffFormat } from './diff-format.ts';
export { DIFF_FORMATS, type DiffFormat } from './diff-format.ts';

export interface DiffLabels {
  /** e.g. "revision 123" */
  oldLabel?: string;
  newLabel?: string;
}

/** A unified diff of `before` → `after` of page `title`; '' when they are equal. */
export function unifiedDiff(title: string, before: string, after: string, labels: DiffLabels = {}): string {
  if (before === after) return '';
  const end = (s: string): string => (s.endsWith('\n') || s === '' ? s : `${s}\n`);
  return createTwoFilesPatch(`a/${title}`, `b/${title}`, end(before), end(after), labels.oldLabel ?? '', labels.newLabel ?? '', { context: 3 });
}

/** The change in the chosen format ('' when none). */
export function showDiff(format: DiffFormat, title: string, before: string, after: string, labels: DiffLabels = {}): string {
  return format === 'unified' ? unifiedDiff(title, before, after, labels) : cellDiff(title, before, after, labels);
}

/**
 * Every changed cell as `table "Players", row 3 "Cosima", column "Vertebrae": 56 → 61`; added and removed rows
 * with their cells; a unified diff of what changed outside the tables. '' when the texts are equal.
 */
export function cellDiff(title: string, before: string, after: string, labels: DiffLabels = {}): string {
  if (before === after) return '';
  const a = readDocument(before, { page: title });
  const b = readDocument(after, { page: title });
  const counts = { cells: 0, added: 0, removed: 0 };
  const lines = cellChanges(a, b).map((c) => {
    const table = `table "${c.table}"`;
    switch (c.kind) {
      case 'table-added':
        return `${table} added (${c.rows} rows)`;
      case 'table-removed':
        return `${table} removed`;
      case 'columns':
        return `${table}: columns ${c.from.join(' | ')} → ${c.to.join(' | ')}`;
      case 'row-added':
      case 'row-removed':
        counts[c.kind === 'row-added' ? 'added' : 'removed']++;
        return `${table}, row ${c.row.index} ${c.kind === 'row-added' ? 'added' : 'removed'}: ${c.row.list.map((x) => value(x.text)).join(' | ')}`;
      case 'cell': {
        counts.cells++;
        // Plain text when it shows the change; the wikitext when only markup changed.
        const [from, to] = c.from?.text !== c.to?.text ? [c.from?.text, c.to?.text] : [c.from?.raw, c.to?.raw];
        return `${table}, row ${c.row.index} "${rowLabel(c.row)}", column "${c.column}": ${value(from)} → ${value(to)}`;
      }
    }
  });
  const outside = unifiedDiff(title, withoutTables(a), withoutTables(b));
  if (outside)
    lines.push(
      'outside the tables:',
      ...outside
        .split('\n')
        .slice(2)
        .filter((l) => l !== ''),
    );
  const tally = [
    counts.cells ? `${counts.cells} cell(s) changed` : '',
    counts.added ? `${counts.added} row(s) added` : '',
    counts.removed ? `${counts.removed} row(s) removed` : '',
  ]
    .filter((s) => s !== '')
    .join(', ');
  const from = [labels.oldLabel, labels.newLabel].filter((s) => s).join(' → ');
  return [`[[${title}]]${from ? ` (${from})` : ''}: ${tally || 'changed'}`, ...lines.map((l) => `  ${l}`)].join('\n') + '\n';
}

const value = (text: string | undefined): string => (text === undefined || text.trim() === '' ? '(empty)' : text);

/** The page's text with each table replaced by a placeholder line naming it (a table added before it renumbers nothing). */
function withoutTables(doc: WikiDocument): string {
  let text = '';
  let at = 0;
  doc.tables.forEach((t) => {
    text += `${doc.text.slice(at, t.start)}(table "${tableNameIn(doc, t)}")`;
    at = t.end;
  });
  return text + doc.text.slice(at);
}

/** The change a save made (or would make) in the chosen format: unified is the save's own diff. */
export function saveDiff(
  save: { title: string; diff: string; texts?: { before: string; after: string }; oldRevid?: number; dryRun: boolean },
  format: DiffFormat,
): string {
  if (format === 'unified' || save.texts === undefined) return save.diff;
  return cellDiff(save.title, save.texts.before, save.texts.after, {
    oldLabel: save.oldRevid === undefined ? 'new page' : `revision ${save.oldRevid}`,
    newLabel: save.dryRun ? 'dry run' : 'saved',
  });
}
