import { z } from 'zod';
import { Location, Warning } from '../../../parse/location.ts';
import { Conflict, NumberedRule } from '../../../parse/numbered-rules.ts';

// What the Nomicoup Ruleset page says, as data: the numbered rule tree with its conflicts (reported,
// never resolved), the characters with their actions and counteractions, the Court Deck and the
// numbers the clock and the Treasury run on.

/** An action: basic (Income, Foreign Aid, Coup) or a character's (Tax by the Duke…). */
export const Action = z.object({
  name: z.string(),
  /** null: a basic action, performed without claiming a character. */
  character: z.string().nullable(),
  /** A remark in brackets after the name ("May be legally claimed as Duke - …"). */
  note: z.string().optional(),
  text: z.string(),
  /** Credits taken from the Treasury ("Take 3 credits from the Treasury"). */
  take: z.number().int().nullable(),
  /** Credits paid to the Treasury ("Pay 7 credits to the Treasury"). */
  pay: z.number().int().nullable(),
  /** Credits taken from another player ("Take up to 2 credits from another player"). */
  steal: z.number().int().nullable(),
  /** The counteractions that name this action (who may block it). */
  blockedBy: z.array(z.object({ counteraction: z.string(), character: z.string() })),
  location: Location,
});
export type Action = z.infer<typeof Action>;

export const Counteraction = z.object({
  name: z.string(),
  character: z.string(),
  text: z.string(),
  /** The actions its condition names ("If a player attempts to perform the Steal action"). */
  blocks: z.array(z.string()),
  location: Location,
});
export type Counteraction = z.infer<typeof Counteraction>;

export const Character = z.object({
  name: z.string(),
  /** Its actions' and counteractions' names. */
  actions: z.array(z.string()),
  counteractions: z.array(z.string()),
  /** Cards initially in the Court Deck. */
  cards: z.number().int().nonnegative(),
  /** Every rule defining it (two when its ID is used twice: the conflict is in `conflicts`). */
  locations: z.array(Location).min(1),
});
export type Character = z.infer<typeof Character>;

/** The numbers of the rules, each read from its sentence (`sources` says where). */
export const Constants = z.object({
  /** "There are a total of 50 credits in the game." */
  treasury: z.number().int().nonnegative(),
  /** "Each player is given 2 credits from the Treasury." */
  startingCredits: z.number().int().nonnegative(),
  /** "If there are only 2 players, the starting player instead receives 1 credit." */
  startingCreditsTwoPlayers: z.number().int().nonnegative(),
  /** "each player is dealt 2 cards secretly" */
  startingCards: z.number().int().nonnegative(),
  /** "The player is given 2 credits from the Treasury and (secretly) 2 random cards" (joining). */
  joinCredits: z.number().int().nonnegative(),
  joinCards: z.number().int().nonnegative(),
  /** "Their discarded cards are then shuffled into the Court Deck and they draw 2 new cards." (exile) */
  exileCards: z.number().int().nonnegative(),
  /** "… or 48 hours have passed, whichever occurs first." */
  turnHours: z.number().positive(),
  /** "If a player starts their turn with 10 or more credits, they *must* perform the Coup action." */
  forcedCoupAt: z.number().int().nonnegative(),
  /** "If a proposition has not reached a majority 72 hours after it is made, voting ends …" */
  propositionHours: z.number().positive(),
  /** "If an upvote majority is reached within 72 hours, the suggestion is adopted." */
  suggestionHours: z.number().positive(),
  /** "… or does not suggest a fix within 48 hours, a new Judge is chosen" */
  judgeDeferralHours: z.number().positive(),
});
export type Constants = z.infer<typeof Constants>;
export type ConstantName = keyof Constants;

export const NomicoupRuleset = z.object({
  kind: z.literal('nomicoup'),
  page: z.string().optional(),
  rules: z.array(NumberedRule),
  conflicts: z.array(Conflict),
  characters: z.array(Character),
  actions: z.array(Action),
  counteractions: z.array(Counteraction),
  /** Character → cards initially in the Court Deck. */
  courtDeck: z.record(z.string(), z.number().int().nonnegative()),
  constants: Constants,
  /** Where each constant was read (absent: not found, the seed's value is used and a warning says so). */
  sources: z.record(z.string(), Location),
  warnings: z.array(Warning),
});
export type NomicoupRuleset = z.infer<typeof NomicoupRuleset>;
