import type { PeriodSpan, Schedule } from '../engine-contract.ts';
import { advance } from './advance.ts';
import type { NomicoupState } from './gamestate/schema.ts';
import { defaultReadings } from './readings.ts';
import type { NomicoupRuleset } from './ruleset/schema.ts';

// Nomicoup's clock: its period is the turn, its clock the 48-hour turns, the propositions' 72 hours and the
// Judge's limits. A rollover applies everything due up to now (./advance.ts).

/** The turn a state is at, as a period. */
function turnSpan(s: NomicoupState): PeriodSpan {
  const t = s.turns.at(-1);
  if (t === undefined) return { number: 0, name: 'not started', start: s.game.start, end: null };
  return { number: t.number, name: `round ${t.round}, ${t.player}'s turn`, start: t.began, end: s.game.ends ?? t.ended };
}

/** Where the game stands at `now`: the turn it is by the clock, and every instant something fell due since the page was written. */
export function turnSchedule(ruleset: NomicoupRuleset, state: NomicoupState, now: Date): Schedule {
  const r = advance(ruleset, state, { now, game: state.page ?? 'nomicoup', readings: defaultReadings() });
  const recorded = { ...turnSpan(state), end: state.game.ends };
  // Every instant something fell due since the page was written: the catch-up runs at each, in order.
  const missed = [...new Set(r.changes.map((c) => c.at.getTime()))].sort((a, b) => a - b).map((t) => new Date(t));
  return { current: turnSpan(r.state), recorded, missed, next: r.state.game.winner.length > 0 ? null : r.due.next };
}
