import type { DrawStream } from '../../../sim/commit-reveal.ts';
import type { Fraction } from '../../shared/ruleset-schema.ts';
import type { Cycle16Ruleset, Outcome, PackGrant } from '../ruleset/schema.ts';
import { isProbability } from '../../shared/text.ts';
import { cardPools, drawChance, type CardPools } from '../tables/odds.ts';

// Random cards and dice as the referee draws them — from the same extracted data and the same
// functions as the tables players read (tables/odds.ts: cardPools, drawChance): species with equal
// weight from the pool, each listed collection tried at its chance (a die of the chance's
// denominator: a hit when it shows at most the numerator), then one of its elements with equal weight;
// a species without a colour (suit) gets one element of the Colours (Suits) collection.

type Ruleset = Pick<Cycle16Ruleset, 'cards' | 'collections' | 'randomCards' | 'packs'>;
type Grant = Pick<PackGrant, 'rare' | 'modifiers'>;

export interface DrawnCard {
  species: string;
  modifiers: string[];
}

const showChance = (f: Fraction) => `${f.numerator}/${f.denominator}`;

const collectionNamed = (r: Ruleset, name: string) => r.collections.find((c) => c.name.toLowerCase() === name.toLowerCase());

/** Why a grant's cards cannot be drawn as the ruleset reads (checked before any draw), or undefined. */
export function grantProblem(r: Ruleset, grant: Grant, pools: CardPools = cardPools(r)): string | undefined {
  const pool = grant.rare ? pools.rare : pools.all;
  if (pool.length === 0) return `the ruleset has no species to draw a random ${grant.rare ? 'rare ' : ''}card from`;
  const collections = [...grant.modifiers.map((d) => d.collection), ...r.randomCards.fillers.map((f) => f.collection)];
  for (const name of collections) {
    const c = collectionNamed(r, name);
    if (c === undefined || c.elements.length === 0) return `the modifier collection "${name}" is not in the ruleset's collections table (or has no elements)`;
  }
  for (const d of grant.modifiers) {
    const chance = drawChance(r, d);
    if (!chance) return `the chance of the "${d.collection}" collection cannot be read from the ruleset`;
    if (!isProbability(chance)) return `the ruleset gives the "${d.collection}" collection a chance of ${chance.text}, which is not a chance`;
  }
  return undefined;
}

/** One random card of a grant (grantProblem must have passed). */
export function drawRandomCard(r: Ruleset, grant: Grant, stream: DrawStream, label: string, pools: CardPools = cardPools(r)): DrawnCard {
  const pool = grant.rare ? pools.rare : pools.all;
  const kind = grant.rare ? 'random rare card' : 'random card';
  const card = pool[stream.roll(pool.length, `${label} species (${kind}: ${pool.length} species, 1/${pool.length} each)`) - 1]!;
  const modifiers: string[] = [];
  const element = (collection: string, why: string) => {
    const c = collectionNamed(r, collection)!;
    const e = c.elements[stream.roll(c.elements.length, `${label} ${why} ${c.name} element (${c.elements.length} elements, 1/${c.elements.length} each)`) - 1]!;
    modifiers.push(e);
    return e;
  };
  for (const d of grant.modifiers) {
    const chance = drawChance(r, d)!;
    const hit =
      chance.numerator === chance.denominator
        ? true
        : stream.roll(chance.denominator, `${label} ${d.collection} collection (chance ${showChance(chance)}: hit at ≤ ${chance.numerator})`) <=
          chance.numerator;
    if (hit) element(d.collection, 'modifier:');
  }
  for (const f of r.randomCards.fillers) {
    if ((f.missing === 'colour' ? card.colours : card.suits).length === 0) element(f.collection, `no ${f.missing}:`);
  }
  return { species: card.name, modifiers };
}

/** One outcome of a probability table ("1. Nothing (70%) …"): a die of the chances' common denominator. */
export function drawOutcome(outcomes: readonly Outcome[], stream: DrawStream, label: string): Outcome {
  const lcm = outcomes.reduce((m, o) => lcmOf(m, o.chance.denominator), 1);
  const value = stream.roll(lcm, `${label} (${outcomes.map((o) => `${o.label} ${o.chance.text}`).join(', ')}: d${lcm} read in that order)`);
  let upTo = 0;
  for (const o of outcomes) {
    upTo += (o.chance.numerator * lcm) / o.chance.denominator;
    if (value <= upTo) return o;
  }
  return outcomes.at(-1)!;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
const lcmOf = (a: number, b: number) => (a / gcd(a, b)) * b;
