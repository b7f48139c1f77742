import { recordCells } from '../kit/record-cells.ts';
import { defineGame } from '../kit/game.ts';
import { round10Actions } from './actions/index.ts';
import { advance, calendarOf } from './engine.ts';
import { readGamestateDocument } from './gamestate/read.ts';
import { renderGamestateDocument } from './gamestate/render.ts';
import type { Gamestate } from './gamestate/schema.ts';
import { gamestatePage, HISTORY_COLUMNS, historyTable, playersTable, roundTable } from './gamestate/tables.ts';
import { ROUND10_READINGS } from './readings.ts';
import { standings } from './rules/standings.ts';
import { isRound10, readRound10Ruleset } from './ruleset/index.ts';
import type { Round10Ruleset } from './ruleset/schema.ts';
import { renderRound10Tables } from './tables/index.ts';

export const round10 = defineGame<Round10Ruleset, Gamestate>({
  kind: 'round10',
  description: 'Round 10 (The Auction Casino): chips, Trungs, Gold Stars, cards, weekly auctions, hands, income and tax',
  detect: isRound10,
  readRuleset: readRound10Ruleset,
  counts: (r) =>
    `${r.phases.length} phases, ${r.prizes.length} prizes, ${r.multipliers.length} multipliers, ${r.suits.length} suits, ` +
    `${r.ranks.map((a) => `${a.max} ${a.name} ranks`).join(', ')}, ${r.fortunes.length} fortunes`,
  renderTables: renderRound10Tables,
  page: {
    read: (doc, ruleset) => readGamestateDocument(doc, ruleset),
    render: (doc, state, changes) => renderGamestateDocument(doc, state, changes),
    history: { identify: historyTable.identify, columns: HISTORY_COLUMNS },
    records: (doc) => recordCells(doc, gamestatePage),
    periodTable: roundTable,
    standings,
  },
  clock: { phases: calendarOf },
  advance,
  noManualRollover: { message: 'a manual rollover is not available for Round 10: its phases are the days of the week, and every rule is keyed to them' },
  readings: ROUND10_READINGS,
  referee: {
    actions: round10Actions,
    players: playersTable,
    calendarPhase: (ruleset, state, now) => calendarOf(ruleset, state).phaseAt(now).number,
    checkPhase(ruleset, state, now, page) {
      const current = calendarOf(ruleset, state).phaseAt(now).number;
      if (state.phase.number > current)
        throw new Error(`page "${page}": the Round table's Phase number ${state.phase.number} is ahead of the calendar (phase ${current} at this time)`);
    },
  },
});

/** The engine and the referee as the jobs run them (tests reach them here). */
export const round10Engine = round10.engine;
export const round10Referee = round10.referee!;
