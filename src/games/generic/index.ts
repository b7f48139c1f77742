import { z } from 'zod';
import { Warning } from '../../parse/location.ts';
import { Rule, Table, type WikiDocument } from '../../parse/model.ts';
import type { GameModule } from '../registry.ts';
import { readCalendar, RulesetCalendar } from '../shared/calendar-text.ts';
import { DiceUse, readDice } from '../shared/dice.ts';
import type { Extraction } from '../shared/extraction.ts';

/**
 * Any ruleset: what every game has, read from its text — the weekly calendar (phases, cycle start,
 * phase-number rule), every dice expression, the rule tree and the tables. Game-specific extraction
 * lives in the game's module.
 */
export const GenericRuleset = z.object({
  kind: z.literal('generic'),
  page: z.string().optional(),
  ...RulesetCalendar.shape,
  dice: z.array(DiceUse),
  rules: z.array(Rule),
  tables: z.array(Table),
  warnings: z.array(Warning),
});
export type GenericRuleset = z.infer<typeof GenericRuleset>;

export function readGenericRuleset(doc: WikiDocument): GenericRuleset {
  const x: Extraction = { doc, warnings: [...doc.warnings] };
  const calendar = readCalendar(x);
  return { kind: 'generic', page: doc.page, ...calendar, dice: readDice(x), rules: doc.rules, tables: doc.tables, warnings: x.warnings };
}

export const generic = {
  kind: 'generic',
  description: 'any ruleset: its calendar, dice, rule tree and tables',
  detect: () => true,
  readRuleset: readGenericRuleset,
  counts: (r) => `${r.phases.length} phases, ${r.dice.length} dice expressions, ${r.tables.length} tables`,
} satisfies GameModule<GenericRuleset>;
