import { z } from 'zod';
import { Warning } from '../../parse/location.ts';
import { Rule, Table, type WikiDocument } from '../../parse/model.ts';
import { readCalendar, RulesetCalendar } from '../shared/calendar-text.ts';
import { DiceUse, readDice } from '../shared/dice.ts';
import type { Extraction } from '../shared/extraction.ts';
import { sentences } from '../shared/phases.ts';
import { Declaration } from './declarations.ts';

/**
 * Any ruleset: what every game has, read from its text — the weekly calendar (phases, cycle start,
 * phase-number rule), every dice expression, the rule tree and the tables — and what the game's admins
 * declared on its Rulings page (./declarations.ts; none until the job reads them: src/jobs/rulings.ts).
 */
export const GenericRuleset = z.object({
  kind: z.literal('generic'),
  page: z.string().optional(),
  ...RulesetCalendar.shape,
  /** Each phase's name → the sentence of the ruleset that defines it, as written (what a rollover row quotes). */
  phaseSentences: z.record(z.string(), z.string()),
  dice: z.array(DiceUse),
  rules: z.array(Rule),
  tables: z.array(Table),
  declarations: z.array(Declaration),
  warnings: z.array(Warning),
});
export type GenericRuleset = z.infer<typeof GenericRuleset>;

export function readGenericRuleset(doc: WikiDocument): GenericRuleset {
  const x: Extraction = { doc, warnings: [...doc.warnings] };
  const calendar = readCalendar(x);
  const phaseSentences: Record<string, string> = {};
  for (const p of calendar.phases) {
    const rule = doc.rules.find((r) => r.title === p.location?.rule) ?? doc.rules.find((r) => r.text.includes(p.name));
    const sentence = rule === undefined ? undefined : sentences(rule.text).find((s) => s.includes(p.name));
    // As written, without a list's bullet.
    if (sentence !== undefined) phaseSentences[p.name] = sentence.replace(/^[*#:;]+\s*/, '');
  }
  return {
    kind: 'generic',
    page: doc.page,
    ...calendar,
    phaseSentences,
    dice: readDice(x),
    rules: doc.rules,
    tables: doc.tables,
    declarations: [],
    warnings: x.warnings,
  };
}
