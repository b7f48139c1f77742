// A person who reverts a bot's edit is saying "this is wrong": the bot must not make it again. Reverts are read
// from MediaWiki's own change tags (1.36+), never from the summary's words (they depend on the language and
// the person): `mw-undo`, `mw-rollback` and `mw-manual-revert` on the person's revision, `mw-reverted` on the
// reverted one. The last is added by a job that a wiki may run late (or, with $wgJobRunRate = 0, only from
// cron), so which revisions a revert took back is read from the revisions themselves: a revert restores an
// older revision's text (same sha1), and the revisions between that one and the revert are the reverted ones.
// An undo of an edit that others edited after has no earlier twin: then the `mw-reverted` tags tell.
//
// The check costs one request for the latest revision of every page of a game, and one more for each page
// whose latest revision is newer than the newest the previous check saw (its last 50 revisions).
import type { Requester } from './pages.ts';
import { fresh, LATEST_ROWS, pageRows, rowsOf, withFinalTags } from './recording.ts';

export const REVERT_TAGS = { 'mw-undo': 'undo', 'mw-rollback': 'rollback', 'mw-manual-revert': 'manual revert' } as const;
export type RevertHow = (typeof REVERT_TAGS)[keyof typeof REVERT_TAGS];

/** One revision as the history lists it with its tags. */
export interface TaggedRevision {
  revid: number;
  parentid: number;
  /** '' when hidden. */
  user: string;
  timestamp: string;
  sha1?: string;
  tags: string[];
}

/** A person's revert of some of the bot's revisions of a page. */
export interface BotRevert {
  page: string;
  /** The person's revision. */
  revid: number;
  user: string;
  timestamp: string;
  how: RevertHow;
  /** The bot's revisions it took back, oldest first. */
  reverted: number[];
}

const howOf = (tags: readonly string[]): RevertHow | undefined => tags.map((t) => REVERT_TAGS[t as keyof typeof REVERT_TAGS]).find((h) => h !== undefined);

/**
 * The reverts of the bot's revisions among `history` (one page's revisions, newest first), made after revision
 * `after`. Pure. A revert by the bot itself is not one (MediaWiki tags a bot edit that puts back what a person
 * removed `mw-manual-revert`), nor is a person's revert that took back only others' edits.
 */
export function botRevertsIn(page: string, history: readonly TaggedRevision[], bot: string, after: number): BotRevert[] {
  const out: BotRevert[] = [];
  history.forEach((r, i) => {
    const how = howOf(r.tags);
    if (r.revid <= after || how === undefined || r.user === bot) return;
    const restored = restoredBy(history, i);
    // Between the restored revision and the revert; without one (an undo under later edits), the tagged ones it wrote.
    const taken = restored >= 0 ? history.slice(i + 1, restored) : history.filter((_, k) => k > i && taggedBy(history, k) === i);
    const reverted = taken
      .filter((o) => o.user === bot)
      .map((o) => o.revid)
      .reverse();
    if (reverted.length > 0) out.push({ page, revid: r.revid, user: r.user, timestamp: r.timestamp, how, reverted });
  });
  return out.reverse();
}

interface ApiRevisions {
  curtimestamp?: string;
  query?: {
    pages?: {
      title: string;
      missing?: boolean;
      revisions?: { revid: number; parentid?: number; user?: string; timestamp: string; sha1?: string; tags?: string[] }[];
    }[];
  };
}

const tagged = (r: NonNullable<NonNullable<ApiRevisions['query']>['pages']>[number]['revisions'] & object) =>
  r.map(
    (x): TaggedRevision => ({
      revid: x.revid,
      parentid: x.parentid ?? 0,
      user: x.user ?? '',
      timestamp: x.timestamp,
      ...(x.sha1 ? { sha1: x.sha1 } : {}),
      tags: x.tags ?? [],
    }),
  );

/** How many revisions before a revert MediaWiki looks for the one it restored (`$wgManualRevertSearchRadius`'s default). */
export const REVERT_RADIUS = 15;

/**
 * The revisions among `history` (one page's, newest first) that a person's later revision among them took back: those
 * between a revision and the older one whose text it restored (the same sha1), and those MediaWiki tagged
 * `mw-reverted` when a person's revert restored no older text (an undo under later edits). A revert that was itself
 * taken back takes nothing back, nor does a revision of the bot (`bot`): its edit of its own region that happens to
 * restore an older text (card tables written back after a price went back) is no one taking back the revisions
 * between, though MediaWiki tags it a manual revert and them `mw-reverted`. Pure.
 */
export function revertedAmong(history: readonly Pick<TaggedRevision, 'revid' | 'sha1' | 'tags' | 'user'>[], bot?: string): Set<number> {
  const person = (r: Pick<TaggedRevision, 'user'>) => bot === undefined || r.user !== bot;
  // A tag counts when the revert that wrote it is a person's that restored no older text (one that did is read below).
  const byUndo = (k: number) => {
    const j = taggedBy(history, k);
    return j >= 0 && person(history[j]!) && restoredBy(history, j) < 0;
  };
  const reverted = new Set(history.filter((_, k) => byUndo(k)).map((r) => r.revid));
  history.forEach((r, i) => {
    if (reverted.has(r.revid) || !person(r)) return;
    const restored = restoredBy(history, i);
    for (const o of history.slice(i + 1, Math.max(i + 1, restored))) reverted.add(o.revid);
  });
  return reverted;
}

/**
 * The index in `history` (newest first) of the older revision whose text the one at `i` restored (the same sha1), or
 * -1 (none, or not read yet). By the sha1 alone, as MediaWiki finds a manual revert: its tags are written after it
 * answers the edit, so a revision read at once may not carry them yet.
 */
export function restoredBy(history: readonly Pick<TaggedRevision, 'sha1'>[], i: number): number {
  const { sha1 } = history[i]!;
  return sha1 ? history.findIndex((o, j) => j > i && o.sha1 === sha1) : -1;
}

/**
 * The index in `history` (newest first) of the revert that wrote the `mw-reverted` tag of the revision at `k`, or -1
 * (untagged, or no revert read). The tag does not say: it is the nearest newer revert that could have, one that
 * restored no older text (an undo under later edits) or one whose restored text is older than the revision. Without
 * this, a person's undo of anyone's edit counted every tagged revision before it, the bot's reverted long ago
 * included, as taken back by it. Pure.
 */
export function taggedBy(history: readonly Pick<TaggedRevision, 'sha1' | 'tags'>[], k: number): number {
  if (!history[k]!.tags.includes('mw-reverted')) return -1;
  for (let j = k - 1; j >= 0; j--) {
    const restored = restoredBy(history, j);
    if (restored < 0 ? isRevert(history[j]!) : restored > k) return j;
  }
  return -1;
}

/** Whether the revision's tags say it reverts others (an undo, a rollback, a manual revert). */
export const isRevert = (r: Pick<TaggedRevision, 'tags'>): boolean => howOf(r.tags) !== undefined;

/**
 * Whether `page` (its latest revision, as readPages read it) is a person's revert of the bot's edits: then the bot
 * must not save over it. Costs nothing unless that revision carries a revert tag (then one history request).
 */
export async function revertOfBot(
  client: Requester,
  page: { title: string; revid: number; user?: string; tags?: string[]; recorded?: boolean },
  bot: string,
): Promise<BotRevert | undefined> {
  if (page.user === undefined || page.user === bot) return undefined;
  // A fresh revision whose tags MediaWiki has not written yet may still be a revert: its history is read (and waited for).
  if (page.recorded !== false && howOf(page.tags ?? []) === undefined) return undefined;
  return (await pageReverts(client, page.title, bot, page.revid - 1))[0];
}

/**
 * The reverts of the bot's edits of `title` saved after revision `after` (what a save had read): `listed`, when
 * given, are those revisions with their tags, and cost nothing unless one of them is a person's revert (then one
 * history request, to find what it restored); without them, one history request.
 */
export async function botRevertsSince(
  client: Requester,
  title: string,
  bot: string,
  after: number,
  listed?: readonly { user?: string; tags?: readonly string[]; recorded?: boolean }[],
): Promise<BotRevert[]> {
  if (listed && !listed.some((r) => r.user !== bot && (r.recorded === false || howOf(r.tags ?? []) !== undefined))) return [];
  return pageReverts(client, title, bot, after);
}

async function pageReverts(client: Requester, title: string, bot: string, after: number): Promise<BotRevert[]> {
  const res = (await client.request(
    {
      action: 'query',
      prop: 'revisions',
      titles: title,
      rvprop: 'ids|user|tags|timestamp|sha1',
      rvlimit: REVERT_LOOKBACK,
      curtimestamp: true,
      formatversion: 2,
      ...pageRows(title),
    },
    { page: title },
  )) as ApiRevisions;
  const history = tagged(res.query?.pages?.[0]?.revisions ?? []);
  // The people's revisions since `after` must carry their final tags: one not yet recorded is waited for.
  const final = await withFinalTags(
    client,
    title,
    history.filter((r) => r.revid > after && r.user !== bot),
    rowsOf(res),
    res.curtimestamp,
  );
  const byId = new Map(final.map((r) => [r.revid, r]));
  return botRevertsIn(
    title,
    history.map((r) => byId.get(r.revid) ?? r),
    bot,
    after,
  );
}

/** How many revisions of a changed page are read to find what a revert restored. */
export const REVERT_LOOKBACK = 50;

/**
 * The bot's reverted revisions on `titles` since the previous check: `seen` gives, per page, the newest
 * revision that check looked at (absent: never checked, then only the page's latest revision counts). Returns
 * the reverts found and the new `seen`. Missing pages are skipped.
 */
export async function findBotReverts(
  client: Requester,
  titles: readonly string[],
  bot: string,
  seen: Readonly<Record<string, number>>,
): Promise<{ reverts: BotRevert[]; seen: Record<string, number> }> {
  const wanted = [...new Set(titles)];
  const latest = (await client.request({
    action: 'query',
    prop: 'revisions',
    titles: wanted,
    rvprop: 'ids|user|tags|timestamp',
    curtimestamp: true,
    formatversion: 2,
    ...LATEST_ROWS,
  })) as ApiRevisions;
  const rows = rowsOf(latest);
  const reverts: BotRevert[] = [];
  const next: Record<string, number> = { ...seen };
  for (const p of latest.query?.pages ?? []) {
    const top = p.revisions?.[0];
    if (p.missing || !top) continue;
    const before = seen[p.title];
    next[p.title] = top.revid;
    if (before !== undefined && top.revid <= before) continue;
    // Only the bot's own edit since: nothing to look at.
    if (before !== undefined && top.user === bot && top.parentid === before) continue;
    // Never checked: only a revert as the latest revision counts (one too fresh to have its tags is looked at).
    const recorded = rows.has(top.revid) || !fresh(top.timestamp, latest.curtimestamp);
    if (before === undefined && recorded && howOf(rows.get(top.revid) ?? top.tags ?? []) === undefined) continue;
    reverts.push(...(await pageReverts(client, p.title, bot, before ?? top.revid - 1)));
  }
  return { reverts, seen: next };
}
