import type { Standings } from '../../shared/standings.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { VICTORY_RULE } from './victory.ts';

// The standings (src/games/shared/standings.ts) by the winning rule's measure: “If a player owns a number
// of crystals greater than or equal to 15 and at least five more than any other player, that player
// wins.” Crystals are the Crystals column (a Crustal does not count for win conditions), among the players
// still playing (no Left time), as rules/victory.ts counts them; both numbers are the Ruleset's
// (constants.victory). The gap is read with the others' crystals as they are now: a player needs enough to
// reach the line and to lead every other player by the margin.

export function standings(state: Gamestate, ruleset: Cycle15Ruleset): Standings {
  const victory = ruleset.constants.victory.value;
  const present = state.players.filter((p) => p.left === null);
  const toWin = (name: string, crystals: number) => {
    if (victory === null) return 'the Ruleset states no line Croupier can read';
    const others = Math.max(0, ...present.filter((o) => o.name !== name).map((o) => o.crystals));
    const line = victory.crystals - crystals;
    const lead = others + victory.lead - crystals;
    if (line <= 0 && lead <= 0) return 'the condition holds';
    const parts = [...(line > 0 ? [`${line} more to reach ${victory.crystals}`] : []), ...(lead > 0 ? [`${lead} more to lead by ${victory.lead}`] : [])];
    return `${Math.max(line, lead)} more crystals (${parts.join('; ')})`;
  };
  return {
    rule: ruleset.constants.victory.text === '' ? VICTORY_RULE : `Winning: “${ruleset.constants.victory.text}”`,
    reading: 'Crustals are not counted, and players who have left are not ranked.',
    columns: ['Crystals'],
    players: present.map((p) => ({ name: p.name, values: [p.crystals], toWin: toWin(p.name, p.crystals) })),
    winner: state.phase.winner,
  };
}
