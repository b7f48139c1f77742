import type { WikiDocument } from '../../../parse/document.ts';
import type { Calendar } from '../../../sim/calendar.ts';
import type { Change } from '../../../sim/trail.ts';
import { renderChart, type ChartSeries } from '../../shared/chart.ts';
import { countChangesIn, countsByPhase, type CountChange } from '../../shared/count-history.ts';
import { trailRows } from '../../shared/since.ts';
import type { EngineRuleset, Gamestate } from './schema.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { victoryThreshold } from '../rules/victory.ts';

// The race on the Gamestate page: each player's Chips (“If a player possesses at least 10 Chips in
// their inventory, then the player who possesses the most Chips wins the cycle.”) and Vertebrae at the
// end of every phase, rebuilt from the page's History rows and the Players table (how:
// src/games/shared/count-history.ts), drawn by the shared chart (src/games/shared/chart.ts) under the
// standings, in their block (`Standings.below`) and so on their subpage, in a section `== Race ==` of its own:
// a rollover changes both, and one subpage is one edit. (Croupier 0.3 drew it in a region `race-chart` of its
// own, on a subpage of its own; src/games/shared/standings.ts removes that region.)

/** The chart's name on the rendered page (`data-croupier`). */
export const RACE_CHART = 'race-chart';

/** A History row as the chart reads it: its Phase, Player and Change cells. */
export interface RaceRow {
  phase: number;
  player: string;
  change: string;
}

/** The rows of the page's History table with this run's new rows where they are written (the page order: in time). */
export function raceRows(doc: WikiDocument, changes: readonly Change[]): RaceRow[] {
  return trailRows(doc, changes).map((r) => ({ phase: r.period, player: r.player, change: r.change }));
}

function counted(rows: readonly RaceRow[], names: readonly string[]): CountChange[] {
  return rows.flatMap((r) => countChangesIn(r.change, names).map((c) => ({ phase: r.phase, player: r.player, ...c })));
}

/** Chips and Vertebrae, a row per player of the Players table (in its order), phases 0 to the page's. */
export function raceSeries(rows: readonly RaceRow[], state: Gamestate, calendar: Calendar, ruleset: EngineRuleset): ChartSeries[] {
  const current = state.phase.number;
  const phases = Array.from({ length: current + 1 }, (_, i) => i);
  const series = (title: string, note: string, names: readonly string[], now: (p: Gamestate['players'][number]) => number, goal?: number): ChartSeries => {
    const values = countsByPhase(
      current,
      state.players.map((p) => ({ name: p.name, now: now(p), joinedPhase: Math.min(current, phaseNumberAt(p.joined, calendar)) })),
      counted(rows, names),
    );
    return { title, note, phases, ...(goal === undefined ? {} : { goal }), rows: state.players.map((p) => ({ name: p.name, values: values.get(p.name)! })) };
  };
  const goal = victoryThreshold(ruleset);
  return [
    series(
      'Chips',
      `the race: a player with at least ${goal} Chips ends the cycle, and the one with the most wins (red bars, above the dashed line).`,
      ['Chip', 'Chips'],
      (p) => p.chips,
      goal,
    ),
    series('Vertebrae', 'what each player holds to spend.', ['Vertebrae'], (p) => p.vertebrae),
  ];
}

const INTRO =
  'Chips and Vertebrae of each player at the end of each phase (the current phase: now), read from the History and the Players table below; ' +
  'a count changed by hand shows from the next History row that changes it. Croupier redraws this chart when the numbers change.';

/** The race section drawn from `rows` and `state`, to go under the standings (the same text when the numbers are). */
export function raceSection(rows: readonly RaceRow[], state: Gamestate, calendar: Calendar, ruleset: EngineRuleset): string {
  return `== Race ==\n${renderChart(RACE_CHART, INTRO, raceSeries(rows, state, calendar, ruleset))}`;
}
