import { recordCells } from '../kit/record-cells.ts';
import { defineGame } from '../kit/game.ts';
import { advance } from './advance.ts';
import { turnSchedule } from './clock.ts';
import { readNomicoupDocument } from './gamestate/read.ts';
import { renderNomicoupDocument } from './gamestate/render.ts';
import type { NomicoupState } from './gamestate/schema.ts';
import { gameTable, historyTable, NOMICOUP_HISTORY_COLUMNS, nomicoupPage, playersTable } from './gamestate/tables.ts';
import { defaultReadings, NOMICOUP_READINGS } from './readings.ts';
import { standings } from './rules/standings.ts';
import { isNomicoup, readNomicoupRuleset } from './ruleset/read.ts';
import type { NomicoupRuleset } from './ruleset/schema.ts';

export const nomicoup = defineGame<NomicoupRuleset, NomicoupState>({
  kind: 'nomicoup',
  description: 'Nomicoup: numbered rule tree (with its conflicts), characters, Court Deck, Treasury, 48-hour turns, propositions',
  detect: isNomicoup,
  readRuleset: readNomicoupRuleset,
  counts: (r) => `${r.characters.length} characters, ${r.actions.length} actions, ${r.counteractions.length} counteractions, ${r.conflicts.length} conflict(s)`,
  page: {
    read: (doc, ruleset) => readNomicoupDocument(doc, ruleset),
    render: (doc, state, changes) => renderNomicoupDocument(doc, state, changes),
    history: { identify: historyTable.identify, columns: NOMICOUP_HISTORY_COLUMNS },
    records: (doc) => recordCells(doc, nomicoupPage),
    periodTable: gameTable,
    standings: (state) => standings(state),
  },
  clock: { turns: turnSchedule, turn: (state) => state.game.turn },
  advance: (ruleset, state, opts) => advance(ruleset, state, { ...opts, readings: opts.readings ?? defaultReadings() }),
  noManualRollover: { message: 'Nomicoup has no manual rollover: a turn ends by an action or a pass (write it in the Turns table) or after its 48 hours' },
  readings: NOMICOUP_READINGS,
  // No action of its own yet: the kit's dice rolls and table draws (src/games/kit/chance.ts). The committed period
  // is the turn — one secret per turn, committed at the turn's first request and revealed once the page has moved
  // to a later turn (an action, a pass, or the turn's 48 hours) — and a request is resolved only while the page
  // records the turn the clock gives (a timed-out turn is rolled over first).
  referee: {
    actions: [],
    players: playersTable,
    checkPhase(ruleset, state, now, page) {
      const current = turnSchedule(ruleset, state, now).current.number;
      if (state.phase.number > current)
        throw new Error(`page "${page}": the Game table's Turn ${state.phase.number} is ahead of the turns the page records (turn ${current} at this time)`);
    },
  },
});

/** The engine and the referee as the jobs run them (tests reach them here). */
export const nomicoupEngine = nomicoup.engine;
export const nomicoupReferee = nomicoup.referee!;
