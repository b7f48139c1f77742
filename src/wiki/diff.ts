// What a save changes, for people: a unified diff of the wikitext (carried by every SaveResult), or the
// changed cells named by table, row and column (`--diff cells`, the default of the dry runs and the demo).
import { createTwoFilesPatch, diffArrays } from 'diff';
import { readDocument, tableName, type Row, type Table, type WikiDocument } from '../parse/document.ts';

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
  const lines: string[] = [];
  const counts = { cells: 0, added: 0, removed: 0 };
  const pairs = diffArrays(
    a.tables.map((t) => tableKey(a, t)),
    b.tables.map((t) => tableKey(b, t)),
  );
  let i = 0;
  let j = 0;
  for (const part of pairs) {
    const n = part.count ?? part.value.length;
    for (let k = 0; k < n; k++) {
      if (part.added) lines.push(`table "${nameOf(b, b.tables[j++]!)}" added (${b.tables[j - 1]!.rows.length} rows)`);
      else if (part.removed) lines.push(`table "${nameOf(a, a.tables[i++]!)}" removed`);
      else lines.push(...tableChanges(a, a.tables[i++]!, b, b.tables[j++]!, counts));
    }
  }
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

/** A table is the same table on both sides when it sits under the same rule with the same name (columns may change). */
function tableKey(doc: WikiDocument, t: Table): string {
  return `${t.rule ?? ''}\n${nameOf(doc, t)}`;
}

/** The rule a table sits under when it is that rule's only table (the Gamestate's "Players"), else its caption or columns. */
function nameOf(doc: WikiDocument, t: Table): string {
  const alone = t.rule !== undefined && doc.tables.filter((x) => x.ruleIndex === t.ruleIndex).length === 1;
  return alone ? t.rule! : tableName(t);
}

const rowLabel = (r: Row): string => r.list[0]?.text ?? '';
const value = (text: string | undefined): string => (text === undefined || text.trim() === '' ? '(empty)' : text);

function tableChanges(a: WikiDocument, ta: Table, b: WikiDocument, tb: Table, counts: { cells: number; added: number; removed: number }): string[] {
  const name = `table "${nameOf(b, tb)}"`;
  const raw = (doc: WikiDocument, r: Row) => doc.text.slice(r.start, r.end).trim();
  const out: string[] = [];
  if (ta.labels.join('\n') !== tb.labels.join('\n')) out.push(`${name}: columns ${ta.labels.join(' | ')} → ${tb.labels.join(' | ')}`);
  const parts = diffArrays(
    ta.rows.map((r) => raw(a, r)),
    tb.rows.map((r) => raw(b, r)),
  );
  let i = 0;
  let j = 0;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    const n = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      i += n;
      j += n;
      continue;
    }
    // A run of removed rows followed by added ones: rows with the same first cell are the same row, changed.
    const removed = part.removed ? ta.rows.slice(i, (i += n)) : [];
    const next = part.removed ? parts[p + 1] : undefined;
    const takesNext = next?.added === true;
    if (takesNext) p++;
    const addedCount = part.added ? n : takesNext ? (next.count ?? next.value.length) : 0;
    const added = tb.rows.slice(j, (j += addedCount));
    for (const row of added) {
      const was = removed.findIndex((r) => rowLabel(r) === rowLabel(row));
      if (was >= 0) {
        out.push(...cellChanges(name, ta, removed.splice(was, 1)[0]!, tb, row, counts));
      } else {
        counts.added++;
        out.push(`${name}, row ${row.index} added: ${row.list.map((c) => value(c.text)).join(' | ')}`);
      }
    }
    for (const row of removed) {
      counts.removed++;
      out.push(`${name}, row ${row.index} removed: ${row.list.map((c) => value(c.text)).join(' | ')}`);
    }
  }
  return out;
}

/** The cells of one row that changed, column by column (by label: a column may have been added or moved). */
function cellChanges(name: string, ta: Table, ra: Row, tb: Table, rb: Row, counts: { cells: number }): string[] {
  const byLabel = (t: Table, r: Row) => new Map(r.list.map((cell, c) => [t.labels[c] ?? String(c + 1), cell]));
  const a = byLabel(ta, ra);
  const b = byLabel(tb, rb);
  const out: string[] = [];
  for (const column of new Set([...b.keys(), ...a.keys()])) {
    const x = a.get(column);
    const y = b.get(column);
    if (x?.raw === y?.raw) continue;
    counts.cells++;
    // Plain text when it shows the change; the wikitext when only markup changed.
    const [from, to] = x?.text !== y?.text ? [x?.text, y?.text] : [x?.raw, y?.raw];
    out.push(`${name}, row ${rb.index} "${rowLabel(rb)}", column "${column}": ${value(from)} → ${value(to)}`);
  }
  return out;
}

/** The page's text with each table replaced by a placeholder line naming it (a table added before it renumbers nothing). */
function withoutTables(doc: WikiDocument): string {
  let text = '';
  let at = 0;
  doc.tables.forEach((t) => {
    text += `${doc.text.slice(at, t.start)}(table "${nameOf(doc, t)}")`;
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
