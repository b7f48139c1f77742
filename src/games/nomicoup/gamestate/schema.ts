import { z } from 'zod';

// The Nomicoup Gamestate page as data (docs/gamestate-format-nomicoup.md): only what is public.
// Hands and the order of the Court Deck are secret; the page and the bot never hold them. Each
// entity remembers the table row it was read from (`row`), so rendering rewrites only changed cells.

const instant = z.date();
const count = z.number().int().nonnegative();

/** The Game table's one row: where the game stands. */
export const GameRow = z.object({
  start: instant,
  round: count,
  /** The current turn's number (1 = the first turn; 0 before the game starts). */
  turn: count,
  current: z.string().nullable(),
  began: instant.nullable(),
  /** Computed: when the current turn times out ("… or 48 hours have passed"). */
  ends: instant.nullable(),
  /** "If a player starts their turn with 10 or more credits, they *must* perform the Coup action." */
  forcedCoup: z.boolean(),
  /** Computed: the credits in the game minus what the players hold. */
  treasury: count,
  /** Computed: the cards in the game minus the players' influence and revealed cards. */
  courtDeck: z.number().int(),
  judge: z.string().nullable(),
  previousJudge: z.string().nullable(),
  winner: z.array(z.string()),
  /** When the winner won (1.1, judged by people): what fell due up to then is applied, nothing after. */
  won: instant.nullable().optional(),
});
export type GameRow = z.infer<typeof GameRow>;

export const PlayerStatus = z.enum(['active', 'forfeited']);

export const Player = z.object({
  row: z.number().int().optional(),
  /** Place in the turn order (1 = first); null: not placed yet (a join the bot has not applied) or left. */
  seat: z.number().int().positive().nullable(),
  name: z.string().min(1),
  /** When they asked to join ("at the time of their request"). */
  joined: instant,
  /** As written; whole and non-negative once a run has effected it (4.2.1 Credits). */
  credits: z.number(),
  /** Cards still providing influence (their identity is secret). */
  influence: count,
  /** Cards revealed and discarded (public). */
  revealed: z.array(z.string()),
  exiles: count,
  /** On the list of Judge candidates ("players may choose to add or remove themselves"). */
  candidate: z.boolean(),
  status: PlayerStatus,
  /** When they forfeited. */
  left: instant.nullable(),
});
export type Player = z.infer<typeof Player>;

/** An adopted change of the turn order, waiting for the next round (rule 3.1.1's "Upcoming Order"). */
export const OrderChange = z.object({
  row: z.number().int().optional(),
  adopted: instant,
  /** The new turn order, first to last. */
  order: z.array(z.string()).min(1),
  /** The round it was applied at the start of; null: not yet. */
  applied: count.nullable(),
});
export type OrderChange = z.infer<typeof OrderChange>;

export const Turn = z.object({
  row: z.number().int().optional(),
  number: z.number().int().positive(),
  round: z.number().int().positive(),
  player: z.string(),
  began: instant,
  ended: instant.nullable(),
  /** "Income", "pass", "timeout", "forfeit"…; null while the turn is on. */
  endedBy: z.string().nullable(),
});
export type Turn = z.infer<typeof Turn>;

export const PropositionStatus = z.enum(['active', 'adopted', 'rejected']);

export const Proposition = z.object({
  row: z.number().int().optional(),
  id: z.string().min(1),
  proponent: z.string(),
  posted: instant,
  /** Computed: posted + 72 hours. */
  deadline: instant.nullable(),
  up: count,
  down: count,
  right: count,
  status: PropositionStatus,
});
export type Proposition = z.infer<typeof Proposition>;

export const CaseStatus = z.enum(['open', 'adopted']);

/** A disagreement put to the Judge (rule 6): who was drawn, when, and the suggestion's votes. */
export const JudgeCase = z.object({
  row: z.number().int().optional(),
  id: z.string().min(1),
  raised: instant,
  judge: z.string().nullable(),
  chosen: instant.nullable(),
  suggested: instant.nullable(),
  up: count,
  down: count,
  status: CaseStatus,
  /** Every Judge drawn for it so far, oldest first (the draws are recorded in the History). */
  draws: count,
});
export type JudgeCase = z.infer<typeof JudgeCase>;

/** A row of the page's History table as the checks read it: what the bot recorded doing, and when. */
export const HistoryEntry = z.object({ time: instant, event: z.string(), player: z.string(), change: z.string() });
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const NomicoupState = z.object({
  page: z.string().optional(),
  /** The engine's view (src/games/engine-contract.ts): the period is the turn. */
  phase: z.object({ number: count, name: z.string(), nextRollover: instant.nullable(), winner: z.array(z.string()) }),
  game: GameRow,
  players: z.array(Player),
  orderChanges: z.array(OrderChange),
  turns: z.array(Turn),
  propositions: z.array(Proposition),
  cases: z.array(JudgeCase),
  /** Rows already in the History table. */
  historyRows: count,
  /**
   * The History rows still on the page (archived ones are not), oldest first: the record that the bot's
   * rows (turns, draws, closings) check against. Absent: a state built without a page (nothing to check).
   */
  history: z.array(HistoryEntry).optional(),
});
export type NomicoupState = z.infer<typeof NomicoupState>;
