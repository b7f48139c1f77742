import { CalendarError, numberedFrom, type Calendar } from '../../sim/calendar.ts';
import type { Change } from '../../sim/trail.ts';
import type { AdvanceResult } from '../engine-contract.ts';
import { catchUp, dueOf, EventLimit, listedAgain, type CatchUpEvent } from '../kit/catch-up.ts';
import { refuseTimeBeforeState, rulesetCalendar } from '../kit/phase-clock.ts';
import type { Declaration, DeclarationOf } from './declarations.ts';
import type { GenericState } from './gamestate.ts';
import type { GenericRuleset } from './ruleset.ts';
import { applyGrants } from './rules/grants.ts';
import { markInactivity } from './rules/inactivity.ts';
import { advancePhase } from './rules/phase.ts';
import { applyResets } from './rules/resets.ts';
import { checkVictory } from './rules/victory.ts';

// The engine of a game no module knows: its ruleset's weekly calendar, and what its admins declared (./declarations.ts).
// At each boundary, in order: the victory declared for the end of the phase that ends, then the rollover (a History
// row quoting the sentence that defines the phase begun), who is inactive, the resets and the grants of the phase
// begun. Missed boundaries are caught up one by one, up to the run's time or the win. Pure: `now` is an argument.

/** The ruleset's phases from the page's cycle start, numbered as the ruleset numbers them. */
export function calendarOf(
  ruleset: Pick<GenericRuleset, 'phases' | 'page' | 'phaseNumber'>,
  state: { phase: Pick<GenericState['phase'], 'cycleStart'> },
): Calendar {
  if (ruleset.phases.length === 0) {
    throw new CalendarError(
      `${ruleset.page ?? 'the ruleset'} defines no weekly calendar: no phases found (a rule with lines such as "Planning Phase: Monday and Tuesday"); a game of kind generic keeps the phases its ruleset defines`,
    );
  }
  return numberedFrom(rulesetCalendar(ruleset, state.phase.cycleStart), ruleset.phaseNumber?.first ?? 0);
}

const of = <K extends Declaration['kind']>(declarations: readonly Declaration[], kind: K) => declarations.filter((d): d is DeclarationOf<K> => d.kind === kind);

/** A catch-up of more events than the bot applies in one run comes from a cycle start centuries ago. */
const RUNAWAY = { table: 'Phase', column: 'Cycle start (UTC)', check: 'the cycle start' };

export function advance(ruleset: GenericRuleset, state: GenericState, opts: { now: Date; clock?: Date }): AdvanceResult<GenericState> {
  const s = structuredClone(state);
  const calendar = calendarOf(ruleset, s);
  refuseTimeBeforeState(s, calendar, opts.now);
  const { declarations } = ruleset;
  // The latest inactivity line wins (the lines come in the order they were added).
  const inactive = of(declarations, 'inactive').at(-1);
  const changes: Change[] = [];
  const done = () => s.phase.winner.length > 0;

  const boundary = (at: Date): Change[] => {
    const ended = calendar.phase(s.phase.number);
    const out: Change[] = [];
    for (const v of of(declarations, 'victory')) if (!done()) out.push(...checkVictory(s, v, at, ended));
    if (done()) return out;
    out.push(advancePhase(s, calendar, ruleset));
    const begun = calendar.phase(s.phase.number);
    if (inactive !== undefined) out.push(...markInactivity(s, inactive, calendar, begun.number, opts.clock ?? opts.now));
    out.push(...applyResets(s, of(declarations, 'reset'), at, begun));
    out.push(...applyGrants(s, of(declarations, 'grant'), inactive, calendar, begun.number));
    return out;
  };
  const events = (): CatchUpEvent[] => {
    const at = calendar.phase(s.phase.number + 1).start;
    return [{ at, order: 0, label: `rollover to phase ${s.phase.number + 1}`, apply: () => boundary(at) }];
  };

  if (!done()) {
    catchUp({
      queue: listedAgain(events),
      until: opts.now.getTime(),
      limit: new EventLimit(RUNAWAY, { page: s.page, from: `phase ${s.phase.number}`, to: opts.now }),
      changes,
      done,
    });
  }
  s.phase.name = calendar.phase(s.phase.number).name;
  s.phase.nextRollover = done() ? null : calendar.phase(s.phase.number + 1).start;
  return { state: s, changes, due: dueOf(done(), events) };
}
