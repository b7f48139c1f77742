import type { ActionInput, ActionOutcome } from '../../actions.ts';
import type { Change } from '../../../sim/trail.ts';
import type { Calendar } from '../../../sim/calendar.ts';
import { documentOf } from '../../../parse/page-memo.ts';
import { normaliseHeader, type WikiDocument } from '../../../parse/document.ts';
import { findStateTable } from '../../shared/read-tables.ts';
import { recordRows } from '../../shared/bot-record.ts';
import { historyTable } from '../../shared/history.ts';
import { ChosenReadings } from '../../shared/readings.ts';
import { appendTableRows, type Edit } from '../../shared/render-tables.ts';
import { formatInstant } from '../../../sim/trail.ts';
import { calendarOf } from '../engine.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { standings } from '../rules/standings.ts';
import { withStandings } from '../../shared/standings.ts';
import type { Gamestate, Move, Player } from '../gamestate/schema.ts';
import { movesTable } from '../gamestate/tables.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { checkVictory } from '../rules/victory.ts';
import { cycle15Readings } from '../readings.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';

// What every Cycle 15 action does with the page: read it, apply the action for the requesting player to
// a copy of the state, check victory (an action that moves crystals can decide the cycle), write back the
// changed cells, the new Moves rows and the History rows.

export interface Applied {
  changes: Change[];
  message: string;
  /** Moves rows to add (a move commenced by its roll). */
  moves?: Move[];
}

export interface Context {
  calendar: Calendar;
  readings: ChosenReadings;
}

export type Apply = (s: Gamestate, player: Player, ctx: Context) => Applied | { refused: string };

/** The readings in force for an action: the job's (the Rulings page), else the defaults. */
export function readingsOf(input: Pick<ActionInput<Cycle15Ruleset>, 'readings'>): ChosenReadings {
  return input.readings ?? new ChosenReadings(cycle15Readings);
}

/**
 * Reads the page, applies the action, renders the result. `phaseBound`: the rule the action is once per
 * phase by — a request written in a phase that has ended is refused (the page's "this phase" marks are
 * the current phase's).
 */
export function onPage(input: ActionInput<Cycle15Ruleset>, apply: Apply, opts: { phaseBound?: string } = {}): ActionOutcome {
  const doc = documentOf(input.page.text, input.page.title);
  const state = readGamestateDocument(doc, input.ruleset);
  if (state.phase.winner.length > 0) return { ok: false, reason: `the cycle has ended (winner: ${state.phase.winner.join(', ')}); no more actions` };
  const s = structuredClone(state);
  const player = s.players.find((p) => p.name === input.player);
  if (!player) return { ok: false, reason: `no player "${input.player}" in the Players table` };
  if (player.left !== null && player.left.getTime() <= input.now.getTime())
    return { ok: false, reason: `${player.name} ceased being a player at ${formatInstant(player.left)} (the Players table's Left)` };
  const calendar = calendarOf(input.ruleset, s);
  if (opts.phaseBound !== undefined) {
    const written = phaseNumberAt(input.request.at, calendar);
    if (written < s.phase.number) {
      return {
        ok: false,
        reason: `the request was written in phase ${written}, which has ended (the page is in phase ${s.phase.number}): ${opts.phaseBound}; write it again to act in this phase`,
      };
    }
    if (written > s.phase.number) {
      return {
        ok: false,
        reason: `the Gamestate page still records phase ${s.phase.number}, and the request was written in phase ${written}: ${opts.phaseBound}; write it again once the page has been rolled over`,
      };
    }
  }
  const r = apply(s, player, { calendar, readings: readingsOf(input) });
  if ('refused' in r) return { ok: false, reason: r.refused };
  for (const p of s.players) {
    for (const [what, n] of [['Crystals', p.crystals], ['Shards', p.shards], ...Object.entries(p.garbage)] as [string, number][]) {
      if (n < 0) throw new Error(`${p.name} would have ${n} ${what}: the action's checks let through what the rules do not allow`);
    }
  }
  const victory = input.ruleset.constants.victory.value;
  const changes = [...r.changes, ...(victory === null ? [] : checkVictory(s, victory, input.now))];
  const newRows: Edit[] = [];
  appendTableRows(doc, movesTable, r.moves ?? [], newRows);
  return {
    ok: true,
    text: withStandings(renderGamestateDocument(doc, s, changes, newRows), standings(s, input.ruleset), { doc, changes, period: s.phase.number }),
    changes,
    message: r.message,
  };
}

/**
 * Whether the History has a row of `event` for `player` whose Change names `what` (a move done once): on the page,
 * or in the bot's `record` (a row of the bot's a person deleted or altered still says it was done:
 * src/games/shared/bot-record.ts). A row a person typed on the page counts too: it can deny a draw, which its
 * victim sees and an admin can undo, never pay one twice.
 */
export function historyRecords(doc: WikiDocument, event: string, player: string, what: string, record: string): boolean {
  const table = findStateTable(doc, historyTable);
  if (table === undefined) return false;
  const [e, who, change] = ['Event', 'Player', 'Change'].map(normaliseHeader);
  return [...table.rows, ...recordRows(record, table, [event])].some(
    (r) => r.cells[e!]?.text.trim() === event && r.cells[who!]?.text.trim() === player && (r.cells[change!]?.text ?? '').includes(what),
  );
}
