import type { Location } from '../../../parse/location.ts';
import type { Calendar } from '../../../sim/calendar.ts';
import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { EngineRuleset, Gamestate, Gift, Player } from '../gamestate/schema.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import { cardsOwned, gainPacks, packName, playerNamed } from './inventory.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';

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

const ONCE = '“Once per phase, each player (the giver) may select one other player (the receiver) to receive a gift.”';

/**
 * A player's status in phase `phase`: the current one for the page's phase (or later); for an
 * earlier phase, the status before the first Inactivity row of the page's History after it
 * ("All players are active in the phase they join the game"). undefined when the History no
 * longer goes back that far (its rows were archived).
 */
export function statusIn(state: Gamestate, p: Player, phase: number, calendar: Calendar): Player['status'] | undefined {
  if (phaseNumberAt(p.joined, calendar) === phase) return 'active';
  if (phase >= state.phase.number) return p.status;
  const history = state.statusHistory ?? { since: 0, changes: [] };
  if (phase < history.since) return undefined;
  return history.changes.find((c) => c.player === p.name && c.phase > phase)?.from ?? p.status;
}

/**
 * Gifts the rules do not allow: a second gift by one giver in one phase (counted in the Gifts
 * table, whatever "Used this phase" says), a giver or receiver who was not yet a player at the
 * gift's time, and a gift to be granted whose receiver's status in its phase the page no longer shows.
 */
export function giftProblems(state: Gamestate, calendar: Calendar, problems: Problem[]): void {
  const at = (gift: Gift, column: string): Location => ({ page: state.page, table: 'Gifts', row: gift.row, column });
  const first = new Map<string, Gift>();
  const valid = state.gifts.filter((g) => g.time.getTime() >= calendar.cycleStart.getTime()); // earlier: refused at its Time cell
  const players = new Map<string, Player>();
  for (const p of state.players) if (!players.has(p.name)) players.set(p.name, p);
  for (const g of [...valid].sort((a, b) => a.time.getTime() - b.time.getTime())) {
    const phase = phaseNumberAt(g.time, calendar);
    for (const [column, name] of [
      ['Giver', g.giver],
      ['Receiver', g.receiver],
    ] as const) {
      const p = players.get(name);
      if (p !== undefined && p.joined.getTime() > g.time.getTime()) {
        problems.push({
          message:
            `${name} joined at ${formatInstant(p.joined)}, after the gift of ${formatInstant(g.time)}: giver and receiver must be players ` +
            `at the gift's time (${ONCE})`,
          location: at(g, column),
        });
      }
    }
    const key = `${g.giver}\n${phase}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, g);
    else {
      problems.push({
        message: `${g.giver} already gave a gift in phase ${phase} (row ${earlier.row}, ${formatInstant(earlier.time)}): ${ONCE}`,
        location: at(g, 'Giver'),
      });
    }
    const receiver = players.get(g.receiver);
    if (g.status === 'recorded' && g.packs === null && receiver !== undefined && statusIn(state, receiver, phase, calendar) === undefined) {
      problems.push({
        message:
          `${g.receiver}'s status in phase ${phase}, the gift's phase, is not on this page (its History records statuses from phase ` +
          `${state.statusHistory?.since} on): write the gift's packs in Packs (“If the receiver is inactive, then the gift contains 2 additional Already-opened packs.”)`,
        location: at(g, 'Packs'),
      });
    }
  }
}

/**
 * Grants a recorded gift's packs to its receiver (an editor's number in "Packs" is kept). `status`
 * is the receiver's in the gift's phase (statusIn): a gift recorded late is counted as it was then.
 */
export function grantGift(state: Gamestate, ruleset: EngineRuleset, gift: Gift, phase: number, status: Player['status']): Change {
  const receiver = playerNamed(state, gift.receiver);
  const cards = cardsOwned(state, receiver.name);
  const size = giftSize(cards, status === 'inactive');
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
      inputs: { 'receiver cards': cards, 'receiver status': status, ...(packs !== size.packs ? { 'packs as recorded': packs } : {}) },
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
