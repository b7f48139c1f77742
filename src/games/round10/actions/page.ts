import type { Change } from '../../../sim/trail.ts';
import { cellValue } from '../../../parse/document.ts';
import type { Row } from '../../../parse/model.ts';
import { isAuctionPhase } from '../rules/phase.ts';
import type { ActionInput, ActionOutcome } from '../../actions.ts';
import { documentOf } from '../../../parse/page-memo.ts';
import { ChosenReadings } from '../../shared/readings.ts';
import { appendTableRows, type Edit } from '../../shared/render-tables.ts';
import { calendarOf, computeColumns } from '../engine.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { standings } from '../rules/standings.ts';
import { withStandings } from '../../shared/standings.ts';
import type { Gamestate, Lot, Player, Work } from '../gamestate/schema.ts';
import { lotsTable, worksTable } from '../gamestate/tables.ts';
import { ROUND10_READINGS } from '../readings.ts';
import { rulingRows } from '../rules/display.ts';
import { limitProblems } from '../rules/limits.ts';
import { GamestateError } from '../../shared/gamestate-error.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';

// What every Round 10 action does with the page: read it, check that it is the current phase's page,
// apply the action to a copy of the state, write back the changed cells, the new Lots rows and the
// History rows.

export interface Applied {
  changes: Change[];
  message: string;
}

export interface Acting {
  s: Gamestate;
  player: Player;
  /** The calendar's phase at the request's resolution (the page's, checked). */
  phase: { number: number; name: string };
  readings: ChosenReadings;
  /** Lots added by the action (appended to the Lots table). */
  newLots: Lot[];
  /** Works of Art added by the action (appended to the Works of Art table). */
  newWorks: Work[];
}

export type Apply = (a: Acting) => Applied | { refused: string };

/**
 * A predicate of usesCounted (src/games/shared/bot-record.ts): the row is of this week, the Auction Phase that
 * began it and the Resolution Phase after (the weekly limits are cleared as the Auction Phase begins).
 */
export function inWeek(s: Pick<Gamestate, 'phase'>): (r: Row) => boolean {
  const first = isAuctionPhase(s.phase.name) ? s.phase.number : s.phase.number - 1;
  return (r) => {
    const phase = Number(cellValue(r, 'Phase'));
    return Number.isInteger(phase) && phase >= first && phase <= s.phase.number;
  };
}

export const readingsOf = (input: Pick<ActionInput<Round10Ruleset>, 'readings'>): ChosenReadings => input.readings ?? new ChosenReadings(ROUND10_READINGS);

/** The phase the page records, refused when the calendar at `now` is elsewhere (a rollover is due, or the number was set ahead by hand). */
export function pagePhase(ruleset: Round10Ruleset, s: Gamestate, now: Date): { number: number; name: string } | { refused: string } {
  const calendar = calendarOf(ruleset, s);
  const current = calendar.phaseAt(now);
  if (current.number !== s.phase.number) {
    return {
      refused: `the Gamestate page records phase ${s.phase.number}, but at this time it is phase ${current.number} (${current.name}): ${current.number > s.phase.number ? 'the rollover is due first; write the request again after it' : 'the Phase number is ahead of the calendar'}`,
    };
  }
  return { number: current.number, name: current.name };
}

/** Reads the page, applies the action for the requesting player, renders the result. */
export function onPage(input: ActionInput<Round10Ruleset>, apply: Apply): ActionOutcome {
  const doc = documentOf(input.page.text, input.page.title);
  const state = readGamestateDocument(doc, input.ruleset);
  if (state.phase.winner.length > 0) return { ok: false, reason: `the round has ended (winner: ${state.phase.winner.join(', ')}); no more actions` };
  const phase = pagePhase(input.ruleset, state, input.now);
  if ('refused' in phase) return { ok: false, reason: phase.refused };
  const broken = limitProblems(state, input.ruleset, calendarOf(input.ruleset, state), readingsOf(input), input.now);
  if (broken.length > 0) throw new GamestateError(broken);
  const s = structuredClone(state);
  const player = s.players.find((p) => p.name === input.player);
  if (!player) return { ok: false, reason: `no player "${input.player}" in the Players table` };
  const newLots: Lot[] = [];
  const newWorks: Work[] = [];
  const readings = readingsOf(input);
  const r = apply({ s, player, phase, readings, newLots, newWorks });
  if ('refused' in r) return { ok: false, reason: r.refused };
  for (const p of s.players) {
    for (const [what, n] of [
      ['Chips', p.chips],
      ['Trungs', p.trungs],
    ] as [string, number][]) {
      if (n < 0) throw new Error(`${p.name} would have ${n} ${what}: the action's checks let through what the rules do not allow`);
    }
  }
  // The bot's display cells (read as nothing) as the rollover computes them, with the rows of what a ruling changed there.
  computeColumns(s, input.ruleset, calendarOf(input.ruleset, s), readings, false);
  const changes = [...r.changes, ...rulingRows(state, s, input.ruleset, readings, input.now, phase.number)];
  const newRows: Edit[] = [];
  appendTableRows(doc, lotsTable, newLots, newRows, newLots.map((l) => l.id).join(', '));
  appendTableRows(doc, worksTable, newWorks, newRows, newWorks.map((w) => w.id).join(', '));
  return {
    ok: true,
    text: withStandings(renderGamestateDocument(doc, s, changes, newRows), standings(s, input.ruleset), { doc, changes, period: s.phase.number }),
    changes,
    message: r.message,
  };
}
