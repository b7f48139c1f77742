import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import type { GenericState } from '../gamestate.ts';
import type { GenericRuleset } from '../ruleset.ts';

// The calendar: the phases the ruleset defines, each beginning at 00:00 UTC on its first day; the Phase record
// advances at each boundary, and its History row quotes the sentence that defines the phase begun.

export function advancePhase(state: GenericState, calendar: Calendar, ruleset: Pick<GenericRuleset, 'phaseSentences'>): Change {
  const from = state.phase.number;
  const next = calendar.phase(from + 1);
  state.phase.number = next.number;
  state.phase.name = next.name;
  state.phase.nextRollover = next.end;
  const sentence = ruleset.phaseSentences[next.name];
  return {
    at: next.start,
    phase: next.number,
    event: 'Rollover',
    player: '-',
    change: `Phase ${from} → ${next.number} (${next.name}); next rollover ${formatInstant(next.end)}`,
    reason: {
      rule: sentence === undefined ? `Phases: the ruleset's calendar (${next.name})` : `Phases: “${sentence}”`,
      inputs: { 'cycle start': formatInstant(calendar.cycleStart), boundary: formatInstant(next.start) },
    },
  };
}
