import { phaseNumberAt } from '../../sim/calendar.ts';
import { defineGame } from '../kit/game.ts';
import { refuseTimeBeforeState } from '../kit/phase-clock.ts';
import { HISTORY_COLUMNS, historyTable } from '../shared/history.ts';
import { DECLARATION_LINE, declaredColumns, describeDeclaration, readDeclarations } from './declarations.ts';
import { advance, calendarOf } from './engine.ts';
import { genericRecordCells, readGenericPage, renderGenericPage, type GenericState } from './gamestate.ts';
import { standings } from './rules/standings.ts';
import { readGenericRuleset, type GenericRuleset } from './ruleset.ts';

export const generic = defineGame<GenericRuleset, GenericState>({
  kind: 'generic',
  description: 'any ruleset: its calendar, dice, rule tree and tables; resets, grants, inactivity and victory as its admins declare them',
  detect: () => true,
  readRuleset: readGenericRuleset,
  counts: (r) => `${r.phases.length} phases, ${r.dice.length} dice expressions, ${r.tables.length} tables`,
  page: {
    read: (doc, ruleset) => readGenericPage(doc, ruleset.declarations),
    render: (doc, state, changes, ruleset) => renderGenericPage(doc, state, changes, ruleset.declarations),
    history: { identify: historyTable.identify, columns: HISTORY_COLUMNS },
    records: (doc, ruleset) => genericRecordCells(doc, ruleset.declarations),
    periodTable: { identify: ['Phase number', 'Next rollover (UTC)'], name: 'Phase' },
    standings,
    standingsBefore: (state) => state.playersTable?.name,
  },
  clock: { phases: calendarOf },
  advance: (ruleset, state, opts) => advance(ruleset, state, opts),
  noManualRollover: {
    message: 'a game of kind generic has no manual rollover: its phases begin at the boundaries of its ruleset’s calendar',
    table: 'Phase',
  },
  // The actions every game has — dice rolls and draws from its ruleset's tables (src/games/kit/chance.ts) — on its
  // actions page, committed per phase of its calendar. A player is a row of the table the declarations name columns
  // of: its first column, or its Wiki account column, is the author's account.
  referee: {
    actions: [],
    players: (ruleset) => ({
      identify: declaredColumns(ruleset.declarations),
      nameColumn: null,
      missing: 'no table of players is declared yet (the Rulings page declares the columns of the players’ table)',
    }),
    calendarPhase: (ruleset, state, now) => phaseNumberAt(now, calendarOf(ruleset, state)),
    checkPhase: (ruleset, state, now) => refuseTimeBeforeState(state, calendarOf(ruleset, state), now),
  },
  declarations: {
    line: DECLARATION_LINE,
    declare(ruleset, lines, page) {
      const { declarations, warnings } = readDeclarations(lines, ruleset, page);
      return { ruleset: { ...ruleset, declarations }, warnings };
    },
    describe: (ruleset) => ruleset.declarations.map(describeDeclaration),
  },
});

/** The engine and the referee as the jobs run them (tests reach them here). */
export const genericEngine = generic.engine;
export const genericReferee = generic.referee!;
