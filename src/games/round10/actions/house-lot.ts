import type { ActionDef } from '../../actions.ts';
import { drawReason, requestReason } from '../../shared/actions.ts';
import { writeCards } from '../gamestate/fields.ts';
import type { CardRef, Gamestate } from '../gamestate/schema.ts';
import { deckOf, deckProblem, drawCard, DRAW_RULE } from '../rules/deck.ts';
import { participation } from '../rules/participation.ts';
import { isAuctionPhase } from '../rules/phase.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { onPage } from './page.ts';

// The Auction House: “House Lots can contain only exactly 3 cards. If, at any time during the Resolution
// Phase, the number of House Lots currently in the weekly Auction is less than the Participation value of
// the Auction Casino, any player may generate a new House Lot by generating 3 cards to fulfill that lot.”
//   * generate house lot
// (“During any phase other than the Auction Phase, if there are fewer Lots than the number specified above,
// any player may generate a Lot by generating a set of cards” allows no more: fewer Lots of all kinds than
// the Participation value means fewer House Lots too.) The cards are drawn as the Cards rule says
// (rules/deck.ts); the lot gets the next free ID (L<n>) in the Lots table.

export const HOUSE_LOT_RULE =
  'The Auction House: “If, at any time during the Resolution Phase, the number of House Lots currently in the weekly Auction is less than the Participation value of the Auction Casino, any player may generate a new House Lot by generating 3 cards to fulfill that lot.”';

/**
 * "L5": one more than the highest L-number of the Lots table and of the page's text (its History and the bids
 * name the lots of earlier weeks: a new lot never takes the ID of one that was won or returned).
 */
export function nextLotId(s: Pick<Gamestate, 'lots'>, text: string): string {
  const ids = [...s.lots.map((l) => l.id), ...[...text.matchAll(/\bL(\d+)\b/g)].map((m) => m[0])];
  return `L${Math.max(0, ...ids.map((id) => Number(/^L(\d+)$/i.exec(id)?.[1] ?? 0))) + 1}`;
}

export const houseLotAction: ActionDef<Round10Ruleset, Record<string, never>> = {
  name: 'house lot',
  grammar: 'generate house lot',
  parse(text) {
    return /^(?:generate|create)\s+(?:a\s+)?(?:new\s+)?house\s+lot\.?$/i.test(text.trim()) ? {} : undefined;
  },
  resolve(input) {
    const r = input.ruleset;
    const size = r.constants.houseLotCards;
    if (size === null)
      return { ok: false, reason: 'the Ruleset\'s House Lot size ("House Lots can contain only exactly 3 cards") cannot be read (see its warnings)' };
    const deck = deckOf(r);
    const problem = deckProblem(deck);
    if (problem) return { ok: false, reason: `no card can be drawn: ${problem}` };
    return onPage(input, ({ s, player, phase, readings, newLots }) => {
      if (isAuctionPhase(phase.name))
        return {
          refused: `it is the ${phase.name}: “If, at any time during the Resolution Phase, the number of House Lots … is less than the Participation value …, any player may generate a new House Lot”`,
        };
      const value = participation({ s, ruleset: r, readings });
      const house = s.lots.filter((l) => l.kind === 'House');
      if (house.length >= value)
        return {
          refused: `the weekly Auction has ${house.length} House Lots (${house.map((l) => l.id).join(', ')}), not fewer than the Participation value ${value}`,
        };
      const { stream, seed } = input.draws();
      const cards: CardRef[] = Array.from({ length: size }, (_, i) => drawCard(deck, stream, `card ${i + 1}:`));
      const id = nextLotId(s, input.page.text);
      newLots.push({ id, kind: 'House', creator: null, created: input.now, items: { chips: 0, trungs: 0, cards, works: [] } });
      const reason = drawReason(`${HOUSE_LOT_RULE}; ${DRAW_RULE} (${requestReason(input)})`, stream, seed, s.phase.number, 0, input);
      reason.inputs = { 'House Lots': house.length, Participation: value };
      reason.readings = [readings.label('participation-rounding')];
      return {
        changes: [{ at: input.now, phase: s.phase.number, event: 'House Lot', player: player.name, change: `${id} (House): ${writeCards(cards)}`, reason }],
        message: `House Lot ${id}: ${writeCards(cards)}`,
      };
    });
  },
};
