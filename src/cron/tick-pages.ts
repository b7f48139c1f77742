// One read of each page per daemon tick. A tick plans, rolls over, checks and plans again, each from the Ruleset
// and the Gamestate page (and a rollover also reads the shutoff and Rulings pages): within a tick, a page read once
// is served again from here, and a page the bot saves is known from its save (SaveResult.page: the text saved, the
// wiki's SHA-1 of its new revision checked) — read again only when the save cannot say (a merge, a dry run). A
// page's history (its latest revisions with their text: the referee's actions, the bot's record of the Gamestate
// page) is kept the same way, until the tick saves that page.
//
// Nothing is served across ticks, and the safeties stay where they are: a save is still based on the revision its
// transform computed on (`baserevid`), so a person's edit made since the tick read the page is an edit conflict
// (read again, recomputed) or a merge (found, corrected: src/wiki/save.ts); a revert of the bot is looked for at
// the start of every tick (src/cron/pause.ts) and with the page a save reads. The shutoff page is read once per
// tick, at its start: a shutoff set during a tick stops the next one (as a CLI run reads it once, at its start).
import type { PageRevision, ReadOptions, SaveOptions, SaveResult, Transform } from '../wiki/client.ts';
import { WikiError } from '../wiki/errors.ts';
import type { DaemonWiki } from './dry-run.ts';

const allows = (opt: ReadOptions['allowMissing'], title: string): boolean => opt === true || (Array.isArray(opt) && opt.includes(title));

type Revisions = Awaited<ReturnType<DaemonWiki['history']>>;

/** What one tick has read: pages by title, and histories by title (the most revisions asked, newest first). */
interface TickMemo {
  pages: Map<string, PageRevision>;
  histories: Map<string, { limit: number; revisions: Revisions }>;
}

export class TickPages implements DaemonWiki {
  readonly #client: DaemonWiki;
  /**
   * The pages read in each tick begun and not ended, the running one last: a tick of another game run while one
   * waits at a unit boundary (./queue.ts) has pages of its own. None between ticks (then every read goes to the wiki).
   */
  readonly #memos: TickMemo[] = [];

  constructor(client: DaemonWiki) {
    this.#client = client;
  }

  get settings(): DaemonWiki['settings'] {
    return this.#client.settings;
  }

  get names(): DaemonWiki['names'] {
    return this.#client.names;
  }

  /** A tick starts: nothing read yet. */
  begin(): void {
    this.#memos.push({ pages: new Map(), histories: new Map() });
  }

  /** The tick is over: nothing of it kept (the tick it ran within, if any, goes on with its own pages). */
  end(): void {
    this.#memos.pop();
  }

  async readPages(titles: readonly string[], opts: ReadOptions = {}): Promise<Map<string, PageRevision>> {
    const memo = this.#memos.at(-1)?.pages;
    if (!memo) return this.#client.readPages(titles, opts);
    const unread = [...new Set(titles)].filter((t) => !memo.has(t));
    if (unread.length > 0) {
      const allowMissing = Array.isArray(opts.allowMissing) ? opts.allowMissing.filter((t) => unread.includes(t)) : opts.allowMissing;
      for (const [t, p] of await this.#client.readPages(unread, { ...opts, allowMissing })) memo.set(t, p);
    }
    const out = new Map<string, PageRevision>();
    for (const t of titles) {
      const p = memo.get(t)!;
      // As the wiki would answer: a page read as missing is an error for a reader that does not allow it.
      if (p.missing && !allows(opts.allowMissing, t)) throw new WikiError({ code: 'missing', page: t, message: `page "${t}" does not exist on the wiki` });
      out.set(t, p);
    }
    return out;
  }

  /** The page's latest `limit` revisions: from the tick's read of at least as many, unless the tick saved the page since. */
  history: DaemonWiki['history'] = async (title, limit) => {
    const memo = this.#memos.at(-1)?.histories;
    if (!memo) return this.#client.history(title, limit);
    const read = memo.get(title);
    if (read && read.limit >= limit) return read.revisions.slice(0, limit);
    const revisions = await this.#client.history(title, limit);
    memo.set(title, { limit, revisions });
    return revisions.slice();
  };
  userGroups: DaemonWiki['userGroups'] = (users) => this.#client.userGroups(users);
  /** Asked of the wiki each time: a run asks only when the Ruleset changed after an instant it applies. */
  revisionsInForce: DaemonWiki['revisionsInForce'] = (title, since, until) => this.#client.revisionsInForce(title, since, until);
  /** Asked of the wiki each time: only when a run would edit a page a person saved over the bot's revision. */
  revisions: DaemonWiki['revisions'] = (title, opts) => this.#client.revisions(title, opts);
  purge: DaemonWiki['purge'] = (titles) => this.#client.purge(titles);

  async save(title: string, transform: Transform, opts: SaveOptions = {}): Promise<SaveResult> {
    const tick = this.#memos.at(-1);
    if (!tick) return this.#client.save(title, transform, opts);
    const memo = tick.pages;
    const shutoff = this.settings?.shutoff?.page;
    try {
      // The page and the shutoff page as the tick read them; one the tick has not read yet is read here (and kept).
      const prefetched =
        opts.prefetched ??
        (await this.readPages(shutoff === undefined ? [title] : [title, shutoff], {
          allowMissing: [...(opts.create ? [title] : []), ...(shutoff === undefined ? [] : [shutoff])],
        }));
      const r = await this.#client.save(title, transform, { ...opts, prefetched });
      if (r.page) memo.set(title, r.page);
      else if (r.changed) memo.delete(title); // what the wiki holds now is not known exactly: read it again
      if (r.changed) tick.histories.delete(title); // a revision more (a save that changed nothing made no edit)
      return r;
    } catch (err) {
      memo.delete(title); // a failed save may have read newer revisions: the next step reads the page again
      tick.histories.delete(title); // and it may have made an edit
      throw err;
    }
  }
}
