import type { Change } from '../../../sim/trail.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { NomicoupState } from '../gamestate/schema.ts';
import { change } from './change.ts';
import { turnOrder } from './seats.ts';
import { takeFromTreasury, treasuryOf } from './treasury.ts';

// 4.3 Starting: what the players hold when the game starts, set by the rule whatever the page said before.

export const STARTING = {
  rule: '4.3 Coup / Starting',
  sentence:
    'When the game of nomic starts, the following occur: The Court Deck is shuffled then each player is dealt 2 cards secretly. Each player is given 2 credits from the Treasury. If there are only 2 players, the starting player instead receives 1 credit.',
};

/**
 * The start, at `at`: every player in the turn order is dealt the starting cards and given the starting
 * credits from the Treasury, in seat order ("they only take up to the quantity in the Treasury"); with only
 * two players the starting player (seat 1) receives the two-player amount instead.
 */
export function startGame(s: NomicoupState, ruleset: Pick<NomicoupRuleset, 'constants'>, at: Date): Change[] {
  const { startingCredits, startingCreditsTwoPlayers, startingCards, treasury } = ruleset.constants;
  const order = turnOrder(s);
  if (order.length === 0) return [];
  // Nobody in the order holds a credit before the start: what the page wrote there is replaced, and named.
  const written = order
    .filter((p) => p.credits !== 0 || p.influence !== 0 || p.revealed.length > 0)
    .map((p) => `${p.name} ${p.credits} credits, ${p.influence} influence`);
  let left = treasuryOf(
    treasury,
    s.players.filter((p) => !order.includes(p)),
  );
  for (const p of order) {
    p.credits = takeFromTreasury(order.length === 2 && p.seat === 1 ? startingCreditsTwoPlayers : startingCredits, left);
    left -= p.credits;
    p.influence = startingCards;
    p.revealed = [];
  }
  const inputs: Record<string, string | number> = { players: order.length, treasury };
  if (written.length > 0) inputs['written before the start'] = written.join('; ');
  return [
    change(
      at,
      1,
      'Start',
      '-',
      `the game starts: ${order.map((p) => `${p.name} ${p.credits} credit${p.credits === 1 ? '' : 's'}`).join(', ')}; ${startingCards} cards each`,
      STARTING,
      inputs,
    ),
  ];
}
