import type { Change } from '../../../sim/trail.ts';
import type { EngineRuleset, Gamestate, Player } from '../gamestate/schema.ts';

// Rule 9: “If a player possesses at least 10 Chips in their inventory, then the player who
// possesses the most Chips wins the cycle. The cycle then ends.”

export const VICTORY_RULE =
  'Victory: “If a player possesses at least 10 Chips in their inventory, then the player who possesses the most Chips wins the cycle.”';

/**
 * Chips a bettor has put in a battle's pool and not yet lost or won back: “Any bet items are removed
 * from their owner's inventory and added to a pool for that game.” Editors record bets without
 * subtracting them (the pool moves when the battle is rewarded), so they are open until then.
 */
export function chipsInOpenBets(state: Pick<Gamestate, 'battles'>): Map<string, number> {
  const bets = new Map<string, number>();
  for (const b of state.battles) {
    if (b.status === 'rewarded' || b.status === 'cancelled') continue;
    for (const bet of b.bets) bets.set(bet.player, (bets.get(bet.player) ?? 0) + bet.chips);
  }
  return bets;
}

/** The Chips in the player's inventory: the Chips cell less those in open bets (chipsInOpenBets). */
export function chipsHeld(p: Player, openBets: ReadonlyMap<string, number>): number {
  return p.chips - (openBets.get(p.name) ?? 0);
}

export function victoryThreshold(ruleset: EngineRuleset): number {
  return ruleset.victory?.threshold ?? 10;
}

/** Players holding at least the threshold: their Chips make the cycle end. */
export function playersAtThreshold(state: Gamestate, ruleset: EngineRuleset): Player[] {
  const openBets = chipsInOpenBets(state);
  return state.players.filter((p) => chipsHeld(p, openBets) >= victoryThreshold(ruleset));
}

/**
 * Victory at `at`. `notYet`: players whose Chips, as the page shows them, were gained only later
 * (engine.ts dates a win the page already shows); they take no part before then, and neither does a
 * player who joins after `at`.
 *
 * A tie for the most Chips: the rules name “the player who possesses the most Chips”, and with a tie
 * nobody does. The condition that ends the cycle (“at least 10 Chips”) is met, so Croupier stops
 * applying rules, and writes every tied name in Winner for the Judge to settle: choosing one (by a
 * draw, by who got there first) would be a rule the Ruleset does not have.
 */
export function checkVictory(state: Gamestate, ruleset: EngineRuleset, at: Date, notYet: ReadonlySet<string> = new Set()): Change[] {
  if (state.phase.winner.length > 0) return [];
  const threshold = victoryThreshold(ruleset);
  const openBets = chipsInOpenBets(state);
  // Checked after every event of a run: nothing is built until someone holds the threshold.
  const inGame = (p: Player) => !notYet.has(p.name) && p.joined.getTime() <= at.getTime();
  if (!state.players.some((p) => inGame(p) && chipsHeld(p, openBets) >= threshold)) return [];
  const counted = state.players.filter(inGame).map((p) => ({ p, held: chipsHeld(p, openBets), bet: openBets.get(p.name) ?? 0 }));
  const most = Math.max(0, ...counted.map((c) => c.held));
  const leaders = counted.filter((c) => c.held === most).map((c) => c.p.name);
  state.phase.winner = leaders;
  const tie = leaders.length > 1;
  const shown = ({ p, held, bet }: (typeof counted)[number]) => (bet === 0 ? `${p.name} ${held}` : `${p.name} ${p.chips} − ${bet} bet = ${held}`);
  return [
    {
      at,
      phase: state.phase.number,
      event: 'Victory',
      player: leaders.join(', '),
      change: tie ? `tied with ${most} Chips: the Judge must settle who wins the cycle` : `wins the cycle with ${most} Chips; the cycle ends`,
      reason: {
        rule: VICTORY_RULE,
        inputs: {
          threshold,
          chips: counted
            .filter((c) => c.held >= threshold)
            .map(shown)
            .join(', '),
        },
      },
    },
  ];
}
