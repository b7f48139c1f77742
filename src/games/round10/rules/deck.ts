import type { DrawStream } from '../../../sim/commit-reveal.ts';
import type { CardRef } from '../gamestate/schema.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';

// Cards: “To generate (draw) a card is to randomly choose a suit and rank by doing the following:
// # First, rolling a dN to determine the suit of the card, where N is the highest number associated with
// any suit in the Suits table below. The suit is the corresponding entry in that table.
// # Then, rolling a dN to determine the rank, where N is the 'Max' value listed in the Ranks table for the
// chosen suit's Archetype. The result is the corresponding entry in relevant column in the Ranks table below.”
// The deck as the Ruleset's tables give it: what the published odds table (tables/index.ts) counts and what
// the referee rolls (actions/), from the same data through the same function.

export const DRAW_RULE =
  "Cards: “To generate (draw) a card is to randomly choose a suit and rank … rolling a dN to determine the suit … Then, rolling a dN to determine the rank, where N is the 'Max' value listed in the Ranks table for the chosen suit's Archetype.”";

export interface DeckSuit {
  roll: number;
  name: string;
  archetype: string;
  /** The rank die of the suit's archetype (its Max), and its ranks by roll (roll i+1 → ranks[i]); 0 and [] when the archetype is missing. */
  max: number;
  ranks: readonly string[];
}

export interface Deck {
  /** The suit die: the highest number associated with any suit. */
  die: number;
  suits: DeckSuit[];
}

export function deckOf(r: Pick<Round10Ruleset, 'suits' | 'ranks'>): Deck {
  const die = Math.max(0, ...r.suits.map((s) => s.roll));
  const suits = r.suits.map((s) => {
    const archetype = r.ranks.find((a) => a.name.toLowerCase() === s.archetype.toLowerCase());
    return { roll: s.roll, name: s.name, archetype: s.archetype, max: archetype?.max ?? 0, ranks: archetype?.ranks ?? [] };
  });
  return { die, suits };
}

/** Why a card cannot be drawn as the Ruleset says (a roll that names no suit or rank), or undefined: checked before any draw. */
export function deckProblem(deck: Deck): string | undefined {
  if (deck.die === 0) return "the Ruleset's Suits table names no suit";
  for (let v = 1; v <= deck.die; v++) {
    const suits = deck.suits.filter((s) => s.roll === v);
    if (suits.length !== 1) return `a d${deck.die} roll of ${v} names ${suits.length === 0 ? 'no suit' : `${suits.length} suits`} in the Ruleset's Suits table`;
  }
  for (const s of deck.suits) {
    if (s.max === 0) return `the suit ${s.name}'s archetype ${s.archetype} has no column (or no Max) in the Ruleset's Ranks table`;
    const missing = Array.from({ length: s.max }, (_, i) => i + 1).filter((v) => !s.ranks[v - 1]);
    if (missing.length > 0) return `the ${s.archetype} archetype's Max is ${s.max} but the Ranks table names no rank for ${missing.join(', ')}`;
  }
  return undefined;
}

/** One card drawn from the stream (deckProblem must have passed): a suit die, then the archetype's rank die. */
export function drawCard(deck: Deck, stream: DrawStream, label: string): CardRef {
  const sv = stream.roll(deck.die, `${label} suit (Suits table: d${deck.die}, 1/${deck.die} each)`);
  const suit = deck.suits.find((s) => s.roll === sv)!;
  const rv = stream.roll(suit.max, `${label} rank of ${suit.name} (${suit.archetype}: d${suit.max}, 1/${suit.max} each)`);
  return { rank: suit.ranks[rv - 1]!, suit: suit.name };
}
