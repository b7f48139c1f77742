import type { TableToken } from 'wikiparser-node/dist/internal.js';
import type { Warning } from './location.ts';
import type { List, Table, WikiDocument } from './model.ts';
import { parseSections, readOnly, type Section } from './parser.ts';
import { readLists } from './lists.ts';
import { outlineHeadings, readRules, ruleAt } from './rules.ts';
import { readTable } from './tables.ts';

export type { Cell, List, ListItem, Row, Rule, Table, WikiDocument } from './model.ts';
export { cellValue, findTable, findTables, isBlank, normaliseHeader, tableName, type TableQuery } from './tables.ts';

/**
 * Reads a page (a Ruleset, a Gamestate…) with one wikiparser-node pass: its rule tree, tables
 * keyed by header names, lists, and warnings for what is malformed. Never throws on content.
 */
export function readDocument(source: string, opts: { page?: string } = {}): WikiDocument {
  // The same clean-up wikiparser-node applies, so offsets index the text we return.
  const text = source.replace(/[\0\x7F]|\r$/gmu, '');
  const sections = parseSections(text);
  return readOnly(() => read(text, sections, opts.page));
}

function read(text: string, sections: readonly Section[], page: string | undefined): WikiDocument {
  const headings = outlineHeadings(sections);
  const rules = readRules(sections, headings, text);
  const where = (offset: number) => {
    const ruleIndex = ruleAt(rules, offset);
    return { ruleIndex, rule: ruleIndex === undefined ? undefined : rules[ruleIndex]!.title };
  };

  const tables: Table[] = [];
  const lists: List[] = [];
  const warnings: Warning[] = [];
  for (const section of sections) {
    for (const token of section.root.querySelectorAll<TableToken>('table')) {
      const start = section.start + token.getAbsoluteIndex();
      // A table whose `|}` is missing swallows what follows; it really ends at the next heading.
      const cut = token.closed ? undefined : headings.find((h) => h.start > start)?.start;
      const read = readTable(token, { text, base: section.start, page, cut, ...where(start) });
      tables.push(read.table);
      warnings.push(...read.warnings);
    }
    lists.push(...readLists(section, text).map((list) => ({ ...where(list.start), ...list })));
  }
  return { text, page, rules, tables, lists, warnings };
}
