import { calendarSchedule } from '../shared/calendar-schedule.ts';
import { readDocument } from '../../parse/document.ts';
import { describeLocation } from '../../parse/location.ts';
import { CalendarError, makeCalendar, type Calendar } from '../../sim/calendar.ts';
import { formatInstant, type Change } from '../../sim/trail.ts';
import type { AdvanceResult, EnginePage, EngineRollover, EngineRolloverOptions, GameEngine, Pending } from '../engine.ts';
import { GamestateError } from '../shared/gamestate-error.ts';
import { historyTable } from '../cycle16/gamestate/tables.ts';
import { HISTORY_COLUMNS } from '../shared/history.ts';
import { readGamestate, readGamestateDocument } from './gamestate/read.ts';
import { renderGamestate, renderGamestateDocument } from './gamestate/render.ts';
import type { Gamestate, Player } from './gamestate/schema.ts';
import { ChosenReadings } from '../shared/readings.ts';
import { cycle15Readings } from './readings.ts';
import { resetMovement } from './rules/movement.ts';
import { acceptUnnoticedMoves, endProgressiveMoves, penaliseIncompleteMoves } from './rules/moves.ts';
import { destroyNonPlayerItems } from './rules/non-players.ts';
import { updatePartyTime } from './rules/party.ts';
import { advancePhase, phaseNumberAt } from './rules/phase.ts';
import { grantReputability, reputableAt } from './rules/reputability.ts';
import { closeProposal, proposalsToClose } from './rules/proposals.ts';
import { discardTuneUps } from './rules/tune-up.ts';
import { checkVictory } from './rules/victory.ts';
import { readCycle15Ruleset } from './ruleset/index.ts';
import type { Cycle15Ruleset } from './ruleset/schema.ts';

// The Cycle 15 engine: from a read Gamestate and an instant, everything the rules make happen up to
// it, in time order — each missed boundary (Monday and Friday 00:00) rolled over in turn, with the
// reputability grants due before it; then what is judged at the run's time (items of non-players,
// incomplete moves identified, party time, victory). Pure: `now` is an argument.

export interface AdvanceOptions {
  now: Date;
  /** The game's id: the first part of the seed text of draws ("c15/phase 3/reputability Ines"). */
  game: string;
  /** The readings in force; the defaults when omitted. */
  readings?: ChosenReadings;
}

/** The ruleset's phase calendar from the page's cycle start; a CalendarError naming where the phases are written. */
export function calendarOf(ruleset: Pick<Cycle15Ruleset, 'phases' | 'page'>, state: Pick<Gamestate, 'phase'>): Calendar {
  try {
    return makeCalendar(ruleset.phases, state.phase.cycleStart);
  } catch (err) {
    if (!(err instanceof CalendarError)) throw err;
    const where = ruleset.phases.find((p) => p.location !== undefined)?.location ?? { page: ruleset.page };
    throw new CalendarError(`${describeLocation(where)}: ${err.message}`);
  }
}

/** A run's time before what the page records (a cycle start to come, a phase number ahead of the calendar) is refused. */
export function refuseTimeBeforeState(state: Gamestate, calendar: Calendar, now: Date): void {
  const where = (column: string) => ({ page: state.page, table: 'Phase', row: 1, column });
  const n = state.phase.number;
  if (now.getTime() < state.phase.cycleStart.getTime()) {
    throw new GamestateError([{ message: `the cycle start ${formatInstant(state.phase.cycleStart)} is after the run's time ${formatInstant(now)}`, location: where('Cycle start (UTC)') }]);
  }
  if (calendar.phase(n).start.getTime() > now.getTime()) {
    throw new GamestateError([{
      message: `phase ${n} begins at ${formatInstant(calendar.phase(n).start)}, after the run's time ${formatInstant(now)} (phase ${phaseNumberAt(now, calendar)} by the calendar): write the phase the calendar gives`,
      location: where('Phase number'),
    }]);
  }
}

type Event = { at: Date; order: number; label: string; apply: () => Change[] };

export function advance(ruleset: Cycle15Ruleset, state: Gamestate, opts: AdvanceOptions): AdvanceResult<Gamestate> {
  const s = structuredClone(state);
  const calendar = calendarOf(ruleset, s);
  refuseTimeBeforeState(s, calendar, opts.now);
  const readings = opts.readings ?? new ChosenReadings(cycle15Readings);
  const changes: Change[] = [];
  const done = () => s.phase.winner.length > 0;
  const playerNamed = (name: string): Player => {
    const p = s.players.find((x) => x.name === name);
    if (p === undefined) throw new GamestateError([{ message: `no player "${name}" in the Players table`, location: { page: s.page, table: 'Players' } }]);
    return p;
  };

  const events = (): Event[] => {
    const n = s.phase.number;
    const out: Event[] = [];
    const boundary = calendar.phase(n + 1).start;
    out.push({
      at: boundary,
      order: 0,
      label: `rollover to phase ${n + 1}`,
      apply: () => [
        advancePhase(s, calendar),
        ...endProgressiveMoves(s, calendar, n, boundary),
        ...acceptUnnoticedMoves(s, calendar, n, boundary),
        ...resetMovement(s, boundary, n + 1),
        ...(ruleset.constants.tuneUpPhases.value === null ? [] : discardTuneUps(s, ruleset.constants.tuneUpPhases.value, n + 1, boundary, readings)),
      ],
    });
    for (const { proposal, at } of proposalsToClose(s, calendar, ruleset.constants)) {
      out.push({ at, order: 2, label: `proposal ${proposal.id}: end of its voting period`, apply: () => [closeProposal(proposal, at, Math.min(s.phase.number, phaseNumberAt(at, calendar)), ruleset.constants)] });
    }
    for (const p of s.players) {
      if (p.grant !== null || p.left !== null) continue;
      const at = reputableAt(p, s.phase.cycleStart);
      const phase = Math.min(s.phase.number, phaseNumberAt(at, calendar));
      const phaseName = calendar.phase(phase).name;
      out.push({ at, order: 1, label: `reputability grants for ${p.name}`, apply: () => grantReputability(p, at, { ruleset, readings, game: opts.game, phase, phaseName, cycleStart: s.phase.cycleStart }) });
    }
    return out;
  };

  if (!done()) {
    for (;;) {
      const next = events().filter((e) => e.at.getTime() <= opts.now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order)[0];
      if (next === undefined) break;
      changes.push(...next.apply());
    }
    changes.push(...destroyNonPlayerItems(s, opts.now));
    changes.push(...penaliseIncompleteMoves(s, calendar, s.phase.number, opts.now, playerNamed));
    changes.push(...updatePartyTime(s, opts.now));
    const victory = ruleset.constants.victory.value;
    if (victory !== null) changes.push(...checkVictory(s, victory, opts.now));
  }
  s.phase.name = calendar.phase(s.phase.number).name;
  s.phase.nextRollover = done() ? null : calendar.phase(s.phase.number + 1).start;
  const pending: Pending[] = done() ? [] : events().map((e) => ({ at: e.at, what: e.label })).sort((a, b) => a.at!.getTime() - b.at!.getTime());
  return { state: s, changes, due: { next: pending[0]?.at ?? null, pending } };
}

export function rolloverPage(ruleset: Cycle15Ruleset, game: string, page: EnginePage, opts: EngineRolloverOptions): EngineRollover<Gamestate> {
  if (opts.force !== undefined) {
    throw new GamestateError([{ message: 'Cycle 15 has no manual rollover: its phases begin at their boundaries (“Each week is divided into two phases”)', location: { page: page.title, table: 'Phase' } }]);
  }
  const doc = readDocument(page.text, { page: page.title });
  const state = readGamestateDocument(doc, ruleset);
  let result = advance(ruleset, state, { now: opts.now, game, readings: opts.readings });
  const extra = opts.rows && result.changes.length > 0 ? opts.rows(result, state.phase.number) : [];
  if (extra.length > 0) result = { ...result, changes: [...result.changes, ...extra] };
  const text = renderGamestateDocument(doc, result.state, result.changes);
  return { text, fromPhase: state.phase.number, historyRows: result.state.historyRows + result.changes.length, result };
}

export const cycle15Engine: GameEngine<Cycle15Ruleset, Gamestate> = {
  readRuleset: readCycle15Ruleset,
  readGamestate,
  renderGamestate,
  period: 'phase',
  schedule: (ruleset, state, now) => calendarSchedule(calendarOf(ruleset, state), state, now),
  rollover: rolloverPage,
  history: { identify: historyTable.identify, columns: HISTORY_COLUMNS },
};
