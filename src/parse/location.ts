import { z } from 'zod';

/** Where something was found on a page: as precise as the finder could be. */
export const Location = z.object({
  page: z.string().optional(),
  rule: z.string().optional(),
  table: z.string().optional(),
  row: z.number().int().optional(),
  column: z.string().optional(),
  offset: z.number().int().optional(),
  /** 1-based line on the page (rule trees read by numbered-rules.ts). */
  line: z.number().int().optional(),
});
export type Location = z.infer<typeof Location>;

export const Warning = z.object({ message: z.string(), location: Location });
export type Warning = z.infer<typeof Warning>;

/** "page "Cycle 16/Ruleset", rule "Cards", table "…", row 3, column "value(s)"" */
export function describeLocation(loc: Location): string {
  const parts: string[] = [];
  if (loc.page !== undefined) parts.push(`page "${loc.page}"`);
  if (loc.rule !== undefined) parts.push(`rule "${loc.rule}"`);
  if (loc.table !== undefined) parts.push(`table "${loc.table}"`);
  if (loc.row !== undefined) parts.push(`row ${loc.row}`);
  if (loc.column !== undefined) parts.push(`column "${loc.column}"`);
  if (loc.line !== undefined) parts.push(`line ${loc.line}`);
  if (loc.offset !== undefined) parts.push(`offset ${loc.offset}`);
  return parts.join(', ');
}
