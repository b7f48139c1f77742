import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Extraction } from '../../shared/extraction.ts';
import { readPhases } from '../../shared/phases.ts';
import { readCategories, readGeode, readSpaceTypes, warnCategoriesAsTypes } from './board.ts';
import { readConstants, readReputabilityGrants, warnOpenPoints } from './constants.ts';
import { findGarbageTable, readGarbage } from './garbage.ts';
import { checkedRuleset } from '../../shared/ruleset-schema.ts';
import { Cycle15Ruleset } from './schema.ts';

/** A Cycle 15-style ruleset: a Garbage table (Name, Description, ID) and rules defining space types. */
export function isCycle15(doc: WikiDocument): boolean {
  return findGarbageTable({ doc }) !== undefined && doc.rules.some((r) => /\bis a type of space\b/i.test(r.text));
}

/** Everything the game needs from the ruleset's text; what cannot be read becomes a warning. */
export function readCycle15Ruleset(doc: WikiDocument): Cycle15Ruleset {
  const x: Extraction = { doc, warnings: [...doc.warnings] };
  const phases = readPhases(x);
  const garbage = readGarbage(x);
  const spaceTypes = readSpaceTypes(x);
  const categories = readCategories(x, spaceTypes);
  warnCategoriesAsTypes(x, categories);
  const geode = readGeode(x);
  const reputabilityGrants = readReputabilityGrants(x);
  const constants = readConstants(x);
  warnOpenPoints(x);
  // Validated: the schema is what `croupier parse --json` promises.
  return checkedRuleset(
    Cycle15Ruleset,
    {
      kind: 'cycle15',
      page: doc.page,
      phases,
      garbage,
      spaceTypes,
      categories,
      geode,
      reputabilityGrants,
      constants,
      warnings: x.warnings,
      rules: doc.rules,
    },
    doc.page,
  );
}

export function parseCycle15Ruleset(text: string, page?: string): Cycle15Ruleset {
  return readCycle15Ruleset(readDocument(text, { page }));
}
