// One attempt of a save: the edit request, sent on the revision the save read, and what MediaWiki answered —
// saved (a new revision, perhaps merged with others: ./save.ts looks), the same text already there, or a
// conflict to re-read and recompute. Everything else is an error.
import { createHash } from 'node:crypto';
import { WikiError, toWikiError } from './errors.ts';
import type { PageRevision } from './pages.ts';

export type EditAnswer =
  | { saved: { newrevid: number; newtimestamp?: string; pageid?: number } }
  | { nochange: true }
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

/** Save `text` on `page` as read (created when missing). */
export async function sendEdit(
  host: { request(params: Record<string, unknown>, ctx?: { page?: string; edit?: boolean }): Promise<unknown> },
  page: PageRevision,
  edit: { text: string; summary: string; minor?: boolean },
): Promise<EditAnswer> {
  const title = page.title;
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
      { page: title, edit: true },
    )) as EditResponse;
  } catch (e) {
    const err = toWikiError(e, title);
    if (err.code === 'editconflict' || (err.code === 'articleexists' && page.missing)) return { conflict: err };
    throw err;
  }
  const r = res.edit;
  if (r?.result !== 'Success') {
    throw new WikiError({
      code: 'edit-failed',
      page: title,
      message: `"${title}": the wiki did not save the edit (${JSON.stringify(r ?? res).slice(0, 300)})`,
    });
  }
  if (r.nochange || r.newrevid === undefined) return { nochange: true };
  return {
    saved: { newrevid: r.newrevid, ...(r.newtimestamp ? { newtimestamp: r.newtimestamp } : {}), ...(typeof r.pageid === 'number' ? { pageid: r.pageid } : {}) },
  };
}
