import { z } from 'zod';
import { Location, Warning } from '../../../parse/location.ts';
import { Rule } from '../../../parse/model.ts';
import { Dice, Phase } from '../../shared/ruleset-schema.ts';

// What the Cycle 15 ruleset says, as data. Field names are part of `croupier parse --json`.

export const GarbageItem = z.object({
  name: z.string().min(1),
  description: z.string(),
  /** The ID as the table writes it; null where the cell is empty. */
  writtenId: z.number().int().positive().nullable(),
  /**
   * The item's ID: as written, or “automatically assigned the lowest positive integer that is not
   * the ID of another garbage item” (rules/garbage-ids.ts).
   */
  id: z.number().int().positive(),
  /** Data row of the Garbage table (1-based). */
  row: z.number().int().positive(),
});
export type GarbageItem = z.infer<typeof GarbageItem>;

export const SpaceType = z.object({
  name: z.string().min(1),
  /** The rule's text: what happens when a player lands on or passes through such a space. */
  effect: z.string(),
  location: Location,
});
export type SpaceType = z.infer<typeof SpaceType>;

export const Category = z.object({
  name: z.string().min(1),
  /** Member types, as listed (uniformly drawn for a pseudo-type “unless stated”). */
  types: z.array(z.string()),
  location: Location,
});
export type Category = z.infer<typeof Category>;

/** A number the rules state, with the sentence it comes from (null: not found, and warned about). */
const Stated = <T extends z.ZodType>(value: T) => z.object({ value: value.nullable(), text: z.string(), location: Location });

export const Constants = z.object({
  /** “First, a random choice of 2d4.” */
  movementDice: Stated(Dice),
  /** “move, provided they have not done so previously in the current phase” */
  movesPerPhase: Stated(z.number().int().positive()),
  /** “Once per phase, a player can MacGyver …” */
  macGyversPerPhase: Stated(z.number().int().positive()),
  /** “players can gain 10+1d10 shards by destroying 1 crystal” */
  crystalShards: Stated(z.object({ base: z.number().int(), dice: Dice })),
  /** “a number of crystals greater than or equal to 15 and at least five more than any other player” */
  victory: Stated(z.object({ crystals: z.number().int().positive(), lead: z.number().int().nonnegative() })),
  /** “If a proposal has had the Tune Up class for greater than 3 phases consecutively it is automatically discarded.” */
  tuneUpPhases: Stated(z.number().int().nonnegative()),
  /** “continuously been a player for the previous seven days or … within 3 days of the round starting” */
  reputability: Stated(z.object({ days: z.number().int().positive(), nearStartDays: z.number().int().nonnegative() })),
  /** “ends two days (48 hours) after” */
  urgentVotingHours: Stated(z.number().int().positive()),
  /** “An urgent proposal is popular if it has no more than two votes against it.” */
  urgentMaxAgainst: Stated(z.number().int().nonnegative()),
  /** “fewer than 30% of the total votes are rewrites” */
  standardRewritePercent: Stated(z.number().positive()),
  /** “When a player lands on such a space they gain 1d6 shards.” */
  shardPileDice: Stated(Dice),
  /** “transform 20 of their shards into 1 crystal” */
  forgeShards: Stated(z.number().int().positive()),
});
export type Constants = z.infer<typeof Constants>;

/** One “When a player becomes reputable, grant …” sentence: what it grants, quoted. */
export const ReputabilityGrant = z.object({
  item: z.string(),
  /** “1”, “N-3”: a count or an expression in N. */
  amount: z.string(),
  sentence: z.string(),
  location: Location,
});
export type ReputabilityGrant = z.infer<typeof ReputabilityGrant>;

export const Cycle15Ruleset = z.object({
  kind: z.literal('cycle15'),
  page: z.string().optional(),
  phases: z.array(Phase),
  garbage: z.array(GarbageItem),
  spaceTypes: z.array(SpaceType),
  categories: z.array(Category),
  /** “grant them a random item from the list below” (Geode). */
  geode: z.array(z.string()),
  reputabilityGrants: z.array(ReputabilityGrant),
  constants: Constants,
  warnings: z.array(Warning),
  rules: z.array(Rule),
});
export type Cycle15Ruleset = z.infer<typeof Cycle15Ruleset>;
