import type { Location } from '../../../parse/location.ts';
import type { Calendar } from '../../../sim/calendar.ts';
import type { Draws } from '../../../sim/rng.ts';
import type { Change } from '../../../sim/trail.ts';
import type { Battle, EngineRuleset, Gamestate } from '../gamestate/schema.ts';
import { GamestateError, type Problem } from '../../shared/gamestate-error.ts';
import { cardsOwned, cardWithId, gainChips, gainPacks, gainTokens, gainVertebrae, moveCard, packName, playerNamed } from './inventory.ts';

// Rules 6 and 7: what a battle's commencement and conclusion grant. Croupier does not play the
// game of Exoptosis; editors record hands, bets and the winner, and the battle's status records
// what has been applied.

const DECLARE =
  '“During a Rest Phase, a player may state their intention to engage in Battle in the next phase … They may only do so if they have at least 4 cards in their inventory.”';
const DECK = '“a duplicate of all the cards in their inventory is made into their deck … the player must select a minimum of 4 cards from their deck”';

/** The phase battles are fought in: the ruleset's phase named for battle ("Battle Phase"); null if none is. */
export function battlePhaseName(ruleset: Pick<EngineRuleset, 'phases'>): string | null {
  return ruleset.phases.find((p) => /\bbattle\b/i.test(p.name))?.name ?? null;
}

/**
 * What the page says about a battle that the rules forbid, whenever it was first seen: its phase is
 * not a Battle Phase, a participant is listed twice, a hand is larger than the deck recorded for it,
 * a winner still holds cards (“The first participant to have zero cards in their hand wins”).
 * Inventories are checked only when the declaration is first seen in its Rest Phase (recordDecks).
 */
export function battleProblems(
  b: Battle,
  ruleset: Pick<EngineRuleset, 'phases'>,
  calendar: Calendar | undefined,
  where: (column: string) => Location,
  problems: Problem[],
): void {
  if (b.status === 'cancelled') return;
  const battlePhase = battlePhaseName(ruleset);
  const name = calendar?.phase(b.phase).name;
  if (battlePhase !== null && name !== undefined && name !== battlePhase) {
    problems.push({ message: `phase ${b.phase} is a ${name}, not a ${battlePhase}: ${DECLARE}`, location: where('Phase') });
  }
  const seen = new Set<string>();
  for (const h of b.participants) {
    if (seen.has(h.player)) problems.push({ message: `${h.player} is listed twice among the participants`, location: where('Participants (hand)') });
    seen.add(h.player);
    const deck = b.decks?.find((d) => d.player === h.player);
    if (deck !== undefined && h.cards > deck.cards) {
      problems.push({
        message: `${h.player}'s hand has ${h.cards} cards but their deck had ${deck.cards} (column Decks, recorded when the battle was declared): ${DECK}`,
        location: where('Participants (hand)'),
      });
    }
  }
  const winnerHand = b.finalHands?.find((h) => h.player === b.winner);
  if (winnerHand !== undefined && winnerHand.cards !== 0) {
    problems.push({
      message: `the winner ${b.winner} has ${winnerHand.cards} cards left in their final hand: “The first participant to have zero cards in their hand wins.”`,
      location: where('Final hands'),
    });
  }
}

/**
 * A declaration first seen in its Rest Phase: each participant's deck is their inventory now
 * (“a duplicate of all the cards in their inventory”), which must hold at least 4 cards and
 * their hand; the decks are recorded on the page (column Decks), and hands checked against them
 * from then on. A participant who does not qualify stops the run (nothing written).
 */
export function recordDecks(state: Gamestate, battle: Battle, at: Date, phase: number): Change[] {
  const problems: Problem[] = [];
  const decks = [...(battle.decks ?? [])];
  const added: string[] = [];
  for (const h of battle.participants) {
    if (decks.some((d) => d.player === h.player)) continue;
    const inventory = cardsOwned(state, h.player);
    const location = { page: state.page, table: 'Battles', row: battle.row, column: 'Participants (hand)' };
    if (inventory < 4) problems.push({ message: `${h.player} has ${inventory} cards in their inventory: ${DECLARE}`, location });
    else if (h.cards > inventory)
      problems.push({ message: `${h.player}'s hand has ${h.cards} cards but their inventory holds ${inventory}: ${DECK}`, location });
    decks.push({ player: h.player, cards: inventory });
    added.push(`${h.player} ${inventory}`);
  }
  if (problems.length > 0) throw new GamestateError(problems);
  battle.decks = decks;
  return [
    {
      at,
      phase,
      event: 'Battle declared',
      player: '-',
      change: `battle ${battle.id}: decks ${added.join(', ')}`,
      reason: { rule: `Exoptotic Battle: ${DECLARE}; ${DECK}`, inputs: { hands: battle.participants.map((h) => `${h.player} ${h.cards}`).join(', ') } },
    },
  ];
}

/**
 * Turn Order: “determined by the number of cards in participants' hands, in descending order. If
 * multiple participants have an equal number of cards in their hands, their relative turn order
 * is determined randomly.”
 */
export function turnOrder(battle: Battle, draws: Draws): string[] {
  const sizes = [...new Set(battle.participants.map((h) => h.cards))].sort((a, b) => b - a);
  return sizes.flatMap((n) => {
    const tied = battle.participants.filter((h) => h.cards === n).map((h) => h.player);
    return tied.length === 1 ? tied : draws.shuffle(tied, `tie at ${n} cards`);
  });
}

/** Rule 6, Full Hand: “When a battle commences, grant each participant N - 4 vertebrae, where N is the number of cards in their hand.” */
export function commenceBattle(state: Gamestate, battle: Battle, at: Date, phase: number, draws: Draws): Change[] {
  const order = turnOrder(battle, draws);
  const changes: Change[] = [
    {
      at,
      phase,
      event: 'Turn order',
      player: '-',
      change: `battle ${battle.id}: ${order.join(', ')}`,
      reason: {
        rule: 'Turn Order: “in descending order” of hand size; ties “determined randomly”',
        inputs: { hands: battle.participants.map((h) => `${h.player} ${h.cards}`).join(', ') },
        ...(draws.draws.length > 0 ? { seed: draws.text } : {}),
      },
    },
  ];
  for (const hand of battle.participants) {
    const p = playerNamed(state, hand.player);
    const n = hand.cards - 4;
    changes.push({
      at,
      phase,
      event: 'Full Hand',
      player: p.name,
      change: `${gainVertebrae(p, n)} (battle ${battle.id})`,
      reason: {
        rule: 'Full Hand: “grant each participant N - 4 vertebrae, where N is the number of cards in their hand”',
        inputs: { N: hand.cards },
        arithmetic: `${hand.cards} − 4 = ${n}`,
      },
    });
  }
  battle.status = 'commenced';
  return changes;
}

/** Rule 7, Rewards (with the bet pool and Fragile cards). */
export function rewardBattle(state: Gamestate, ruleset: EngineRuleset, battle: Battle, at: Date, phase: number): Change[] {
  const changes: Change[] = [];
  const hands = battle.finalHands!;
  const winner = playerNamed(state, battle.winner!);
  const add = (player: string, event: string, change: string, reason: Change['reason']) =>
    changes.push({ at, phase, event, player, change: `${change} (battle ${battle.id})`, reason });

  // Betting: “Any bet items are removed from their owner's inventory and added to a pool … The winner of the game gains all items betted.”
  let poolChips = 0;
  for (const bet of battle.bets) {
    const bettor = playerNamed(state, bet.player);
    if (bet.chips > 0) {
      poolChips += bet.chips;
      add(bettor.name, 'Bet', gainChips(bettor, -bet.chips), {
        rule: "Betting: “Any bet items are removed from their owner's inventory and added to a pool for that game.”",
        inputs: { bet: bet.chips },
      });
    }
    for (const id of bet.cards) {
      const card = cardWithId(state, id)!;
      moveCard(state, card, winner.name);
      add(winner.name, 'Bet won', `card #${id} (${card.species}) from ${bettor.name}`, {
        rule: 'Betting: “The winner of the game gains all items betted.”',
        inputs: { card: `#${id}` },
      });
    }
  }
  if (poolChips > 0) {
    add(winner.name, 'Bet won', gainChips(winner, poolChips), {
      rule: 'Betting: “The winner of the game gains all items betted.”',
      inputs: { 'chips in the pool': poolChips },
    });
  }

  const winnerRule = { rule: 'Rewards: “The winner of a battle receives: 1 Handy Pack, 1 Chip”', inputs: { winner: winner.name } };
  add(winner.name, 'Battle won', gainPacks(winner, packName(ruleset, 'Handy Pack'), 1), winnerRule);
  add(winner.name, 'Battle won', gainChips(winner, 1), winnerRule);

  const nonZero = hands.filter((h) => h.cards > 0);
  const fewest = Math.min(...nonZero.map((h) => h.cards));
  for (const h of nonZero.filter((h) => h.cards === fewest)) {
    add(h.player, 'Fewest cards', gainPacks(playerNamed(state, h.player), packName(ruleset, 'Already-opened Pack'), 1), {
      rule: 'Rewards: “The player(s) with the fewest non-zero amount of cards in their hands each receive 1 Already-opened Pack.”',
      inputs: { 'final hands': hands.map((x) => `${x.player} ${x.cards}`).join(', ') },
      arithmetic: `fewest non-zero = ${fewest}`,
    });
  }

  const total = hands.reduce((t, h) => t + h.cards, 0);
  for (const h of hands) {
    const n = total - h.cards;
    add(h.player, 'Battle cards', gainVertebrae(playerNamed(state, h.player), n), {
      rule: 'Rewards: “Each player receives T - C vertebrae.”',
      inputs: { T: total, C: h.cards },
      arithmetic: `${total} − ${h.cards} = ${n}`,
    });
  }

  for (const h of battle.participants.filter((h) => h.player !== winner.name)) {
    add(h.player, 'Battle lost', gainTokens(playerNamed(state, h.player), 1), {
      rule: 'Rewards: “Each player who participated in but did not win the game of Exoptosis receives one reconfiguration token.”',
      inputs: { winner: winner.name },
    });
  }

  for (const id of new Set(battle.fragile)) {
    // a card listed twice played this battle once
    const card = cardWithId(state, id);
    if (card === undefined) continue;
    const played = (card.battles ?? 0) + 1;
    card.battles = played;
    const reason = {
      rule: 'Modifiers — Fragile: “Fragile cards can only be used in 3 battles, then they are destroyed.”',
      inputs: { card: `#${id}`, battles: played },
    };
    if (played >= 3 && !card.modifiers.includes('Adamantine')) {
      state.cards = state.cards.filter((c) => c !== card);
      add(card.owner, 'Fragile', `card #${id} (${card.species}) destroyed after ${played} battles`, reason);
    } else {
      add(card.owner, 'Fragile', `card #${id} (${card.species}) has played ${played} battle${played === 1 ? '' : 's'}`, reason);
    }
  }
  battle.status = 'rewarded';
  return changes;
}
