// MediaWiki's automatic merge, as save.ts sees it. An edit sent with `baserevid` while someone else saved
// meanwhile is not refused when the two edits touch different lines: MediaWiki merges the bot's diff onto the
// newer revision and saves that. The bot's transform never saw the newer text, so whenever the other edit
// changed something the transform reads, the merged page is wrong. The new revision's parent tells: a
// parent other than the base sent means a merge. Here: that check, the revisions involved, and the words
// the edit summary and the History use for it.
//
// The save corrects a merge right after it; a process killed between the merged save and its correction
// would leave the merged page behind, and a later run, whose transform finds nothing due on it, would keep it.
// So every edit summary of the bot records the base revision it was computed on ("(base rev 123)"), and
// every save first looks at the bot's own latest revision of the page (pendingMerge): a parent other than
// its recorded base is a merge no run corrected, and the save corrects it before anything else.
import { WikiError } from './errors.ts';
import type { PageRevision, Requester } from './pages.ts';
import { botRevertsIn } from './reverts.ts';
import { pageRows, rowsOf, withFinalTags } from './recording.ts';

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
  /** Found by a later save: the run that saved the merged revision stopped before it could correct it. */
  late?: boolean;
}

interface RevisionsResponse {
  curtimestamp?: string;
  query?: {
    pages?: {
      missing?: boolean;
      revisions?: {
        revid: number;
        parentid: number;
        user?: string;
        userhidden?: boolean;
        timestamp: string;
        comment?: string;
        sha1?: string;
        tags?: string[];
        slots?: { main?: { content?: string; texthidden?: boolean } };
      }[];
    }[];
  };
}

/** A revision as the history lists it. */
export interface ListedRevision extends ConcurrentEdit {
  parentid: number;
  /** The edit summary ('' when hidden). */
  comment: string;
  /** MediaWiki's change tags (reverts are read from them, src/wiki/reverts.ts). */
  tags: string[];
  sha1?: string;
}

/**
 * The revisions of `title` after `after` up to `upTo` (included), oldest first; those not by `bot` (when given)
 * with their final tags (src/wiki/recording.ts).
 */
export async function revisionsBetween(client: Requester, title: string, after: number, upTo: number, bot?: string): Promise<ListedRevision[]> {
  return (await revisionsFrom(client, title, after, upTo, bot)).filter((r) => r.revid !== after);
}

/** The revisions of `title` from `from` to `upTo` (both included), oldest first; as revisionsBetween. */
async function revisionsFrom(client: Requester, title: string, from: number, upTo: number, bot?: string): Promise<ListedRevision[]> {
  const res = (await client.request(
    {
      action: 'query',
      prop: 'revisions',
      titles: title,
      rvprop: 'ids|user|timestamp|comment|tags|sha1',
      rvstartid: upTo,
      rvendid: from,
      rvlimit: 'max',
      curtimestamp: true,
      formatversion: 2,
      ...(bot === undefined ? {} : pageRows(title)),
    },
    { page: title },
  )) as RevisionsResponse;
  const revs = (res.query?.pages?.[0]?.revisions ?? []).map(listed).reverse();
  if (revs.at(-1)?.revid !== upTo)
    throw new WikiError({ code: 'bad-response', page: title, message: `"${title}": the wiki does not list its revision ${upTo}` });
  if (bot === undefined) return revs;
  const others = await withFinalTags(
    client,
    title,
    revs.filter((r) => r.user !== bot),
    rowsOf(res),
    res.curtimestamp,
  );
  const byId = new Map(others.map((r) => [r.revid, r]));
  return revs.map((r) => byId.get(r.revid) ?? r);
}

const listed = (r: {
  revid: number;
  parentid: number;
  user?: string;
  timestamp: string;
  comment?: string;
  sha1?: string;
  tags?: string[];
}): ListedRevision => ({
  revid: r.revid,
  parentid: r.parentid,
  user: r.user ?? '',
  timestamp: r.timestamp,
  comment: r.comment ?? '',
  tags: r.tags ?? [],
  ...(r.sha1 === undefined ? {} : { sha1: r.sha1 }),
});

/** Revisions by id, of any pages, as the history lists them: one request. */
export async function listedRevisions(client: Requester, revids: readonly number[], page?: string): Promise<Map<number, ListedRevision>> {
  const res = (await client.request(
    { action: 'query', prop: 'revisions', revids: [...new Set(revids)], rvprop: 'ids|user|timestamp|comment|tags|sha1', formatversion: 2 },
    { page },
  )) as RevisionsResponse;
  return new Map((res.query?.pages ?? []).flatMap((p) => p.revisions ?? []).map((r) => [r.revid, listed(r)]));
}

/** Revisions of `title` with their text and author, by revid. */
export async function revisionTexts(client: Requester, title: string, revids: readonly number[]): Promise<Map<number, PageRevision>> {
  const res = (await client.request(
    {
      action: 'query',
      prop: 'revisions',
      revids: [...new Set(revids)],
      rvprop: 'ids|timestamp|user|content',
      rvslots: 'main',
      curtimestamp: true,
      formatversion: 2,
    },
    { page: title },
  )) as RevisionsResponse;
  const out = new Map<number, PageRevision>();
  for (const r of res.query?.pages?.flatMap((p) => p.revisions ?? []) ?? []) {
    const text = r.slots?.main?.content;
    const user = r.user === undefined ? {} : { user: r.user };
    if (typeof text === 'string') out.set(r.revid, { title, text, revid: r.revid, timestamp: r.timestamp, ...user, readAt: res.curtimestamp });
  }
  for (const id of revids) {
    if (!out.has(id))
      throw new WikiError({ code: 'bad-response', page: title, message: `"${title}": the wiki gave no text for revision ${id} (hidden or deleted?)` });
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
  const late = m.late ? ' and the run that saved it stopped before correcting it' : '';
  return `MediaWiki merged the bot's edit (${describeRevisions(m.merged)}) with a concurrent edit (${describeEdits(m.edits)})${late}; recomputed on revision ${m.on}`;
}

/** MediaWiki keeps at most this many characters of an edit summary. */
const SUMMARY_CHARS = 500;
const BASE_MARK = /\(base rev (\d+)\)$/;

/** The summary, then `keep` (a merge's note) and the base revision the edit was computed on at its end: the summary is shortened to fit, never what follows it. */
export function withBase(summary: string, base: number, keep = ''): string {
  const mark = ` (base rev ${base})`;
  const chars = Array.from(summary);
  const room = SUMMARY_CHARS - mark.length - Array.from(keep).length;
  return `${chars.length > room ? `${chars.slice(0, room - 1).join('')}…` : summary}${keep}${mark}`;
}

/** The base revision a summary of the bot records (withBase), if any. */
export function recordedBase(comment: string): number | undefined {
  const m = BASE_MARK.exec(comment);
  return m ? Number(m[1]) : undefined;
}

/** The bot's revisions a correction's summary names as merged (describeMerge), or [] for an ordinary edit. */
function correctedRevisions(comment: string): number[] {
  const m = /MediaWiki merged the bot's edit \(revisions? ([\d, ]+)\)/.exec(comment);
  return m ? m[1]!.split(',').map((x) => Number(x.trim())) : [];
}

/** The bot's latest revision of a page, as the history lists it. */
export interface BotRevision {
  revid: number;
  parentid: number;
  comment: string;
}

/** A merged revision of the bot's that no save corrected, found by the next save of the page. */
export interface PendingMerge {
  /** The bot's merged revision. */
  revid: number;
  /** Its parent: the others' edit it was merged onto. */
  parent: number;
  /** The base its summary records: the revision its run read and computed on. */
  base: number;
  /** The others' edits between the base the bot had read and its merged revision, oldest first. */
  edits: ConcurrentEdit[];
  /** The same, as the history lists them (with their change tags: a revert of the bot among them stops the save). */
  others: ListedRevision[];
  /**
   * When the merged revision was itself a correction: the bot's earlier merged revisions it replaced. The text
   * that correction was computed on is not on the wiki, so it cannot be taken out again: the save refuses.
   */
  corrected: number[];
}

/**
 * Whether the bot's latest revision of `title` (`latest`, else looked up: the page's current revision `page`
 * is someone else's) was merged with others and never corrected. Not pending: no such revision, one without a
 * recorded base (saved by an older Croupier), one whose parent is its base, or one a person has reverted since —
 * every bot revision it names, by an undo, a rollback or a manual revert, as MediaWiki's change tags record it
 * (they took the page in hand; a summary's words count for nothing).
 */
export async function pendingMerge(
  client: Requester,
  title: string,
  bot: string,
  page: { revid: number },
  latest?: BotRevision,
): Promise<PendingMerge | undefined> {
  const mine = latest ?? (await latestRevisionBy(client, title, bot));
  if (!mine) return undefined;
  const base = recordedBase(mine.comment);
  if (base === undefined || base === mine.parentid) return undefined;
  const corrected = correctedRevisions(mine.comment);
  // One request: from the base the bot read (a revert may restore it) to now — the edits its merged revision
  // was merged with, and any revert of it since.
  const history = await revisionsFrom(client, title, base, page.revid, bot);
  const reverted = new Set(botRevertsIn(title, [...history].reverse(), bot, mine.revid).flatMap((r) => r.reverted));
  if ([mine.revid, ...corrected].every((id) => reverted.has(id))) return undefined;
  const others = history.filter((r) => r.revid > base && r.revid < mine.revid);
  const edits = others.map(({ revid, user, timestamp }) => ({ revid, user, timestamp }));
  return { revid: mine.revid, parent: mine.parentid, base, edits, others, corrected };
}

async function latestRevisionBy(client: Requester, title: string, user: string): Promise<BotRevision | undefined> {
  const res = (await client.request(
    { action: 'query', prop: 'revisions', titles: title, rvprop: 'ids|user|timestamp|comment', rvuser: user, rvlimit: 1, formatversion: 2 },
    { page: title },
  )) as RevisionsResponse;
  const r = res.query?.pages?.[0]?.revisions?.[0];
  return r ? listed(r) : undefined;
}
