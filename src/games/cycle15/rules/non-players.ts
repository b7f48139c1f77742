import { formatInstant, type Change } from '../../../sim/trail.ts';
import type { Player } from '../gamestate/schema.ts';
import { writeItems } from '../gamestate/tables.ts';

// Items: “When an item's owner cannot reasonably be determined using publicly available
// information, or if it would be owned by a non-player, it is instead destroyed.” A row with a
// "Left" time is someone who ceased being a player: what they held is destroyed at that time.

export const NON_PLAYER_RULE = "Items: “When an item's owner … would be owned by a non-player, it is instead destroyed.”";

/** At `p.left`, in phase `phase`: what the player held is destroyed (nothing when they held nothing). */
export function destroyItemsOf(p: Player, phase: number): Change[] {
  if (p.left === null) return [];
  const held = [writeItems(p.garbage), p.crystals > 0 ? `${p.crystals} crystals` : '', p.shards > 0 ? `${p.shards} shards` : ''].filter(
    (x) => x !== '' && x !== '-',
  );
  if (held.length === 0) return [];
  p.garbage = {};
  p.crystals = 0;
  p.shards = 0;
  return [
    {
      at: p.left,
      phase,
      event: 'Destroyed',
      player: p.name,
      change: `${held.join(', ')} destroyed: ${p.name} is not a player since ${formatInstant(p.left)}`,
      reason: { rule: NON_PLAYER_RULE, inputs: { left: formatInstant(p.left) } },
    },
  ];
}

/** Whether anything of the player is left to destroy. */
export function holdsAnything(p: Player): boolean {
  return p.crystals > 0 || p.shards > 0 || Object.values(p.garbage).some((n) => n > 0);
}
