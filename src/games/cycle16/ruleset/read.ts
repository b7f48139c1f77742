import { readDocument, type WikiDocument } from '../../../parse/document.ts';
import type { Cycle16Ruleset } from './schema.ts';
import { findCardTable, readCards, readCollections, readColourOpposites, readModifiers, readRandomCards, readTypes } from './cards.ts';
import type { Extraction } from './extraction.ts';
import { readScenarios } from './exploration.ts';
import { readPacks, readShop } from './packs.ts';
import { readPhases, readVictory } from './time.ts';

/** A Cycle 16-style ruleset: a card species table and rules about random cards. */
export function isCycle16(doc: WikiDocument): boolean {
  return findCardTable(doc) !== undefined && doc.rules.some((r) => /^(random cards?|modifiers|card packs?)$/i.test(r.title));
}

/** Everything the game needs from the ruleset's text; what cannot be read becomes a warning. */
export function readCycle16Ruleset(doc: WikiDocument): Cycle16Ruleset {
  const x: Extraction = { doc, warnings: [...doc.warnings] };
  const modifiers = readModifiers(x);
  const collections = readCollections(x, modifiers);
  const randomCards = readRandomCards(x);
  return {
    kind: 'cycle16',
    page: doc.page,
    cards: readCards(x),
    modifiers,
    collections,
    colourOpposites: readColourOpposites(x),
    types: readTypes(x),
    randomCards,
    packs: readPacks(x, randomCards, collections),
    shop: readShop(x),
    scenarios: readScenarios(x),
    phases: readPhases(x),
    victory: readVictory(x),
    warnings: x.warnings,
    rules: doc.rules,
  };
}

export function parseCycle16Ruleset(text: string, page?: string): Cycle16Ruleset {
  return readCycle16Ruleset(readDocument(text, { page }));
}
