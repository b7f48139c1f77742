import type { WikiDocument } from '../../parse/document.ts';
import { documentOf } from '../../parse/page-memo.ts';
import type { Calendar } from '../../sim/calendar.ts';
import type { Change } from '../../sim/trail.ts';
import type { ActionDef, GameReferee } from '../actions.ts';
import type { AdvanceResult, EnginePage, EngineRollover, EngineRolloverOptions, EngineState, GameEngine, KindedRuleset, Schedule } from '../engine-contract.ts';
import type { HistoryTableSpec } from '../history-archive.ts';
import type { PlayersTable } from '../shared/actions.ts';
import { GamestateError } from '../shared/gamestate-error.ts';
import type { DeclaredLine, ReadingDef } from '../shared/readings.ts';
import { type Standings, withStandings } from '../shared/standings.ts';
import { calendarSchedule } from './phase-clock.ts';
import type { RecordCells } from './record-cells.ts';
import { refereeOf } from './referee.ts';

// A game is one declaration (defineGame): how its Ruleset and Gamestate pages are read and written, its clock, what
// its rules make happen up to an instant (`advance`), and optionally its actions, readings and reference tables. The
// kit builds the rest from it — the engine the jobs run (one parse per rollover: read → advance → the caller's rows →
// render → standings), its schedule, and the referee's frame — so that no game wires them by hand.

/** One ruleset family as the registry (src/games/registry.ts) hands it to the generic layers. */
export interface GameModule<R extends KindedRuleset> {
  kind: R['kind'];
  description: string;
  /** Whether a read page looks like this game's ruleset (used when no kind is given). */
  detect(doc: WikiDocument): boolean;
  /** Never throws on content: what cannot be read becomes a warning in the result. */
  readRuleset(doc: WikiDocument): R;
  /** What `croupier parse` counts of a read ruleset, besides its rules and warnings ("12 card species, 3 phases"). */
  counts(ruleset: R): string;
  /**
   * Wikitext of the computed reference tables, for games that have them; `gamestate`: the text of
   * the game's Gamestate page, for tables computed from it too (Cycle 15's board).
   */
  renderTables?(ruleset: R, context?: TablesContext): string;
  /** The rules engine of the game's Gamestate page; see src/games/engine-contract.ts. */
  engine: GameEngine<R>;
  /**
   * What the rules themselves write on the Ruleset page (Cycle 15: the IDs of Garbage items added
   * without one); null when the page already says it. Offered as a diff, saved only on request.
   */
  amendRuleset?(doc: WikiDocument): RulesetAmendment | null;
  /** Where the game's rules are open to interpretation: the named readings its engine uses (src/games/shared/readings.ts). */
  readings?: readonly ReadingDef[];
  /** The actions players may ask the referee for, on the game's actions page; see src/games/actions.ts. */
  referee?: GameReferee<R>;
  /**
   * What the game's admins declare on its Rulings page, for a game whose ruleset alone does not tell the bot
   * enough (generic): `line` tells a declaration from prose; `declare` gives the ruleset with the declarations by
   * allowed users in it (src/jobs/rulings.ts reads them with their authors), and a warning per line ignored.
   */
  declarations?: {
    line: RegExp;
    declare(ruleset: R, lines: readonly DeclaredLine[], page: string): { ruleset: R; warnings: string[] };
    /** The declarations in force in a ruleset `declare` gave, one line each (`croupier readings --game`). */
    describe(ruleset: R): string[];
  };
}

export interface TablesContext {
  gamestate?: { title: string; text: string };
}

/** A Ruleset page with what its own rules assign written in, and what changed, line by line. */
export interface RulesetAmendment {
  text: string;
  changes: string[];
  /** The rule applied, quoted (for the edit summary). */
  rule: string;
}

/** What a rollover hands the game's `advance` (each game takes the part it uses). */
export interface StepOptions {
  now: Date;
  /**
   * The latest instant a cell of the page can hold: when its revision was saved, or the run's time if later. A catch-up
   * applies an instant before it (`now`), and a Last action typed since is a later action, not one to come.
   */
  clock: Date;
  /** The game id, seed material of draws. */
  game: string;
  trigger: string;
  force?: EngineRolloverOptions['force'];
  readings?: EngineRolloverOptions['readings'];
}

/** A read Gamestate that counts its History rows (the archive's threshold). */
export interface PageState extends EngineState {
  page?: string | undefined;
  historyRows: number;
}

/** The Gamestate page of a game: read as data, written back, and what a run draws on it. */
export interface PageDeclaration<R, S extends PageState> {
  /** The page as data; with `now` (a rollover's, a referee's check), the game's own checks of it at that time may throw. */
  read(doc: WikiDocument, ruleset: R, now?: Date): S;
  /** The page with `state` written back (only changed cells) and `changes` appended as History rows. */
  render(doc: WikiDocument, state: S, changes: readonly Change[], ruleset: R): string;
  /** The layout of its History table, for archiving rows (src/games/history-archive.ts). */
  history: HistoryTableSpec;
  /** The cells that are the bot's record (recordCells of the page's spec). */
  records(doc: WikiDocument, ruleset: R): RecordCells;
  /** The table that records the period: a page without it is refused by name before the referee reads it. */
  periodTable?: { identify: readonly string[]; name: string };
  /** The standings a run draws (src/games/shared/standings.ts); undefined: none (nothing declared yet). */
  standings?(state: S, ruleset: R): Standings | undefined;
  /** The section the standings go before when the page has no Race or Players section. */
  standingsBefore?(state: S): string | undefined;
  /** What a run draws under the standings, in their block and on their subpage (Cycle 16's race chart), from the page and the run. */
  belowStandings?(doc: WikiDocument, result: AdvanceResult<S>, ruleset: R): string;
  /** See GameEngine.redraw. */
  redraw?(ruleset: R, text: string, page: string): string;
}

/** A game whose periods are the phases of its ruleset's weekly calendar, from what its page records. */
export interface PhaseClock<R, S> {
  phases(ruleset: R, state: S): Calendar;
}

/** A game whose periods are turns (Nomicoup): where it stands, and the turn its page records. */
export interface TurnClock<R, S> {
  turns(ruleset: R, state: S, now: Date): Schedule;
  turn(state: S): number;
}

/** The players' requests the referee resolves, beyond the dice rolls and draws every game has (./chance.ts). */
export interface RefereeDecl<R extends KindedRuleset, S extends PageState> {
  // biome-ignore lint/suspicious/noExplicitAny: each action's argument type is its own; no one type fits them all
  actions: readonly ActionDef<R, any>[];
  /** The Players table (or, from the ruleset, the table that holds the players): its Wiki account column (or the player's name) says who a wiki account plays. */
  players: PlayersTable | ((ruleset: R) => PlayersTable);
  /** The period the game's clock gives at `now` from what the page records of its start (default: the clock's current period). */
  calendarPhase?(ruleset: R, state: S, now: Date): number;
  /** Throws when the page's period cannot be acted on at `now` (ahead of the clock, a time before it began). */
  checkPhase?(ruleset: R, state: S, now: Date, page: string): void;
}

export interface GameDeclaration<R extends KindedRuleset, S extends PageState> extends Omit<GameModule<R>, 'engine' | 'referee'> {
  page: PageDeclaration<R, S>;
  clock: PhaseClock<R, S> | TurnClock<R, S>;
  /** Everything the rules make happen up to `opts.now`, from the page as read (pure; `state` is not mutated). */
  advance(ruleset: R, state: S, opts: StepOptions): AdvanceResult<S>;
  /** Set for a game without manual rollovers: the refusal of a forced one (why, and where). */
  noManualRollover?: { message: string; table?: string };
  referee?: RefereeDecl<R, S>;
}

/** The game's module, its engine and referee built from its declaration. */
export function defineGame<R extends KindedRuleset, S extends PageState>(
  d: GameDeclaration<R, S>,
): Omit<GameModule<R>, 'engine'> & { engine: GameEngine<R, S> } {
  const { page, clock, advance, noManualRollover, referee, ...module } = d;
  const turns = 'turns' in clock ? clock : undefined;
  const period = (state: S) => turns?.turn(state) ?? state.phase.number;
  const schedule = (ruleset: R, state: S, now: Date) =>
    turns ? turns.turns(ruleset, state, now) : calendarSchedule((clock as PhaseClock<R, S>).phases(ruleset, state), state, now);

  /** A run's page: its cells and History rows, its standings with this run's rows since its period began and what goes under them. */
  const renderRun = (doc: WikiDocument, result: AdvanceResult<S>, ruleset: R): string => {
    const text = page.render(doc, result.state, result.changes, ruleset);
    const standings = page.standings?.(result.state, ruleset);
    if (standings === undefined) return text;
    const trail = { doc, changes: result.changes, period: period(result.state), ...(turns ? { word: 'turn' } : {}) };
    const below = page.belowStandings?.(doc, result, ruleset);
    return withStandings(text, below === undefined ? standings : { ...standings, below }, trail, page.standingsBefore?.(result.state));
  };

  const engine: GameEngine<R, S> = {
    readRuleset: module.readRuleset,
    readGamestate: (text, title, ruleset) => page.read(documentOf(text, title), ruleset),
    renderGamestate: (text, state, changes, ruleset) => page.render(documentOf(text, state.page), state, changes, ruleset),
    period: turns ? 'turn' : 'phase',
    schedule,
    history: page.history,
    records: (ruleset, text, title) => page.records(documentOf(text, title), ruleset),
    ...(page.redraw ? { redraw: page.redraw } : {}),
    rollover(ruleset: R, game: string, p: EnginePage, opts: EngineRolloverOptions): EngineRollover<S> {
      if (opts.force !== undefined && noManualRollover !== undefined) {
        const { message, table } = noManualRollover;
        throw new GamestateError([{ message, location: { page: p.title, ...(table ? { table } : {}) } }]);
      }
      // The tick's one read of the page (its parse let go: no Gamestate reader reads a rule's text).
      const doc = documentOf(p.text, p.title);
      const state = page.read(doc, ruleset, opts.now);
      const fromPhase = period(state);
      const clock = new Date(Math.max(opts.now.getTime(), p.timestamp === undefined ? -Infinity : Date.parse(p.timestamp)));
      let result = advance(ruleset, state, { now: opts.now, clock, game, trigger: opts.trigger, force: opts.force, readings: opts.readings });
      // The caller's rows (an on-wiki request's) go into the same edit, when there is one to carry them.
      const extra = opts.rows && result.changes.length > 0 ? opts.rows(result, fromPhase) : [];
      if (extra.length > 0) result = { ...result, changes: [...result.changes, ...extra] };
      const text = renderRun(doc, result, ruleset);
      return { text, fromPhase, read: state, historyRows: result.state.historyRows + result.changes.length, result };
    },
  };

  return {
    ...module,
    engine,
    ...(referee
      ? {
          referee: refereeOf<R, S>({
            ...referee,
            read: page.read,
            render: page.render,
            ...(page.periodTable ? { phaseTable: page.periodTable } : {}),
            calendarPhase: referee.calendarPhase ?? ((ruleset, state, now) => schedule(ruleset, state, now).current.number),
          }),
        }
      : {}),
  };
}
