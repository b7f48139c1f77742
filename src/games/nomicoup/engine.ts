import type { GameEngine, PeriodSpan, Schedule } from '../engine-contract.ts';
import { pageRollover } from '../shared/phase-engine.ts';
import { advance } from './advance.ts';
import { readNomicoupDocument, readNomicoupGamestate } from './gamestate/read.ts';
import { renderNomicoupDocument, renderNomicoupGamestate } from './gamestate/render.ts';
import { standings } from './rules/standings.ts';
import { withStandings } from '../shared/standings.ts';
import type { NomicoupState } from './gamestate/schema.ts';
import { historyTable, NOMICOUP_HISTORY_COLUMNS } from './gamestate/tables.ts';
import { defaultReadings } from './readings.ts';
import { readNomicoupRuleset } from './ruleset/read.ts';
import type { NomicoupRuleset } from './ruleset/schema.ts';

// The Nomicoup engine: its period is the turn, its clock the 48-hour turns, the propositions' 72 hours
// and the Judge's limits. A rollover applies everything due up to now (src/games/nomicoup/advance.ts).

/** The turn a state is at, as a period. */
function turnSpan(s: NomicoupState): PeriodSpan {
  const t = s.turns.at(-1);
  if (t === undefined) return { number: 0, name: 'not started', start: s.game.start, end: null };
  return { number: t.number, name: `round ${t.round}, ${t.player}'s turn`, start: t.began, end: s.game.ends ?? t.ended };
}

function schedule(ruleset: NomicoupRuleset, state: NomicoupState, now: Date): Schedule {
  const r = advance(ruleset, state, { now, game: state.page ?? 'nomicoup', readings: defaultReadings() });
  const recorded = { ...turnSpan(state), end: state.game.ends };
  // Every instant something fell due since the page was written: the catch-up runs at each, in order.
  const missed = [...new Set(r.changes.map((c) => c.at.getTime()))].sort((a, b) => a - b).map((t) => new Date(t));
  return { current: turnSpan(r.state), recorded, missed, next: r.state.game.winner.length > 0 ? null : r.due.next };
}

const rollover = pageRollover<NomicoupRuleset, NomicoupState>({
  read: readNomicoupDocument,
  advance: (ruleset, state, opts) => advance(ruleset, state, { ...opts, readings: opts.readings ?? defaultReadings() }),
  render: (doc, result) =>
    withStandings(renderNomicoupDocument(doc, result.state, result.changes), standings(result.state), {
      doc,
      changes: result.changes,
      period: result.state.game.turn,
      word: 'turn',
    }),
  period: (state) => state.game.turn,
  noManualRollover: { message: 'Nomicoup has no manual rollover: a turn ends by an action or a pass (write it in the Turns table) or after its 48 hours' },
});

export const nomicoupEngine: GameEngine<NomicoupRuleset, NomicoupState> = {
  readRuleset: readNomicoupRuleset,
  readGamestate: readNomicoupGamestate,
  renderGamestate: renderNomicoupGamestate,
  period: 'turn',
  schedule,
  rollover,
  history: { identify: historyTable.identify, columns: NOMICOUP_HISTORY_COLUMNS },
};
