// MediaWiki answers an edit before it has recorded all of it: the recent-changes row and the change tags are
// written by a deferred update after the answer (RecentChange::notifyEdit, POSTSEND, in 1.39 and 1.43 alike).
// For that moment a person's fresh undo reads as an untagged edit: a bot reading it then would take the revert
// for an ordinary edit and make its reverted edit again (CI caught a daemon doing so, 2 s after an undo).
// The row and the tags are written in one transaction, so a revision whose row is listed has its final tags.
// A revision counts as recorded when its row is listed (its tags are taken from the row), or when it is older
// than RECORDING_MS (edits saved with no row at all: imports, rows expired from recent changes). Reading the
// rows costs no request of its own: they are asked for in the request that reads the revisions.
import { WikiError } from './errors.ts';
import type { Requester } from './pages.ts';

/** A revision older than this (by the wiki's clock) is taken as recorded even without a recent-changes row. */
const RECORDING_MS = 60_000;
/** The pauses of a read waiting for MediaWiki to record a fresh revision (6.3 s in all) before it gives up. */
const WAITS_MS = [100, 200, 400, 800, 1600, 3200];

/** Parameters listing, in the same query, the recent-changes rows of the latest revisions of recently changed pages. */
export const LATEST_ROWS = { list: 'recentchanges', rcprop: 'ids|tags', rctoponly: true, rclimit: 50 } as const;
/** Parameters listing, in the same query, the recent-changes rows of one page. */
export const pageRows = (title: string) => ({ list: 'recentchanges', rctitle: title, rcprop: 'ids|tags', rclimit: 50 }) as const;

interface RowsResponse {
  curtimestamp?: string;
  query?: { recentchanges?: { revid?: number; tags?: string[] }[] };
}

/** The listed rows' tags by revision. */
export function rowsOf(res: unknown): Map<number, string[]> {
  const rows = (res as RowsResponse).query?.recentchanges ?? [];
  return new Map(rows.filter((r) => typeof r.revid === 'number' && r.revid > 0).map((r) => [r.revid!, r.tags ?? []]));
}

/** Whether a revision saved at `timestamp` may still be unrecorded at `readAt` (the read's curtimestamp). */
export function fresh(timestamp: string, readAt: string | undefined): boolean {
  const age = Date.parse(readAt ?? '') - Date.parse(timestamp);
  return Number.isFinite(age) && age < RECORDING_MS;
}

interface Revision {
  revid: number;
  timestamp: string;
  tags: string[];
}

/**
 * `revs` (of `title`, read at `readAt` with the rows `rows`) with their final tags: a listed row's tags, else the
 * revision's own once it is old enough. A fresh revision with no row is waited for (the page's rows read again);
 * still unrecorded after the waits, the read fails (`unrecorded`, retried by the next run) rather than guess.
 */
export async function withFinalTags<R extends Revision>(
  client: Requester,
  title: string,
  revs: readonly R[],
  rows: ReadonlyMap<number, string[]>,
  readAt: string | undefined,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<R[]> {
  const known = new Map(rows);
  const pending = () => revs.filter((r) => !known.has(r.revid) && fresh(r.timestamp, readAt)).map((r) => r.revid);
  for (const ms of WAITS_MS) {
    if (pending().length === 0) break;
    await wait(ms);
    const res = await client.request({ action: 'query', ...pageRows(title), formatversion: 2 }, { page: title });
    for (const [revid, tags] of rowsOf(res)) known.set(revid, tags);
  }
  const left = pending();
  if (left.length > 0)
    throw new WikiError({
      code: 'unrecorded',
      page: title,
      message: `"${title}": MediaWiki has not finished recording revision ${left.join(', ')} (no recent-changes row yet), so whether it reverts the bot cannot be read from its change tags: no edit this time`,
    });
  return revs.map((r) => (known.has(r.revid) ? { ...r, tags: known.get(r.revid)! } : r));
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
