// A daemon tick reads each page once (src/cron/tick-pages.ts): pages and histories read within a tick are served
// again from the tick's read, a save starts from what the tick read (the shutoff page included), and nothing is
// kept across ticks. The wiki behind it is a fake that counts what is asked of it (the real wiki's side:
// test/integration/tick-reads.test.ts).
import { describe, expect, it } from 'vitest';
import { TickPages } from '../../../src/cron/tick-pages.ts';
import { DryRunWiki, type DaemonWiki } from '../../../src/cron/dry-run.ts';
import { subpageEdit } from '../../../src/jobs/computed-pages.ts';
import type { PageRevision, SaveOptions, SaveResult, Transform, WikiClient } from '../../../src/wiki/client.ts';
import { WikiError } from '../../../src/wiki/errors.ts';

const SHUTOFF = 'Bot/Shutoff';

/** A wiki of a few pages, each saved as a new revision; every read, history and save asked of it is logged. */
function fakeWiki(pages: Record<string, string>) {
  const asked: string[] = [];
  const prefetched: (ReadonlyMap<string, PageRevision> | undefined)[] = [];
  const revs = new Map<string, { revid: number; text: string }[]>(Object.entries(pages).map(([t, text], i) => [t, [{ revid: i + 1, text }]]));
  let next = 100;
  const page = (title: string): PageRevision => {
    const r = revs.get(title)?.at(-1);
    return r ? { title, text: r.text, revid: r.revid, timestamp: '2026-11-26T09:00:00Z' } : { title, text: '', revid: 0, timestamp: '', missing: true };
  };
  const wiki: DaemonWiki = {
    settings: { shutoff: { page: SHUTOFF, runWord: 'run' }, maxConflictRetries: 3, maxShrinkShare: 0.5 } as DaemonWiki['settings'],
    readPages: async (titles, o = {}) => {
      asked.push(`read ${titles.join('|')}`);
      const out = new Map<string, PageRevision>();
      for (const t of titles) {
        const p = page(t);
        const allowed = o.allowMissing === true || (Array.isArray(o.allowMissing) && o.allowMissing.includes(t));
        if (p.missing && !allowed) throw new WikiError({ code: 'missing', page: t, message: `page "${t}" does not exist on the wiki` });
        out.set(t, p);
      }
      return out;
    },
    history: async (title, limit) => {
      asked.push(`history ${title} ${limit}`);
      return (revs.get(title) ?? [])
        .slice(-limit)
        .reverse()
        .map((r) => ({ revid: r.revid, parentid: 0, user: 'Someone', timestamp: '2026-11-26T09:00:00Z', text: r.text, tags: [], sha1: '' }));
    },
    userGroups: async () => new Map(),
    revisionsInForce: async (title) => {
      asked.push(`revisions ${title}`);
      return [];
    },
    revisions: async (title) => {
      asked.push(`bot revisions ${title}`);
      return [];
    },
    purge: async () => undefined,
    save: async (title: string, transform: Transform, o: SaveOptions = {}): Promise<SaveResult> => {
      asked.push(`save ${title}`);
      prefetched.push(o.prefetched);
      const before = o.prefetched?.get(title) ?? page(title);
      const edit = transform(before);
      const base = { title, diff: '', attempts: 1, dryRun: false };
      if (!edit || edit.text === before.text) return { ...base, changed: false, page: before };
      const revid = next++;
      revs.set(title, [...(revs.get(title) ?? []), { revid, text: edit.text }]);
      return { ...base, changed: true, revid, page: page(title) };
    },
  };
  return { wiki, asked, prefetched, edit: (title: string, text: string) => revs.get(title)!.push({ revid: next++, text }) };
}

const append = (line: string) => (p: PageRevision) => ({ text: `${p.text}\n${line}`, summary: 'test' });

describe('TickPages', () => {
  it('serves a history read again within a tick, for as many revisions or fewer, and reads it again after the tick saved the page', async () => {
    const w = fakeWiki({ [SHUTOFF]: 'run', 'G/Actions': '* open 1 pack', 'G/Gamestate': 'phase 1' });
    const pages = new TickPages(w.wiki);
    pages.begin();
    const first = await pages.history('G/Actions', 50);
    expect(await pages.history('G/Actions', 50)).toEqual(first);
    expect(await pages.history('G/Actions', 1)).toEqual(first.slice(0, 1));
    expect(w.asked.filter((a) => a.startsWith('history'))).toEqual(['history G/Actions 50']);
    // More revisions than the tick read: the wiki is asked.
    await pages.history('G/Gamestate', 1);
    await pages.history('G/Gamestate', 50);
    expect(w.asked.filter((a) => a.startsWith('history G/Gamestate'))).toEqual(['history G/Gamestate 1', 'history G/Gamestate 50']);
    // The tick's own save makes a revision: the next history read asks the wiki again, and sees it.
    await pages.save('G/Gamestate', append('phase 2'));
    const after = await pages.history('G/Gamestate', 50);
    expect(after[0]!.text).toBe('phase 1\nphase 2');
    expect(w.asked.filter((a) => a.startsWith('history G/Gamestate'))).toHaveLength(3);
    pages.end();
  });

  it('keeps a history read across a save that changed nothing (no edit was made)', async () => {
    const w = fakeWiki({ [SHUTOFF]: 'run', 'G/Gamestate': 'phase 1' });
    const pages = new TickPages(w.wiki);
    pages.begin();
    await pages.history('G/Gamestate', 50);
    await pages.save('G/Gamestate', () => null);
    await pages.history('G/Gamestate', 50);
    expect(w.asked.filter((a) => a.startsWith('history'))).toEqual(['history G/Gamestate 50']);
    pages.end();
  });

  it('keeps nothing across ticks: the next tick reads pages and histories from the wiki, and sees what people saved meanwhile', async () => {
    const w = fakeWiki({ [SHUTOFF]: 'run', 'G/Actions': '* open 1 pack' });
    const pages = new TickPages(w.wiki);
    pages.begin();
    await pages.history('G/Actions', 50);
    await pages.readPages(['G/Actions']);
    pages.end();
    w.edit('G/Actions', '* open 1 pack\n* open 2 packs');
    pages.begin();
    expect((await pages.history('G/Actions', 50))[0]!.text).toContain('2 packs');
    expect((await pages.readPages(['G/Actions'])).get('G/Actions')!.text).toContain('2 packs');
    pages.end();
    expect(w.asked).toEqual(['history G/Actions 50', 'read G/Actions', 'history G/Actions 50', 'read G/Actions']);
  });

  it('a save of a page the tick has not read yet reads that page alone: the shutoff page is the one the tick read at its start', async () => {
    const w = fakeWiki({ [SHUTOFF]: 'run', 'G/Status': 'old report' });
    const pages = new TickPages(w.wiki);
    pages.begin();
    await pages.readPages([SHUTOFF], { allowMissing: true });
    await pages.save('G/Status', () => ({ text: 'new report', summary: 'report' }));
    await pages.save('G/Status', () => ({ text: 'newer report', summary: 'report' }));
    pages.end();
    expect(w.asked).toEqual([`read ${SHUTOFF}`, 'read G/Status', 'save G/Status', 'save G/Status']);
    // Each save was handed the page (as the tick knows it) and the shutoff page as read at the tick's start.
    expect(w.prefetched.map((p) => [p?.get('G/Status')?.text, p?.get(SHUTOFF)?.text])).toEqual([
      ['old report', 'run'],
      ['new report', 'run'],
    ]);
  });

  it('a save of a missing page is refused as the wiki refuses it, unless the save creates the page', async () => {
    const w = fakeWiki({ [SHUTOFF]: 'run' });
    const pages = new TickPages(w.wiki);
    pages.begin();
    await expect(pages.save('G/Nothing', append('x'))).rejects.toMatchObject({ code: 'missing', page: 'G/Nothing' });
    const r = await pages.save('G/Status', () => ({ text: 'first report', summary: 'report' }), { create: true });
    pages.end();
    expect(r.changed).toBe(true);
    expect(w.prefetched.at(-1)?.get('G/Status')?.missing).toBe(true);
  });
});

describe("the daemon's views of the wiki carry the bot's account names", () => {
  it("so that its jobs know the bot's own revisions: a subpage edit does not call the bot's last revision a person's", () => {
    const w = { ...fakeWiki({}).wiki, names: ['Croupier'] };
    const bots = (wiki: { names?: readonly string[] }) => wiki.names ?? [];
    const bySelf: PageRevision = { title: 'G/Standings', text: 'old', revid: 7, timestamp: '2026-11-26T09:00:00Z', user: 'Croupier' };
    const block = { block: { what: 'standings', region: 'standings', anyRows: true }, content: 'new' } as unknown as Parameters<typeof subpageEdit>[2];
    for (const view of [new TickPages(w), new DryRunWiki(w as unknown as WikiClient)]) {
      expect(view.names).toEqual(['Croupier']);
      expect(subpageEdit(bySelf, 'G', block, bots(view))!.summary).not.toContain('replaces revision');
      expect(subpageEdit({ ...bySelf, user: 'Player' }, 'G', block, bots(view))!.summary).toContain('replaces revision 7 by Player');
    }
  });
});
