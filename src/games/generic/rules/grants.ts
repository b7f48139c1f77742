import type { Calendar } from '../../../sim/calendar.ts';
import type { Change } from '../../../sim/trail.ts';
import type { DeclarationOf } from '../declarations.ts';
import { cell, type GenericState } from '../gamestate.ts';
import { appliesTo, citedReason } from './cited.ts';
import { actedIn } from './inactivity.ts';

// “At the beginning of each Planning Phase, each active player is granted 2 Favour”: a declared count added at the
// start of each phase (or of a named phase), to every player or to the active ones (the inactivity declaration
// tells who), never beyond its declared most. One History row per player granted something.

export function applyGrants(
  state: GenericState,
  grants: readonly DeclarationOf<'grant'>[],
  inactive: DeclarationOf<'inactive'> | undefined,
  calendar: Calendar,
  phase: number,
): Change[] {
  const changes: Change[] = [];
  const span = calendar.phase(phase);
  for (const d of grants) {
    if (!appliesTo(d.at, span.name)) continue;
    const key = cell(d.column);
    for (const p of state.players) {
      // A grant to active players without a declared inactivity rule is refused when declared (./declarations.ts).
      if (d.to === 'active' && inactive !== undefined && !actedIn(p, inactive, calendar, phase)) continue;
      const before = p[key] as number;
      const after = d.max === null ? before + d.amount : Math.max(before, Math.min(before + d.amount, d.max));
      if (after === before) continue;
      p[key] = after;
      const capped = d.max !== null && after < before + d.amount;
      changes.push({
        at: span.start,
        phase,
        event: 'Grant',
        player: p.name,
        change: `${d.column} ${before} → ${after}`,
        reason: citedReason(d, { phase: span.name }, capped ? `${before} + ${d.amount}, at most ${d.max} = ${after}` : `${before} + ${d.amount} = ${after}`),
      });
    }
  }
  return changes;
}
