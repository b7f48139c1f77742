import type { Change } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate/schema.ts';

// Movement: “Each player can, as a progressive action, move, provided they have not done so
// previously in the current phase.” MacGyvering: “Once per phase, a player can MacGyver …”.
// At a rollover, this phase's moves become last phase's, and both once-per-phase marks clear.

export const MOVEMENT_RULE = 'Movement: “Each player can, as a progressive action, move, provided they have not done so previously in the current phase.”';
export const MACGYVER_RULE = 'MacGyvering: “Once per phase, a player can MacGyver …”';

export function resetMovement(state: Gamestate, at: Date, phase: number): Change[] {
  const changes: Change[] = [];
  const moved = state.players.filter((p) => p.movedThisPhase).map((p) => p.name);
  const stale = state.players.filter((p) => p.movedLastPhase !== p.movedThisPhase);
  for (const p of state.players) {
    p.movedLastPhase = p.movedThisPhase;
    p.movedThisPhase = false;
  }
  if (moved.length > 0 || stale.length > 0) {
    changes.push({
      at,
      phase,
      event: 'Movement reset',
      player: '-',
      change: `Moved last phase: ${moved.length === 0 ? 'nobody' : moved.join(', ')}; Moved this phase cleared`,
      reason: { rule: MOVEMENT_RULE, inputs: { 'moved in phase': phase - 1 } },
    });
  }
  const macGyvered = state.players.filter((p) => p.macGyveredThisPhase);
  for (const p of macGyvered) p.macGyveredThisPhase = false;
  if (macGyvered.length > 0) {
    changes.push({
      at,
      phase,
      event: 'MacGyver reset',
      player: '-',
      change: `MacGyvered this phase cleared for ${macGyvered.map((p) => p.name).join(', ')}`,
      reason: { rule: MACGYVER_RULE, inputs: { 'new phase': phase } },
    });
  }
  return changes;
}
