import type { Token } from 'wikiparser-node/dist/internal.js';
import type { ListItem } from './model.ts';
import type { ProseSection } from './parser.ts';
import { plainText, tableText } from './plain.ts';
import { readLooseRow, readRow } from './row-shapes.ts';
import { writtenRow } from './shaped-runs.ts';
import { SYNTAX_WORDS } from './syntax-words.ts';
import type { WrittenTable } from './tables.ts';

/**
 * Sections of prose read without wikiparser-node. Most of a Ruleset is sections of sentences and `*`/`#` lists under
 * a heading, with no markup but bold, italic and links to its own sections; wikiparser-node's parse of them (tokens
 * for the heading, each list prefix, each text run) was about a third of a warm parse and extraction. A section is
 * read here only when it holds nothing wikiparser-node could make a token of at its list stage but its heading, its
 * list prefixes, its quotes (quotesArePlain) and plain links in its body (PLAIN_LINK): every other section is parsed
 * as before. Its tables are read here too when each is plain
 * (proseTables). `test/unit/parse/prose.test.ts` reads every fixture and thousands of random sections both ways
 * (`readDocument(text, { prose: false })` parses every section) and expects the same document.
 */

// Characters that start markup: templates, tables, tags, comments, links, entities, signatures, behaviour switches;
// two quotes (bold, italic); whitespace other than spaces, tabs and newlines (wikiparser-node's `\s` knows more).
const MARKUP = /[{}<>[\]&~_]|''|[^\S \t\n]/;
// The same but for two quotes: a prose section's bold and italic are read here (quotesArePlain).
const MARKUP_BUT_QUOTES = /[{}<>[\]&~_]|[^\S \t\n]/;
// A run of apostrophes that is markup: italic (2), bold (3), both (5); quotesArePlain allows no other.
const QUOTES = /'{2,}/g;
// A line starting otherwise than with text or a list's `*`/`#`: a heading past the first line, a definition list,
// preformatted text, a rule (`----`), or a list prefix holding `:`/`;` (a definition inside a list).
const OTHER_LINE = /\n(?:[=:; \t]|----)|^[:; \t]|^----|^[*#]+[:;]|\n[*#]+[:;]/;
// A heading as the first line: balanced runs of 1–6 `=`, a title holding no `=` and some text, then spaces or tabs.
const HEADING = /^(={1,6})([^=\n]*[^=\s][^=\n]*)\1([ \t]*)(?:\n|$)/;
// A plain link: `[[target]]` or `[[target|label]]`, its target a page name and/or a `#section`, each starting with a
// letter or digit and holding letters, digits, spaces and `.,()-` (no namespace, interwiki, subpage, file or
// category: no `:` or `/`), its label some text holding no markup, quote, `|` or whitespace but spaces. Not inside
// more brackets. A player sees its label, or its target as written (plain.ts). Letters are Latin ones: `\p{L}` took
// ~2 ms to compile, a tenth of a cold parse's reading of the prose; a name in any other script is parsed.
const LINK_CHAR = String.raw`A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F`;
const LINK_NAME = `[${LINK_CHAR}][${LINK_CHAR} .,()-]{0,99}`; // at most 200 bytes of UTF-8 (a title's limit is 255)
const LINK_LABEL = String.raw`(?: *[^[\]{}<>|'&~_=\s])+ *`;
const PLAIN_LINK = new RegExp(String.raw`(?<!\[)\[\[(${LINK_NAME}(?:#${LINK_NAME})?|#${LINK_NAME})(?:\|(${LINK_LABEL}))?\]\](?!\])`, 'g');

/** A prose section's heading, as wikiparser-node reads it: offsets relative to the section. */
export interface ProseHeading {
  level: number;
  /** Its title's plain text. */
  title: string;
  /** Its length as a token: its line, and the blank lines after it but the last newline. */
  length: number;
}

/** A table of a prose section, read from its text. */
export interface ProseTable extends WrittenTable {
  /** Its caption line's plain text, also when empty (a rule's text shows it). */
  captionLine?: string;
}

// A table's first line: `{|` and quoted attributes holding no markup (they do not change what the table holds).
const TABLE_OPEN = /^\{\|(?:[ \t]*[A-Za-z][\w-]*[ \t]*=[ \t]*"[^"\n{}<>[\]&|!~_']*")*[ \t]*$/;
// A table's last line, alone on it.
const TABLE_END = '|}';

/**
 * The tables of a section that is prose but for them, read without wikiparser-node; undefined when it is not. A
 * table is read here only when it is plain: a `{|` line at a line's start with plain attributes, at most one caption
 * line right after it (text alone: no `|`, `!` or markup), then cells and rows each read through its shape
 * (row-shapes.ts: no markup, and a shape wikiparser-node reads as plain cells), and a `|}` line alone. `base` is the
 * section's offset in the page; `parse` is wikiparser-node's, for a row's new shape.
 */
export function proseTables(text: string, base: number, parse: (wikitext: string) => Token): ProseTable[] | undefined {
  const tables: ProseTable[] = [];
  let outside = '';
  let at = 0;
  for (let open = tableStart(text, 0); open >= 0; open = tableStart(text, at)) {
    const table = readProseTable(text, open, base, parse);
    if (table === undefined) return undefined;
    tables.push(table);
    outside += text.slice(at, open);
    at = table.end - base;
  }
  return isProse(at === 0 ? text : outside + text.slice(at)) ? tables : undefined;
}

/** Offset of the next `{|` starting a line at or after `from`, or -1. */
function tableStart(text: string, from: number): number {
  if (from === 0 && text.startsWith('{|')) return 0;
  const at = text.indexOf('\n{|', from);
  return at < 0 ? -1 : at + 1;
}

/** The table whose `{|` is at `open`, when it is plain. */
function readProseTable(text: string, open: number, base: number, parse: (wikitext: string) => Token): ProseTable | undefined {
  const lines = linesFrom(text, open);
  const first = lines.next().value;
  if (first === undefined || !TABLE_OPEN.test(text.slice(first.start, first.end)) || SYNTAX_WORDS.test(text.slice(first.start, first.end))) return undefined;
  const table: ProseTable = { start: base + open, end: 0, closed: true, rows: [] };
  // The lines of the cells before the first `|-` (from), or of the current row (from its `|-`).
  let pending: { from: number; loose: boolean } | undefined;
  const finish = (to: number): boolean => {
    if (pending === undefined) return true;
    const row = pending.loose ? readLooseRow(text, pending.from, to, base, parse) : readRow(text, pending.from, to, base, parse);
    pending = undefined;
    if (row === undefined) return false;
    table.rows.push(writtenRow(row));
    return true;
  };
  let lineNumber = 0;
  for (const { start, end } of lines) {
    lineNumber++;
    const line = text.slice(start, end);
    if (line.startsWith(TABLE_END)) {
      if (line !== TABLE_END || !finish(start - 1)) return undefined;
      table.end = base + end;
      return table;
    }
    if (line.startsWith('|+')) {
      const caption = line.slice(2);
      if (lineNumber !== 1 || /[|!]/.test(caption) || MARKUP.test(caption) || SYNTAX_WORDS.test(caption)) return undefined;
      table.captionLine = plainText([caption]);
      if (table.captionLine !== '') table.caption = table.captionLine;
    } else if (line.startsWith('|-')) {
      if (!finish(start - 1)) return undefined;
      pending = { from: start, loose: false };
    } else pending ??= { from: start, loose: true }; // read as a row: anything but cells first is not plain
  }
  return undefined; // no `|}`
}

/** The lines of `text` from `from` on: each one's start and end (its newline excluded). */
function* linesFrom(text: string, from: number): Generator<{ start: number; end: number }> {
  for (let start = from; start <= text.length; ) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    yield { start, end };
    if (nl < 0) return;
    start = nl + 1;
  }
}

/** A prose section's text in page[from, to), its tables as a rule's text shows them (plain.ts, tableText). */
export function prosePieces(section: ProseSection, from: number, to: number): string[] {
  const { prose, start: base } = section;
  const pieces: string[] = [];
  let at = Math.max(from, base);
  const stop = Math.min(to, base + prose.length);
  for (const table of section.tables) {
    if (table.start < at || table.end > stop) continue;
    pieces.push(readable(prose.slice(at - base, table.start - base)), proseTableText(table));
    at = table.end;
  }
  if (at < stop) pieces.push(readable(prose.slice(at - base, stop - base)));
  return pieces;
}

function proseTableText(table: ProseTable): string {
  const rows = table.rows.map((r) => r.cells.map((c) => c.text));
  return tableText(table.captionLine === undefined ? rows : [[table.captionLine], ...rows]);
}

/** Whether `text`, a section (a heading line and what follows it, up to the next one), is prose. */
function isProse(text: string): boolean {
  const heading = text.startsWith('=');
  const body = heading ? text.slice(text.indexOf('\n') + 1 || text.length) : text;
  // Its links, each taken as one letter: what remains of the body holds no markup.
  const bare = body.includes('[[') ? text.slice(0, text.length - body.length) + body.replace(PLAIN_LINK, 'L') : text;
  if (MARKUP_BUT_QUOTES.test(bare) || SYNTAX_WORDS.test(text) || OTHER_LINE.test(body) || !quotesArePlain(body)) return false;
  return !heading || (HEADING.test(text) && !text.slice(0, text.length - body.length).includes("''"));
}

/**
 * Whether the bold and italic of `text` are each a quote token of wikiparser-node's, which a player does not see:
 * every run of apostrophes is 2, 3 or 5 long, and no line has both an odd number of bold runs and an odd number of
 * italic ones (wikiparser-node, as MediaWiki, then reads one bold run as an apostrophe and italic). A run of 4, or of
 * more than 5, also leaves apostrophes as text. Any other text is parsed.
 */
function quotesArePlain(text: string): boolean {
  if (!text.includes("''")) return true;
  for (const line of text.split('\n')) {
    let bold = 0;
    let italic = 0;
    for (const [run] of line.matchAll(QUOTES)) {
      if (run.length === 4 || run.length > 5) return false;
      if (run.length !== 2) bold++;
      if (run.length !== 3) italic++;
    }
    if (bold % 2 === 1 && italic % 2 === 1) return false;
  }
  return true;
}

/** Prose as a player sees it: without its bold and italic (quote tokens, which plain.ts drops), its links' labels (or targets) for them. */
function readable(text: string): string {
  const unquoted = text.includes("''") ? text.replace(QUOTES, '') : text;
  return unquoted.includes('[[') ? unquoted.replace(PLAIN_LINK, (_, target: string, label?: string) => label ?? target) : unquoted;
}

/** The heading a prose section starts with, if it starts with one. */
export function proseHeading(text: string): ProseHeading | undefined {
  const m = HEADING.exec(text);
  if (m === null) return undefined;
  const line = m[1]!.length * 2 + m[2]!.length + m[3]!.length;
  return { level: m[1]!.length, title: plainText([m[2]!]), length: line + blankLinesAfter(text, line) };
}

/** The heading token's trail past its line: the newlines after it but the last one (its blank lines). */
function blankLinesAfter(text: string, at: number): number {
  let end = at;
  while (text[end] === '\n') end++;
  return Math.max(0, end - at - 1);
}

/** A prose section's list lines (`*`, `#`, `*#`…), offsets in the page (the section starts at `base`). */
export function proseListItems(text: string, base: number): ListItem[] {
  const items: ListItem[] = [];
  for (const m of text.matchAll(LIST_LINE)) {
    const start = m.index + m[1]!.length;
    const marker = m[2]!;
    const contentStart = start + marker.length; // the spaces after the marker are trimmed off with the content's
    const lineEnd = text.indexOf('\n', contentStart);
    const end = lineEnd === -1 ? text.length : lineEnd;
    const content = text.slice(contentStart, end);
    items.push({
      marker,
      ordered: marker.endsWith('#'),
      text: plainText([readable(content)]),
      raw: content.trim(),
      start: base + start,
      end: base + end,
      children: [],
    });
  }
  return items;
}

const LIST_LINE = /(^|\n)([*#]+)/g;
