import type { WikiDocument } from '../../parse/document.ts';
import type { Change } from '../../sim/trail.ts';
import type { ActionDef, GameReferee } from '../actions.ts';
import type { KindedRuleset } from '../engine-contract.ts';
import { playerOfAccount, type PlayersTable } from '../shared/actions.ts';
import { documentOf } from '../../parse/page-memo.ts';
import { findStateTable } from '../shared/read-tables.ts';
import { chanceActions } from './chance.ts';

// The referee's frame of a game (src/jobs/referee.ts resolves players' requests through it): the game declares
// its actions, how its page is read and written, and its clock; the frame answers the job's questions — the
// phase the page records (checked against the calendar), the calendar's phase, who a wiki account plays, the
// page with rows appended — and adds the actions every game has: dice rolls and draws from the ruleset's tables
// (./chance.ts), after the game's own, which win a line both could read.

/** What a game declares for its referee. `S` is its read Gamestate. */
export interface RefereeDeclaration<R extends KindedRuleset, S extends { phase: { number: number; winner: string[] } }> {
  // biome-ignore lint/suspicious/noExplicitAny: each action's argument type is its own; no one type fits them all
  actions: readonly ActionDef<R, any>[];
  /** The page as data; with `now`, the game's own checks of it at that time may throw (a Phase number ahead of the calendar). */
  read(doc: WikiDocument, ruleset: R, now?: Date): S;
  /** The page with `rows` appended to its History (every other cell as read). */
  render(doc: WikiDocument, state: S, rows: readonly Change[], ruleset: R): string;
  /** The table that records the phase: a page without it is refused by name before it is read. */
  phaseTable?: { identify: readonly string[]; name: string };
  /** The Players table (or, from the ruleset, the table that holds the players): its Wiki account column (or the player's name) says who a wiki account plays. */
  players: PlayersTable | ((ruleset: R) => PlayersTable);
  /** The phase the Ruleset's calendar gives at `now`, from the page's cycle start alone (not its typed Phase number). */
  calendarPhase(ruleset: R, state: S, now: Date): number;
  /** Throws when the page's period cannot be acted on at `now` (ahead of the calendar, a time before it began). */
  checkPhase?(ruleset: R, state: S, now: Date, page: string): void;
}

export function refereeOf<R extends KindedRuleset, S extends { phase: { number: number; winner: string[] } }>(d: RefereeDeclaration<R, S>): GameReferee<R> {
  const referee: GameReferee<R> = {
    actions: [],
    phase(ruleset, page, now) {
      const doc = documentOf(page.text, page.title);
      if (d.phaseTable && findStateTable(doc, d.phaseTable) === undefined) throw new Error(`page "${page.title}": no ${d.phaseTable.name} table`);
      const state = d.read(doc, ruleset, now);
      d.checkPhase?.(ruleset, state, now, page.title);
      return state.phase.number;
    },
    calendarPhase(ruleset, page, now) {
      return d.calendarPhase(ruleset, d.read(documentOf(page.text, page.title), ruleset, now), now);
    },
    winners(ruleset, page) {
      return d.read(documentOf(page.text, page.title), ruleset).phase.winner;
    },
    playerOf(ruleset, page, author) {
      const players = typeof d.players === 'function' ? d.players(ruleset) : d.players;
      return playerOfAccount(documentOf(page.text, page.title), players, author);
    },
    appendRows(ruleset, page, rows) {
      const doc = documentOf(page.text, page.title);
      return d.render(doc, d.read(doc, ruleset), rows, ruleset);
    },
  };
  referee.actions = [...d.actions, ...chanceActions(referee)];
  return referee;
}
