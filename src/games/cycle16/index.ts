import { recordCells } from '../kit/record-cells.ts';
import { phaseNumberAt } from '../../sim/calendar.ts';
import { defineGame } from '../kit/game.ts';
import { rulesetCalendar } from '../kit/phase-clock.ts';
import { HISTORY_COLUMNS } from '../shared/history.ts';
import { cycle16Actions } from './actions/index.ts';
import { advance, calendarOf, raceOfRun, redrawStandings } from './engine.ts';
import { readGamestateDocument } from './gamestate/read.ts';
import { renderGamestateDocument } from './gamestate/render.ts';
import type { Gamestate } from './gamestate/schema.ts';
import { gamestatePage, historyTable, phaseTable, playersTable } from './gamestate/tables.ts';
import { cycle16Readings } from './readings.ts';
import { standings } from './rules/standings.ts';
import { isCycle16, readCycle16Ruleset } from './ruleset/read.ts';
import type { Cycle16Ruleset } from './ruleset/schema.ts';
import { renderCycle16Tables } from './tables/render.ts';

export const cycle16 = defineGame<Cycle16Ruleset, Gamestate>({
  kind: 'cycle16',
  description: 'Cycle 16 (Exoptosis): cards, modifiers, packs, shop, exploration, phases',
  detect: isCycle16,
  readRuleset: readCycle16Ruleset,
  counts: (r) =>
    `${r.cards.length} card species, ${r.modifiers.length} modifiers, ${r.collections.length} collections, ` +
    `${r.packs.length} packs, ${r.shop.length} shop items, ${r.scenarios.length} scenarios, ${r.phases.length} phases`,
  renderTables: renderCycle16Tables,
  page: {
    // Read at a run's or the referee's time, the page refuses a Phase number ahead of the calendar.
    read: readGamestateDocument,
    render: (doc, state, changes) => renderGamestateDocument(doc, state, changes),
    history: { identify: historyTable.identify, columns: HISTORY_COLUMNS },
    records: (doc) => recordCells(doc, gamestatePage),
    periodTable: phaseTable,
    standings,
    // Only changed cells are rewritten (and the standings and race chart only when their numbers changed), so an up-to-date page renders to itself.
    belowStandings: raceOfRun,
    redraw: redrawStandings,
  },
  clock: { phases: calendarOf },
  advance,
  readings: cycle16Readings,
  referee: {
    actions: cycle16Actions,
    players: playersTable,
    // From the page's cycle start alone: the calendar without the phase start a manual rollover records.
    calendarPhase: (ruleset, state, now) => phaseNumberAt(now, rulesetCalendar(ruleset, state.phase.cycleStart)),
  },
});

/** The engine and the referee as the jobs run them (tests reach them here). */
export const cycle16Engine = cycle16.engine;
export const cycle16Referee = cycle16.referee!;
