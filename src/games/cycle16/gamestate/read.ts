import type { z } from 'zod';
import { readDocument, type Table, type WikiDocument } from '../../../parse/document.ts';
import { Gamestate, type Battle, type Card, type EngineRuleset, type Gift, type PhaseState, type Player } from './schema.ts';
import { GamestateError, type Problem } from '../../shared/gamestate-error.ts';
import { readRows, uniqueTable } from '../../shared/read-tables.ts';
import { parseChecked } from '../../shared/schema-check.ts';
import { battlesTable, cardsTable, giftsTable, historyTable, phaseTable, playersTable, type ReadContext } from './tables.ts';
import { latestHistoryTime } from '../../shared/history-time.ts';
import { crossCheck } from './cross-check.ts';

// Reading the Gamestate page: every table by its headers, every cell through its column's reader,
// then the cross-checks between tables. All problems are collected; any problem means a
// GamestateError and no edit — Croupier never guesses what an editor meant.

/** Reads and validates the Gamestate page. Throws GamestateError listing every problem. */
export function readGamestate(text: string, page: string | undefined, ruleset: EngineRuleset): Gamestate {
  const doc = readDocument(text, { page });
  return readGamestateDocument(doc, ruleset);
}

/** `now`, when given: the Phase number must have begun by then (rules/phase.ts phaseAhead), checked with the rest. */
export function readGamestateDocument(doc: WikiDocument, ruleset: EngineRuleset, now?: Date): Gamestate {
  const problems: Problem[] = [];
  const ctx: ReadContext = { packs: ruleset.packs.map((p) => p.name) };
  const phaseRows = readRows(doc, phaseTable, ctx, problems);
  if (phaseRows.table !== undefined && phaseRows.table.rows.length !== 1) {
    problems.push({ message: 'the Phase table must have exactly one row', location: { page: doc.page, table: 'Phase' } });
  }
  const players = readRows(doc, playersTable, ctx, problems).entities;
  const cards = readRows(doc, cardsTable, ctx, problems).entities;
  const battles = readRows(doc, battlesTable, ctx, problems).entities;
  const gifts = readRows(doc, giftsTable, ctx, problems).entities;
  const history = uniqueTable(doc, historyTable, problems);
  if (history === undefined) {
    problems.push({ message: 'no History table (a wikitable with the columns Event and Reason)', location: { page: doc.page, table: 'History' } });
  }
  if (problems.length > 0) throw new GamestateError(problems);

  const phase = phaseRows.entities[0] as PhaseState;
  phase.name ??= '';
  phase.winner ??= [];
  const state = {
    page: doc.page,
    phase: {
      cycleStart: phase.cycleStart,
      number: phase.number,
      name: phase.name,
      nextRollover: phase.nextRollover ?? null,
      started: phase.started ?? null,
      winner: phase.winner,
    },
    players: players as Player[],
    cards: (cards as Partial<Card>[]).map((c) => ({ value: '-', suits: [], colours: [], types: [], ...c }) as Card),
    battles: (battles as Partial<Battle>[]).map((b) => ({ fragile: [], ...b }) as Battle),
    gifts: gifts as Gift[],
    historyRows: history!.rows.length,
    historyLatest: latestHistoryTime(history!),
    statusHistory: readStatusHistory(history!, phase.number),
  };
  for (const p of state.players) p.other ??= null;
  crossCheck(state, ruleset, doc.page, problems, now);
  if (problems.length > 0) throw new GamestateError(problems);
  const checked = parseChecked(Gamestate, state);
  if (!checked.success) throw new GamestateError(checked.error.issues.map((issue) => schemaProblem(issue, state, doc.page)));
  return checked.data;
}

const TABLES: Record<string, string> = { phase: 'Phase', players: 'Players', cards: 'Cards', battles: 'Battles', gifts: 'Gifts' };

/**
 * A value the cell readers let through but the schema refuses, located by its table and row (a
 * safety net: the readers refuse what they know of, with the cell's column).
 */
function schemaProblem(issue: z.core.$ZodIssue, state: Record<string, unknown>, page: string | undefined): Problem {
  const [key, index, ...field] = issue.path.map(String);
  const entity = index === undefined ? undefined : (state[key!] as { row?: number }[] | undefined)?.[Number(index)];
  const row = key === 'phase' ? 1 : entity?.row;
  const what = key === 'phase' ? [index, ...field] : field;
  return { message: `${what.filter((x) => x !== undefined).join('.')}: ${issue.message}`, location: { page, table: TABLES[key!] ?? key, row } };
}

/**
 * The Inactivity rows of the page's History ("active → inactive"), the record of each player's
 * status phase by phase. A rollover writes them right after its own row ("Phase 3 → 4"), so the
 * record is complete back to the phase before the earliest of the unbroken run of rollover rows
 * ending at the page's phase; older rows may have been archived.
 */
function readStatusHistory(history: Table, pagePhase: number): NonNullable<Gamestate['statusHistory']> {
  const rolledInto = new Set<number>();
  const changes: NonNullable<Gamestate['statusHistory']>['changes'] = [];
  for (const row of history.rows) {
    const phase = Number(row.cells.phase?.text.trim());
    const event = row.cells.event?.text.trim();
    const text = row.cells.change?.text.trim() ?? '';
    const player = row.cells.player?.text.trim();
    const rollover = /^Phase \d+ → (\d+)/.exec(text);
    if ((event === 'Rollover' || event === 'Manual rollover') && rollover) rolledInto.add(Number(rollover[1]));
    const change = /^(active|inactive)\s*→\s*(active|inactive)\b/.exec(text);
    if (event === 'Inactivity' && change && player && Number.isInteger(phase)) {
      changes.push({ phase, player, from: change[1] as 'active' | 'inactive', to: change[2] as 'active' | 'inactive' });
    }
  }
  let since = pagePhase;
  while (since > 0 && rolledInto.has(since)) since--;
  return { since, changes };
}
