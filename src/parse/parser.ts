import { getHeapStatistics } from 'node:v8';
import Parser from 'wikiparser-node';
import defaultConfig from 'wikiparser-node/config/default.json' with { type: 'json' };
import type { TableToken, Token, TrToken } from 'wikiparser-node/dist/internal.js';
import { type ProseTable, proseTables } from './prose.ts';
import { shapeRows } from './row-shapes.ts';
import { SYNTAX_WORDS } from './syntax-words.ts';
import { markShapedRun, type ShapedRun } from './shaped-runs.ts';

/**
 * One wikiparser-node parse, stopping after lists: the only later stage is the language
 * converter (`-{…}-`), which rulesets do not use. String(result) === text always holds
 * (but a section's root holds its shaped rows as padded row lines: see parseSection).
 */
export function parseWikitext(text: string): Token {
  parsed = true;
  const memoryUsage = process.memoryUsage;
  const internal = parser.internal;
  process.memoryUsage = heapUsedOnly;
  parser.internal = true;
  try {
    return Parser.parse(text, false, 'list', parserConfig());
  } finally {
    parser.internal = internal;
    process.memoryUsage = memoryUsage;
  }
}

/**
 * wikiparser-node's `internal` flag (set by its own Shadow.run for the parses it makes inside a tree): each
 * token is then built as a plain object, without freezing its child list, redefining its fields as read-only
 * and registering listeners that undo edits breaking a token's syntax. Those guard a tree that is edited
 * through its API; the bot only reads its trees (nothing in src/ edits one), and the tokens, their text and
 * offsets are the same (the parse tests read every fixture). It made a first parse ~30% and a warm one ~20%
 * faster. Not in the package's types: it is the @private flag of the version pinned in package.json.
 */
const parser = Parser as typeof Parser & { internal: boolean };

/**
 * wikiparser-node guards against a runaway heap by reading process.memoryUsage().heapUsed at every line,
 * brace and heading it scans; memoryUsage() also measures the RSS (system calls), which cost ~10% of a
 * parse. During the parse, which is synchronous, the same heapUsed is answered from V8's statistics alone.
 */
const heapUsedOnly = Object.assign(() => ({ heapUsed: getHeapStatistics().used_heap_size }), {
  rss: process.memoryUsage.rss,
}) as unknown as typeof process.memoryUsage;

/**
 * Whether this process parsed anything with wikiparser-node. The compiled CLI loads it at its first use
 * (scripts/build.mjs, lazyRequires): a page read without a parse (prose.ts) never loads it.
 */
let parsed = false;

let config: ReturnType<typeof Parser.getConfig> | undefined;
/**
 * One parser configuration for every parse. Without one, each Parser.parse copies the default, and the
 * regular expressions and sets wikiparser-node derives from it (links, external links, magic words, HTML
 * elements…), cached on that copy, are built again: a page is ~50 parses (sections, row shapes), and the
 * rebuilding was a sixth of a warm Ruleset parse. The parser adds its derived values to it and never changes
 * what they derive from (a token that needs other `excludes` copies the configuration).
 */
function parserConfig(): NonNullable<typeof config> {
  if (config !== undefined) return config;
  // wikiparser-node's own default, given as an object: by name it would be required from a path relative to
  // its own files, which the compiled CLI (scripts/build.mjs) does not keep.
  Parser.config = defaultConfig as unknown as typeof Parser.config;
  return (config = withMagicLinkPrefilter(Parser.getConfig()));
}

/**
 * wikiparser-node finds free links (`https://…`, ISBN/RFC/PMID) by running one Unicode regular expression over the
 * text of every token; most texts hold none, and the scan of one that holds none was ~7% of a warm parse. A text
 * holding none of its protocols nor RFC, PMID or ISBN (syntax-words.ts) cannot match, and is given back as it is.
 * (Its expression is compiled at its first use, ~10 ms of a cold parse: a text like `Effect(s): …` no longer asks.)
 */
class MagicLinks extends RegExp {
  override [Symbol.replace](text: string, replacer: string | ((...args: never[]) => string)): string {
    return SYNTAX_WORDS.test(text) ? super[Symbol.replace](text, replacer as string) : text;
  }
}

function withMagicLinkPrefilter<C extends object>(c: C): C {
  let regex: RegExp | undefined;
  return Object.defineProperty(c, 'regexMagicLinks', {
    get: () => regex,
    set: (r: RegExp) => {
      regex = new MagicLinks(r.source, r.flags);
    },
    enumerable: true,
  });
}

/** A piece of the page parsed on its own; its offsets are relative to `start`. */
export interface ParsedSection {
  start: number;
  root: Token;
  prose?: undefined;
}

/** A piece of the page that is prose (prose.ts): its text and its tables, read without a parse. */
export interface ProseSection {
  start: number;
  prose: string;
  tables: ProseTable[];
  root?: undefined;
}

export type Section = ParsedSection | ProseSection;

// Text where a line of equals signs is not a heading: comments and tags whose content is not wikitext.
const OPAQUE =
  /<!--[\s\S]*?(?:-->|$)|<(nowiki|pre|ref|poem|syntaxhighlight|source|math|gallery|score|includeonly|onlyinclude)\b[^>]*?(?:\/>|>[\s\S]*?(?:<\/\1\s*>|$))/gi;
const HEADING_LINE = /^=[^\n]*=[ \t]*$/gm;

/**
 * The page parsed once, section by section. wikiparser-node's template stage copies the rest of
 * the text at every heading, so one parse of a 1 MB page took 6 s and 2 GB; cut at heading lines
 * it grows linearly. A split point is only a hint: the parser still decides what is a heading.
 * `shapes: false` parses every row as written (and every section holding a table), `prose: false` every section (the
 * references the row shapes and the prose sections are tested against).
 */
export function parseSections(text: string, opts: { shapes?: boolean; prose?: boolean } = {}): Section[] {
  const opaque = [...text.matchAll(OPAQUE)].map((m) => [m.index, m.index + m[0].length] as const);
  let o = 0;
  const starts = [0];
  for (const m of text.matchAll(HEADING_LINE)) {
    while (o < opaque.length && opaque[o]![1] <= m.index) o++;
    const inside = o < opaque.length && opaque[o]![0] < m.index;
    if (!inside && m.index > 0) starts.push(m.index);
  }
  return starts.map((start, i): Section => {
    const section = text.slice(start, starts[i + 1] ?? text.length);
    // A prose section's tables are read through the row shapes, so `shapes: false` parses them.
    const tables = opts.prose === false ? undefined : proseTables(section, start, parseWikitext);
    if (tables !== undefined && (tables.length === 0 || opts.shapes !== false)) return { start, prose: section, tables };
    return { start, root: opts.shapes === false ? parseWikitext(section) : parseSection(section, start) };
  });
}

/**
 * A section parsed with its plain table rows read through their shapes (row-shapes.ts). The parse
 * is kept only when each padded run of rows came out as one row of a closed table and no heading
 * follows the section's own: otherwise rows may not be what they seem (inside a comment, a
 * template, <pre>…), and the section is parsed as written.
 */
function parseSection(text: string, start: number): Token {
  const shaped = shapeRows(text, start, parseWikitext);
  if (shaped.runs.length === 0) return parseWikitext(text);
  const root = parseWikitext(shaped.text);
  return readOnly(() => markRuns(root, start, shaped.runs)) ? root : parseWikitext(text);
}

function markRuns(root: Token, base: number, runs: readonly ShapedRun[]): boolean {
  if (root.querySelectorAll('heading').some((h) => h.getAbsoluteIndex() !== 0)) return false;
  const rows = new Map<number, TrToken>();
  for (const tr of root.querySelectorAll<TrToken>('tr')) rows.set(tr.getAbsoluteIndex(), tr);
  const found = runs.map((run) => {
    // The row token starts with the newline before its line.
    const lineStart = run.rows[0]!.start - base;
    const tr = rows.get(lineStart - 1);
    const table = tr?.parentNode as TableToken | undefined;
    return tr !== undefined && String(tr).length === run.end - base - lineStart + 1 && table?.type === 'table' && table.closed ? tr : undefined;
  });
  if (found.includes(undefined)) return false;
  found.forEach((tr, i) => markShapedRun(tr!, runs[i]!));
  return true;
}

/**
 * Runs a read-only walk with wikiparser-node's position cache on: without it every
 * getAbsoluteIndex() re-measures all earlier siblings, which made reading a page take seconds.
 * Only for code that does not modify the tree.
 */
export function readOnly<T>(read: () => T): T {
  if (!parsed) return read(); // no tree to walk: the parser need not be loaded
  const before = Parser.viewOnly;
  Parser.viewOnly = true;
  try {
    return read();
  } finally {
    Parser.viewOnly = before;
  }
}
