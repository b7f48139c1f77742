// One attempt of a save: the edit request, sent on the revision the save read, and what MediaWiki answered —
// saved (a new revision, perhaps merged with others: ./save.ts looks), the same text already there, or a
// conflict to re-read and recompute. Everything else is an error.
//
// An edit whose answer was lost may have been saved all the same: a gateway that gave up waiting (HTTP 502/504)
// while MediaWiki went on, a connection cut after the request was sent. The client's retry of it is then answered
// `nochange` (the text is there already), and with no retry left the error is thrown. Either way the page is read:
// a latest revision of the bot's, made after the one the edit was sent on, with this edit's summary, is this edit
// — saved, its merge check still to make. Otherwise the run would call its own edit "no change" (or put back the
// subpages that go with it) and never check it for a merge. Someone may have saved after it, before the client's
// retry (which MediaWiki then answers `nochange` or a conflict): the revisions since the base are looked through.
// A `nochange` or a conflict with no answer lost before it is not this edit's: another run of the bot saved the
// same text first (two processes at once), or someone else edited the same lines, and this one made no edit.
import { createHash } from 'node:crypto';
import { afterCommit, currentScope } from './cancel.ts';
import { answerLost, WikiError, toWikiError } from './errors.ts';
import { revisionsBetween } from './merged.ts';
import type { PageRevision, ReadOptions } from './pages.ts';

/** `later`: an edit whose answer was lost, found with others' revisions after it (the page's latest is not it). */
type Saved = { newrevid: number; newtimestamp?: string; pageid?: number; later?: true };

export type EditAnswer =
  | { saved: Saved }
  /** The wiki holds this text already; `latest`: the page read since (a revision other than the base: someone else's). */
  | { nochange: true; latest: PageRevision }
  /** The same lines changed since the read (or, for a creation, someone created the page meanwhile). */
  | { conflict: WikiError };

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

/** A request's context: the page it is for; an edit (a token, the throttle); `lost` counts its attempts whose answer was lost. */
export interface EditRequestContext {
  page?: string;
  edit?: boolean;
  lost?: { count: number };
}

export interface EditHost {
  /** The bot's account names: a revision by one of them is the bot's own. */
  readonly names: readonly string[];
  request(params: Record<string, unknown>, ctx?: EditRequestContext): Promise<unknown>;
  readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>>;
}

/** Save `text` on `page` as read (created when missing). */
export async function sendEdit(host: EditHost, page: PageRevision, edit: { text: string; summary: string; minor?: boolean }): Promise<EditAnswer> {
  const title = page.title;
  const lost = { count: 0 };
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
        // different lines (./save.ts checks), `editconflict` when they overlap. starttimestamp catches a deletion meanwhile.
        ...(page.missing ? { createonly: true } : { baserevid: page.revid, nocreate: true }),
        starttimestamp: page.readAt,
        bot: true,
        minor: edit.minor === true,
        watchlist: 'nochange',
        md5: createHash('md5').update(edit.text, 'utf8').digest('hex'),
      },
      { page: title, edit: true, lost },
    )) as EditResponse;
  } catch (e) {
    const err = toWikiError(e, title);
    const conflict = err.code === 'editconflict' || (err.code === 'articleexists' && page.missing);
    if (!conflict && !answerLost(err)) throw err;
    if (conflict && lost.count === 0) return { conflict: err };
    // Not cut by a stop, as the edit it looks for was not: whether the wiki saved it decides what the run must finish.
    const mine = await afterCommit(async () => foundEdit(host, page, await readLatest(host, page), edit.summary)).catch(() => undefined);
    if (!mine) {
      if (conflict) return { conflict: err };
      throw err;
    }
    currentScope()?.landed(); // the client counted no edit: its answer was an error
    return { saved: mine };
  }
  const r = res.edit;
  if (r?.result !== 'Success') {
    throw new WikiError({
      code: 'edit-failed',
      page: title,
      message: `"${title}": the wiki did not save the edit (${JSON.stringify(r ?? res).slice(0, 300)})`,
    });
  }
  if (r.nochange || r.newrevid === undefined) {
    const latest = await readLatest(host, page);
    const mine = lost.count > 0 ? await foundEdit(host, page, latest, edit.summary) : undefined;
    return mine ? { saved: mine } : { nochange: true, latest };
  }
  return {
    saved: { newrevid: r.newrevid, ...(r.newtimestamp ? { newtimestamp: r.newtimestamp } : {}), ...(typeof r.pageid === 'number' ? { pageid: r.pageid } : {}) },
  };
}

const readLatest = async (host: EditHost, page: PageRevision): Promise<PageRevision> =>
  (await host.readPages([page.title], { allowMissing: page.missing ? [page.title] : false })).get(page.title)!;

/**
 * The bot's edit of `page` with `summary`, saved after the revision it was sent on, once an answer to it was lost:
 * `latest` (read since), or an earlier revision up to it when others saved after the bot.
 */
async function foundEdit(host: EditHost, page: PageRevision, latest: PageRevision, summary: string): Promise<Saved | undefined> {
  const mine = (r: { user?: string; comment?: string }) => r.user !== undefined && host.names.includes(r.user) && r.comment?.trim() === summary.trim();
  if (page.missing ? latest.missing : latest.revid <= page.revid) return undefined;
  if (mine(latest))
    return { newrevid: latest.revid, ...(latest.timestamp ? { newtimestamp: latest.timestamp } : {}), ...(latest.pageid ? { pageid: latest.pageid } : {}) };
  if (page.missing) return undefined; // a creation: someone else's page now, or the bot's edited since (rare: left to the next run)
  const own = (await revisionsBetween(host, page.title, page.revid, latest.revid)).find(mine);
  return own && { newrevid: own.revid, newtimestamp: own.timestamp, ...(latest.pageid ? { pageid: latest.pageid } : {}), later: true };
}
