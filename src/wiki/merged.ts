// MediaWiki's automatic merge, as save.ts sees it. An edit sent with `baserevid` while someone else saved
// meanwhile is not refused when the two edits touch different lines: MediaWiki merges the bot's diff onto the
// newer revision and saves that. The bot's transform never saw the newer text, so whenever the other edit
// changed something the transform reads, the merged page is wrong. The new revision's parent tells: a
// parent other than the base sent means a merge. Here: that check, the revisions involved, and the words
// the edit summary and the History use for it.
import { WikiError } from './errors.ts';
import type { PageRevision, Requester } from './pages.ts';

/** Another edit MediaWiki merged with one of the bot's. */
export interface ConcurrentEdit {
  revid: number;
  /** '' when hidden. */
  user: string;
  timestamp: string;
}

/** What the transform is told when it is recomputed because MediaWiki merged the save's edit with others. */
export interface MergeContext {
  /** The save's own revisions that MediaWiki merged with other edits, oldest first: they are being replaced. */
  merged: number[];
  /** The other edits they were merged with, oldest first. */
  edits: ConcurrentEdit[];
  /** The revision whose text (the others' edits, without the save's own) the transform now runs on. */
  on: number;
}

interface RevisionsResponse {
  curtimestamp?: string;
  query?: {
    pages?: { missing?: boolean; revisions?: { revid: number; parentid: number; user?: string; userhidden?: boolean; timestamp: string; slots?: { main?: { content?: string; texthidden?: boolean } } }[] }[];
  };
}

/** A revision as the history lists it. */
export interface ListedRevision extends ConcurrentEdit {
  parentid: number;
}

/** The revisions of `title` after `after` up to `upTo` (included), oldest first. */
export async function revisionsBetween(client: Requester, title: string, after: number, upTo: number): Promise<ListedRevision[]> {
  const res = (await client.request(
    { action: 'query', prop: 'revisions', titles: title, rvprop: 'ids|user|timestamp', rvstartid: upTo, rvendid: after, rvlimit: 'max', formatversion: 2 },
    { page: title },
  )) as RevisionsResponse;
  const revs = (res.query?.pages?.[0]?.revisions ?? [])
    .filter((r) => r.revid !== after)
    .map((r) => ({ revid: r.revid, parentid: r.parentid, user: r.user ?? '', timestamp: r.timestamp }))
    .reverse();
  if (revs.at(-1)?.revid !== upTo) throw new WikiError({ code: 'bad-response', page: title, message: `"${title}": the wiki does not list its revision ${upTo}` });
  return revs;
}

/** Revisions of `title` with their text, by revid. */
export async function revisionTexts(client: Requester, title: string, revids: readonly number[]): Promise<Map<number, PageRevision>> {
  const res = (await client.request(
    { action: 'query', prop: 'revisions', revids: [...new Set(revids)], rvprop: 'ids|timestamp|content', rvslots: 'main', curtimestamp: true, formatversion: 2 },
    { page: title },
  )) as RevisionsResponse;
  const out = new Map<number, PageRevision>();
  for (const r of res.query?.pages?.flatMap((p) => p.revisions ?? []) ?? []) {
    const text = r.slots?.main?.content;
    if (typeof text === 'string') out.set(r.revid, { title, text, revid: r.revid, timestamp: r.timestamp, readAt: res.curtimestamp });
  }
  for (const id of revids) {
    if (!out.has(id)) throw new WikiError({ code: 'bad-response', page: title, message: `"${title}": the wiki gave no text for revision ${id} (hidden or deleted?)` });
  }
  return out;
}

/** "revision 12", "revisions 12, 14" */
export const describeRevisions = (ids: readonly number[]): string => (ids.length === 1 ? `revision ${ids[0]}` : `revisions ${ids.join(', ')}`);

/** "revision 12 (Player)", "revisions 12 (Player), 13 (Admin)" */
export function describeEdits(edits: readonly ConcurrentEdit[]): string {
  const one = (e: ConcurrentEdit) => `${e.revid} (${e.user || 'hidden user'})`;
  return `${edits.length === 1 ? 'revision' : 'revisions'} ${edits.map(one).join(', ')}`;
}

/** The sentence the edit summary and the History carry. */
export function describeMerge(m: MergeContext): string {
  return `MediaWiki merged the bot's edit (${describeRevisions(m.merged)}) with a concurrent edit (${describeEdits(m.edits)}); recomputed on revision ${m.on}`;
}
