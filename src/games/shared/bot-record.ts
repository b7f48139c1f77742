import { readDocument } from '../../parse/document.ts';
import type { Row, Table } from '../../parse/model.ts';

// The History rows the bot itself wrote, for an action whose check reads the History as a record: a row that
// entitles a player to something (Round 10's Fortune row: a roll to ask for) or that marks something done once
// (a Landing, a Combo, a Fortune rolled). The page's History is text anyone can type: a row typed to look like
// the bot's would entitle its author, and deleting one of the bot's would let a draw be made twice. The bot's
// record (src/jobs/request-lines.ts#botAddedLines: the lines its own revisions added to the Gamestate page) is
// not: a row there is the bot's, as it wrote it, even when a person deleted or altered it on the page since.

/**
 * The rows of `table` (the page's History table) that the bot's `record` holds: each line of the record that is a
 * row of one line, read with the table's own headers (every game writes its History rows one line each).
 */
export function recordRows(record: string, table: Table): Row[] {
  const lines = record.split('\n').filter((l) => /^\|(?![-}+])/.test(l) && l.includes('||'));
  if (lines.length === 0) return [];
  const header = `{|\n! ${table.labels.join(' !! ')}\n`;
  const doc = readDocument(`${header}${lines.map((l) => `|-\n${l}\n`).join('')}|}\n`);
  // Lines of other tables (a Players row the bot changed) are read with these headers too: they are told apart by
  // their cells (an Event cell that is an event), as the page's own rows are.
  return doc.tables[0]?.rows.filter((r) => r.width === table.headers.length) ?? [];
}
