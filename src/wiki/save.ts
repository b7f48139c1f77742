// Conflict-safe saves: read → pure transform → action=edit with baserevid + starttimestamp (see below for
// why basetimestamp is deliberately not sent).
//
// - The page and the shutoff page are read in one request (or taken from `prefetched`, read by the caller
//   in its own batched request).
// - A human edit made between our read and our save is never overwritten: `baserevid` (exact, unlike the
//   one-second `basetimestamp`, which would even cancel it) makes MediaWiki merge edits of other lines and
//   report `editconflict` for the same lines; on `editconflict` we re-read and run the same transform again, at most maxConflictRetries times.
// - No edit when the text is unchanged; guards (shutoff, {{nobots}}, page shrink) before every edit.
// - Dry run: the unified diff of what would be saved; nothing is written.
import { createHash } from 'node:crypto';
import { unifiedDiff } from './diff.ts';
import { WikiError, toWikiError } from './errors.ts';
import { checkExclusion, shutoffReason, type ShutoffSettings } from './guards.ts';
import type { PageRevision, ReadOptions } from './pages.ts';
import { checkShrink, RegionError } from '../parse/regions.ts';

export interface Edit {
  text: string;
  summary: string;
}

/** Pure: may run more than once (after an edit conflict). null or the same text: no edit. */
export type Transform = (page: PageRevision) => Edit | null;

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
  /** Test hook: runs after the transform, just before the edit request (e.g. to make a human edit in the window). */
  beforeEdit?: (page: PageRevision, edit: Edit, attempt: number) => Promise<void> | void;
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
  /** The page's text before and after the change, when it changed (for src/wiki/diff.ts#showDiff). */
  texts?: { before: string; after: string };
  /** How many times the page was read and the transform run (1 + edit conflicts). */
  attempts: number;
  dryRun: boolean;
  /** The summary used (or that would be used). */
  summary?: string;
  /** Things worth telling the operator (e.g. "the shutoff page says stop" in a dry run). */
  notes?: string[];
}

/** What a save needs from the client. */
export interface SaveHost {
  readonly names: string[];
  readonly settings: { shutoff: ShutoffSettings | null; maxConflictRetries: number; maxShrinkShare: number };
  request(params: Record<string, unknown>, ctx?: { page?: string; edit?: boolean }): Promise<unknown>;
  readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>>;
}

/** MediaWiki strips trailing whitespace and turns CRLF into LF when it saves. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trimEnd();
}

interface EditResponse {
  edit?: {
    result?: string;
    nochange?: boolean;
    oldrevid?: number;
    newrevid?: number;
    newtimestamp?: string;
    [k: string]: unknown;
  };
}

export async function savePage(host: SaveHost, title: string, transform: Transform, opts: SaveOptions = {}): Promise<SaveResult> {
  const { shutoff, maxConflictRetries } = host.settings;
  const maxShrink = opts.maxShrinkShare ?? host.settings.maxShrinkShare;
  const dryRun = opts.dryRun === true;
  let pages: ReadonlyMap<string, PageRevision> | undefined = opts.prefetched;
  if (pages && (!pages.has(title) || (shutoff && !pages.has(shutoff.page)))) pages = undefined;

  for (let attempt = 1; ; attempt++) {
    if (!pages) {
      const titles = shutoff ? [title, shutoff.page] : [title];
      pages = await host.readPages(titles, { allowMissing: shutoff ? (opts.create ? [title, shutoff.page] : [shutoff.page]) : opts.create ? [title] : false });
    }
    const page = pages.get(title)!;
    if (page.missing && !opts.create) throw new WikiError({ code: 'missing', page: title, message: `page "${title}" does not exist on the wiki` });
    const notes: string[] = [];
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

    let edit: Edit | null;
    try {
      edit = transform(page);
    } catch (err) {
      // A region refused by the pure functions (src/parse/regions.ts): the wiki layer's own error type.
      if (err instanceof RegionError) throw toWikiError(err, title);
      throw err;
    }
    const base = { title, oldRevid: page.missing ? undefined : page.revid, attempts: attempt, dryRun };
    if (edit === null || normalizeText(edit.text) === normalizeText(page.text)) {
      return { ...base, changed: false, diff: '', ...(notes.length ? { notes } : {}) };
    }
    if (!page.missing) {
      try {
        checkShrink(page.text, edit.text, maxShrink, title);
      } catch (err) {
        throw toWikiError(err, title);
      }
    }
    const diff = unifiedDiff(title, page.text, normalizeText(edit.text), {
      oldLabel: page.missing ? '(new page)' : `revision ${page.revid} (${page.timestamp})`,
      newLabel: dryRun ? 'dry run' : 'saved',
    });
    const texts = { before: page.text, after: normalizeText(edit.text) };
    if (dryRun) return { ...base, changed: true, diff, texts, summary: edit.summary, ...(notes.length ? { notes } : {}) };

    await opts.beforeEdit?.(page, edit, attempt);
    let res: EditResponse;
    try {
      res = (await host.request(
        {
          action: 'edit',
          title,
          text: edit.text,
          summary: edit.summary,
          // baserevid, and NOT basetimestamp: MediaWiki 1.39 (EditPage + RevisionStore::userWasLastToEdit)
          // drops the conflict when basetimestamp is sent and every revision *strictly after* that second is
          // the bot's own, so a human edit in the same second as the base revision would be silently
          // overwritten. With baserevid alone, any newer revision is a conflict: merged when the edits touch
          // different lines, `editconflict` when they overlap. starttimestamp catches a deletion meanwhile.
          ...(page.missing ? { createonly: true } : { baserevid: page.revid, nocreate: true }),
          starttimestamp: page.readAt,
          bot: true,
          minor: opts.minor === true,
          watchlist: 'nochange',
          md5: createHash('md5').update(edit.text, 'utf8').digest('hex'),
        },
        { page: title, edit: true },
      )) as EditResponse;
    } catch (e) {
      const err = toWikiError(e, title);
      // editconflict: the same lines changed since our read. articleexists: someone created the page meanwhile.
      if (err.code === 'editconflict' || (err.code === 'articleexists' && page.missing)) {
        if (attempt <= maxConflictRetries) {
          pages = undefined;
          continue;
        }
        throw new WikiError({
          code: 'conflict-retries',
          page: title,
          cause: err,
          message: `"${title}": still in conflict with other edits after ${attempt} attempts (re-read and recomputed ${attempt - 1} times); no edit made. Try again later.`,
        });
      }
      throw err;
    }
    const r = res.edit;
    if (!r || r.result !== 'Success') {
      throw new WikiError({ code: 'edit-failed', page: title, message: `"${title}": the wiki did not save the edit (${JSON.stringify(r ?? res).slice(0, 300)})` });
    }
    if (r.nochange) return { ...base, changed: false, diff: '', summary: edit.summary };
    return { ...base, changed: true, revid: r.newrevid, oldRevid: r.oldrevid ?? base.oldRevid, diff, texts, summary: edit.summary };
  }
}
