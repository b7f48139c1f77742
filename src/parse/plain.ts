import type { AstNodes } from 'wikiparser-node/dist/internal.js';
import { shapedRun } from './shaped-runs.ts';

// wikiparser-node's own text()/innerText keep links, bold and templates as wikitext; readers
// want what a player sees, so this small walker renders the few token kinds rulesets use.

/** A node, or a piece of a text node's data (when a range cuts through it). */
export type Piece = AstNodes | string;

/** Plain text of nodes on one line: whitespace (newlines included) collapsed to single spaces. */
export function plainText(nodes: readonly Piece[] | AstNodes): string {
  return collapse(render(nodes), ' ');
}

/** Plain text of a block (a rule's body): lines kept, spaces collapsed, blank runs shortened. */
export function plainBlock(nodes: readonly Piece[] | AstNodes): string {
  return collapse(render(nodes), '\n');
}

function render(nodes: readonly Piece[] | AstNodes): string {
  const out: string[] = [];
  for (const node of Array.isArray(nodes) ? (nodes as readonly Piece[]) : [nodes as AstNodes]) {
    if (typeof node === 'string') out.push(node);
    else collect(node, out);
  }
  return out.join('');
}

/**
 * Written whitespace (and `&nbsp;`) is collapsed and trimmed before character references are decoded:
 * a space or newline written as `&#32;`/`&#10;` is kept, so escape.ts can write any string exactly.
 */
function collapse(s: string, newline: ' ' | '\n'): string {
  const spaced = s.includes('&') ? s.replace(/&nbsp;/gi, ' ') : s;
  if (newline === ' ') return decodeEntities(spaced.replace(/\s+/g, ' ').trim());
  // Lines already collapsed (no tab, no-break space or double space, no space at either end) are left as they are.
  const lines = UNEVEN_LINES.test(spaced)
    ? spaced
        .split('\n')
        .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
        .join('\n')
    : spaced;
  return decodeEntities(lines.replace(/\n{3,}/g, '\n\n').trim());
}

// Some line of the text would change when collapsed: a tab, a no-break space or two spaces, or whitespace at a line's start or end.
const UNEVEN_LINES = /[\t\u00a0]| {2}|(?:^|\n)[^\S\n]|[^\S\n](?:\n|$)/;

function collect(node: AstNodes, out: string[]): void {
  if (node.type === 'text') {
    out.push(node.data);
    return;
  }
  const kids = node.childNodes;
  switch (node.type) {
    case 'comment':
    case 'quote':
    case 'hr':
    case 'double-underscore':
    case 'category':
    case 'file':
    case 'noinclude':
    case 'include':
    case 'html-attrs':
    case 'ext-attrs':
    case 'table-attrs':
      return;
    case 'html':
      // The tag alone (its content is a sibling); <br> separates words.
      if ((node as { name?: string }).name === 'br') out.push(' ');
      return;
    case 'ext': {
      const inner = kids[kids.length - 1];
      if (inner === undefined) return;
      // <nowiki> content is literal text; other extension tags (<pre>, <ref>…) hold wikitext.
      if ((node as { name?: string }).name === 'nowiki') out.push(String(inner));
      else collect(inner, out);
      return;
    }
    case 'link':
    case 'ext-link': {
      const label = kids[1];
      if (label !== undefined) collect(label, out);
      else if (kids[0] !== undefined) out.push(String(kids[0]).replace(/^:/, ''));
      return;
    }
    case 'template':
    case 'magic-word':
      out.push(templateText(String(node)));
      return;
    case 'heading':
      out.push('\n', plainText(kids[0] ?? []), '\n');
      return;
    case 'table':
      renderTable(kids, out);
      return;
    default:
      for (const kid of kids) collect(kid, out);
  }
}

/** Templates are not expanded: escapes become their character, others keep their wikitext. */
function templateText(wikitext: string): string {
  const name = wikitext.slice(2, -2).trim();
  if (name === '!') return '|';
  if (name === '=') return '=';
  return wikitext;
}

/** A table inside a rule body: each row on a line of its own, and its caption, and the cells before its first row. */
function renderTable(kids: readonly AstNodes[], out: string[]): void {
  const lines: string[][] = [];
  let line: string[] | undefined;
  const cell = (kind: string | undefined, text: string): void => {
    if (kind === 'caption') {
      lines.push([text]);
      line = undefined;
    } else if (line === undefined) lines.push((line = [text]));
    else line.push(text);
  };
  const td = (token: AstNodes): void => {
    const inner = token.childNodes[token.childNodes.length - 1];
    cell((token as { subtype?: string }).subtype, inner === undefined ? '' : plainText(inner));
  };
  for (const kid of kids) {
    if (kid.type === 'td') td(kid);
    else if (kid.type === 'tr') {
      const shaped = shapedRun(kid);
      for (const row of shaped?.rows ?? [undefined]) {
        lines.push((line = []));
        if (row === undefined) for (const k of kid.childNodes) k.type === 'td' && td(k);
        else row.cells.forEach((c, i) => cell(row.kinds[i], c.text));
      }
      line = undefined;
    }
  }
  out.push(tableText(lines));
}

/** A table's lines in a rule's text, each of its cells' texts: on lines of their own, cells separated by " | ". */
export function tableText(lines: readonly (readonly string[])[]): string {
  return `\n${lines.map((cells) => `\n${cells.join(' | ')}`).join('')}\n`;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Numeric references (any code point, as escape.ts writes them) and the few named ones editors use. */
function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
