import type { Change } from '../../../sim/trail.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { NomicoupState, Player } from '../gamestate/schema.ts';
import { change } from './change.ts';

// 4.4 Actions: "If a player starts their turn with 10 or more credits, they *must* perform the Coup
// action." The bot does not perform actions: it flags the turn on the page when it begins.

export const FORCED_COUP = {
  rule: '4.4 Coup / Actions',
  sentence: 'If a player starts their turn with 10 or more credits, they *must* perform the Coup action.',
};

/** Sets the Game table's Forced Coup for the turn that began at `at` (a History row when it applies). */
export function flagForcedCoup(s: NomicoupState, player: Player, at: Date, ruleset: Pick<NomicoupRuleset, 'constants'>): Change[] {
  const threshold = ruleset.constants.forcedCoupAt;
  s.game.forcedCoup = player.credits >= threshold;
  if (!s.game.forcedCoup) return [];
  return [
    change(
      at,
      s.game.turn,
      'Forced Coup',
      player.name,
      `${player.name} starts the turn with ${player.credits} credits: they must perform the Coup action`,
      FORCED_COUP,
      { credits: player.credits, threshold },
    ),
  ];
}
