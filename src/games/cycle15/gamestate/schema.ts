import { z } from 'zod';

// The Cycle 15 Gamestate page as data (docs/gamestate-format-cycle15.md). Each entity remembers the
// table row it was read from (`row`), so rendering rewrites just the cells that changed.

const instant = z.date();
const count = z.number().int().nonnegative();

export const PhaseState = z.object({
  cycleStart: instant,
  number: count,
  name: z.string(),
  nextRollover: instant.nullable(),
  /** Parties started this cycle: “If a party is started it is deemed to be party time. If another party is started it is no longer party time.” */
  parties: count,
  /** Computed from `parties` (odd: party time). */
  partyTime: z.boolean(),
  judge: z.string().nullable(),
  winner: z.array(z.string()),
});
export type PhaseState = z.infer<typeof PhaseState>;

/** Item name (as the Garbage table spells it) → how many. */
export const Items = z.record(z.string(), z.number().int());
export type Items = z.infer<typeof Items>;

export const Player = z.object({
  row: z.number().int().optional(),
  name: z.string().min(1),
  joined: instant,
  /** When they ceased being a player (“A player may cease being a player …”); their items are then destroyed. */
  left: instant.nullable(),
  reputableSince: instant.nullable(),
  /** The phase in which the reputability grants were made; null until then. */
  grant: count.nullable(),
  /** The space the player is on (its identifier). */
  location: z.number().int(),
  movedThisPhase: z.boolean(),
  movedLastPhase: z.boolean(),
  macGyveredThisPhase: z.boolean(),
  crystals: count,
  shards: count,
  garbage: Items,
  traits: z.array(z.string()),
});
export type Player = z.infer<typeof Player>;

export const Space = z.object({
  row: z.number().int().optional(),
  id: z.number().int(),
  type: z.string().min(1),
  pseudoType: z.string().nullable(),
  successors: z.array(z.number().int()),
});
export type Space = z.infer<typeof Space>;

/**
 * A move (a progressive action): commenced → performed (all selections made in its phase) → accepted
 * (its errors unnoticed by the end of the following phase); "not performed" when its phase ended
 * first; "error" (an editor noticed one), "incomplete" (an editor identified it), then "penalised";
 * "negated" (the move of the phase after an incomplete one).
 */
export const MoveStatus = z.enum(['commenced', 'performed', 'accepted', 'not performed', 'error', 'incomplete', 'identified', 'penalised', 'negated']);
export type MoveStatus = z.infer<typeof MoveStatus>;

export const Move = z.object({
  row: z.number().int().optional(),
  time: instant,
  player: z.string().min(1),
  /** The dice as rolled (2d4: two values); empty until rolled. */
  roll: z.array(z.number().int().positive()),
  selections: z.array(z.number().int()),
  status: MoveStatus,
});
export type Move = z.infer<typeof Move>;

export const ProposalStatus = z.enum(['voting', 'passed', 'failed', 'tune up', 'discarded', 'second reading']);
export const Proposal = z.object({
  row: z.number().int().optional(),
  id: z.string().min(1),
  submitted: instant,
  proposalClass: z.enum(['Standard', 'Urgent', 'Tune Up', 'Second Reading']),
  /** The phase it became a Tune Up class proposal (null: it is not one). */
  tuneUpSince: count.nullable(),
  status: ProposalStatus,
  /** The votes when the voting period ended (👍, 👎, 🤔), as the page records them; null: not recorded. */
  votes: z.object({ for: count, against: count, rewrite: count }).nullable(),
});
export type Proposal = z.infer<typeof Proposal>;

export const Gamestate = z.object({
  page: z.string().optional(),
  phase: PhaseState,
  players: z.array(Player),
  spaces: z.array(Space),
  moves: z.array(Move),
  proposals: z.array(Proposal),
  historyRows: count,
  /** The latest time in the History table (null: no readable row): the page was the bot's then. */
  historyLatest: instant.nullable().optional(),
});
export type Gamestate = z.infer<typeof Gamestate>;
