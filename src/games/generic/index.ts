import { z } from 'zod';
import { Warning } from '../../parse/location.ts';
import { Rule, Table, type WikiDocument } from '../../parse/model.ts';
import type { GameModule } from '../registry.ts';

/** Any ruleset: its rule tree and tables. Game-specific extraction lives in the game's module. */
export const GenericRuleset = z.object({
  kind: z.literal('generic'),
  page: z.string().optional(),
  rules: z.array(Rule),
  tables: z.array(Table),
  warnings: z.array(Warning),
});
export type GenericRuleset = z.infer<typeof GenericRuleset>;

export function readGenericRuleset(doc: WikiDocument): GenericRuleset {
  return { kind: 'generic', page: doc.page, rules: doc.rules, tables: doc.tables, warnings: doc.warnings };
}

export const generic = {
  kind: 'generic',
  description: 'any ruleset: rule tree and tables only',
  detect: () => true,
  readRuleset: readGenericRuleset,
  counts: (r) => `${r.tables.length} tables`,
} satisfies GameModule<GenericRuleset>;
