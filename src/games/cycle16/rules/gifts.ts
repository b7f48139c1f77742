import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { EngineRuleset, Gamestate, Gift } from '../gamestate-schema.ts';
import { gainPacks, packName, playerNamed } from './inventory.ts';

// Rule 5, Card gifting: “A gift contains some number of Already-opened packs. The base number of
// packs in a gift is 1. If the receiver has less than 10 cards, the gift contains one additional
// Already-opened pack. If the receiver is inactive, then the gift contains 2 additional
// Already-opened packs. If the receiver then performs an action in that phase, the giver is
// granted 1 Already-opened pack.”

const RULE = 'Card gifting';

/** How many packs the gift contains, with the arithmetic. */
export function giftSize(receiverCards: number, receiverInactive: boolean): { packs: number; arithmetic: string } {
  const terms = ['base 1'];
  if (receiverCards < 10) terms.push('1 (receiver has fewer than 10 cards)');
  if (receiverInactive) terms.push('2 (receiver inactive)');
  const packs = 1 + (receiverCards < 10 ? 1 : 0) + (receiverInactive ? 2 : 0);
  return { packs, arithmetic: `${terms.join(' + ')} = ${packs}` };
}

/** Grants a recorded gift's packs to its receiver (an editor's number in "Packs" is kept). */
export function grantGift(state: Gamestate, ruleset: EngineRuleset, gift: Gift, phase: number): Change {
  const receiver = playerNamed(state, gift.receiver);
  const cards = state.cards.filter((c) => c.owner === receiver.name).length;
  const size = giftSize(cards, receiver.status === 'inactive');
  const packs = gift.packs ?? size.packs;
  gift.packs = packs;
  gift.status = 'granted';
  return {
    at: gift.time,
    phase,
    event: 'Gift',
    player: receiver.name,
    change: `${gainPacks(receiver, packName(ruleset, 'Already-opened Pack'), packs)} from ${gift.giver}`,
    reason: {
      rule: `${RULE}: “The base number of packs in a gift is 1. If the receiver has less than 10 cards, … one additional … If the receiver is inactive, … 2 additional”`,
      inputs: { 'receiver cards': cards, 'receiver status': receiver.status, ...(packs !== size.packs ? { 'packs as recorded': packs } : {}) },
      arithmetic: size.arithmetic,
    },
  };
}

/** The giver's pack, when the receiver acted after the gift within the gift's phase. */
export function returnGift(state: Gamestate, ruleset: EngineRuleset, gift: Gift, actedAt: Date, phase: number): Change {
  const giver = playerNamed(state, gift.giver);
  gift.status = 'returned';
  return {
    at: actedAt,
    phase,
    event: 'Gift bonus',
    player: giver.name,
    change: gainPacks(giver, packName(ruleset, 'Already-opened Pack'), 1),
    reason: {
      rule: `${RULE}: “If the receiver then performs an action in that phase, the giver is granted 1 Already-opened pack.”`,
      inputs: { receiver: gift.receiver, gift: formatInstant(gift.time), 'receiver acted': formatInstant(actedAt) },
    },
  };
}

/** At the end of the gift's phase: no action by the receiver was recorded after it. */
export function closeGift(gift: Gift, at: Date, phase: number): Change {
  gift.status = 'closed';
  return {
    at,
    phase,
    event: 'Gift closed',
    player: gift.giver,
    change: `gift of ${formatInstant(gift.time)} to ${gift.receiver} closed without the giver's pack`,
    reason: {
      rule: `${RULE}: the giver's pack needs the receiver to act “in that phase”`,
      inputs: { 'phase ended': formatInstant(at) },
    },
  };
}
