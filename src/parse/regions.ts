// Bot-managed regions of a page (pure):
//
//   <!-- croupier:begin NAME -->
//   …the bot writes only here…
//   <!-- croupier:end NAME -->
//
// Replacing a region splices offsets: every byte outside the markers stays identical. A page with a missing
// or doubled marker is refused (no guessing where a region ends), and so is a replacement that would drop
// more than half the region's table rows, or shrink the page by more than a configurable share.
//
// Pure and wiki-free: the refusals are RegionError (src/wiki/errors.ts counts them as refusals, exit 4).

/** Why a region was refused: bad markers, a region losing its rows, a page shrinking too much. */
export type RegionErrorCode = 'region-markers' | 'region-shrink' | 'page-shrink';

export class RegionError extends Error {
  override name = 'RegionError';
  readonly code: RegionErrorCode;
  /** The page concerned, when the caller named it. */
  readonly page?: string;

  constructor(init: { code: RegionErrorCode; message: string; page?: string }) {
    super(init.message);
    this.code = init.code;
    if (init.page !== undefined) this.page = init.page;
  }
}

export interface Region {
  name: string;
  /** Offset of `<!--` of the begin marker. */
  start: number;
  /** Offset just after the begin marker (the content starts here). */
  contentStart: number;
  /** Offset of `<!--` of the end marker (the content ends here). */
  contentEnd: number;
  /** Offset just after the end marker. */
  end: number;
  /** text.slice(contentStart, contentEnd) */
  content: string;
}

const MARKER = /<!--\s*croupier:(begin|end)\s+([A-Za-z0-9_.-]+)\s*-->/g;
const NAME = /^[A-Za-z0-9_.-]+$/;

export function beginMarker(name: string): string {
  return `<!-- croupier:begin ${name} -->`;
}
export function endMarker(name: string): string {
  return `<!-- croupier:end ${name} -->`;
}

function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function refuse(message: string, page?: string): RegionError {
  return new RegionError({ code: 'region-markers', page, message: page === undefined ? message : `"${page}": ${message}` });
}

/** Every region of the page, in order. Throws (code `region-markers`) on unmatched, doubled or nested markers. */
export function findRegions(text: string, page?: string): Region[] {
  const regions: Region[] = [];
  const seen = new Set<string>();
  let open: { name: string; start: number; contentStart: number } | undefined;
  for (const m of text.matchAll(MARKER)) {
    const [marker, kind, name] = m as unknown as [string, 'begin' | 'end', string];
    const at = m.index;
    if (kind === 'begin') {
      if (open) {
        throw refuse(
          open.name === name
            ? `region "${name}" has a second begin marker at line ${lineOf(text, at)} before its end marker (begin at line ${lineOf(text, open.start)}): is its end marker missing?`
            : `region "${name}" begins at line ${lineOf(text, at)} inside region "${open.name}" (begun at line ${lineOf(text, open.start)}), whose end marker is missing`,
          page,
        );
      }
      if (seen.has(name)) throw refuse(`region "${name}" appears twice (second begin marker at line ${lineOf(text, at)})`, page);
      open = { name, start: at, contentStart: at + marker.length };
    } else {
      if (!open) {
        throw refuse(
          seen.has(name)
            ? `region "${name}" has a doubled end marker (line ${lineOf(text, at)})`
            : `end marker of region "${name}" at line ${lineOf(text, at)} has no begin marker`,
          page,
        );
      }
      if (open.name !== name) {
        throw refuse(`end marker of region "${name}" at line ${lineOf(text, at)} while region "${open.name}" (line ${lineOf(text, open.start)}) is open`, page);
      }
      regions.push({
        name,
        start: open.start,
        contentStart: open.contentStart,
        contentEnd: at,
        end: at + marker.length,
        content: text.slice(open.contentStart, at),
      });
      seen.add(name);
      open = undefined;
    }
  }
  if (open) throw refuse(`region "${open.name}" (begun at line ${lineOf(text, open.start)}) has no end marker`, page);
  return regions;
}

export function findRegion(text: string, name: string, page?: string): Region | undefined {
  return findRegions(text, page).find((r) => r.name === name);
}

/** Rows of the wiki tables in `text`: `|-` row separators, plus a first row not introduced by one. */
export function countTableRows(text: string): number {
  let rows = 0;
  let inTable = 0;
  let rowOpen = false;
  for (const raw of text.split('\n')) {
    const line = raw.trimStart();
    if (line.startsWith('{|')) {
      inTable++;
      rowOpen = false;
    } else if (inTable > 0 && line.startsWith('|}')) {
      inTable--;
      rowOpen = false;
    } else if (inTable > 0 && line.startsWith('|-')) {
      rowOpen = true;
      rows++;
    } else if (inTable > 0 && !rowOpen && (line.startsWith('|') || line.startsWith('!')) && !line.startsWith('|+')) {
      rowOpen = true; // first row without a leading |-
      rows++;
    }
  }
  return rows;
}

/** Refuses (code `region-shrink`) when `after` keeps less than half of the table rows of `before`. */
export function checkRegionRows(name: string, before: string, after: string, page?: string): void {
  const was = countTableRows(before);
  const now = countTableRows(after);
  if (was > 0 && now * 2 < was) {
    throw new RegionError({
      code: 'region-shrink',
      page,
      message: `${page === undefined ? '' : `"${page}": `}refusing to replace region "${name}": its tables would go from ${was} to ${now} rows (more than half lost)`,
    });
  }
}

/**
 * Refuses (code `page-shrink`) when `after` is shorter than `before` by more than `maxShare` of it, not counting
 * `movedOut` characters the edit moves to other pages.
 */
export function checkShrink(before: string, after: string, maxShare: number, page?: string, movedOut = 0): void {
  if (before.length === 0 || after.length + movedOut >= before.length) return;
  const lost = (before.length - after.length - movedOut) / before.length;
  if (lost > maxShare) {
    throw new RegionError({
      code: 'page-shrink',
      page,
      message: `${page === undefined ? '' : `"${page}": `}refusing to save: the page would shrink by ${Math.round(lost * 100)}% (${before.length} → ${after.length} characters${movedOut ? `, ${movedOut} moved to other pages not counted` : ''}; the limit is ${Math.round(maxShare * 100)}%)`,
    });
  }
}

export interface Placement {
  /** Put a new region at the end of the section with this heading; if there is none, create it (see `level`). */
  heading?: string;
  /** Create the `heading` section when it is missing (default true); else the region goes in without one. */
  createHeading?: boolean;
  /** Level of a heading created for the region (default 2). */
  level?: number;
  /** When the section is not there: insert just before the first of these headings found (else at the end). */
  before?: readonly string[];
}

export interface RegionUpdate {
  text: string;
  /** The region did not exist and was added. */
  added: boolean;
  /** Its content changed (or it was added). */
  changed: boolean;
}

/** The content as stored between the markers: on its own lines. */
function framed(content: string): string {
  return `\n${content.replace(/^\n+/, '').replace(/\n+$/, '')}\n`;
}

/** Trailing categories, magic words and DEFAULTSORT: a new region goes before them. */
const TRAILER = /(?:\s*(?:\[\[\s*Category\s*:[^\]]*\]\]|__[A-Z]+__|\{\{\s*DEFAULTSORT:[^}]*\}\}))+\s*$/i;

/** `s` as a literal inside a pattern. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function headingLine(title: string): RegExp {
  return new RegExp(`^(={1,6})[ \\t]*${escapeRegExp(title)}[ \\t]*\\1[ \\t]*$`, 'mi');
}

/** Splice `block` in at `at`, as its own paragraph: one blank line before and after (existing ones reused). */
function spliceBlock(text: string, at: number, block: string): string {
  const head = text.slice(0, at).replace(/\s*$/, '');
  const tail = text.slice(at).replace(/^\s*/, '');
  return `${head}${head ? '\n\n' : ''}${block}\n${tail ? `\n${tail}` : ''}`;
}

/** Offset of the end of the content before the trailer (categories) of `text`, from `from`. */
function endBeforeTrailer(text: string, from: number): number {
  const t = TRAILER.exec(text.slice(from));
  return t ? from + t.index : text.length;
}

function insertRegion(text: string, block: string, placement: Placement): string {
  if (placement.heading !== undefined) {
    const m = headingLine(placement.heading).exec(text);
    if (m) {
      const level = m[1]!.length;
      const after = m.index + m[0].length;
      // the section ends at the next heading of the same or a higher level
      const n = new RegExp(`^={1,${level}}(?!=).*$`, 'm').exec(text.slice(after));
      const at = n ? after + n.index : endBeforeTrailer(text, after);
      return spliceBlock(text, at, block);
    }
  }
  const eq = '='.repeat(placement.level ?? 2);
  const section = placement.heading !== undefined && placement.createHeading !== false ? `${eq} ${placement.heading} ${eq}\n${block}` : block;
  for (const title of placement.before ?? []) {
    const m = headingLine(title).exec(text);
    if (m) return spliceBlock(text, m.index, section);
  }
  return spliceBlock(text, endBeforeTrailer(text, 0), section);
}

/**
 * Replace the content of region `name` with `content`, splicing offsets; add the region (see `Placement`)
 * when the page has none. Throws on bad markers and on a region losing more than half its table rows
 * (`anyRows`: not that check, for a region whose rows are the bot's own bookkeeping, like a status page).
 */
export function replaceRegion(text: string, name: string, content: string, opts: Placement & { page?: string; anyRows?: boolean } = {}): RegionUpdate {
  if (!NAME.test(name)) throw new Error(`bad region name "${name}"`);
  const region = findRegion(text, name, opts.page);
  const inner = framed(content);
  if (!region) {
    const block = `${beginMarker(name)}${inner}${endMarker(name)}`;
    return { text: insertRegion(text, block, opts), added: true, changed: true };
  }
  if (region.content === inner) return { text, added: false, changed: false };
  if (!opts.anyRows) checkRegionRows(name, region.content, inner, opts.page);
  return { text: text.slice(0, region.contentStart) + inner + text.slice(region.contentEnd), added: false, changed: true };
}

/**
 * The page without region `name` (markers and content), and without the `heading` line above it when the region
 * was all its section held: a region an earlier Croupier drew that another block now holds. A section a person
 * wrote anything else in keeps its heading and their text. The page as it is when it has no such region.
 */
export function removeRegion(text: string, name: string, opts: { heading?: string; page?: string } = {}): string {
  const region = findRegion(text, name, opts.page);
  if (!region) return text;
  let head = text.slice(0, region.start).replace(/\s*$/, '');
  const tail = text.slice(region.end).replace(/^\s*/, '');
  const above = head.slice(head.lastIndexOf('\n') + 1);
  // the region is the whole of its section: a heading line just above, the next heading (or the page's end) just after
  if (opts.heading !== undefined && headingLine(opts.heading).test(above) && (tail === '' || tail.startsWith('='))) {
    head = head.slice(0, head.length - above.length).replace(/\s*$/, '');
  }
  return head && tail ? `${head}\n\n${tail}` : `${head}${tail}${head ? '\n' : ''}`;
}
