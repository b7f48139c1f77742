import { readDocument, type WikiDocument } from '../../parse/document.ts';
import { describeLocation } from '../../parse/location.ts';
import { CalendarError, makeCalendar, type Calendar } from '../../sim/calendar.ts';
import type { AdvanceResult, EnginePage, EngineRollover, EngineRolloverOptions, EngineState, GameEngine, KindedRuleset } from '../engine-contract.ts';
import { calendarSchedule } from './calendar-schedule.ts';
import { GamestateError } from './gamestate-error.ts';
import type { Phase } from './ruleset-schema.ts';

// What every engine's rollover does with the Gamestate page — one parse, read → advance → the caller's
// rows → render — and the engine of a game whose periods are the phases of a weekly calendar. A game
// declares only what differs: how it reads, advances and renders its page.

/** What a rollover hands the game's `advance` (each game takes the part it uses). */
export interface StepOptions {
  now: Date;
  /** The game id, seed material of draws. */
  game: string;
  trigger: string;
  force?: EngineRolloverOptions['force'];
  readings?: EngineRolloverOptions['readings'];
}

/** A read Gamestate that counts its History rows (the archive's threshold). */
export interface PageState extends EngineState {
  historyRows: number;
}

export interface RolloverStep<R, S extends PageState> {
  /** The page as data, from its one parse (`now`: the run's time, for games that read relative dates). */
  read(doc: WikiDocument, ruleset: R, now: Date): S;
  advance(ruleset: R, state: S, opts: StepOptions): AdvanceResult<S>;
  /** The page with what changed written back (only changed cells; History rows appended). */
  render(doc: WikiDocument, result: AdvanceResult<S>, ruleset: R): string;
  /** The period the page records (the `fromPhase` of the rollover): the phase number unless said otherwise. */
  period?(state: S): number;
  /** Set for a game without manual rollovers: the refusal of a forced one (why, and where). */
  noManualRollover?: { message: string; table?: string };
}

/** A game's `GameEngine.rollover` from its step: everything due up to `opts.now` applied to the page (pure). */
export function pageRollover<R, S extends PageState>(step: RolloverStep<R, S>) {
  return (ruleset: R, game: string, page: EnginePage, opts: EngineRolloverOptions): EngineRollover<S> => {
    if (opts.force !== undefined && step.noManualRollover !== undefined) {
      const { message, table } = step.noManualRollover;
      throw new GamestateError([{ message, location: { page: page.title, ...(table ? { table } : {}) } }]);
    }
    // Kept through advance and render for its tables; its parse is let go (no Gamestate reader reads a rule's text).
    const doc = readDocument(page.text, { page: page.title, keepParse: false });
    const state = step.read(doc, ruleset, opts.now);
    const fromPhase = step.period?.(state) ?? state.phase.number;
    let result = step.advance(ruleset, state, { now: opts.now, game, trigger: opts.trigger, force: opts.force, readings: opts.readings });
    // The caller's rows (an on-wiki request's) go into the same edit, when there is one to carry them.
    const extra = opts.rows && result.changes.length > 0 ? opts.rows(result, fromPhase) : [];
    if (extra.length > 0) result = { ...result, changes: [...result.changes, ...extra] };
    const text = step.render(doc, result, ruleset);
    return { text, fromPhase, read: state, historyRows: result.state.historyRows + result.changes.length, result };
  };
}

/** The phases of a ruleset as a calendar from `start`; a CalendarError naming where the phases are written (page, rule). */
export function rulesetCalendar(ruleset: { phases: readonly Phase[]; page?: string | undefined }, start: Date): Calendar {
  try {
    return makeCalendar(ruleset.phases, start);
  } catch (err) {
    const where = ruleset.phases.find((p) => p.location !== undefined)?.location ?? (ruleset.page === undefined ? {} : { page: ruleset.page });
    if (!(err instanceof CalendarError) || describeLocation(where) === '') throw err;
    throw new CalendarError(`${describeLocation(where)}: ${err.message}`);
  }
}

/** What a phase game declares: its engine but the period (a phase) and the schedule (its page's calendar). */
export type PhaseEngineDef<R extends KindedRuleset, S extends EngineState> = Omit<GameEngine<R, S>, 'period' | 'schedule'> & {
  /** The page's calendar: the ruleset's phases from the page's start (and what else the page records of it). */
  calendarOf(ruleset: R, state: S): Calendar;
};

/** The engine of a game whose periods are the phases of its ruleset's weekly calendar. */
export function phaseEngine<R extends KindedRuleset, S extends EngineState>({ calendarOf, ...engine }: PhaseEngineDef<R, S>): GameEngine<R, S> {
  return { ...engine, period: 'phase', schedule: (ruleset, state, now) => calendarSchedule(calendarOf(ruleset, state), state, now) };
}
