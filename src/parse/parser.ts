import Parser from 'wikiparser-node';
import type { Token } from 'wikiparser-node/dist/internal.js';

/**
 * One wikiparser-node parse, stopping after lists: the only later stage is the language
 * converter (`-{…}-`), which rulesets do not use. String(result) === text always holds.
 */
export function parseWikitext(text: string): Token {
  return Parser.parse(text, false, 'list');
}

/** A piece of the page parsed on its own; its offsets are relative to `start`. */
export interface Section {
  start: number;
  root: Token;
}

// Text where a line of equals signs is not a heading: comments and tags whose content is not wikitext.
const OPAQUE = /<!--[\s\S]*?(?:-->|$)|<(nowiki|pre|ref|poem|syntaxhighlight|source|math|gallery|score|includeonly|onlyinclude)\b[^>]*?(?:\/>|>[\s\S]*?(?:<\/\1\s*>|$))/gi;
const HEADING_LINE = /^=[^\n]*=[ \t]*$/gm;

/**
 * The page parsed once, section by section. wikiparser-node's template stage copies the rest of
 * the text at every heading, so one parse of a 1 MB page took 6 s and 2 GB; cut at heading lines
 * it grows linearly. A split point is only a hint: the parser still decides what is a heading.
 */
export function parseSections(text: string): Section[] {
  const opaque = [...text.matchAll(OPAQUE)].map((m) => [m.index, m.index + m[0].length] as const);
  let o = 0;
  const starts = [0];
  for (const m of text.matchAll(HEADING_LINE)) {
    while (o < opaque.length && opaque[o]![1] <= m.index) o++;
    const inside = o < opaque.length && opaque[o]![0] < m.index;
    if (!inside && m.index > 0) starts.push(m.index);
  }
  return starts.map((start, i) => ({ start, root: parseWikitext(text.slice(start, starts[i + 1] ?? text.length)) }));
}

/**
 * Runs a read-only walk with wikiparser-node's position cache on: without it every
 * getAbsoluteIndex() re-measures all earlier siblings, which made reading a page take seconds.
 * Only for code that does not modify the tree.
 */
export function readOnly<T>(read: () => T): T {
  const before = Parser.viewOnly;
  Parser.viewOnly = true;
  try {
    return read();
  } finally {
    Parser.viewOnly = before;
  }
}
