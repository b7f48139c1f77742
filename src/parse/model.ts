import { z } from 'zod';
import { Warning } from './location.ts';

// The shapes readDocument() returns. Offsets are UTF-16 indices into WikiDocument.text, so
// text.slice(start, end) is always the wikitext of the thing described.

export const Cell = z.object({
  /** Plain text: links → label, bold/italic/comments/tags dropped, whitespace collapsed. */
  text: z.string(),
  /** The cell's content as written, without its `|`/`!`, attributes and surrounding spaces. */
  raw: z.string(),
  /** text.slice(start, end) === raw: splice a new value there and the cell's spacing stays. */
  start: z.number().int(),
  end: z.number().int(),
  header: z.boolean(),
});
export type Cell = z.infer<typeof Cell>;

export const Row = z.object({
  /** 1-based data row number within the table; the header row is not counted. */
  index: z.number().int(),
  /** Keyed by normalised header; a cell spanning several columns appears under each of them. */
  cells: z.record(z.string(), Cell),
  /** Positional, as written. */
  list: z.array(Cell),
  /** Columns the row's cells fill as written (colspans and cells carried down by rowspan counted); the header's width when it is whole. */
  width: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
});
export type Row = z.infer<typeof Row>;

export const Table = z.object({
  caption: z.string().optional(),
  /** Title of the enclosing rule (heading); absent above the first heading. */
  rule: z.string().optional(),
  ruleIndex: z.number().int().optional(),
  /** Normalised header keys (see normaliseHeader), one per column. */
  headers: z.array(z.string()),
  /** Header labels as written (plain text). */
  labels: z.array(z.string()),
  rows: z.array(Row),
  start: z.number().int(),
  end: z.number().int(),
  /** False when the closing `|}` is missing: the table then ends at the next heading. */
  closed: z.boolean(),
});
export type Table = z.infer<typeof Table>;

export const Rule = z.object({
  title: z.string(),
  /** 0 for a top rule: nesting of headings, not their absolute level. */
  depth: z.number().int(),
  /** Index into WikiDocument.rules. */
  parent: z.number().int().optional(),
  /** The heading's level as written (2 for `==`). */
  level: z.number().int(),
  /** Plain text of its own body (subrules excluded). */
  text: z.string(),
  start: z.number().int(),
  /** End of its own body: where the next heading starts. */
  end: z.number().int(),
  bodyStart: z.number().int(),
});
export type Rule = z.infer<typeof Rule>;

export const ListItem = z.object({
  /** The line's prefix, e.g. "#", "*", "#*". */
  marker: z.string(),
  ordered: z.boolean(),
  text: z.string(),
  raw: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  get children() {
    return z.array(ListItem);
  },
});
export type ListItem = z.infer<typeof ListItem>;

export const List = z.object({
  rule: z.string().optional(),
  ruleIndex: z.number().int().optional(),
  ordered: z.boolean(),
  items: z.array(ListItem),
  start: z.number().int(),
  end: z.number().int(),
});
export type List = z.infer<typeof List>;

export const WikiDocument = z.object({
  /** The page text as read (CR before newline, NUL and DEL removed, as the wiki does). */
  text: z.string(),
  page: z.string().optional(),
  rules: z.array(Rule),
  tables: z.array(Table),
  lists: z.array(List),
  warnings: z.array(Warning),
});
export type WikiDocument = z.infer<typeof WikiDocument>;
