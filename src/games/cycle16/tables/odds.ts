import type { Fraction } from '../../shared/ruleset-schema.ts';
import type { Card, Cycle16Ruleset, Pack, PackGrant, ShopItem } from '../ruleset/schema.ts';
import { fraction, isProbability, isVertebrae, toNumber } from '../../shared/text.ts';

// Expectations computed from the parsed rules alone. Assumptions (also printed with the tables):
// species are drawn with equal weight; each listed collection is drawn from independently with
// its chance; a card lacking a colour (suit) always gets one Colours (Suits) modifier.

type Ruleset = Pick<Cycle16Ruleset, 'cards' | 'collections' | 'randomCards' | 'packs'>;

const has = (list: readonly string[], name: string) => list.some((x) => x.toLowerCase() === name.toLowerCase());

export interface CardPools {
  /** Species a random card is drawn from: all but the excluded types ('Null'). */
  all: Card[];
  /** Species a random rare card is drawn from: those of type Rare. */
  rare: Card[];
}

export function cardPools(r: Pick<Ruleset, 'cards' | 'randomCards'>): CardPools {
  const all = r.cards.filter((c) => !c.types.some((t) => has(r.randomCards.excludedTypes, t)));
  return { all, rare: all.filter((c) => has(c.types, 'Rare')) };
}

/** Chance of this species being drawn as a random card and as a random rare card. */
export function speciesOdds(card: Card, pools: CardPools): { random: Fraction; rare: Fraction } {
  const chance = (pool: Card[]) => (pool.includes(card) ? fraction(1, pool.length, `1/${pool.length}`) : fraction(0, 1, '0'));
  return { random: chance(pools.all), rare: chance(pools.rare) };
}

function share(pool: readonly Card[], test: (c: Card) => boolean): number {
  return pool.length === 0 ? 0 : pool.filter(test).length / pool.length;
}

/** The chance one of a grant's modifier draws is tried at: the pack's own, else the collections table's. */
export function drawChance(r: Ruleset, d: PackGrant['modifiers'][number]): Fraction | null | undefined {
  return d.chance ?? r.collections.find((c) => c.name.toLowerCase() === d.collection.toLowerCase())?.chance;
}

/** The chances above 100 % a pack's draws would use ("Rare (150%)"): its expected modifiers are then meaningless. */
export function impossibleDraws(r: Ruleset, pack: Pack): string[] {
  const named = pack.grants.flatMap((g) =>
    g.modifiers.flatMap((d) => {
      const chance = drawChance(r, d);
      return chance && !isProbability(chance) ? [`${d.collection} (${chance.text})`] : [];
    }),
  );
  return [...new Set(named)];
}

/** Expected modifiers on one card of this grant: listed collections plus the colour/suit fillers. */
export function expectedModifiers(r: Ruleset, grant: PackGrant, pools = cardPools(r)): number {
  const pool = grant.rare ? pools.rare : pools.all;
  const drawn = grant.modifiers.reduce((sum, d) => {
    const chance = drawChance(r, d);
    return sum + (chance ? toNumber(chance) : 0);
  }, 0);
  const filled = r.randomCards.fillers.reduce((sum, f) => sum + share(pool, (c) => (f.missing === 'colour' ? c.colours : c.suits).length === 0), 0);
  return drawn + filled;
}

export interface PackExpectation {
  cards: number;
  /** Expected number of cards of type Rare (guaranteed ones plus lucky random ones). */
  rareCards: number;
  modifiers: number;
}

export function packExpectation(r: Ruleset, pack: Pack, pools = cardPools(r)): PackExpectation {
  const rareShare = share(pools.all, (c) => has(c.types, 'Rare'));
  return pack.grants.reduce(
    (e, g) => ({
      cards: e.cards + g.count,
      rareCards: e.rareCards + g.count * (g.rare ? 1 : rareShare),
      modifiers: e.modifiers + g.count * expectedModifiers(r, g, pools),
    }),
    { cards: 0, rareCards: 0, modifiers: 0 },
  );
}

/** The pack a shop item sells ("Handy Pack", or "1 Handy Pack"), if any. */
export function packSold(r: Pick<Ruleset, 'packs'>, item: ShopItem): { pack: Pack; quantity: number } | undefined {
  const m = /^(?:(\d+)\s+)?(.+)$/s.exec(item.item.trim())!;
  const name = m[2]!.toLowerCase();
  const pack = r.packs.find((p) => [name, name.replace(/s$/, '')].includes(p.name.toLowerCase()));
  return pack && { pack, quantity: Number(m[1] ?? 1) };
}

/** Vertebrae paid per expected card; undefined when the item is not a pack or not priced in Vertebrae. */
export function vertebraePerCard(r: Ruleset, item: ShopItem, pools = cardPools(r)): number | undefined {
  const sold = packSold(r, item);
  if (sold === undefined || !isVertebrae(item.cost.unit) || item.cost.amount < 0) return undefined;
  const cards = packExpectation(r, sold.pack, pools).cards * sold.quantity;
  return cards === 0 ? undefined : item.cost.amount / cards;
}
