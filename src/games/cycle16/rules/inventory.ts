import type { Change } from '../../../sim/trail.ts';
import type { Card, EngineRuleset, Gamestate, Player } from '../gamestate/schema.ts';
import { GamestateError } from '../../shared/gamestate-error.ts';
import { editDistance } from '../../shared/text.ts';

// Small inventory moves shared by the rules; each returns the "Change" text of a History row.

export function gainVertebrae(p: Player, n: number): string {
  const before = p.vertebrae;
  p.vertebrae += n;
  return `${n >= 0 ? '+' : ''}${n} Vertebrae (${before} → ${p.vertebrae})`;
}

export function gainChips(p: Player, n: number): string {
  const before = p.chips;
  p.chips += n;
  return `${n >= 0 ? '+' : ''}${n} Chip${Math.abs(n) === 1 ? '' : 's'} (${before} → ${p.chips})`;
}

export function gainTokens(p: Player, n: number): string {
  const before = p.tokens;
  p.tokens += n;
  return `${n >= 0 ? '+' : ''}${n} Reconfiguration Token (${before} → ${p.tokens})`;
}

export function gainPacks(p: Player, pack: string, n: number): string {
  const before = p.packs[pack] ?? 0;
  p.packs = { ...p.packs, [pack]: before + n };
  return `${n >= 0 ? '+' : ''}${n} ${pack} (${before} → ${before + n})`;
}

/** The ruleset's spelling of a pack ("Already-opened Pack"), so the page and the rules agree. */
export function packName(ruleset: EngineRuleset, wanted: string): string {
  return ruleset.packs.find((p) => p.name.toLowerCase() === wanted.toLowerCase())?.name ?? wanted;
}

/**
 * The cards of each owner, and each card by ID, indexed once for a list of cards: a catch-up grants
 * hundreds of gifts and rewards hundreds of battles, each looking at an inventory among tens of
 * thousands of cards. Made again whenever the list is another one or of another length (a card
 * destroyed or added); a card changes hands only through moveCard(), which keeps it up to date.
 */
interface CardIndex {
  cards: readonly Card[];
  length: number;
  owned: Map<string, number>;
  byId: Map<number, Card>;
}
const cardIndexes = new WeakMap<Pick<Gamestate, 'cards'>, CardIndex>();

function cardIndex(state: Pick<Gamestate, 'cards'>): CardIndex {
  const known = cardIndexes.get(state);
  if (known !== undefined && known.cards === state.cards && known.length === state.cards.length) return known;
  const index: CardIndex = { cards: state.cards, length: state.cards.length, owned: new Map(), byId: new Map() };
  for (const c of state.cards) {
    index.owned.set(c.owner, (index.owned.get(c.owner) ?? 0) + 1);
    if (!index.byId.has(c.id)) index.byId.set(c.id, c); // the first, as a search would find
  }
  cardIndexes.set(state, index);
  return index;
}

/** How many cards the player owns. */
export function cardsOwned(state: Pick<Gamestate, 'cards'>, owner: string): number {
  return cardIndex(state).owned.get(owner) ?? 0;
}

/** The card with that ID (the first, if the page lists one twice). */
export function cardWithId(state: Pick<Gamestate, 'cards'>, id: number): Card | undefined {
  return cardIndex(state).byId.get(id);
}

/** The card changes hands. */
export function moveCard(state: Pick<Gamestate, 'cards'>, card: Card, owner: string): void {
  const { owned } = cardIndex(state);
  owned.set(card.owner, owned.get(card.owner)! - 1);
  owned.set(owner, (owned.get(owner) ?? 0) + 1);
  card.owner = owner;
}

/** The player of that name; excluded by readGamestate's cross-checks, so a miss names the page and stops the run. */
export function playerNamed(state: Pick<Gamestate, 'players' | 'page'>, name: string): Player {
  const p = state.players.find((x) => x.name === name);
  if (p === undefined) throw new GamestateError([{ message: `no player "${name}" in the Players table`, location: { page: state.page, table: 'Players' } }]);
  return p;
}

/** Two names an editor may have meant as one: equal ignoring case, or at most two letters apart. */
export function nearlyTheSame(a: string, b: string): boolean {
  return a !== b && editDistance(a.toLowerCase(), b.toLowerCase()) <= 2;
}

const NON_PLAYER_RULE = "Items: “When an item's owner cannot reasonably be determined …, or if it would be owned by a non-player, it is instead destroyed.”";

/**
 * Cards whose Owner is not a player (one who left the game) are destroyed, each with a History row.
 * A name close to a player's is refused as a typo when the page is read (gamestate.ts), never destroyed.
 */
export function destroyNonPlayerItems(state: Gamestate, at: Date, phase: number): Change[] {
  const players = new Set(state.players.map((p) => p.name));
  const gone = state.cards.filter((c) => !players.has(c.owner));
  state.cards = state.cards.filter((c) => players.has(c.owner));
  return gone.map((c) => ({
    at,
    phase,
    event: 'Destroyed',
    player: c.owner,
    change: `card #${c.id} (${c.species}) destroyed: ${c.owner} is not a player`,
    reason: { rule: NON_PLAYER_RULE, inputs: { card: `#${c.id}`, owner: c.owner } },
  }));
}
