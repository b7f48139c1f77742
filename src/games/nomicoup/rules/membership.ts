import type { Change } from '../../../sim/trail.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { NomicoupState, Player } from '../gamestate/schema.ts';
import { change } from './change.ts';
import { takeFromTreasury, treasuryOf } from './treasury.ts';
import { turnOrder } from './seats.ts';
import { currentTurn } from './turns.ts';

// 2.2.1 Placement and 2.3 Exiting: who is in the turn order.

export const PLACEMENT = {
  rule: '2.2.1 Players / Entering / Placement',
  sentence:
    'If a player joins the game, then that person or group of people becomes a player and has their turn placed before that of the current turn at the time of their request. The player is given 2 credits from the Treasury and (secretly) 2 random cards from the Court Deck.',
};
export const EXITING = {
  rule: '2.3 Players / Exiting',
  sentence: 'Any credits they had are returned to the Treasury and all influence and discarded influence are shuffled into the Court Deck.',
};

/**
 * A join (a player row without a seat): placed before the current turn at the time of the request (the
 * current player and everyone after move down one seat; before the game's first turn, at the end), with
 * 2 credits from the Treasury — fewer if it holds fewer (4.2) — and 2 cards (influence) from the Court Deck.
 */
export function placeJoin(s: NomicoupState, p: Player, ruleset: Pick<NomicoupRuleset, 'constants'>): Change[] {
  const turn = currentTurn(s);
  const current = turn === undefined || turn.ended !== null ? undefined : s.players.find((x) => x.name === turn.player && x.seat !== null);
  const seated = turnOrder(s);
  const seat = current?.seat ?? seated.length + 1;
  for (const x of seated) if (x.seat! >= seat) x.seat! += 1;
  p.seat = seat;
  const treasury = treasuryOf(
    ruleset.constants.treasury,
    s.players.filter((x) => x !== p),
  );
  const wanted = ruleset.constants.joinCredits;
  p.credits = takeFromTreasury(wanted, treasury);
  p.influence = ruleset.constants.joinCards;
  const capped = p.credits < wanted ? ` (the Treasury held only ${treasury})` : '';
  return [
    change(
      p.joined,
      s.game.turn,
      'Join',
      p.name,
      `${p.name} joins at seat ${seat}${current ? `, before ${current.name}'s turn` : ''}; ${p.credits} credits from the Treasury${capped}, ${p.influence} cards`,
      PLACEMENT,
      {
        'current turn': current ? `${current.name} (turn ${turn!.number})` : 'none',
        treasury,
      },
    ),
  ];
}

/** A forfeit (status forfeited, still seated): credits back to the Treasury, influence to the Court Deck, out of the turn order. */
export function forfeit(s: NomicoupState, p: Player, at: Date): Change[] {
  const credits = p.credits;
  const seat = p.seat!;
  p.seat = null;
  p.credits = 0;
  p.influence = 0;
  p.revealed = [];
  for (const x of turnOrder(s)) if (x.seat! > seat) x.seat! -= 1;
  return [
    change(at, s.game.turn, 'Forfeit', p.name, `${p.name} forfeits: ${credits} credits returned to the Treasury, out of the turn order`, EXITING, {
      seat,
      credits,
    }),
  ];
}
