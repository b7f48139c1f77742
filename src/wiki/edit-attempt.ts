// One attempt of a save: the edit request, sent on the revision the save read, and what MediaWiki answered —
// saved (a new revision, perhaps merged with others: ./save.ts looks), the same text already there, or a
// conflict to re-read and recompute. Everything else is an error.
//
// An edit whose answer was lost may have been saved all the same: a gateway that gave up waiting (HTTP 502/504)
// while MediaWiki went on, a connection cut after the request was sent. The client's retry of it is then answered
// `nochange` (the text is there already), and with no retry left the error is thrown. Either way the page is read:
// a latest revision of the bot's, made after the one the edit was sent on, with this edit's summary, is this edit
// — saved, its merge check still to make. Otherwise the run would call its own edit "no change" (or put back the
// subpages that go with it) and never check it for a merge. A `nochange` with no answer lost before it is not this
// edit's: another run of the bot saved the same text first (two processes at once), and this one made no edit.
import { createHash } from 'node:crypto';
import { afterCommit, currentScope } from './cancel.ts';
import { answerLost, WikiError, toWikiError } from './errors.ts';
import type { PageRevision, ReadOptions } from './pages.ts';

type Saved = { newrevid: number; newtimestamp?: string; pageid?: number };

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
    if (err.code === 'editconflict' || (err.code === 'articleexists' && page.missing)) return { conflict: err };
    if (!answerLost(err)) throw err;
    // Not cut by a stop, as the edit it looks for was not: whether the wiki saved it decides what the run must finish.
    const latest = await afterCommit(() => readLatest(host, page)).catch(() => undefined);
    const mine = latest && ownEdit(host.names, page, latest, edit.summary);
    if (!mine) throw err;
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
    const mine = lost.count > 0 ? ownEdit(host.names, page, latest, edit.summary) : undefined;
    return mine ? { saved: mine } : { nochange: true, latest };
  }
  return {
    saved: { newrevid: r.newrevid, ...(r.newtimestamp ? { newtimestamp: r.newtimestamp } : {}), ...(typeof r.pageid === 'number' ? { pageid: r.pageid } : {}) },
  };
}

const readLatest = async (host: EditHost, page: PageRevision): Promise<PageRevision> =>
  (await host.readPages([page.title], { allowMissing: page.missing ? [page.title] : false })).get(page.title)!;

/** `latest`, read after an edit of `page` whose answer was lost or said `nochange`: that edit, if it is the bot's. */
function ownEdit(names: readonly string[], page: PageRevision, latest: PageRevision, summary: string): Saved | undefined {
  const after = page.missing ? !latest.missing : latest.revid > page.revid;
  if (!after || latest.user === undefined || !names.includes(latest.user) || latest.comment?.trim() !== summary.trim()) return undefined;
  return { newrevid: latest.revid, ...(latest.timestamp ? { newtimestamp: latest.timestamp } : {}), ...(latest.pageid ? { pageid: latest.pageid } : {}) };
}
