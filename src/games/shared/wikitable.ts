// Writing wikitext that shows exactly the given text: every cell goes through escapeWikitext.
import { escapeWikitext } from '../../parse/escape.ts';
import { FIT_CLOSE, fitOpen } from './fit.ts';

export interface Wikitable {
  caption?: string;
  headers: readonly string[];
  rows: readonly (readonly string[])[];
}

/** A `class="wikitable sortable"` table in the inline style, every cell escaped, in a box that scrolls sideways when the screen is narrower (fit.ts). */
export function renderWikitable(table: Wikitable): string {
  const lines = [fitOpen(table.headers.length), '{| class="wikitable sortable"'];
  if (table.caption !== undefined) lines.push(`|+ ${escapeWikitext(table.caption)}`);
  lines.push(`! ${table.headers.map(escapeWikitext).join(' !! ')}`);
  for (const row of table.rows) lines.push('|-', `| ${row.map(escapeWikitext).join(' || ')}`);
  lines.push('|}', FIT_CLOSE);
  return lines.join('\n');
}

/** Up to `digits` decimals, no trailing zeros: 4 → "4", 0.5 → "0.5", 1/3 → "0.333". */
export function formatNumber(x: number, digits = 3): string {
  return String(Number(x.toFixed(digits)));
}

export function formatPercent(x: number): string {
  return `${formatNumber(x * 100, 2)}%`;
}
