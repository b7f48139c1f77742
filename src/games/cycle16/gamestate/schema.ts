import { z } from 'zod';
import type { Cycle16Ruleset } from '../ruleset/schema.ts';

// The Cycle 16 Gamestate page as data (see docs/gamestate-format.md). Each entity remembers the
// table row it was read from (`row`), so rendering can rewrite just the cells that changed.

/** What the engine needs from the parsed ruleset. */
export type EngineRuleset = Pick<Cycle16Ruleset, 'cards' | 'modifiers' | 'phases' | 'packs' | 'victory'> & {
  page?: string;
  /** The rules' text, where a limit's own wording is read (card removal's "during each rest phase"). */
  rules?: Cycle16Ruleset['rules'];
};

const instant = z.date();
const count = z.number().int().nonnegative();

export const PhaseState = z.object({
  cycleStart: instant,
  number: count,
  name: z.string(),
  nextRollover: instant.nullable(),
  /**
   * When the current phase began, as the page records it ("Phase start"): set by a manual rollover
   * that began it before its calendar boundary, then kept at each rollover. null: at its boundary.
   */
  started: instant.nullable(),
  /** Names of the winner(s); several only for a tie the Judge must settle. */
  winner: z.array(z.string()),
});
export type PhaseState = z.infer<typeof PhaseState>;

/** Once-per-phase actions, as editors write them in "Used this phase". */
export const LimitedAction = z.enum(['Exploration', 'Gift', 'Fusion', 'Duel', 'Reroll', 'Removal']);
export type LimitedAction = z.infer<typeof LimitedAction>;

export const Player = z.object({
  row: z.number().int().optional(),
  name: z.string().min(1),
  joined: instant,
  reputableSince: instant.nullable(),
  /** Written by a human: "2026-11-17 10:00 (declared)" — reputable by two players' declaration. */
  declared: z.boolean(),
  /** Vertebrae granted for first becoming reputable; null until granted. */
  grant: count.nullable(),
  lastAction: instant.nullable(),
  status: z.enum(['active', 'inactive']),
  vertebrae: z.number().int(),
  chips: count,
  /** Pack name (as the ruleset spells it) → how many. */
  packs: z.record(z.string(), count),
  tokens: count,
  other: z.string().nullable(),
  used: z.partialRecord(LimitedAction, count),
  /** Card removals of this phase whose Vertebrae were granted (“…and they receive 1 vertebrae”); bot-written. */
  removalsGranted: count.optional(),
  /** Mazes met while exploring this phase (“You may explore, then explore again.”): each allows one more Exploration. */
  mazes: count.optional(),
});
export type Player = z.infer<typeof Player>;

export const Card = z.object({
  row: z.number().int().optional(),
  id: z.number().int().positive(),
  owner: z.string().min(1),
  species: z.string().min(1),
  modifiers: z.array(z.string()),
  /** Suits, colours, or a value gained from modifiers that remove themselves (or from fusion). */
  gained: z.array(z.string()),
  // Computed by Croupier:
  value: z.string(),
  suits: z.array(z.string()),
  colours: z.array(z.string()),
  types: z.array(z.string()),
  /** Battles played, counted for Fragile cards only. */
  battles: count.nullable(),
});
export type Card = z.infer<typeof Card>;

export const Hand = z.object({ player: z.string(), cards: count });
export type Hand = z.infer<typeof Hand>;

export const Bet = z.object({ player: z.string(), chips: count, cards: z.array(z.number().int()) });
export type Bet = z.infer<typeof Bet>;

/** What Croupier has applied to a battle: the status is its record (editors write "declared"/"ready"/"cancelled"). */
export const BattleStatus = z.enum(['declared', 'ready', 'commenced', 'rewarded', 'cancelled']);
export const Battle = z.object({
  row: z.number().int().optional(),
  id: z.number().int().positive(),
  phase: count,
  participants: z.array(Hand).min(1),
  bets: z.array(Bet),
  finalHands: z.array(Hand).nullable(),
  winner: z.string().nullable(),
  fragile: z.array(z.number().int()),
  status: BattleStatus,
  /**
   * Each participant's deck — the cards in their inventory — as Croupier first saw the declaration
   * in its Rest Phase (“a duplicate of all the cards in their inventory is made into their deck”);
   * null until recorded. Hands are checked against it from then on.
   */
  decks: z.array(Hand).nullable().optional(),
});
export type Battle = z.infer<typeof Battle>;

/** recorded (by an editor) → granted (packs given) → returned (giver's pack) or closed (phase over). */
export const GiftStatus = z.enum(['recorded', 'granted', 'returned', 'closed']);
export const Gift = z.object({
  row: z.number().int().optional(),
  time: instant,
  giver: z.string(),
  receiver: z.string(),
  packs: count.nullable(),
  status: GiftStatus,
});
export type Gift = z.infer<typeof Gift>;

export const Gamestate = z.object({
  page: z.string().optional(),
  phase: PhaseState,
  players: z.array(Player),
  cards: z.array(Card),
  battles: z.array(Battle),
  gifts: z.array(Gift),
  /** Rows already in the History table (they are only ever appended to or archived). */
  historyRows: count,
  /**
   * The latest time in the History table's rows: the run that wrote it ran no earlier, and found no
   * win then (engine.ts dates a win the page shows from it). Absent: no readable row.
   */
  historyLatest: instant.nullable().optional(),
  /**
   * Status changes the page's History records (its Inactivity rows), oldest first, and the phase
   * from which that record is complete (rows before it were archived): a player's status in an
   * earlier phase is read from them. Absent: nothing recorded, the record complete from phase 0.
   */
  statusHistory: z
    .object({
      since: count,
      changes: z.array(z.object({ phase: count, player: z.string(), from: z.enum(['active', 'inactive']), to: z.enum(['active', 'inactive']) })),
    })
    .optional(),
});
export type Gamestate = z.infer<typeof Gamestate>;
