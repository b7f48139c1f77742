import { recordCells } from '../kit/record-cells.ts';
import { phaseNumberAt } from '../../sim/calendar.ts';
import { defineGame } from '../kit/game.ts';
import { refuseTimeBeforeState } from '../kit/phase-clock.ts';
import { HISTORY_COLUMNS, historyTable } from '../shared/history.ts';
import { cycle15Actions } from './actions/index.ts';
import { advance, calendarOf } from './engine.ts';
import { readGamestateDocument } from './gamestate/read.ts';
import { renderGamestateDocument } from './gamestate/render.ts';
import type { Gamestate } from './gamestate/schema.ts';
import { gamestatePage, playersTable } from './gamestate/tables.ts';
import { cycle15Readings } from './readings.ts';
import { standings } from './rules/standings.ts';
import { fillGarbageIds } from './ruleset/garbage-ids.ts';
import { isCycle15, readCycle15Ruleset } from './ruleset/index.ts';
import type { Cycle15Ruleset } from './ruleset/schema.ts';
import { renderCycle15TablesWith } from './tables/index.ts';

export const cycle15 = defineGame<Cycle15Ruleset, Gamestate>({
  kind: 'cycle15',
  description: 'Cycle 15: a board of typed spaces, 2d4 movement, Garbage items, crystals',
  detect: isCycle15,
  readRuleset: readCycle15Ruleset,
  counts: (r) =>
    `${r.garbage.length} Garbage items, ${r.spaceTypes.length} space types, ${r.categories.length} categories, ${r.geode.length} Geode items, ${r.phases.length} phases`,
  amendRuleset: fillGarbageIds,
  page: {
    read: (doc, ruleset) => readGamestateDocument(doc, ruleset),
    render: (doc, state, changes) => renderGamestateDocument(doc, state, changes),
    history: { identify: historyTable.identify, columns: HISTORY_COLUMNS },
    records: (doc) => recordCells(doc, gamestatePage),
    standings,
  },
  clock: { phases: calendarOf },
  advance,
  noManualRollover: {
    message: 'Cycle 15 has no manual rollover: its phases begin at their boundaries (“Each week is divided into two phases”)',
    table: 'Phase',
  },
  readings: cycle15Readings,
  referee: {
    actions: cycle15Actions,
    players: playersTable,
    calendarPhase: (ruleset, state, now) => phaseNumberAt(now, calendarOf(ruleset, state)),
    checkPhase: (ruleset, state, now) => refuseTimeBeforeState(state, calendarOf(ruleset, state), now),
  },
  renderTables: (ruleset, context) => renderCycle15TablesWith(ruleset, context?.gamestate),
});

/** The engine and the referee as the jobs run them (tests reach them here). */
export const cycle15Engine = cycle15.engine;
export const cycle15Referee = cycle15.referee!;
