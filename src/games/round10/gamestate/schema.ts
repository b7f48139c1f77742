import { z } from 'zod';

// The Round 10 Gamestate page as data (docs/gamestate-format-round10.md). Counts are whole and never
// negative; times are UTC instants. Bot columns (wealth, tax, participation, maturation…) are
// recomputed on every run, whatever they said.

const count = z.number().int().nonnegative();
const instant = z.date();

/** A card: a rank of the Ranks table and a suit of the Suits table ("King of Spades", "The Fool of Arcana"). */
export const CardRef = z.object({ rank: z.string().min(1), suit: z.string().min(1) });
export type CardRef = z.infer<typeof CardRef>;

/** What a Player Lot or a contract holds. */
export const Items = z.object({
  chips: count,
  trungs: count,
  cards: z.array(CardRef),
  /** Work of Art IDs ("W1"). */
  works: z.array(z.string()),
});
export type Items = z.infer<typeof Items>;

export const RoundState = z.object({
  start: instant,
  /** The bot's phase counter (the rules define none): 0 is the phase the round began in. */
  number: count,
  name: z.string(),
  nextRollover: instant.nullable(),
  starPrice: z.number().int().positive().nullable(),
  starPriceSet: instant.nullable(),
  participation: count,
  /** The Participation cell as the page wrote it (rules/display.ts: which readings it was computed under). */
  participationShown: z.string().optional(),
  /** The Phase and Next rollover cells as the page wrote them (rules/display.ts names a hand edit). */
  nameShown: z.string().optional(),
  nextRolloverShown: z.string().optional(),
  /** Players who bid in the last concluded weekly Auction (for Participation). */
  lastBidders: count,
  judge: z.string().nullable(),
  winner: z.array(z.string()),
});
export type RoundState = z.infer<typeof RoundState>;

export const LimitedUse = z.record(z.string(), count);

export const Player = z.object({
  row: z.number().int().optional(),
  name: z.string().min(1),
  joined: instant,
  reputableSince: instant.nullable(),
  chips: count,
  trungs: count,
  goldStars: count,
  proposalMakers: count,
  cards: z.array(CardRef),
  works: z.array(z.string()),
  wealth: z.number().nonnegative(),
  tax: count,
  /** The Wealth and Tax cells as the page wrote them (rules/display.ts: which readings they were computed under). */
  wealthShown: z.string().optional(),
  taxShown: z.string().optional(),
  /** The start of the Auction Phase whose income was paid (or the join time, for a joiner): paid once. */
  incomePaid: instant.nullable(),
  table: z.string().nullable(),
  seatedSince: instant.nullable(),
  /** Limited Access Tables sat at this week, by kind ("Slots 2, Studio 1"); reset each Monday. */
  limited: LimitedUse,
});
export type Player = z.infer<typeof Player>;

export const Contract = z.object({ row: z.number().int().optional(), id: z.string().min(1), parties: z.array(z.string()).min(1), items: Items });
export type Contract = z.infer<typeof Contract>;

export const Lot = z.object({
  row: z.number().int().optional(),
  id: z.string().min(1),
  kind: z.enum(['House', 'Player']),
  /** The player who created a Player Lot (null for a House Lot). */
  creator: z.string().nullable(),
  /** When the lot was created: Player Lots created before an Auction Phase ends are returned then if nobody bid. */
  created: instant,
  items: Items,
});
export type Lot = z.infer<typeof Lot>;

export const SecretStatus = z.enum(['posted', 'succeeded', 'failed']);
export const SecretAction = z.object({
  row: z.number().int().optional(),
  id: z.string().min(1),
  player: z.string().min(1),
  kind: z.enum(['Bid', 'Hand']),
  posted: instant,
  /** SHA-256 of the declaration, hex, as posted. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The unhashed text, once the player revealed it (null: not yet). */
  revealed: z.string().nullable(),
  /** Bot columns: maturation and revelation dates. */
  matures: instant.nullable(),
  reveals: instant.nullable(),
  /** The Matures and Revelation cells as the page wrote them (rules/display.ts names a hand edit). */
  maturesShown: z.string().optional(),
  revealsShown: z.string().optional(),
  status: SecretStatus,
  result: z.string().nullable(),
});
export type SecretAction = z.infer<typeof SecretAction>;

export const Work = z.object({ row: z.number().int().optional(), id: z.string().min(1), title: z.string(), owner: z.string(), value: count });
export type Work = z.infer<typeof Work>;

export const Candidacy = z.object({ row: z.number().int().optional(), player: z.string().min(1), posted: instant, thumbs: count });
export type Candidacy = z.infer<typeof Candidacy>;

export const Gamestate = z.object({
  page: z.string().optional(),
  phase: RoundState,
  players: z.array(Player),
  contracts: z.array(Contract),
  lots: z.array(Lot),
  secrets: z.array(SecretAction),
  works: z.array(Work),
  candidacies: z.array(Candidacy),
  historyRows: count,
  /** The latest time in the History table (engine.ts dates a win the page already shows from it). */
  historyLatest: instant.nullable().optional(),
});
export type Gamestate = z.infer<typeof Gamestate>;
