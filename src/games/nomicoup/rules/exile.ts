import type { Change } from '../../../sim/trail.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { NomicoupState, Player } from '../gamestate/schema.ts';
import { change } from './change.ts';

// 4.8.1 Exile: a player left with no influence is exiled, and plays on with new cards.

export const EXILE = {
  rule: '4.8.1 Coup / Losing Influence / Exile',
  sentence:
    'When a player has no influence, they are considered to have been exiled (the number of times each player is exiled is recorded). Their discarded cards are then shuffled into the Court Deck and they draw 2 new cards.',
};

/** A player in the turn order of a started game with no influence: one more exile, the revealed cards back in the Court Deck, new cards. */
export function exileIfNoInfluence(s: NomicoupState, p: Player, ruleset: Pick<NomicoupRuleset, 'constants'>, at: Date): Change[] {
  if (s.turns.length === 0 || p.seat === null || p.status !== 'active' || p.influence > 0) return [];
  const discarded = p.revealed;
  p.exiles += 1;
  p.revealed = [];
  p.influence = ruleset.constants.exileCards;
  return [
    change(
      at,
      s.game.turn,
      'Exile',
      p.name,
      `${p.name} has no influence: exiled (${p.exiles} time${p.exiles === 1 ? '' : 's'}); ${discarded.length > 0 ? `${discarded.join(', ')} shuffled into the Court Deck; ` : ''}${p.influence} new cards`,
      EXILE,
      {
        revealed: discarded.length > 0 ? discarded.join(', ') : 'none',
      },
    ),
  ];
}
