import type { Table } from '../../../src/parse/document.ts';

/** The text with [start, end) replaced. */
export function splice(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

/** Replaces the first occurrence of `find`, failing loudly when it is missing (a fixture changed). */
export function replaceOnce(text: string, find: string, replacement: string): string {
  const at = text.indexOf(find);
  if (at < 0) throw new Error(`fixture text not found: ${find}`);
  return splice(text, at, at + find.length, replacement);
}

/** The page without the bot's scrolling boxes around its tables (src/games/shared/fit.ts): the lines people keep. */
export function unboxed(text: string): string {
  return text.replace(/^<div class="croupier-fit"[^\n]*>\n/gm, '').replace(/^\|\}\n<\/div>$/gm, '|}');
}

/**
 * Writes a table again with its columns in another order (labels as written), in the inline
 * style (`| a || b`) or one cell per line — as a proposal that reformats a table would.
 */
export function rewriteTable(text: string, table: Table, opts: { labels: readonly string[]; inline: boolean }): string {
  const keys = opts.labels.map((label) => table.headers[table.labels.indexOf(label)]!);
  const lines = ['{| class="wikitable"'];
  if (table.caption !== undefined) lines.push(`|+${table.caption}`);
  const cells = (mark: string, values: string[]) => (opts.inline ? [`${mark} ${values.join(` ${mark}${mark} `)}`] : values.map((v) => `${mark}${v}`));
  lines.push(...cells('!', [...opts.labels]));
  for (const row of table.rows)
    lines.push(
      '|-',
      ...cells(
        '|',
        keys.map((k) => row.cells[k]?.raw ?? ''),
      ),
    );
  lines.push('|}');
  return splice(text, table.start, table.end, lines.join('\n'));
}
