import { normaliseHeader, type Table } from '../../parse/document.ts';
import { FieldError, readInstant } from './fields.ts';
import { HISTORY_COLUMNS } from './history.ts';

/** The latest readable time in a History table's Time column (unreadable cells are skipped: they are the bot's). */
export function latestHistoryTime(history: Table): Date | null {
  const key = normaliseHeader(HISTORY_COLUMNS[0]);
  let latest: Date | null = null;
  for (const row of history.rows) {
    try {
      const t = readInstant(row.cells[key]?.text);
      if (latest === null || t.getTime() > latest.getTime()) latest = t;
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
    }
  }
  return latest;
}
