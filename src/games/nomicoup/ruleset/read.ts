import type { WikiDocument } from '../../../parse/document.ts';
import { readNumberedRules, ruleLocation, type NumberedRule } from '../../../parse/numbered-rules.ts';
import { readCharacters } from './characters.ts';
import { readConstants } from './constants.ts';
import type { NomicoupRuleset } from './schema.ts';

/** A Nomicoup-style ruleset: numbered rules with a Court Deck and a Treasury. */
export function isNomicoup(doc: WikiDocument): boolean {
  const titles = new Set(
    readNumberedRules(doc)
      .flat.filter((r) => r.id !== null)
      .map((r) => r.title.toLowerCase()),
  );
  return titles.has('court deck') && titles.has('treasury');
}

/** Everything the game needs from the Ruleset page; what cannot be read becomes a warning, conflicts are listed. */
export function readNomicoupRuleset(doc: WikiDocument): NomicoupRuleset {
  const tree = readNumberedRules(doc);
  const warnings = [...doc.warnings, ...tree.warnings];
  const at = (r: NumberedRule) => ruleLocation(doc.page, r);
  const { constants, sources } = readConstants(tree.flat, at, warnings, doc.page);
  return {
    kind: 'nomicoup',
    page: doc.page,
    rules: tree.rules,
    conflicts: tree.conflicts,
    ...readCharacters(tree.flat, at, warnings, doc.page),
    constants,
    sources,
    warnings,
  };
}
