import type { ListItem } from './model.ts';
import { plainText } from './plain.ts';
import { SYNTAX_WORDS } from './syntax-words.ts';

/**
 * Sections of prose read without wikiparser-node. Most of a Ruleset is sections of sentences and `*`/`#` lists under
 * a heading, with no markup; wikiparser-node's parse of them (tokens for the heading, each list prefix, each text run)
 * was about a third of a warm parse and extraction. A section is read here only when it holds nothing wikiparser-node
 * could make a token of at its list stage but its heading and list prefixes: every other section is parsed as
 * before. `test/unit/parse/prose.test.ts` reads every fixture and thousands of random sections both ways
 * (`readDocument(text, { prose: false })` parses every section) and expects the same document.
 */

// Characters that start markup: templates, tables, tags, comments, links, entities, signatures, behaviour switches;
// two quotes (bold, italic); whitespace other than spaces, tabs and newlines (wikiparser-node's `\s` knows more).
const MARKUP = /[{}<>[\]&~_]|''|[^\S \t\n]/;
// A line starting otherwise than with text or a list's `*`/`#`: a heading past the first line, a definition list,
// preformatted text, a rule (`----`), or a list prefix holding `:`/`;` (a definition inside a list).
const OTHER_LINE = /\n(?:[=:; \t]|----)|^[:; \t]|^----|^[*#]+[:;]|\n[*#]+[:;]/;
// A heading as the first line: balanced runs of 1–6 `=`, a title holding no `=` and some text, then spaces or tabs.
const HEADING = /^(={1,6})([^=\n]*[^=\s][^=\n]*)\1([ \t]*)(?:\n|$)/;

/** A prose section's heading, as wikiparser-node reads it: offsets relative to the section. */
export interface ProseHeading {
  level: number;
  /** Its title's plain text. */
  title: string;
  /** Its length as a token: its line, and the blank lines after it but the last newline. */
  length: number;
}

/** Whether `text`, a section (a heading line and what follows it, up to the next one), is prose. */
export function isProse(text: string): boolean {
  if (MARKUP.test(text) || SYNTAX_WORDS.test(text) || OTHER_LINE.test(text.startsWith('=') ? text.slice(text.indexOf('\n') + 1 || text.length) : text))
    return false;
  return !text.startsWith('=') || HEADING.test(text);
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
      text: plainText([content]),
      raw: content.trim(),
      start: base + start,
      end: base + end,
      children: [],
    });
  }
  return items;
}

const LIST_LINE = /(^|\n)([*#]+)/g;
