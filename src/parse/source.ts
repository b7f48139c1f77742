// What the bot accepts as a page's wikitext before it parses anything, the same for every command
// (a file or a wiki page): a size it is built for, nesting it can walk, no control bytes. Pure.
// A page beyond these limits is refused with a PageError that names the page and the place;
// what is normalised (a byte-order mark, CRLF line ends) is said in a note.

/** A page the bot will not read at all: too large, too deeply nested, or not text. */
export class PageError extends Error {
  override name = 'PageError';
}

/**
 * The largest page, in UTF-8 bytes, when `limits.pageBytes` of the config does not say: MediaWiki's default
 * `$wgMaxArticleSize` (2048 KiB). Pages read from a wiki are held to the wiki's own largest page instead
 * (siteinfo maxarticlesize, src/wiki/site.ts), which the config may lower: the bot reads every page its wiki
 * accepts. Measured on synthetic pages (`npm run bench engine parse`): a 446 KB Gamestate (100 players ×
 * 60 cards) peaks near 140 MB of RSS, a 2.25 MB one near 240 MB, a 1 MB Ruleset near 220 MB; real pages
 * are 10–60 KB (History beyond historyLimit rows is archived).
 */
export const DEFAULT_MAX_PAGE_BYTES = 2048 * 1024;

/**
 * How deep tables (`{|`) and templates (`{{`) may nest. The parser recurses once per level and
 * overflows the stack near 560; no ruleset nests more than a few.
 */
export const MAX_NESTING = 100;

/** HTML's own ceiling for colspan (browsers read a larger one as 1000). */
export const MAX_COLSPAN = 1000;

/** "page "Cycle 16/Gamestate"" or "the page". */
export function pageName(page: string | undefined): string {
  return page === undefined ? 'the page' : `page "${page}"`;
}

/** Refuses a page larger than `maxBytes`, before any parsing. */
export function checkPageSize(text: string, page: string | undefined, maxBytes: number): void {
  // UTF-8 length without allocating a buffer: at most 3 bytes per UTF-16 unit, so only count when close.
  if (text.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) {
    throw new PageError(
      `${pageName(page)} is ${bytes.toLocaleString('en')} bytes; the bot reads pages up to ${maxBytes.toLocaleString('en')} bytes ` +
        '(limits.pageBytes in the config): it refuses larger ones rather than exhaust its memory',
    );
  }
}

/** Line and column (1-based) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

// C0 controls other than tab and line feed, and DEL; a CR is allowed only before a LF.
const CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)/;

/**
 * The page's text as every command reads it: a leading byte-order mark dropped and CRLF line ends
 * read as LF (each said in `notes`); a control byte (NUL, DEL, a lone CR…) refused where it is —
 * MediaWiki never stores one, so it means a damaged file, and the bot does not guess around it.
 */
export function normaliseSource(source: string, page?: string): { text: string; notes: string[] } {
  const notes: string[] = [];
  let text = source;
  if (text.startsWith('\uFEFF')) {
    text = text.slice(1);
    notes.push(`${pageName(page)} starts with a byte-order mark; it is read without it`);
  }
  const bad = CONTROL.exec(text);
  if (bad !== null) {
    const { line, column } = lineColumn(text, bad.index);
    const code = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
    throw new PageError(`${pageName(page)} contains the control character U+00${code} at line ${line}, column ${column}: a wiki page holds text only`);
  }
  if (text.includes('\r\n')) {
    text = text.replace(/\r\n/g, '\n');
    notes.push(`${pageName(page)} has CRLF line ends; they are read (and written back) as LF`);
  }
  return { text, notes };
}

/** A page's text as every command takes it in, from a file or the wiki: within `maxBytes`, then normalised. */
export function acceptSource(source: string, page: string | undefined, maxBytes: number): { text: string; notes: string[] } {
  checkPageSize(source, page, maxBytes);
  return normaliseSource(source, page);
}

/**
 * Refuses tables or templates nested deeper than MAX_NESTING, naming the line. A count of openers
 * and closers (`{|` / `|}` at line starts, `{{` / `}}`), without parsing: enough to keep the parser's
 * recursion far from the stack's end; the parser still decides what the markup means.
 */
export function checkNesting(text: string, page?: string): void {
  let tables = 0;
  let templates = 0;
  const deeper = (what: string, depth: number, at: number) => {
    const { line } = lineColumn(text, at);
    throw new PageError(
      `${pageName(page)} nests ${what} more than ${MAX_NESTING} deep (line ${line}, depth ${depth}); the bot reads at most ${MAX_NESTING} levels`,
    );
  };
  for (const m of text.matchAll(/^[ \t]*(\{\||\|\})|(\{\{|\}\})/gm)) {
    const token = m[1] ?? m[2];
    if (token === '{|') {
      if (++tables > MAX_NESTING) deeper('tables', tables, m.index);
    } else if (token === '|}') {
      tables = Math.max(0, tables - 1);
    } else if (token === '{{') {
      if (++templates > MAX_NESTING) deeper('templates', templates, m.index);
    } else {
      templates = Math.max(0, templates - 1);
    }
  }
}

/** Whether an error is V8's stack overflow (the parser's recursion on markup the count above did not foresee). */
export function isStackOverflow(err: unknown): boolean {
  return err instanceof RangeError && /call stack size/i.test(err.message);
}
