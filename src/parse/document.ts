import type { TableToken } from 'wikiparser-node/dist/internal.js';
import type { Warning } from './location.ts';
import type { List, Table, WikiDocument } from './model.ts';
import { parseSections, readOnly, type Section } from './parser.ts';
import { readLists } from './lists.ts';
import { type Heading, outlineHeadings, readRules, ruleAt } from './rules.ts';
import { readTable, tokenTable, type WrittenTable } from './tables.ts';
import { checkNesting, isStackOverflow, MAX_NESTING, normaliseSource, pageName, PageError } from './source.ts';

export type { Cell, List, ListItem, Row, Rule, Table, WikiDocument } from './model.ts';
export { cellValue, findTable, findTables, isBlank, normaliseHeader, tableName, type TableQuery } from './tables.ts';

/**
 * Reads a page (a Ruleset, a Gamestate…) with one wikiparser-node pass: its rule tree, tables
 * keyed by header names, lists, and warnings for what is malformed (and notes for what was
 * normalised: a byte-order mark, CRLF). Throws only a PageError, for a page it will not read at all
 * (control bytes, nesting beyond MAX_NESTING; src/parse/source.ts); never on what the page says.
 * Offsets index the returned `text`. Plain table rows are read once per shape (row-shapes.ts);
 * `shapes: false` reads every row through its own parse, `prose: false` parses the sections of prose (prose.ts),
 * with the same result, only slower.
 * A rule's `text` is made from the parse when first read, so the document keeps the parse alive;
 * `keepParse: false` lets it go once tables and lists are read (Gamestate readers, which never read
 * a rule's text: on the 500 × 60 page that parse is ~15 MB), and a rule's text, if read, parses the
 * page again — the same text.
 */
export function readDocument(source: string, opts: { page?: string; shapes?: boolean; prose?: boolean; keepParse?: boolean } = {}): WikiDocument {
  const { text, notes } = normaliseSource(source, opts.page);
  checkNesting(text, opts.page);
  try {
    const how = { shapes: opts.shapes, prose: opts.prose };
    const sections = parseSections(text, how);
    const sectionsForText = opts.keepParse === false ? parsedAgain(text, how) : () => sections;
    const doc = readOnly(() => read(text, sections, sectionsForText, opts.page));
    doc.warnings.unshift(...notes.map((message) => ({ message, location: { page: opts.page } })));
    return doc;
  } catch (err) {
    if (!isStackOverflow(err)) throw err;
    throw new PageError(`${pageName(opts.page)} nests its markup too deep to read (the bot reads at most ${MAX_NESTING} levels)`);
  }
}

/** The page's sections parsed again when first asked for, then kept (made here: a closure holds only what its own function's scope holds). */
function parsedAgain(text: string, how: { shapes?: boolean; prose?: boolean }): () => readonly Section[] {
  let sections: readonly Section[] | undefined;
  return () => (sections ??= parseSections(text, how));
}

function read(text: string, sections: readonly Section[], sectionsForText: () => readonly Section[], page: string | undefined): WikiDocument {
  const headings = outlineHeadings(sections);
  const rules = readRules(headings, text, sectionsForText);
  const where = (offset: number) => {
    const ruleIndex = ruleAt(rules, offset);
    return { ruleIndex, rule: ruleIndex === undefined ? undefined : rules[ruleIndex]!.title };
  };

  const tables: Table[] = [];
  const lists: List[] = [];
  const warnings: Warning[] = [];
  for (const section of sections) {
    for (const written of writtenTables(section, text, headings)) {
      const read = readTable(written, { page, ...where(written.start) });
      tables.push(read.table);
      warnings.push(...read.warnings);
    }
    lists.push(...readLists(section, text).map((list) => ({ ...where(list.start), ...list })));
  }
  return { text, page, rules, tables, lists, warnings };
}

/** A section's tables as written: a prose section's were read with it (prose.ts), a parsed one's are its table tokens. */
function writtenTables(section: Section, text: string, headings: readonly Heading[]): readonly WrittenTable[] {
  if (section.prose !== undefined) return section.tables;
  return section.root.querySelectorAll<TableToken>('table').map((token) => {
    const start = section.start + token.getAbsoluteIndex();
    // A table whose `|}` is missing swallows what follows; it really ends at the next heading.
    const cut = token.closed ? undefined : headings.find((h) => h.start > start)?.start;
    return tokenTable(token, { text, base: section.start, cut });
  });
}
