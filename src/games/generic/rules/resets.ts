import type { Change } from '../../../sim/trail.ts';
import type { DeclarationOf } from '../declarations.ts';
import { cell, type GenericState } from '../gamestate.ts';
import { appliesTo, citedReason } from './cited.ts';

// “Once per phase …”: a declared column set back to its value at the start of each phase (or of a named phase),
// in every player's row that holds something else. One History row per cell changed.

export function applyResets(state: GenericState, resets: readonly DeclarationOf<'reset'>[], at: Date, phase: { number: number; name: string }): Change[] {
  const changes: Change[] = [];
  for (const d of resets) {
    if (!appliesTo(d.at, phase.name)) continue;
    const key = cell(d.column);
    for (const p of state.players) {
      const before = p[key];
      const value = typeof before === 'number' ? Number(d.value) : d.value;
      if (before === value || (typeof before === 'string' && before.trim() === d.value)) continue;
      p[key] = value;
      changes.push({
        at,
        phase: phase.number,
        event: 'Reset',
        player: p.name,
        change: `${d.column}: ${before === '' || before === null ? '-' : String(before)} → ${d.value}`,
        reason: citedReason(d, { phase: phase.name }),
      });
    }
  }
  return changes;
}
