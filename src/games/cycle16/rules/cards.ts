import type { Change } from '../../../sim/trail.ts';
import type { Card, EngineRuleset, Gamestate } from '../gamestate/schema.ts';

// Rule 8 and the computed card columns. A modifier whose effect reads "This card gains … This
// modifier is then removed." (coatings, insignia, markings, seals…) is applied once: the card
// gains the suit or colour (kept in "Gained") and loses the modifier.

type Gain = { kind: 'suit' | 'colour'; name: string };

/** What a self-removing modifier gives: "This card gains the Hearts suit." / "This card gains the colour Red." */
export function selfRemovingGain(effect: string | null): Gain | undefined {
  if (effect === null || !/this modifier is then removed/i.test(effect)) return undefined;
  const suit = /gains the (\S+) suit/i.exec(effect);
  if (suit) return { kind: 'suit', name: suit[1]! };
  const colour = /gains the colou?r (\S+?)\.?(?:\s|$)/i.exec(effect);
  if (colour) return { kind: 'colour', name: colour[1]! };
  return undefined;
}

/** Classifies an entry of "Gained": a suit, a colour, or a value (an Amalgam's). */
export function gainKinds(ruleset: EngineRuleset): GainKind {
  let kind = gainKindsOf.get(ruleset);
  if (kind === undefined) gainKindsOf.set(ruleset, (kind = readGainKinds(ruleset)));
  return kind;
}

type GainKind = (item: string) => 'suit' | 'colour' | 'value' | undefined;
// computeCard() asks for every card: the sets are made once per ruleset.
const gainKindsOf = new WeakMap<EngineRuleset, GainKind>();

function readGainKinds(ruleset: EngineRuleset): GainKind {
  const suits = new Set(ruleset.cards.flatMap((c) => c.suits).map((s) => s.toLowerCase()));
  const colours = new Set(ruleset.cards.flatMap((c) => c.colours).map((s) => s.toLowerCase()));
  for (const m of ruleset.modifiers) {
    const gain = selfRemovingGain(m.effect);
    if (gain) (gain.kind === 'suit' ? suits : colours).add(gain.name.toLowerCase());
  }
  return (item) => {
    if (/^-?\d+$/.test(item)) return 'value';
    if (suits.has(item.toLowerCase())) return 'suit';
    if (colours.has(item.toLowerCase())) return 'colour';
    return undefined;
  };
}

/** Applies every self-removing modifier on every card. */
export function applySelfRemovingModifiers(state: Pick<Gamestate, 'cards'>, ruleset: EngineRuleset, at: Date, phase: number): Change[] {
  const effects = new Map(ruleset.modifiers.map((m) => [m.name, m.effect]));
  const changes: Change[] = [];
  for (const card of state.cards) {
    for (const modifier of [...card.modifiers]) {
      const effect = effects.get(modifier) ?? null;
      const gain = selfRemovingGain(effect);
      if (!gain) continue;
      const index = card.modifiers.indexOf(modifier); // only this one: a card may carry a modifier twice
      card.modifiers = card.modifiers.filter((_, i) => i !== index);
      if (!card.gained.some((g) => g.toLowerCase() === gain.name.toLowerCase())) card.gained = [...card.gained, gain.name];
      changes.push({
        at,
        phase,
        event: 'Modifier',
        player: card.owner,
        change: `card #${card.id} (${card.species}) gains the ${gain.kind} ${gain.name}; ${modifier} removed`,
        reason: { rule: `Modifiers — ${modifier}: “${effect}”`, inputs: { card: `#${card.id}` } },
      });
    }
  }
  return changes;
}

type Species = EngineRuleset['cards'][number];
// computeCard() asks for every card: the species are keyed once per ruleset (the first of a name, as a search finds).
const speciesOf = new WeakMap<EngineRuleset, Map<string, Species>>();

function speciesNamed(ruleset: EngineRuleset, name: string): Species | undefined {
  let byName = speciesOf.get(ruleset);
  if (byName === undefined) {
    byName = new Map();
    for (const c of ruleset.cards) if (!byName.has(c.name.toLowerCase())) byName.set(c.name.toLowerCase(), c);
    speciesOf.set(ruleset, byName);
  }
  return byName.get(name.toLowerCase());
}

/** Fills the computed columns: value(s), suits, colours and types from the species and what the card gained. */
export function computeCard(card: Card, ruleset: EngineRuleset): Card {
  const species = speciesNamed(ruleset, card.species);
  if (species === undefined) return card;
  const kind = gainKinds(ruleset);
  const gained = (k: 'suit' | 'colour' | 'value') => card.gained.filter((g) => kind(g) === k);
  const values = species.values;
  const speciesValue = Array.isArray(values) ? (values.length === 0 ? '-' : values.join(', ')) : values.text;
  const merge = (base: readonly string[], extra: readonly string[]) => [
    ...base,
    ...extra.filter((e) => !base.some((b) => b.toLowerCase() === e.toLowerCase())),
  ];
  const fragile = card.modifiers.includes('Fragile');
  return {
    ...card,
    value: gained('value')[0] ?? speciesValue,
    suits: merge(species.suits, gained('suit')),
    colours: merge(species.colours, gained('colour')),
    types: [...species.types],
    battles: fragile ? (card.battles ?? 0) : card.battles,
  };
}
