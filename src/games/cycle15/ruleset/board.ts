import type { Rule } from '../../../parse/document.ts';
import { warn, type Extraction } from '../../shared/extraction.ts';
import type { Category, SpaceType } from './schema.ts';

// The board's vocabulary: a rule per space type (“"Crystal" is a type of space.”), a rule per
// category (“"Treasure" is a category of spaces. It contains the following types:” and a list),
// and the Geode's list of items.

function where(x: Extraction, rule: Rule) {
  return { page: x.doc.page, rule: rule.title, offset: rule.start };
}

/** The list items written in a rule's own body. */
function listIn(x: Extraction, rule: Rule): string[] {
  const index = x.doc.rules.indexOf(rule);
  return x.doc.lists
    .filter((l) => l.ruleIndex === index)
    .flatMap((l) => l.items.map((i) => i.text.trim()))
    .filter((t) => t !== '');
}

export function readSpaceTypes(x: Extraction): SpaceType[] {
  const types = x.doc.rules.filter((r) => /\bis a type of space\b/i.test(r.text)).map((r) => ({ name: r.title, effect: r.text, location: where(x, r) }));
  if (types.length === 0) warn(x, 'No space types found (rules saying “"X" is a type of space”)');
  return types;
}

export function readCategories(x: Extraction, types: readonly SpaceType[]): Category[] {
  const known = new Set(types.map((t) => t.name.toLowerCase()));
  return x.doc.rules
    .filter((r) => /\bis a category of spaces\b/i.test(r.text))
    .map((r) => {
      const members = listIn(x, r);
      if (members.length === 0) warn(x, `The category "${r.title}" lists no types: its spaces are always pseudo-type "Blank"`, where(x, r));
      for (const m of members) {
        if (!known.has(m.toLowerCase())) warn(x, `The category "${r.title}" lists "${m}", which no rule defines as a type of space`, where(x, r));
      }
      return { name: r.title, types: members, location: where(x, r) };
    });
}

/**
 * “Each space has a type or category as its type”, yet a sentence naming a category where a type
 * is meant (“If the targeted space is of type Hazard”) is open: a space of category Hazard, or one
 * whose pseudo-type is a Hazard type? Warned, with the rule it is in.
 */
export function warnCategoriesAsTypes(x: Extraction, categories: readonly Category[]): void {
  for (const c of categories) {
    const pattern = new RegExp(String.raw`\bof type ${c.name}\b`);
    for (const r of x.doc.rules) {
      if (r.title === c.name || !pattern.test(r.text)) continue;
      warn(
        x,
        `"of type ${c.name}" uses the category ${c.name} as a type: a space whose type is the category, or whose pseudo-type is one of its types (${c.types.join(', ')})? The bot does not decide it`,
        where(x, r),
      );
    }
  }
}

/** “When a player lands on a Geode space, grant them a random item from the list below:” */
export function readGeode(x: Extraction): string[] {
  const rule = x.doc.rules.find((r) => /^geode$/i.test(r.title));
  if (rule === undefined) {
    warn(x, 'No "Geode" rule found');
    return [];
  }
  const items = listIn(x, rule);
  if (items.length === 0) warn(x, 'The Geode rule lists no items to grant', where(x, rule));
  return items;
}
