import { formatInstant, type Change } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import { writeItems } from '../gamestate/tables.ts';

// Items: “When an item's owner cannot reasonably be determined using publicly available
// information, or if it would be owned by a non-player, it is instead destroyed.” A row with a
// "Left" time is someone who ceased being a player: what they held is destroyed.

export const NON_PLAYER_RULE = 'Items: “When an item\'s owner … would be owned by a non-player, it is instead destroyed.”';

export function destroyNonPlayerItems(state: Gamestate, at: Date): Change[] {
  const changes: Change[] = [];
  for (const p of state.players) {
    if (p.left === null || p.left.getTime() > at.getTime()) continue;
    const held = [writeItems(p.garbage), p.crystals > 0 ? `${p.crystals} crystals` : '', p.shards > 0 ? `${p.shards} shards` : ''].filter((x) => x !== '' && x !== '-');
    if (held.length === 0) continue;
    p.garbage = {};
    p.crystals = 0;
    p.shards = 0;
    changes.push({
      at,
      phase: state.phase.number,
      event: 'Destroyed',
      player: p.name,
      change: `${held.join(', ')} destroyed: ${p.name} is not a player since ${formatInstant(p.left)}`,
      reason: { rule: NON_PLAYER_RULE, inputs: { left: formatInstant(p.left) } },
    });
  }
  return changes;
}
