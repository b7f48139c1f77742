import { cellValue, readDocument } from '../../parse/document.ts';
import { documentOf } from '../../parse/page-memo.ts';
import type { ActionInput } from '../actions.ts';
import type { KindedRuleset } from '../engine-contract.ts';
import { NAMED_REQUEST, REROLL_EVENT, REROLLED } from './actions.ts';
import { historyTable } from './history.ts';
import { findStateTable } from './read-tables.ts';
import type { Row, Table } from '../../parse/model.ts';

// The History rows the bot itself wrote, for an action whose check reads the History as a record: a row that
// entitles a player to something (Round 10's Fortune row: a roll to ask for) or that marks something done once
// (a Landing, a Combo, a Fortune rolled). The page's History is text anyone can type: a row typed to look like
// the bot's would entitle its author, and deleting one of the bot's would let a draw be made twice. The bot's
// record as it stands (src/jobs/request-lines.ts#standingRecord: the lines its own revisions and the game's admins'
// added to the Gamestate page, less what an admin removed) is not: a row there is the bot's (or an admin's), as it
// was written, even when a player deleted or altered it on the page since.

/**
 * The rows of `events` in `table` (the page's History table) that the bot's `record` holds: each line of the record
 * that is a row of one line naming one of them, read with the table's own headers. Every game writes its History
 * rows one line each, an event between ` || `, so only those lines are parsed (a busy page's record is thousands
 * of lines: all of them took seconds to parse); the parse confirms the Event cell.
 */
export function recordRows(record: string, table: Table, events: readonly string[]): Row[] {
  const named = events.map((e) => ` || ${e} || `);
  const lines = record.split('\n').filter((l) => /^\|(?![-}+])/.test(l) && named.some((n) => l.includes(n)));
  if (lines.length === 0) return [];
  const header = `{|\n! ${table.labels.join(' !! ')}\n`;
  const doc = readDocument(`${header}${lines.map((l) => `|-\n${l}\n`).join('')}|}\n`);
  return (doc.tables[0]?.rows ?? []).filter((r) => r.width === table.headers.length && events.includes(cellValue(r, 'Event') ?? ''));
}

/**
 * The uses of a limited action (once per phase, three times a week…) counted for `player`: the page's own count
 * (`onPage`: the Used this phase cell, Limited tables this week…), and the bot's record — its rows of `event` that
 * `within` keeps and that name a request, one per request (a row written again counts once), without the requests a
 * luck reroll declared not to have happened (its row, on the page or in the record, names them). A use whose row a
 * person deleted from the page is added to the page's count (they took it out of the cell too, or the row alone;
 * one older than the page's first row was archived, not deleted); and never fewer than the record holds. A player who wipes a use from the page has still used it.
 */
export function usesCounted(
  onPage: number,
  input: Pick<ActionInput<KindedRuleset>, 'page' | 'record'>,
  event: string,
  player: string,
  within: (row: Row) => boolean,
): number {
  const table = findStateTable(documentOf(input.page.text, input.page.title), historyTable);
  if (table === undefined) return onPage;
  const rows = recordRows(input.record ?? '', table, [event, REROLL_EVENT]);
  const reason = (r: Row) => cellValue(r, 'Reason') ?? '';
  const undone = new Set([...table.rows, ...rows].flatMap((r) => (cellValue(r, 'Event') === REROLL_EVENT ? (REROLLED.exec(reason(r))?.[1] ?? []) : [])));
  const keyOf = (r: Row) => (cellValue(r, 'Event') === event && cellValue(r, 'Player') === player ? NAMED_REQUEST.exec(reason(r))?.[1] : undefined);
  const shown = new Set(table.rows.map(keyOf));
  // A use is a request the referee performed: a row of the same event written otherwise (an auction's Work of Art) is none.
  const uses = new Set(
    rows
      .filter(within)
      .flatMap((r) => keyOf(r) ?? [])
      .filter((key) => !undone.has(key)),
  );
  // The oldest rows leave the page by the bot's own edit (archived to a History subpage, which is not read): a
  // row older than the page's first is not one a person deleted.
  const first = table.rows[0] && cellValue(table.rows[0], TIME);
  const deleted = new Set(
    rows.flatMap((r) => {
      const key = keyOf(r);
      const archived = first !== undefined && (cellValue(r, TIME) ?? '') < first;
      return key !== undefined && uses.has(key) && !shown.has(key) && !archived ? [key] : [];
    }),
  );
  return Math.max(onPage + deleted.size, uses.size);
}

const TIME = 'Time (UTC)';

/** A predicate of `usesCounted`: the row's Phase cell is `phase`. */
export const inPhase =
  (phase: number) =>
  (r: Row): boolean =>
    cellValue(r, 'Phase') === String(phase);
