import { readDocument, type Table, type WikiDocument } from '../../../parse/document.ts';
import type { EngineRuleset, Gamestate } from './schema.ts';
import { readPage } from '../../kit/page-reader.ts';
import { gamestatePage, type ReadContext } from './tables.ts';
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
  const ctx: ReadContext = { packs: ruleset.packs.map((p) => p.name) };
  return readPage(doc, gamestatePage, ctx, {
    build: ({ head, history }) => ({
      historyLatest: latestHistoryTime(history),
      statusHistory: readStatusHistory(history, head.number),
    }),
    check: (state, problems) => crossCheck(state, ruleset, doc.page, problems, now),
  });
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
