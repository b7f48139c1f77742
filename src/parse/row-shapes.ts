import type { Token } from 'wikiparser-node/dist/internal.js';
import { plainText } from './plain.ts';
import { plainShapeCells, type ShapeCells } from './shape-cells.ts';
import { SYNTAX_WORDS } from './syntax-words.ts';
import type { CellKind, ShapedRow, ShapedRun } from './shaped-runs.ts';

/**
 * Table rows read once per shape. wikiparser-node builds a dozen tokens per cell, so a 30,000-row
 * table took tens of seconds and gigabytes. Rows whose text holds no markup that letters or digits
 * could change, nor words that are syntax (syntax-words.ts: a shape would hide them), are read once per
 * *shape* (each run of ASCII letters and digits written as `a`): wikiparser-node parses the shape (but the
 * simplest ones: shape-cells.ts), and the row's cells are the shape's cells with the row's own text.
 * A shape whose cells hold anything but text, or attributes (a colspan's digits), is not used.
 * In the section handed to wikiparser-node, each run of such rows becomes one row line of the same
 * length (padding()), so every other offset stays as written; parser.ts checks that each padded run
 * came out as a row of a closed table, else it parses the section as written.
 */

// Characters that start markup: templates, tags, comments, links, entities, signatures, behaviour
// switches, and two quotes (bold, italic: one is an apostrophe). A row holding any of them is parsed as written.
const MARKUP = /[{}<>[\]&~_]|''/;
// A line (after spaces) starting a row, `|-`, or ending a table, `|}`: what ends a row.
const ROW_END_LINE = /[^\S\n]*\|([-}])/y;
// Whitespace plainText() would collapse: anything but single spaces (the ends are trimmed anyway).
const UNEVEN_SPACE = /[^\S ]| {2}/;

// Shapes known to this process, for every page it reads; forgotten all at once past these bounds.
const MAX_SHAPES = 4096;
const MAX_SHAPE_CHARS = 4_000_000;
const shapes = new Map<string, ShapeCells>();
let shapeChars = 0;

/**
 * The runs of plain rows in a section's text (starting at `base` in the page) and the text to parse
 * instead (same length). `parse` is wikiparser-node's parse, used on each new shape.
 */
export function shapeRows(text: string, base: number, parse: (wikitext: string) => Token): { text: string; runs: ShapedRun[] } {
  const runs: ShapedRun[] = [];
  let run: ShapedRun | undefined;
  let row: { lineStart: number; from: number } | undefined;
  const finishRow = (end: number) => {
    if (row === undefined) return;
    const read = readRow(text, row.lineStart, end, base, parse);
    if (read === undefined) run = undefined;
    else {
      if (run === undefined) runs.push((run = { start: base + row.from, end: base + end, rows: [] }));
      run.rows.push(read);
      run.end = base + end;
    }
    row = undefined;
  };
  for (let lineStart = 0; lineStart < text.length; ) {
    const nl = text.indexOf('\n', lineStart);
    if (lineStart > 0) {
      ROW_END_LINE.lastIndex = lineStart;
      const m = ROW_END_LINE.exec(text);
      if (m !== null) {
        finishRow(lineStart - 1);
        if (m[1] === '-') row = { lineStart, from: lineStart + m[0].length - 2 };
        else run = undefined;
      }
    }
    lineStart = nl < 0 ? text.length : nl + 1;
  }
  finishRow(text.length);
  if (runs.length === 0) return { text, runs };
  const out: string[] = [];
  let at = 0;
  for (const r of runs) {
    out.push(text.slice(at, r.start - base), padding(r.end - r.start));
    at = r.end - base;
  }
  out.push(text.slice(at));
  return { text: out.join(''), runs };
}

/**
 * A row line of `length` characters with no cells: `|-` and a comment (one token, however long: padding
 * made of spaces would be scanned as attributes), or spaces when too short for one.
 */
function padding(length: number): string {
  const comment = length - '|-<!---->'.length;
  return comment >= 0 ? `|-<!--${' '.repeat(comment)}-->` : `|-${' '.repeat(length - 2)}`;
}

/** The row written in text[lineStart, end) (from its `|-` line), read through its shape, or undefined when it is not plain. */
export function readRow(text: string, lineStart: number, end: number, base: number, parse: (wikitext: string) => Token): ShapedRow | undefined {
  const written = text.slice(lineStart, end);
  if (MARKUP.test(written) || SYNTAX_WORDS.test(written)) return undefined;
  // Each run of ASCII letters and digits becomes one `a`; after[k] is where the k-th `a` ends in the
  // shape, shift[k] how much longer the written row is up to there. (Scanned by character code: a
  // regular expression's matches were a third of what reading a page allocated.)
  let shapeText = '';
  let words = 0;
  let copied = 0;
  let shift = 0;
  for (let i = 0; i < written.length; ) {
    if (!isWordCode(written.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < written.length && isWordCode(written.charCodeAt(j))) j++;
    shapeText += `${written.slice(copied, i)}a`;
    copied = j;
    shift += j - i - 1;
    if (words === after.length) grow();
    after[words] = j - shift;
    shifts[words++] = shift;
    i = j;
  }
  shapeText += written.slice(copied);
  const shape = shapeCells(shapeText, parse);
  if (shape === null) return undefined;
  let w = 0;
  // A shape offset p lies after the words whose `a` ends at or before p (cells come in order).
  const real = (p: number) => {
    while (w < words && after[w]! <= p) w++;
    return p + (w === 0 ? 0 : shifts[w - 1]!);
  };
  const row: ShapedRow = { start: base + lineStart, cells: [], kinds: shape.kinds };
  const at = base + lineStart;
  for (let c = 0; c < shape.kinds.length; c++) {
    const innerStart = real(shape.bounds[c]!.start);
    const innerEnd = real(shape.bounds[c]!.end);
    // The cell's content without the whitespace around it (what trim() takes off).
    let from = innerStart;
    let to = innerEnd;
    while (from < to && isSpaceCode(written.charCodeAt(from))) from++;
    while (to > from && isSpaceCode(written.charCodeAt(to - 1))) to--;
    const raw = written.slice(from, to);
    const start = at + from;
    // The text is plainText() of the cell, which for plain text with single spaces is the text itself.
    const text = UNEVEN_SPACE.test(raw) ? plainText([written.slice(innerStart, innerEnd)]) : raw;
    row.cells.push({ text, raw, start, end: start + raw.length, header: shape.kinds[c] === 'th' });
  }
  return row;
}

/** The cells written before a table's first `|-`, in text[from, to), read as a row through its shape (the row starts at `from`). */
export function readLooseRow(text: string, from: number, to: number, base: number, parse: (wikitext: string) => Token): ShapedRow | undefined {
  const row = readRow(`|-\n${text.slice(from, to)}`, 0, to - from + 3, base + from - 3, parse);
  return row === undefined ? undefined : { ...row, start: base + from };
}

/** [A-Za-z0-9] */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/** What \s matches, and trim() takes off: ECMAScript's white space and line terminators. */
function isSpaceCode(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

let after = new Int32Array(256);
let shifts = new Int32Array(256);
function grow(): void {
  const a = new Int32Array(after.length * 2);
  const b = new Int32Array(after.length * 2);
  a.set(after);
  b.set(shifts);
  after = a;
  shifts = b;
}

/** The cells of one row's shape, read once (by wikiparser-node, but for the simplest shapes: shape-cells.ts). */
function shapeCells(shape: string, parse: (wikitext: string) => Token): ShapeCells {
  const known = shapes.get(shape);
  if (known !== undefined) return known;
  const cells = plainShapeCells(shape) ?? parsedShapeCells(shape, parse);
  if (shapes.size >= MAX_SHAPES || shapeChars + shape.length > MAX_SHAPE_CHARS) {
    shapes.clear();
    shapeChars = 0;
  }
  shapes.set(shape, cells);
  shapeChars += shape.length;
  return cells;
}

const PREFIX = '{|\n';

/** The cells of a row's shape as wikiparser-node reads them (the reference shape-cells.ts is tested against). */
export function parsedShapeCells(shape: string, parse: (wikitext: string) => Token): ShapeCells {
  const root = parse(`${PREFIX}${shape}\n|}`);
  const table = root.firstChild;
  if (root.childNodes.length !== 1 || table?.type !== 'table') return null;
  const kids = table.childNodes;
  const tr = kids[2];
  if (kids.length !== 4 || tr?.type !== 'tr' || String(kids[3]) !== '\n|}') return null;
  const [syntax, attrs, ...tds] = tr.childNodes;
  let at = PREFIX.length - 1 + String(syntax).length + String(attrs).length;
  const cells: NonNullable<ShapeCells> = { kinds: [], bounds: [] };
  for (const td of tds) {
    const [, tdAttrs, inner] = td.childNodes;
    const plain = inner?.childNodes.every((k) => k.type === 'text');
    if (td.type !== 'td' || td.childNodes.length !== 3 || String(tdAttrs) !== '' || !plain) return null;
    const length = String(td).length;
    const end = at + length - PREFIX.length;
    cells.kinds.push((td as unknown as { subtype: CellKind }).subtype);
    cells.bounds.push({ start: end - String(inner).length, end });
    at += length;
  }
  return cells;
}
