import { z } from 'zod';
import { Location, Warning } from '../../../parse/location.ts';
import { Rule } from '../../../parse/model.ts';

// What the Cycle 16 ruleset says, as data. Field names are part of `croupier parse --json`.

/** A chance as written ("10%") and as an exact fraction (1/10). */
export const Fraction = z.object({
  numerator: z.number().int().nonnegative(),
  denominator: z.number().int().positive(),
  text: z.string(),
});
export type Fraction = z.infer<typeof Fraction>;

/** A card's values: listed integers (empty for "-"), or every natural number. */
export const CardValues = z.union([z.array(z.number().int()), z.object({ kind: z.literal('allNaturals'), text: z.string() })]);
export type CardValues = z.infer<typeof CardValues>;

export const Card = z.object({
  name: z.string(),
  values: CardValues,
  suits: z.array(z.string()),
  colours: z.array(z.string()),
  types: z.array(z.string()),
  /** null where the table says "-". */
  effect: z.string().nullable(),
});
export type Card = z.infer<typeof Card>;

export const Modifier = z.object({
  name: z.string(),
  effect: z.string().nullable(),
  /** Other spellings the Ruleset itself uses for it (a collection's "Gold Plated" for "Gold Plating"). */
  alsoWritten: z.array(z.string()).optional(),
});
export type Modifier = z.infer<typeof Modifier>;

export const Collection = z.object({
  name: z.string(),
  /** Modifier names, duplicates kept: each entry is one equally likely draw. An element that clearly means a modifier is read as its name. */
  elements: z.array(z.string()),
  /** Chance of the collection being drawn from for a random card; null when unreadable. */
  chance: Fraction.nullable(),
});
export type Collection = z.infer<typeof Collection>;

export const CardType = z.object({ name: z.string(), effect: z.string().nullable() });
export type CardType = z.infer<typeof CardType>;

/** How random cards are made, from the "Random Cards" rule. */
export const RandomCards = z.object({
  /** Collections drawn from when a random card names none ("'Common' and 'Rare'"). */
  defaultCollections: z.array(z.string()),
  /** Types whose species are never drawn as a random card ("except those with the 'Null' type"). */
  excludedTypes: z.array(z.string()),
  /** "If a random card is generated without a colour, grant it a random modifier from the 'Colours' collection." */
  fillers: z.array(z.object({ missing: z.enum(['colour', 'suit']), collection: z.string() })),
});
export type RandomCards = z.infer<typeof RandomCards>;

export const ModifierDraw = z.object({
  collection: z.string(),
  /** null: the collection's own chance from the collections table. */
  chance: Fraction.nullable(),
});
export type ModifierDraw = z.infer<typeof ModifierDraw>;

/** One clause of a pack's contents: "2 random rare cards". */
export const PackGrant = z.object({
  count: z.number().int().positive(),
  rare: z.boolean(),
  /** Collections its modifiers are drawn from; the Random Cards defaults when the text names none. */
  modifiers: z.array(ModifierDraw),
  defaultModifiers: z.boolean(),
  text: z.string(),
});
export type PackGrant = z.infer<typeof PackGrant>;

export const Pack = z.object({ name: z.string(), text: z.string(), grants: z.array(PackGrant) });
export type Pack = z.infer<typeof Pack>;

/** `Vertebrae`, `🝬` and `Vb` all become the unit "Vertebrae". */
/** As written: a negative amount is kept (and warned about), so the tables can say why they show none. */
export const Cost = z.object({ amount: z.number(), unit: z.string() });
export type Cost = z.infer<typeof Cost>;

export const ShopItem = z.object({ item: z.string(), cost: Cost });
export type ShopItem = z.infer<typeof ShopItem>;

/** NdK: the sum of N rolls of a K-sided die, or with a target, how many rolls meet it. */
export const Dice = z.object({
  count: z.number().int().nonnegative(),
  sides: z.number().int().positive(),
  target: z.number().int().optional(),
  text: z.string(),
});
export type Dice = z.infer<typeof Dice>;

export const Outcome = z.object({ label: z.string(), chance: Fraction });
export type Outcome = z.infer<typeof Outcome>;

export const Grant = z.object({
  amount: z.union([z.number().int(), Dice]),
  item: z.string(),
  /** The answer ("If yes, …" / "If no, …") this grant follows, when the text has one. */
  branch: z.enum(['yes', 'no']).optional(),
  /** The condition of its sentence ("If you have 3 cards with all the same, suit, colour and value"). */
  condition: z.string().optional(),
  text: z.string(),
});
export type Grant = z.infer<typeof Grant>;

export const Scenario = z.object({
  number: z.number().int().positive(),
  text: z.string(),
  dice: z.array(Dice),
  /** A probability table written in the text ("1. Nothing (70%). 2. …"). */
  outcomes: z.array(Outcome),
  grants: z.array(Grant),
  /** Nested list entries (choices offered by the scenario). */
  options: z.array(z.string()),
  /** Purchases among the options ("pay 6🝬 for a Handy Pack"). */
  offers: z.array(ShopItem),
});
export type Scenario = z.infer<typeof Scenario>;

export const Phase = z.object({
  name: z.string(),
  /** ISO weekdays: 1 = Monday … 7 = Sunday, in the order written. */
  days: z.array(z.number().int().min(1).max(7)),
  dayNames: z.array(z.string()),
  /** Where its line is written (the rule holding it), for refusals that concern the phases. */
  location: Location.optional(),
});
export type Phase = z.infer<typeof Phase>;

export const Victory = z.object({
  text: z.string(),
  /** "at least 10 Chips" → 10 and "Chips". */
  threshold: z.number().int().nullable(),
  item: z.string().nullable(),
});
export type Victory = z.infer<typeof Victory>;

export const Cycle16Ruleset = z.object({
  kind: z.literal('cycle16'),
  page: z.string().optional(),
  cards: z.array(Card),
  modifiers: z.array(Modifier),
  collections: z.array(Collection),
  colourOpposites: z.array(z.tuple([z.string(), z.string()])),
  types: z.array(CardType),
  randomCards: RandomCards,
  packs: z.array(Pack),
  shop: z.array(ShopItem),
  scenarios: z.array(Scenario),
  phases: z.array(Phase),
  victory: Victory.nullable(),
  warnings: z.array(Warning),
  rules: z.array(Rule),
});
export type Cycle16Ruleset = z.infer<typeof Cycle16Ruleset>;
