// Conflict-safe saves: read → pure transform → action=edit with baserevid + starttimestamp (see below for
// why basetimestamp is deliberately not sent).
//
// - The page and the shutoff page are read in one request (or taken from `prefetched`, read by the caller
//   in its own batched request).
// - A human edit made between our read and our save is never overwritten: `baserevid` (exact, unlike the
//   one-second `basetimestamp`, which would even cancel it) makes MediaWiki report `editconflict` when the
//   edits touch the same lines — then we re-read and run the same transform again — and MERGE them when they
//   touch different lines. A merge is not the serial outcome when the other edit changed something the
//   transform reads, so every save is checked afterwards: a new revision whose parent is not the base we sent
//   was merged (merged.ts). Then the transform runs again on the other edit's revision — with `merge`, so it can
//   say so on the page — and if the merged text differs, a correcting edit based on the merged revision
//   replaces it; that edit is checked the same way (an edit saved after ours is carried over by a 3-way merge,
//   merge3.ts). Edit conflicts, merges and re-reads together: at most maxConflictRetries. Several saves' first checks
//   may go in one request (`checks`: a Gamestate page and its subpages, revision-checks.ts).
// - Across a crash: every summary records the base revision ("(base rev 123)"), and a save first looks at the
//   bot's own latest revision of the page; one whose parent is not its recorded base is a merge that its run,
//   stopped meanwhile, never corrected: the save corrects it the same way (merged.ts#pendingMerge).
// - A person's revert of the bot's edits (undo, rollback, manual revert: MediaWiki's change tags) is never made
//   again: the page's latest revision at the first read, and every revision saved since the save last looked —
//   after an edit conflict, a merge, a re-read, and under a merge a killed run left. Then no further edit (a
//   revert the pause already knows of excepted): the bot's own edit MediaWiki merged onto the revert is undone
//   (one edit), and the save throws `paused` (src/cron/pause.ts pauses the game).
// - A transform may give way to the others' edits it meets (`givesWay`: a late edit the run would change,
//   src/jobs/late-edits.ts): no edit, and the bot's edit MediaWiki had merged with theirs is undone (one edit).
// - No edit when the text is unchanged; guards (shutoff, {{nobots}}, page shrink) before every edit.
// - Dry run: the unified diff of what would be saved; nothing is written.
import { createHash } from 'node:crypto';
import { unifiedDiff } from './diff.ts';
import { sendEdit, type EditRequestContext } from './edit-attempt.ts';
import { WikiError, toWikiError } from './errors.ts';
import { cannotEdit, checkExclusion, shutoffReason, type ShutoffSettings } from './guards.ts';
import type { PageRevision, ReadOptions } from './pages.ts';
import { checkShrink, RegionError } from '../parse/regions.ts';
import { escapeWikitext } from '../parse/escape.ts';
import { merge3 } from './merge3.ts';
import type { RevisionChecks } from './revision-checks.ts';
import { botRevertsSince, revertOfBot, type BotRevert } from './reverts.ts';
import {
  describeEdits,
  describeMerge,
  describeRevisions,
  pendingMerge,
  revisionsBetween,
  revisionTexts,
  withBase,
  type ConcurrentEdit,
  type ListedRevision,
  type MergeContext,
} from './merged.ts';

export type { ConcurrentEdit, MergeContext } from './merged.ts';

export interface Edit {
  text: string;
  summary: string;
  /** Characters this edit moves to other pages (a Gamestate's computed blocks, to their subpages): not counted as the page shrinking. */
  movedOut?: number;
}

/**
 * Pure: may run more than once (after an edit conflict, or a merge). null or the same text: no edit.
 * After MediaWiki merged this save's edit with someone else's, `page` is their text without the save's
 * edit (what the bot must compute on); `merge` is given when the merged page is not that result and a
 * correcting edit will be saved, so the transform may say so on the page (a History row). `read` is given
 * when `page` holds others' edits saved after a page this save did not read: the page a killed run read, whose
 * merge this save corrects (their edits are the difference; a transform that weighs them reads it).
 */
export type Transform = (page: PageRevision, merge?: MergeContext, read?: PageRevision) => Edit | null;

export interface SaveOptions {
  /** Print nothing, write nothing: the result carries the diff of what would be saved. */
  dryRun?: boolean;
  /** Create the page if it does not exist (else a missing page is an error). */
  create?: boolean;
  /** Revisions already read by the caller in its own batched request (the page, and the shutoff page). */
  prefetched?: ReadonlyMap<string, PageRevision>;
  /** Override wiki.maxShrinkShare for this save. */
  maxShrinkShare?: number;
  /** Mark the edit minor. */
  minor?: boolean;
  /** Save even over a person's revert of the bot's edits (the Status page: the bot's report, not the game). */
  overReverts?: boolean;
  /** Test hook: runs after the transform, just before the edit request (e.g. to make a human edit in the window). */
  beforeEdit?: (page: PageRevision, edit: Edit, attempt: number) => Promise<void> | void;
  /** Test hook: runs when the wiki has saved an edit, before the save checks it for a merge (e.g. to kill the process there). */
  afterEdit?: (revid: number, attempt: number) => Promise<void> | void;
  /** Check the saved edit for a merge with other saves' checks, in one request (./revision-checks.ts). */
  checks?: RevisionChecks;
  /**
   * Errors of the transform by which it gives way to the others' edits (a late edit it would change: src/jobs/late-edits.ts):
   * thrown on a page MediaWiki merged this save's edit into, that edit is undone first (one edit), and the save throws
   * `gave-way`, the transform's error as its cause. Elsewhere no edit was made, and the error is thrown as it is.
   */
  givesWay?: (err: unknown) => boolean;
}

export interface SaveResult {
  title: string;
  /** The page was (or, in a dry run, would be) changed. */
  changed: boolean;
  /** The new revision (a real save that changed the page). */
  revid?: number;
  /** The revision the edit was based on (the last one read). */
  oldRevid?: number;
  /** Unified diff of the change ('' when none). */
  diff: string;
  /** The page's text before and after the change `diff` shows, when it changed (for src/wiki/diff.ts#saveDiff). */
  texts?: { before: string; after: string };
  /** How many times the transform ran on a new text (1 + edit conflicts + merges). */
  attempts: number;
  dryRun: boolean;
  /** The summary used (or that would be used). */
  summary?: string;
  /**
   * MediaWiki merged the edit with a concurrent one: which, and whether the merged page needed a correcting
   * edit (then `revid` is the correction) or already was what the bot computes on the concurrent edit.
   */
  merged?: MergeContext & { corrected: boolean };
  /** Things worth telling the operator (e.g. "the shutoff page says stop" in a dry run). */
  notes?: string[];
  /**
   * The page as this save left it, when the wiki holds exactly the text saved (no merge, and the new revision's
   * SHA-1, listed by the merge check, is that of the text), or as the save read it when it needed no edit: a caller
   * may use it instead of reading the page again.
   */
  page?: PageRevision;
}

/** What a save needs from the client. */
export interface SaveHost {
  readonly names: string[];
  readonly settings: { shutoff: ShutoffSettings | null; maxConflictRetries: number; maxShrinkShare: number };
  request(params: Record<string, unknown>, ctx?: EditRequestContext): Promise<unknown>;
  readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>>;
  /** Whether a revert of the bot is already known (to the pause of src/cron/pause.ts): then it does not stop this save. */
  knownRevert?: (revert: BotRevert) => Promise<boolean>;
}

/** MediaWiki strips trailing whitespace and turns CRLF into LF when it saves. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trimEnd();
}

/** After MediaWiki merged one of this save's edits: what the transform runs on until the page is right. */
interface Merged {
  ctx: MergeContext;
  /** The latest revision known (the merged one, or one saved after it). */
  latest: PageRevision;
  /** The page as the others' edits alone leave it: `latest` without this save's edits (revid: the latest other edit). */
  work: PageRevision;
  /** The revision MediaWiki merged this save's first edit onto (what undoing that edit goes back to). */
  parent: number;
  /** A merge a killed run left: the page that run read, when its text is still on the wiki (the transform's `read`). */
  read?: PageRevision;
}

export async function savePage(host: SaveHost, title: string, transform: Transform, opts: SaveOptions = {}): Promise<SaveResult> {
  const { shutoff, maxConflictRetries } = host.settings;
  const maxShrink = opts.maxShrinkShare ?? host.settings.maxShrinkShare;
  const dryRun = opts.dryRun === true;
  let pages: ReadonlyMap<string, PageRevision> | undefined = opts.prefetched;
  if (pages && (!pages.has(title) || (shutoff && !pages.has(shutoff.page)))) pages = undefined;
  let merged: Merged | undefined;
  let firstBase: number | undefined;
  let recomputed = 0; // re-reads and recomputations: edit conflicts, merges
  let saved: { revid: number; diff: string; texts: { before: string; after: string }; summary: string; corrections: number; page?: PageRevision } | undefined;
  let checkedPending = false;
  let checks = opts.checks;
  // Reverts of the bot are looked for (the Status page, the bot's report, is saved over them).
  const bot = opts.overReverts ? undefined : host.names[0];
  /** Every revision of the page up to this one has been looked at for a revert of the bot. */
  let lookedUpTo: number | undefined;

  const result = (attempts: number, notes: string[] = [], unchanged?: PageRevision): SaveResult => ({
    title,
    changed: saved !== undefined,
    oldRevid: firstBase,
    attempts,
    dryRun,
    diff: saved?.diff ?? '',
    ...(saved ? { revid: saved.revid, texts: saved.texts, summary: saved.summary } : {}),
    ...(saved?.page ? { page: saved.page } : !saved && unchanged && !dryRun ? { page: unchanged } : {}),
    ...(merged ? { merged: { ...merged.ctx, corrected: (saved?.corrections ?? 0) > 0 } } : {}),
    ...(notes.length ? { notes } : {}),
  });
  const giveUp = (attempt: number, cause?: unknown): WikiError =>
    merged
      ? uncorrected(
          title,
          merged.ctx,
          `the page kept changing (${attempt} attempts; ${merged.ctx.merged.length} of the bot's edits were merged with others)`,
          cause,
        )
      : new WikiError({
          code: 'conflict-retries',
          page: title,
          cause,
          message: `"${title}": still in conflict with other edits after ${attempt} attempts (re-read and recomputed ${attempt - 1} times); no edit made. Try again later.`,
        });

  /** A transform's error on the others' edits `m` went onto: the save gives way to them (`givesWay`), or throws it. */
  const giveWayTo =
    (m: Merged) =>
    async (err: unknown): Promise<never> => {
      throw opts.givesWay?.(err) ? await gaveWay(host, title, m, err) : err;
    };

  for (let attempt = 1; ; attempt++) {
    if (!pages) {
      const titles = shutoff ? [title, shutoff.page] : [title];
      pages = await host.readPages(titles, { allowMissing: shutoff ? (opts.create ? [title, shutoff.page] : [shutoff.page]) : opts.create ? [title] : false });
    }
    const page = pages.get(title)!;
    if (page.missing && !opts.create) throw new WikiError({ code: 'missing', page: title, message: `page "${title}" does not exist on the wiki` });
    firstBase ??= page.missing ? undefined : page.revid;
    const notes = guards(host, pages, title, dryRun);
    if (!page.missing && bot !== undefined) {
      notes.push(...(await lookForReverts(host, { title, bot, page, lookedUpTo, merged, dryRun })));
      lookedUpTo = page.revid;
    }
    // A merge of an earlier save that its run, stopped meanwhile, never corrected: corrected first.
    if (!checkedPending && !page.missing) {
      checkedPending = true;
      const late = await latePending(host, title, page);
      // Merged onto a person's revert of the bot: never corrected (that would make the reverted edit again) but undone.
      const revert = late && bot !== undefined ? await unknownRevert(host, title, bot, late.base, late.others) : undefined;
      if (revert && dryRun)
        return result(attempt, [
          ...notes,
          `revision ${revert.revid} reverts the bot's edit: a real run would undo revision ${late!.ctx.merged[0]} and make no other edit`,
        ]);
      if (revert) throw pausedBy(title, revert, await undoMerged(host, title, late!.ctx.merged[0]!, late!.ctx.on, revert));
      // Unless the merge needed no correction: then nothing is pending (no correction, nothing said of it), and
      // lines people rewrote since are theirs. Giving way to the others' edits (givesWay): the merged edit undone.
      try {
        if (late && !neededNoCorrection(title, transform, late)) merged = late;
      } catch (err) {
        await giveWayTo(late!)(err);
      }
    }
    // After a merge, someone saved again on top of it: their edit goes into the text the transform runs on.
    if (merged && page.revid !== merged.latest.revid) merged = await carryOver(host, title, merged, page);

    const work = merged?.work ?? page;
    const transformed = async (ctx?: MergeContext): Promise<Edit | null> => {
      try {
        return runTransform(transform, work, title, ctx, merged?.read);
      } catch (err) {
        // Giving way to the others' edits: the page holds them, without this save's merged edit.
        return merged ? giveWayTo(merged)(err) : Promise.reject(err);
      }
    };
    // The page the wiki must hold: the transform's text, or (after a merge) the others' edits alone.
    let edit = await transformed();
    let target = normalizeText(edit?.text ?? work.text);
    if (target === normalizeText(page.text)) return result(attempt, notes, merged ? undefined : page);
    if (merged) {
      // A correction: now the transform is told why, and may say it on the page.
      edit = await transformed(merged.ctx);
      target = normalizeText(edit?.text ?? work.text);
    }
    if (!page.missing) {
      try {
        checkShrink(page.text, target, maxShrink, title, edit?.movedOut);
      } catch (err) {
        throw toWikiError(err, title);
      }
    }
    const diff = unifiedDiff(title, page.text, target, {
      oldLabel: page.missing ? '(new page)' : `revision ${page.revid} (${page.timestamp})`,
      newLabel: dryRun ? 'dry run' : 'saved',
    });
    const change = { before: page.text, after: target };
    // The wiki said at the read that it would refuse this edit: refused before the edits it would have come with.
    const refused = cannotEdit(page, title);
    if (refused && !dryRun) throw refused;
    if (refused) notes.push(`${refused.message} (a real run would make no edit)`);
    if (dryRun)
      return {
        title,
        changed: true,
        oldRevid: firstBase,
        attempts: attempt,
        dryRun,
        diff,
        texts: change,
        summary: edit!.summary,
        ...(notes.length ? { notes } : {}),
      };
    if (merged && recomputed > maxConflictRetries) throw giveUp(attempt);
    const said = merged ? (edit?.summary ?? `Croupier: nothing to change on revision ${merged.ctx.on}`) : edit!.summary;
    const note = merged ? ` — ${escapeWikitext(describeMerge(merged.ctx))}` : '';
    // The base goes into the summary, so that a later save can tell a merge this run did not correct; the merge's
    // note and the base are the bot's record, kept whole when a long summary is cut to the wiki's limit.
    const summary = page.missing ? `${said}${note}` : withBase(said, page.revid, note);

    await opts.beforeEdit?.(page, { text: target, summary }, attempt);
    const answer = await sendEdit(host, page, { text: target, summary, minor: opts.minor });
    if ('conflict' in answer) {
      if (++recomputed > maxConflictRetries) throw giveUp(attempt, answer.conflict);
      pages = undefined;
      continue;
    }
    if ('nochange' in answer) {
      // The wiki already holds this text. If someone saved since our read, the transform has not seen it: again.
      if (answer.latest.revid === page.revid) return result(attempt, notes);
      if (++recomputed > maxConflictRetries) throw giveUp(attempt);
      pages = new Map([...pages, [title, answer.latest]]);
      continue;
    }
    const r = answer.saved;
    saved = { revid: r.newrevid, diff, texts: change, summary, corrections: (saved?.corrections ?? 0) + (merged ? 1 : 0) };
    if (page.missing) {
      // createonly: never merged, so the page holds the text sent (normalized as MediaWiki does).
      if (r.newtimestamp && host.names[0] !== undefined)
        saved.page = savedPage(
          page,
          target,
          { revid: r.newrevid, parentid: 0, user: host.names[0], timestamp: r.newtimestamp, comment: summary, tags: [] },
          r.pageid,
        );
      return result(attempt, notes);
    }
    await opts.afterEdit?.(r.newrevid, attempt);
    const found = await mergeOf(host, { title, bot, page, work, target, revid: r.newrevid, before: merged, checks });
    checks = undefined; // its first check only: a correction's is its own
    if ('clean' in found) {
      if (found.clean && !r.later) saved.page = savedPage(page, target, found.clean, page.pageid); // else the page has others' edits after it
      return result(attempt, notes);
    }
    lookedUpTo = r.newrevid;
    merged = found.merged;
    recomputed++;
    pages = new Map([...pages, [title, merged.latest]]);
  }
}

/** The guards of every attempt: the emergency shutoff and the page's exclusion of bots (in a dry run, notes). */
function guards(host: SaveHost, pages: ReadonlyMap<string, PageRevision>, title: string, dryRun: boolean): string[] {
  const page = pages.get(title)!;
  const notes: string[] = [];
  const shutoff = host.settings.shutoff;
  if (shutoff) {
    const sp = pages.get(shutoff.page);
    const why = shutoffReason(sp?.missing ? undefined : sp?.text, shutoff);
    if (why !== null) {
      if (!dryRun) throw new WikiError({ code: 'shutoff', page: shutoff.page, message: `emergency shutoff: ${why}` });
      notes.push(`emergency shutoff: ${why} (a real run would make no edit)`);
    }
  }
  if (!page.missing) {
    try {
      checkExclusion(page.text, host.names, title);
    } catch (err) {
      if (!dryRun) throw err;
      notes.push((err as Error).message);
    }
  }
  return notes;
}

/**
 * A person's revert of the bot's edits is never made again (src/cron/pause.ts pauses the game): at the first read,
 * the page's latest revision; after that (`lookedUpTo`), every revision saved since the save last looked (an edit
 * conflict, a re-read after `nochange`, an edit saved after a merged revision of the bot's). Throws `paused`; in a
 * dry run, the notes say it.
 */
async function lookForReverts(
  host: SaveHost,
  l: { title: string; bot: string; page: PageRevision; lookedUpTo: number | undefined; merged: Merged | undefined; dryRun: boolean },
): Promise<string[]> {
  const { title, bot, page, lookedUpTo, merged } = l;
  if (lookedUpTo === undefined) {
    // The bot's own undo is its giving way to a revert (undoMerged), or to a late edit (gaveWay): a revert still stops every save.
    const gaveWay = page.user === bot && page.tags?.includes('mw-undo') === true;
    const revert = gaveWay ? await unknownRevert(host, title, bot, 0) : await revertOfBot(host, page, bot);
    if (revert && !l.dryRun && !(await host.knownRevert?.(revert))) throw pausedBy(title, revert);
    return revert && l.dryRun ? [`revision ${revert.revid} reverts the bot's edit: a real run would make no edit`] : [];
  }
  if (page.revid <= lookedUpTo) return [];
  const revert = await unknownRevert(host, title, bot, lookedUpTo, page.parentid === lookedUpTo ? [page] : undefined);
  // This save's merged edits stay on the page unless the person took them all back.
  if (revert) throw pausedBy(title, revert, merged && !merged.ctx.merged.every((id) => revert.reverted.includes(id)) ? stillMerged(merged.ctx) : undefined);
  return [];
}

/** The page as the bot's own save left it: known without reading it again. */
function savedPage(
  page: PageRevision,
  text: string,
  rev: Pick<ListedRevision, 'revid' | 'parentid' | 'user' | 'timestamp' | 'comment' | 'tags'>,
  pageid: number | undefined,
): PageRevision {
  const { revid, parentid, user, timestamp, comment, tags } = rev;
  return { title: page.title, text, revid, timestamp, parentid, user, comment, tags, ...(typeof pageid === 'number' ? { pageid } : {}), readAt: timestamp };
}

/**
 * Whether MediaWiki merged the bot's edit `revid`, sent on `page`, with edits saved since: `clean` when not (its
 * parent is the base sent; the revision, when it holds exactly the text sent), else what the transform runs on
 * next. Merged onto a person's revert of the bot, it is never corrected (that would make the reverted edit
 * again) but undone, and the save refused; merged so that the others' edits cannot be told apart, refused.
 */
async function mergeOf(
  host: SaveHost,
  m: {
    title: string;
    bot: string | undefined;
    page: PageRevision;
    work: PageRevision;
    target: string;
    revid: number;
    before: Merged | undefined;
    checks: RevisionChecks | undefined;
  },
): Promise<{ clean: ListedRevision | undefined } | { merged: Merged }> {
  const { title, bot, page, revid } = m;
  const clean = (mine: ListedRevision) => ({ clean: mine.sha1 === createHash('sha1').update(m.target, 'utf8').digest('hex') ? mine : undefined });
  // Its parent the base sent: no revision between them, so nothing more to list.
  const batched = await m.checks?.look(host, title, revid);
  if (batched?.parentid === page.revid) return clean(batched);
  const since = await revisionsBetween(host, title, page.revid, revid, bot);
  const mine = since.at(-1)!;
  const parent = mine.parentid;
  if (parent === page.revid) return clean(mine);
  const revert = bot === undefined ? undefined : await unknownRevert(host, title, bot, page.revid, since.slice(0, -1));
  if (revert) throw pausedBy(title, revert, await undoMerged(host, title, revid, parent, revert, m.before?.ctx));
  const texts = await revisionTexts(host, title, [revid, parent]);
  const onto = texts.get(parent)!;
  const ctx = mergeContext(m.before, revid, since.slice(0, -1), parent);
  const others = merge3(page.text, m.work.text, onto.text);
  if (!others.ok) throw uncorrected(title, ctx, conflictWords(others.conflicts, page.revid));
  const read = m.before?.read ? { read: m.before.read } : {};
  return { merged: { ctx, latest: texts.get(revid)!, work: { ...onto, text: others.text }, parent: m.before?.parent ?? parent, ...read } };
}

/** A merge found by a later save: the others' edits and the bot's, and the base the bot's run had read. */
type LateMerge = Merged & { base: number; others: ListedRevision[] };

/**
 * Whether a merge its run never checked needed no correction: the merged page is what the transform makes of the
 * others' edits (its run found it right, or would have), or the others' edits change nothing the transform
 * computes — its edit of the base, merged onto them, is its edit of them. The second tells it to a later run,
 * which has more to do than the killed one (a rollover at a later instant): its text is not the merged page's.
 */
function neededNoCorrection(title: string, transform: Transform, late: LateMerge): boolean {
  const onOthers = normalizeText(runTransform(transform, late.work, title, undefined, late.read)?.text ?? late.work.text);
  if (onOthers === normalizeText(late.latest.text)) return true;
  const base = late.read;
  if (!base) return false; // its text is gone (hidden, deleted): corrected as before
  const mine = merge3(base.text, runTransform(transform, base, title)?.text ?? base.text, late.work.text);
  return mine.ok && normalizeText(mine.text) === onOthers;
}

/** The bot's latest revision of the page, if it is a merge no save corrected: what the transform must run on instead. */
async function latePending(host: SaveHost, title: string, page: PageRevision): Promise<LateMerge | undefined> {
  const bot = host.names[0];
  if (bot === undefined) return undefined;
  // The page's current revision is the bot's own: it is the latest one (no request more).
  const latest = page.user === bot && page.parentid !== undefined ? { revid: page.revid, parentid: page.parentid, comment: page.comment ?? '' } : undefined;
  const p = await pendingMerge(host, title, bot, page, latest);
  if (!p) return undefined;
  const ctx: MergeContext = { merged: [p.revid], edits: p.edits, on: p.parent, late: true };
  if (p.corrected.length > 0) {
    throw uncorrected(
      title,
      { ...ctx, merged: [...p.corrected, p.revid] },
      `revision ${p.revid} was the bot's correction of ${describeRevisions(p.corrected)}, merged in turn, and the text it was computed on is not on the wiki`,
    );
  }
  const texts = await revisionTexts(host, title, [p.revid, p.parent]);
  const read = await revisionText(host, title, p.base);
  return { ctx, latest: texts.get(p.revid)!, work: texts.get(p.parent)!, parent: p.parent, base: p.base, others: p.others, ...(read ? { read } : {}) };
}

/** Revision `revid`'s text, or undefined when the wiki gives none (hidden, deleted). */
async function revisionText(host: SaveHost, title: string, revid: number): Promise<PageRevision | undefined> {
  try {
    return (await revisionTexts(host, title, [revid])).get(revid);
  } catch (err) {
    if (err instanceof WikiError && err.code === 'bad-response') return undefined;
    throw err;
  }
}

/** A person's revert of the bot among the revisions saved after `after` (`listed`, when known) that the pause does not know of yet. */
async function unknownRevert(
  host: SaveHost,
  title: string,
  bot: string,
  after: number,
  listed?: readonly { user?: string; tags?: readonly string[] }[],
): Promise<BotRevert | undefined> {
  for (const revert of await botRevertsSince(host, title, bot, after, listed)) if (!(await host.knownRevert?.(revert))) return revert;
  return undefined;
}

/** The refusal: a person reverted the bot's edit; `left` says what became of the bot's edits this save merged. */
function pausedBy(title: string, revert: BotRevert, left?: string): WikiError {
  return new WikiError({
    code: 'paused',
    page: title,
    message: `"${title}": ${revert.user || 'a hidden user'} reverted the bot's revision ${revert.reverted.join(', ')} (${revert.how}, revision ${revert.revid}): no edit${left ? `; ${left}` : ''}; the game is paused until an admin resumes it`,
  });
}

/** What the page still holds of this save's merged edits, when it gives way to a revert saved after them. */
const stillMerged = (m: MergeContext): string =>
  `MediaWiki had merged the bot's edit (${describeRevisions(m.merged)}) with a concurrent edit; the page still holds it: check the page`;

/** The bot's revision `revid`, which MediaWiki merged onto a person's revert of the bot (its parent `parent`), undone: what was done, for the refusal. */
async function undoMerged(host: SaveHost, title: string, revid: number, parent: number, revert: BotRevert, before?: MergeContext): Promise<string> {
  const why = `MediaWiki merged this edit of the bot's onto ${revert.user || 'a hidden user'}'s ${revert.how} of the bot's revision ${revert.reverted.join(', ')} (revision ${revert.revid}); the bot gives way, and the game is paused until an admin resumes it`;
  return undoBots(host, title, [...(before?.merged ?? []), revid], parent, why);
}

/** The save gives way to the others' edits its merged edit went onto (`givesWay`): that edit undone, and the error. */
async function gaveWay(host: SaveHost, title: string, merged: Merged, cause: unknown): Promise<WikiError> {
  const problems = cause instanceof Error ? cause.message.split('\n').slice(1).join(' ').trim() : '';
  const edit = merged.ctx.late ? "the edit of a run of the bot's that stopped before checking it" : "this edit of the bot's";
  const why = `MediaWiki merged ${edit} with ${describeEdits(merged.ctx.edits)}, saved while it was saving, which it would change: the bot gives way${problems ? ` (${problems.slice(0, 300)})` : ''}`;
  const done = await undoBots(host, title, merged.ctx.merged, merged.parent, why);
  return new WikiError({ code: 'gave-way', page: title, cause, message: `"${title}": the bot gave way to ${describeEdits(merged.ctx.edits)}: ${done}` });
}

/**
 * The bot's revision `all[0]`, merged onto `parent`, undone with `why` — one edit, MediaWiki's undo of that revision
 * alone, so a later edit of other lines stays — and what was done. Not when it was replaced by later merged revisions
 * of the save (`all`: their text would come back): then, as when the undo fails, the page is left for an admin.
 */
async function undoBots(host: SaveHost, title: string, all: readonly number[], parent: number, why: string): Promise<string> {
  if (all.length > 1) return `${stillMerged({ merged: [...all], edits: [], on: parent })} and undo ${describeRevisions([...all])}`;
  const revid = all[0]!;
  try {
    await host.request(
      {
        action: 'edit',
        title,
        undo: revid,
        undoafter: parent,
        summary: `Croupier: undo revision ${revid}: ${escapeWikitext(why)}`,
        bot: true,
        nocreate: true,
        watchlist: 'nochange',
      },
      { page: title, edit: true },
    );
    return `the bot's revision ${revid}, which MediaWiki had merged onto it, was undone`;
  } catch (err) {
    return `the bot's revision ${revid}, which MediaWiki merged onto it, could not be undone (${toWikiError(err, title).message}): undo it by hand`;
  }
}

function runTransform(transform: Transform, page: PageRevision, title: string, merge?: MergeContext, read?: PageRevision): Edit | null {
  try {
    return transform(page, merge, read);
  } catch (err) {
    // A region refused by the pure functions (src/parse/regions.ts): the wiki layer's own error type.
    if (err instanceof RegionError) throw toWikiError(err, title);
    throw err;
  }
}

function mergeContext(before: Merged | undefined, revid: number, others: readonly ConcurrentEdit[], on: number): MergeContext {
  const edits = others.map(({ revid: id, user, timestamp }) => ({ revid: id, user, timestamp }));
  return { merged: [...(before?.ctx.merged ?? []), revid], edits: [...(before?.ctx.edits ?? []), ...edits], on, ...(before?.ctx.late ? { late: true } : {}) };
}

/**
 * Someone saved again after this save's merged revision (`merged.latest`): their changes since it carried over
 * to the text the transform runs on (a 3-way merge with the merged revision as base).
 */
async function carryOver(host: SaveHost, title: string, merged: Merged, page: PageRevision): Promise<Merged> {
  const since = await revisionsBetween(host, title, merged.latest.revid, page.revid);
  const ctx = { ...merged.ctx, edits: [...merged.ctx.edits, ...since.map(({ revid, user, timestamp }) => ({ revid, user, timestamp }))], on: page.revid };
  const carried = merge3(merged.latest.text, merged.work.text, page.text);
  if (!carried.ok) throw uncorrected(title, ctx, conflictWords(carried.conflicts, merged.latest.revid));
  return { ...merged, ctx, latest: page, work: { ...page, text: carried.text } };
}

const conflictWords = (conflicts: readonly { baseLine: number }[], revid: number): string =>
  `a concurrent edit changed lines the bot's merged edit also changed (line ${conflicts.map((c) => c.baseLine + 1).join(', ')} of revision ${revid}), so the bot cannot take its own edit out of it`;

/** The page holds a merge of the bot's edit that the bot could not replace with the serial outcome. */
function uncorrected(title: string, m: MergeContext, why: string, cause?: unknown): WikiError {
  return new WikiError({
    code: 'merge-uncorrected',
    page: title,
    cause,
    message:
      `"${title}": MediaWiki merged the bot's edit (${describeRevisions(m.merged)}) with a concurrent edit (${describeEdits(m.edits)})${m.late ? ' and the run that saved it stopped before correcting it' : ''}; ` +
      `the page may not be what the bot computes on the others' edits, and no correction was saved: ${why}. ` +
      `Check the page and undo ${describeRevisions(m.merged)} (MediaWiki's undo, or a manual revert: its change tag tells the bot a person took the page in hand); the undo pauses the game: resume it (croupier resume, or a "* resume" request) and it runs again.`,
  });
}
