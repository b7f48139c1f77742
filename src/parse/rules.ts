import type { AstNodes, HeadingToken } from 'wikiparser-node/dist/internal.js';
import type { Rule } from './model.ts';
import { readOnly, type Section } from './parser.ts';
import { plainBlock, plainText, type Piece } from './plain.ts';
import { proseHeading, prosePieces } from './prose.ts';
import { piecesInRange } from './range.ts';

// Headings inside these are not part of the page's outline (the wiki does not number them).
const OPAQUE = new Set(['template', 'magic-word', 'parameter', 'arg', 'ext', 'ext-inner']);

export interface Heading {
  /** Offset in the page text. */
  start: number;
  /** As written (2 for `==`). */
  level: number;
  /** Plain text of its title. */
  title: string;
  /** Its length in the text: the heading's line, and the blank lines wikiparser-node reads with it. */
  length: number;
}

/** Headings that make sections, in page order. Comments and <nowiki> never yield headings. */
export function outlineHeadings(sections: readonly Section[]): Heading[] {
  return sections.flatMap((section) => {
    if (section.prose !== undefined) {
      const heading = proseHeading(section.prose);
      return heading ? [{ start: section.start, ...heading }] : [];
    }
    return section.root
      .querySelectorAll<HeadingToken>('heading')
      .filter((h) => {
        for (let p: AstNodes | undefined = h.parentNode; p !== undefined; p = p.parentNode) {
          if (OPAQUE.has(p.type)) return false;
        }
        return true;
      })
      .map((token) => ({
        start: section.start + token.getAbsoluteIndex(),
        level: token.level,
        title: plainText(token.firstChild),
        length: String(token).length,
      }));
  });
}

/**
 * The rule tree: a heading's parent is the nearest earlier heading of a lower level, so shifted
 * levels (a `====` rule moved to `===`, a page starting at `=`) keep the same shape. A rule's text
 * is made from `sections()` (the page's parse) when first read.
 */
export function readRules(headings: readonly Heading[], text: string, sections: () => readonly Section[]): Rule[] {
  const rules: Rule[] = [];
  const open: { level: number; index: number }[] = [];
  headings.forEach(({ start, level, title, length }, i) => {
    const bodyStart = start + length;
    const end = headings[i + 1]?.start ?? text.length;
    while (open.length > 0 && open[open.length - 1]!.level >= level) open.pop();
    const rule: Rule = { title, depth: open.length, parent: open[open.length - 1]?.index, level, text: '', start, end, bodyStart };
    rules.push(withLazyText(rule, ruleText(sections, bodyStart, end, text.length)));
    open.push({ level, index: i });
  });
  return rules;
}

/**
 * The rule with its `text` made when first read, then kept: a Ruleset's rules are read for their
 * text, a Gamestate page's for where its tables sit, and the text of a section holding a
 * 30,000-row table was a third of reading the page.
 */
function withLazyText(rule: Rule, make: () => string): Rule {
  let text: string | undefined;
  return Object.defineProperty(rule, 'text', {
    get: () => (text ??= make()),
    set: (value: string) => void (text = value),
    enumerable: true,
    configurable: true,
  });
}

/**
 * How a rule's text is made. Made here, not in readRules: a closure keeps its whole enclosing scope,
 * and readRules' holds the heading tokens (with them the parse a document may have let go).
 */
function ruleText(sections: () => readonly Section[], start: number, end: number, textLength: number): () => string {
  return () => {
    const parsed = sections(); // outside readOnly: it may parse the page again, and a parse writes its tree
    // With the position cache: the walk asks each child of a section for its offset (src/parse/parser.ts, readOnly).
    return readOnly(() => plainBlock(piecesBetween(parsed, start, end, textLength)));
  };
}

/** The parsed nodes covering text[start, end), across sections. */
function piecesBetween(sections: readonly Section[], start: number, end: number, textLength: number): Piece[] {
  const pieces: Piece[] = [];
  sections.forEach((section, i) => {
    const sectionEnd = sections[i + 1]?.start ?? textLength;
    if (section.start >= end || sectionEnd <= start) return;
    if (section.prose !== undefined) pieces.push(...prosePieces(section, start, end));
    else pieces.push(...piecesInRange(section.root, start - section.start, end - section.start));
  });
  return pieces;
}

/** Index of the rule whose own body holds `offset`, if any. */
export function ruleAt(rules: readonly Rule[], offset: number): number | undefined {
  let lo = 0;
  let hi = rules.length - 1;
  let found: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rules[mid]!.start <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
