import type { RolloverWiki } from '../../../../../src/jobs/rollover.ts';
import type { PageRevision, ReadOptions } from '../../../../../src/wiki/pages.ts';
import type { SaveOptions, SaveResult, Transform } from '../../../../../src/wiki/save.ts';

/** When every revision of the fake was saved, as it says. */
const SAVED = '2026-11-19T00:00:00Z';

/**
 * An in-memory wiki with MediaWiki's conflict rule as the save layer sees it: an edit based on an
 * older revision is refused, and the save reads again and re-runs the transform.
 */
export class FakeWiki implements RolloverWiki {
  /** Each page's latest revision (the fake keeps no history: `parentid` says whether it had one). */
  readonly pages = new Map<string, { text: string; revid: number; parentid: number }>();
  edits = 0;
  /** The title of each edit, in order. */
  readonly edited: string[] = [];
  /** The titles of each purge, in order. */
  readonly purged: string[][] = [];
  private rev = 1000;

  constructor(pages: Record<string, string>) {
    for (const [title, text] of Object.entries(pages)) this.put(title, text);
  }

  /** A revision of `title` saved now; `summary`: the edit summary a save gave it. */
  put(title: string, text: string, _summary?: string): void {
    this.pages.set(title, { text, revid: ++this.rev, parentid: this.pages.get(title)?.revid ?? 0 });
  }

  text(title: string): string | undefined {
    return this.pages.get(title)?.text;
  }

  async readPages(titles: readonly string[], opts: ReadOptions = {}): Promise<Map<string, PageRevision>> {
    const out = new Map<string, PageRevision>();
    for (const title of titles) {
      const p = this.pages.get(title);
      if (p === undefined && !opts.allowMissing) throw new Error(`missing page ${title}`);
      out.set(title, p === undefined ? { title, text: '', revid: 0, timestamp: '', missing: true } : { title, ...p, timestamp: SAVED });
    }
    return out;
  }

  /** The latest revision (saved when readPages says), in force from then on: the fake's history reaches no further back. */
  async revisionsInForce(title: string, since: Date, _until?: Date): ReturnType<RolloverWiki['revisionsInForce']> {
    const page = this.pages.get(title);
    return page !== undefined && Date.parse(SAVED) <= since.getTime() ? [{ ...page, timestamp: SAVED }] : [];
  }

  /** The latest revision; none of a given user's (the fake keeps no authors: the bot never saved here, as far as it tells). */
  async revisions(title: string, opts: { limit: number; user?: string }): ReturnType<RolloverWiki['revisions']> {
    const page = this.pages.get(title);
    if (page === undefined || opts.user !== undefined || opts.limit < 1) return [];
    return [{ ...page, user: '', timestamp: SAVED, comment: '', tags: [], sha1: '' }];
  }

  async purge(titles: readonly string[]): Promise<void> {
    this.purged.push([...titles]);
  }

  async save(title: string, transform: Transform, opts: SaveOptions): Promise<SaveResult> {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const prefetched = attempt === 1 ? opts.prefetched?.get(title) : undefined;
      const page = prefetched ?? (await this.readPages([title], { allowMissing: opts.create })).get(title)!;
      const edit = transform(page);
      const base = { title, attempts: attempt, dryRun: opts.dryRun === true, oldRevid: page.revid };
      if (edit === null || edit.text === page.text) return { ...base, changed: false, diff: '' };
      if (opts.dryRun) return { ...base, changed: true, diff: `--- ${title}\n+++ dry run\n`, summary: edit.summary };
      await opts.beforeEdit?.(page, edit, attempt);
      if ((this.pages.get(title)?.revid ?? 0) !== page.revid) continue; // editconflict: read again, transform again
      this.put(title, edit.text, edit.summary);
      this.edits++;
      this.edited.push(title);
      return { ...base, changed: true, diff: 'saved', revid: this.pages.get(title)!.revid, summary: edit.summary };
    }
    throw new Error('too many edit conflicts');
  }
}
