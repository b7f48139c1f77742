import type { RecordCells } from './kit/record-cells.ts';
import type { WikiDocument } from '../parse/document.ts';
import type { Change } from '../sim/trail.ts';
import type { HistoryTableSpec } from './history-archive.ts';
import type { ChosenReadings } from './shared/readings.ts';

// The contract between the generic layers (src/jobs, src/cron, src/cli) and the rules engine of a
// game with a kept Gamestate page. A game module plugs its engine in as `GameModule.engine`; the
// generic layers reach it only through the registry (`engineFor(kind)`), never by importing a
// game's module. Everything here is pure: the wiki is read and written by the callers.

/** A ruleset as an engine reads it: it carries the kind of game it belongs to, hence its engine. */
export interface KindedRuleset {
  readonly kind: string;
}

/**
 * What every engine's read Gamestate records about where the game stands. `phase` is the game's
 * current period, whatever the game calls it (`GameEngine.period`): a phase of a weekly calendar
 * (Cycle 16) or a turn (Nomicoup), numbered from the game's start.
 */
export interface EngineState {
  phase: {
    number: number;
    name: string;
    /** The next rollover (the period's end) as the page records it (null once the game is over). */
    nextRollover: Date | null;
    winner: string[];
  };
}

/** One period of a game (a phase, a turn): number `number`, from `start`; `end` null when nothing ends it by time. */
export interface PeriodSpan {
  number: number;
  name: string;
  start: Date;
  end: Date | null;
}

/** Where a game stands at an instant by its clock, from the state its page records (pure). */
export interface Schedule {
  /** The period the clock says it is (the page may still record an earlier one: a rollover is due). */
  current: PeriodSpan;
  /** The period the page records. */
  recorded: PeriodSpan;
  /** When each period the page has not begun yet began, up to the instant, in order: the catch-up's runs. */
  missed: Date[];
  /** The next period's start after the instant; null once the game is over. */
  next: Date | null;
}

/** Something still to come: a rollover, a grant waiting on time, a battle waiting on its result. */
export interface Pending {
  /** null: when someone records it on the page. */
  at: Date | null;
  what: string;
}

/** What the rules make happen up to an instant. */
export interface AdvanceResult<S extends EngineState = EngineState> {
  state: S;
  /** In the order they happened; each becomes one History row. */
  changes: Change[];
  due: { next: Date | null; pending: Pending[] };
}

export interface EngineRolloverOptions {
  now: Date;
  /** What started the run ("schedule", "cli", "request"…). */
  trigger: string;
  /**
   * A manual rollover to the next phase now, by this admin. `requestedAt`: when the admin asked;
   * if a phase boundary has passed since, the boundary already gave the new phase and no rollover
   * is forced (a History row says so). `request`: the key of the on-wiki request that asked for it,
   * named in the "Manual rollover" History row (the page records that the request was done).
   */
  force?: { by: string; requestedAt?: Date; request?: string };
  /**
   * Rows to append in the same edit, from the result (`fromPhase`: the phase the page recorded): the row
   * of the on-wiki request this run answers, so that the bot's own edit records that it was done. Called
   * only when the run changes something (History rows); otherwise there is no edit to carry them.
   */
  rows?: (result: AdvanceResult, fromPhase: number) => Change[];
  /** The readings in force (the game's Rulings page); the defaults when omitted. */
  readings?: ChosenReadings;
}

/** The Gamestate page a rollover is computed from. */
export interface EnginePage {
  /** The page title (for messages and links). */
  title: string;
  text: string;
  /** The revision read: public seed material for draws, with the game id and phase (src/sim/rng.ts). */
  revid: number;
  /** When that revision was saved (ISO): no instant typed on it is later. Unknown offline. */
  timestamp?: string;
}

/** A rollover of a Gamestate page: the new text and what changed. */
export interface EngineRollover<S extends EngineState = EngineState> {
  /** The new page text; only changed cells are rewritten, so an up-to-date page renders to itself. */
  text: string;
  /** The phase the page recorded before. */
  fromPhase: number;
  /** The page's state as read, before anything was applied (what `schedule` takes: status reads the page once). */
  read: S;
  /** History rows on the new text (before any archiving). */
  historyRows: number;
  result: AdvanceResult<S>;
}

/**
 * A game's rules engine. `R` is its ruleset (what `readRuleset` returns), `S` its read Gamestate.
 * Methods (not function properties) on purpose: the registry hands out `GameEngine` with `R` and
 * `S` erased to their bases; a ruleset always goes back to the engine of its own `kind`.
 */
export interface GameEngine<R extends KindedRuleset = KindedRuleset, S extends EngineState = EngineState> {
  /** The ruleset from the read Ruleset page. Never throws on content: warnings instead. */
  readRuleset(doc: WikiDocument): R;
  /** The Gamestate page as data; throws an error listing the page's problems if it cannot be read. */
  readGamestate(text: string, page: string | undefined, ruleset: R): S;
  /** The page with `state` written back (only changed cells) and `changes` appended as History rows. */
  renderGamestate(text: string, state: S, changes: readonly Change[], ruleset: R): string;
  /** What a period of this game is called: "phase" (a weekly calendar) or "turn" (status, logs). */
  readonly period: 'phase' | 'turn';
  /**
   * Where the game stands at `now` by its clock, from the read page (what `status` shows and the daemon
   * schedules runs by). May throw an error naming the page's cell when `now` is before the game began.
   */
  schedule(ruleset: R, state: S, now: Date): Schedule;
  /** Everything due up to `opts.now` applied to the page (pure; `game` is the game id, seed material). */
  rollover(ruleset: R, game: string, page: EnginePage, opts: EngineRolloverOptions): EngineRollover<S>;
  /** The layout of the page's History table, for archiving its rows (src/games/history-archive.ts). */
  readonly history: HistoryTableSpec;
  /**
   * Optional: the page with what it draws from its own History (a chart) redrawn from the page as it is.
   * The rollover job calls it after moving History rows to archive pages, so that the saved page is what
   * the next run computes from it (no edit for numbers that did not change).
   */
  redraw?(ruleset: R, text: string, page: string): string;
  /** The page's cells that are the bot's record (src/games/kit/record-cells.ts): the clock, what was granted. */
  records(ruleset: R, text: string, page: string): RecordCells;
}
