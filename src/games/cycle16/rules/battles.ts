import type { Draws } from '../../../sim/rng.ts';
import type { Change } from '../../../sim/trail.ts';
import type { Battle, EngineRuleset, Gamestate } from '../gamestate-schema.ts';
import { gainChips, gainPacks, gainTokens, gainVertebrae, packName, playerNamed } from './inventory.ts';

// Rules 6 and 7: what a battle's commencement and conclusion grant. Croupier does not play the
// game of Exoptosis; editors record hands, bets and the winner, and the battle's status records
// what has been applied.

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
      add(bettor.name, 'Bet', gainChips(bettor, -bet.chips), { rule: 'Betting: “Any bet items are removed from their owner\'s inventory and added to a pool for that game.”', inputs: { bet: bet.chips } });
    }
    for (const id of bet.cards) {
      const card = state.cards.find((c) => c.id === id)!;
      card.owner = winner.name;
      add(winner.name, 'Bet won', `card #${id} (${card.species}) from ${bettor.name}`, { rule: 'Betting: “The winner of the game gains all items betted.”', inputs: { card: `#${id}` } });
    }
  }
  if (poolChips > 0) {
    add(winner.name, 'Bet won', gainChips(winner, poolChips), { rule: 'Betting: “The winner of the game gains all items betted.”', inputs: { 'chips in the pool': poolChips } });
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

  for (const id of battle.fragile) {
    const card = state.cards.find((c) => c.id === id);
    if (card === undefined) continue;
    const played = (card.battles ?? 0) + 1;
    card.battles = played;
    const reason = { rule: 'Modifiers — Fragile: “Fragile cards can only be used in 3 battles, then they are destroyed.”', inputs: { card: `#${id}`, battles: played } };
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
