import { z } from 'zod';
import { Location, Warning } from '../../../parse/location.ts';
import { Rule } from '../../../parse/model.ts';
import { Phase } from '../../shared/ruleset-schema.ts';

// What the Round 10 ruleset (The Auction Casino) says, as data. Field names are part of `croupier parse --json`.

export { Phase };

/** A placement row of the Prizes table: "5 Trungs, 1 Standard Proposal Maker, and 35 chips". */
export const Prize = z.object({
  /** "7 or above" → from 7, to null. */
  from: z.number().int().positive(),
  to: z.number().int().positive().nullable(),
  trungs: z.number().int().nonnegative(),
  proposalMakers: z.number().int().nonnegative(),
  chips: z.number().int().nonnegative(),
  /** "and the cards the player revealed": the hand's cards come back instead of being destroyed. */
  revealedCards: z.boolean(),
  text: z.string(),
  location: Location,
});
export type Prize = z.infer<typeof Prize>;

/** A multiplier's value: a number, or a formula over the hand's variables ("x + y", "h"). */
export const MultiplierValue = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('number'), value: z.number() }),
  z.object({ kind: z.literal('formula'), text: z.string(), variables: z.array(z.string()) }),
]);
export type MultiplierValue = z.infer<typeof MultiplierValue>;

export const Multiplier = z.object({ name: z.string(), condition: z.string(), value: MultiplierValue, location: Location });
export type Multiplier = z.infer<typeof Multiplier>;

/** A tradition or a colour: a name and the suits in it. */
export const SuitGroup = z.object({ name: z.string(), suits: z.array(z.string()) });
export type SuitGroup = z.infer<typeof SuitGroup>;

export const Suit = z.object({ roll: z.number().int().positive(), name: z.string(), archetype: z.string() });
export type Suit = z.infer<typeof Suit>;

/** One column of the Ranks table: the die rolled for it (its Max row) and its ranks, lowest first (roll i+1 → ranks[i]). */
export const Archetype = z.object({ name: z.string(), max: z.number().int().positive(), ranks: z.array(z.string()) });
export type Archetype = z.infer<typeof Archetype>;

export const ProposalMaker = z.object({ name: z.string(), effect: z.string() });
export type ProposalMaker = z.infer<typeof ProposalMaker>;

/** A range of the slots' roll table; symbol null where the page leaves the Value empty. */
export const SlotRoll = z.object({ from: z.number().int(), to: z.number().int(), symbol: z.string().nullable(), location: Location });
export type SlotRoll = z.infer<typeof SlotRoll>;

/** A row of the payout chart: how many of which symbol, and what it pays. */
export const SlotPayout = z.object({
  symbol: z.string(),
  count: z.number().int().positive(),
  payout: z.string(),
  /** "Gain 500 chips" → 500; null for other payouts (a card, a broken machine). */
  chips: z.number().int().nullable(),
});
export type SlotPayout = z.infer<typeof SlotPayout>;

export const Slots = z.object({
  /** The die of the roll table: its highest roll. */
  die: z.number().int().positive(),
  rolls: z.array(SlotRoll),
  payouts: z.array(SlotPayout),
});
export type Slots = z.infer<typeof Slots>;

export const Fortune = z.object({
  name: z.string(),
  condition: z.string(),
  /** The rank the condition names ("at least one card of the 'The Fool' rank"), null when unreadable. */
  rank: z.string().nullable(),
  effect: z.string(),
});
export type Fortune = z.infer<typeof Fortune>;

export const CasinoTable = z.object({
  kind: z.string(),
  /** "Limited" (at most `perWeek` sittings a week) or "Limitless". */
  access: z.enum(['limited', 'limitless']).nullable(),
  perWeek: z.number().int().positive().nullable(),
  names: z.array(z.string()),
});
export type CasinoTable = z.infer<typeof CasinoTable>;

export const TrungTrade = z.object({
  /** null: the Star Price ("[Star Price] Trungs for 1 Gold Star"). */
  price: z.number().int().positive().nullable(),
  item: z.string(),
  count: z.number().int().positive(),
});
export type TrungTrade = z.infer<typeof TrungTrade>;

/** The numbers written in the rules' sentences; null where a sentence could not be read (with a warning). */
export const Constants = z.object({
  /** "each player gains a number of chips equal to 100 minus their tax value" */
  income: z.number().int().nullable(),
  /** "increased by 5 for every 20 wealth they have above 300, to a maximum value of 100" */
  tax: z.object({ step: z.number().int(), per: z.number().int().positive(), above: z.number().int(), max: z.number().int() }).nullable(),
  /** "20 per Trung they possess" */
  wealthPerTrung: z.number().int().nullable(),
  /** "whichever is higher: 10; 2 for every 3 players; 2 for every player that bid…" */
  participation: z
    .object({
      minimum: z.number().int(),
      perPlayers: z.object({ gain: z.number().int(), per: z.number().int().positive() }),
      perBidder: z.number().int(),
    })
    .nullable(),
  /** "House Lots can contain only exactly 3 cards" */
  houseLotCards: z.number().int().nullable(),
  /** "rolling 1d6 … the result of that roll plus 4" */
  starPrice: z.object({ count: z.number().int().positive(), sides: z.number().int().positive(), offset: z.number().int() }).nullable(),
  trungTrades: z.array(TrungTrade),
  /** "If a player has 10 Gold Stars …" */
  victoryGoldStars: z.number().int().nullable(),
  studio: z.object({ price: z.number().int(), titleMax: z.number().int(), descriptionMax: z.number().int(), valueMultiplier: z.number().int() }).nullable(),
  /** "they must put 6 chips in the machine" */
  slotsCost: z.number().int().nullable(),
  /** "If a player has been sitting at a table for more than 24 hours, they automatically stand up." */
  standUpHours: z.number().int().nullable(),
  /** "continuously been a player for the last seven days" */
  reputableDays: z.number().int().nullable(),
  /** "a revelation date (by default three days after the maturation date)" */
  revelationDays: z.number().int().nullable(),
});
export type Constants = z.infer<typeof Constants>;

export const Round10Ruleset = z.object({
  kind: z.literal('round10'),
  page: z.string().optional(),
  phases: z.array(Phase),
  prizes: z.array(Prize),
  multipliers: z.array(Multiplier),
  traditions: z.array(SuitGroup),
  colors: z.array(SuitGroup),
  suits: z.array(Suit),
  ranks: z.array(Archetype),
  proposalMakers: z.array(ProposalMaker),
  slots: Slots,
  fortunes: z.array(Fortune),
  tables: z.array(CasinoTable),
  constants: Constants,
  warnings: z.array(Warning),
  rules: z.array(Rule),
});
export type Round10Ruleset = z.infer<typeof Round10Ruleset>;
