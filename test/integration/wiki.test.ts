// The wiki layer against the real local MediaWiki (scripts/devwiki.sh): every point of issue 3 §2 and §4,
// on each MediaWiki version of the tests (1.39 and 1.43: helpers.ts#onEachWiki).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WikiError } from '../../src/wiki/errors.ts';
import { RevisionChecks } from '../../src/wiki/revision-checks.ts';
import { replaceRegion } from '../../src/wiki/regions.ts';
import { findBotReverts } from '../../src/wiki/reverts.ts';
import type { Transform, WikiClient } from '../../src/wiki/client.ts';
import { bot, human, onEachWiki, put, runJobs, uniquePrefix } from './helpers.ts';

async function thrown(p: Promise<unknown>): Promise<WikiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(WikiError);
    return err as WikiError;
  }
  throw new Error('expected a WikiError');
}

/** A rollback token of `who`'s session (a person's rollback, as the wiki's interface makes it). */
const rollbackToken = async (who: WikiClient) =>
  ((await who.request({ action: 'query', meta: 'tokens', type: 'rollback' })) as { query: { tokens: { rollbacktoken: string } } }).query.tokens.rollbacktoken;

onEachWiki((wiki) => {
  const P = uniquePrefix('wiki');
  let b: WikiClient;
  let player: WikiClient;

  beforeAll(async () => {
    [b, player] = await Promise.all([bot(), human()]);
  });

  describe('login', () => {
    it('logs in with the bot password in 2 requests, as a bot (assert=bot)', async () => {
      const c = await bot();
      expect(c.stats.requests).toBe(2); // a login token, the login: the edit token waits for the first read
      expect(c.site).toBeUndefined();
      const info = (await c.request({ action: 'query', meta: 'userinfo', uiprop: 'groups|rights' })) as {
        query: { userinfo: { name: string; groups: string[]; rights: string[] } };
      };
      expect(info.query.userinfo.name).toBe('Bot');
      expect(info.query.userinfo.groups).toContain('bot');
      expect(info.query.userinfo.rights).toContain('bot');
    });

    it("reads with its first read, in that one request, the edit token, the wiki's version (tested: no warning) and its largest page, the default page-size limit that the config may lower; an edit then needs no request for its token", async () => {
      const c = await bot();
      await c.readPage('Croupier/Shutoff', { allowMissing: true });
      expect(c.stats.requests).toBe(3);
      // $wgMaxArticleSize is 2048 KiB unless LocalSettings.php says otherwise (scripts/devwiki.sh does not).
      expect(c.site).toEqual({
        generator: expect.stringMatching(new RegExp(`^MediaWiki ${wiki.version.replace('.', '\\.')}\\.\\d+$`)),
        version: wiki.version.split('.').map(Number),
        maxArticleBytes: 2048 * 1024,
      });
      expect(c.versionWarning).toBeUndefined();
      expect(c.settings.maxPageBytes).toBe(2048 * 1024);
      const limited = async (maxPageBytes: number) => {
        const l = await bot({ maxPageBytes });
        await l.readPage('Croupier/Shutoff', { allowMissing: true });
        return l.settings.maxPageBytes;
      };
      expect(await limited(10_000)).toBe(10_000);
      expect(await limited(4096 * 1024)).toBe(2048 * 1024);
      await put(c, `${P}/First edit`, 'saved with the token of the first read');
      expect(c.stats).toMatchObject({ requests: 3 + 2, edits: 1 }); // its read and its edit (a creation: no merge check); no request for a token
    });

    it('a wiki naming a version outside the tested range (faked: MediaWiki 1.45.0) gets the warning, naming it', async () => {
      const c = await bot({ headers: { 'X-Devwiki-Fake': `generator=MediaWiki 1.45.0;key=${randomBytes(6).toString('hex')}` } });
      await c.readPage('Croupier/Shutoff', { allowMissing: true });
      expect(c.site).toMatchObject({ generator: 'MediaWiki 1.45.0', version: [1, 45], maxArticleBytes: 2048 * 1024 });
      expect(c.versionWarning).toMatch(/^the wiki runs "MediaWiki 1\.45\.0", newer than the versions Croupier is tested on \(MediaWiki 1\.39–1\.43\)/);
    });

    it('a wrong password is a clear login-failed error', async () => {
      const err = await thrown(bot({ password: 'x'.repeat(32) }));
      expect(err.code).toBe('login-failed');
      expect(err.message).toMatch(/login as "Bot@croupier" at http:\/\/127\.0\.0\.1:\d+\/api\.php failed: Incorrect username or password/);
    });

    it('sends a User-Agent naming the bot, its version and the operator', async () => {
      const seen: string[] = [];
      const c = await bot({ operatorContact: 'ops@example.org' });
      c.bot.axiosInstance.interceptors.request.use((cfg) => {
        seen.push(String(cfg.headers['User-Agent']));
        return cfg;
      });
      await c.readPage('Croupier/Shutoff');
      expect(seen[0]).toMatch(/^Croupier\/\d+\.\d+\.\d+ \(ops@example\.org\) mwn\/3\.0\.3/);
    });
  });

  describe('reads', () => {
    it('reads several pages in ONE request, each with its revision id and timestamp', async () => {
      const r1 = await put(b, `${P}/Read A`, 'alpha');
      const r2 = await put(b, `${P}/Read B`, 'beta');
      const before = b.stats.requests;
      const pages = await b.readPages([`${P}/Read A`, `${P}/Read B`, 'Croupier/Shutoff']);
      expect(b.stats.requests - before).toBe(1);
      expect(pages.get(`${P}/Read A`)).toMatchObject({ text: 'alpha', revid: r1 });
      expect(pages.get(`${P}/Read B`)).toMatchObject({ text: 'beta', revid: r2 });
      expect(pages.get(`${P}/Read A`)!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(pages.get(`${P}/Read A`)!.readAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(pages.get('Croupier/Shutoff')!.text).toMatch(/^run/);
    });

    it("reads a page of 600 KB, which the wiki accepts (over the former fixed limit of 512 KiB), unless the config's limit is lower", async () => {
      const t = `${P}/Large`;
      const text = `${'0123456789'.repeat(60_000)}\nend`;
      await put(b, t, text);
      expect((await b.readPage(t)).text).toBe(text);
      const err = await thrown((await bot({ maxPageBytes: 512 * 1024 })).readPage(t));
      expect(err).toMatchObject({ code: 'page-too-large', page: t });
      expect(err.message).toContain('is 600,004 bytes; the bot reads pages up to 524,288 bytes');
    });

    it('a missing page is a clear error naming the page', async () => {
      const err = await thrown(b.readPages(['Croupier/Shutoff', `${P}/No such page`]));
      expect(err).toMatchObject({ code: 'missing', page: `${P}/No such page` });
      expect(err.message).toBe(`page "${P}/No such page" does not exist on the wiki`);
    });

    it('a redirect and an invalid title are clear errors naming the page', async () => {
      await put(b, `${P}/Redirect`, `#REDIRECT [[${P}/Read A]]`);
      const err = await thrown(b.readPages([`${P}/Redirect`]));
      expect(err).toMatchObject({ code: 'redirect', page: `${P}/Redirect` });
      expect(err.message).toContain(`is a redirect to "${P}/Read A"`);
      expect(await thrown(b.readPages(['Bad[title]']))).toMatchObject({ code: 'invalid-title', page: 'Bad[title]' });
      expect(await thrown(b.readPages(['x'.repeat(300)]))).toMatchObject({ code: 'invalid-title', message: expect.stringMatching(/not a valid page title/) });
    });
  });

  describe('conflict-safe saves', () => {
    it('saves with the bot flag, and makes no edit when nothing changed', async () => {
      const t = `${P}/Save`;
      const r0 = await put(b, t, 'one\ntwo');
      const requests = b.stats.requests;
      const res = await b.save(t, (p) => ({ text: p.text.replace('two', 'three'), summary: 'test: two → three' }));
      // read (the current revision is the bot's own, so no look-up of its latest one), edit, the new revision's parent (was it merged?)
      expect(b.stats.requests - requests).toBe(3);
      expect(res).toMatchObject({ changed: true, oldRevid: r0, attempts: 1, dryRun: false });
      expect(res.revid).toBeGreaterThan(r0);
      expect(res.diff).toContain('-two\n+three');
      const recent = (await b.request({ action: 'query', list: 'recentchanges', rctitle: t, rcprop: 'ids|flags|comment|user', rclimit: 1 })) as {
        query: { recentchanges: { revid: number; bot: boolean; user: string; comment: string }[] };
      };
      expect(recent.query.recentchanges[0]).toMatchObject({ revid: res.revid, bot: true, user: 'Bot', comment: `test: two → three (base rev ${r0})` });

      const edits = b.stats.edits;
      const same = await b.save(t, (p) => ({ text: `${p.text}\n\n`, summary: 'nothing really' }));
      const none = await b.save(t, () => null);
      expect(same).toMatchObject({ changed: false, diff: '' });
      expect(none).toMatchObject({ changed: false });
      expect(b.stats.edits).toBe(edits);
      expect((await b.readPage(t)).revid).toBe(res.revid);
    });

    it('sends assert=bot and maxlag=5 with every request, and with each edit the baserevid it read and a starttimestamp', async () => {
      const t = `${P}/Parameters`;
      const r0 = await put(b, t, 'one');
      const c = await bot();
      const sent: URLSearchParams[] = [];
      c.bot.axiosInstance.interceptors.request.use((cfg) => {
        const params = new URLSearchParams(typeof cfg.data === 'string' ? cfg.data : '');
        for (const [k, v] of Object.entries((cfg.params ?? {}) as Record<string, unknown>)) params.set(k, String(v));
        sent.push(params);
        return cfg;
      });
      const res = await c.save(t, (p) => ({ text: `${p.text}\ntwo`, summary: 'test: parameters' }));
      expect(res.changed).toBe(true);
      expect(sent.length).toBeGreaterThanOrEqual(2);
      for (const params of sent) expect([params.get('assert'), params.get('maxlag')]).toEqual(['bot', '5']);
      const edits = sent.filter((params) => params.get('action') === 'edit');
      expect(edits).toHaveLength(1);
      expect(edits[0]!.get('baserevid')).toBe(String(r0));
      expect(edits[0]!.get('basetimestamp')).toBeNull(); // deliberately not sent: see the same-second test below
      expect(edits[0]!.get('starttimestamp')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(edits[0]!.get('bot')).toBe('1');
    });

    /** The player adds "human line" on top of `text` (the page's text): one raw edit request, so that it lands in the second of the page's revision. */
    const humanPrepends = async (t: string, text: string): Promise<number> => {
      const r = (await player.request(
        { action: 'edit', title: t, text: `human line\n${text}`, summary: 'human edit', nocreate: true },
        { page: t, edit: true },
      )) as { edit: { newrevid: number } };
      return r.edit.newrevid;
    };

    it('keeps a human edit made between the read and the save IN THE SAME SECOND, and applies the bot change on top', async () => {
      // basetimestamp has one-second resolution; only baserevid tells these revisions apart.
      let done = false;
      for (let round = 0; round < 20 && !done; round++) {
        const t = `${P}/Same second ${round}`;
        const base = await put(b, t, 'line 1\nline 2\nline 3\nline 4\nline 5');
        let humanRevid = 0;
        const res = await b.save(t, (p) => ({ text: `${p.text}\nbot line`, summary: 'bot adds a line' }), {
          beforeEdit: async (_page, _edit, attempt) => {
            if (attempt === 1) humanRevid = await humanPrepends(t, 'line 1\nline 2\nline 3\nline 4\nline 5');
          },
        });
        const revs = await b.revisions(t, { limit: 5 });
        const ts = (id: number) => revs.find((r) => r.revid === id)!.timestamp;
        if (ts(base) !== ts(humanRevid)) continue; // not the same second: try again (it almost always is)
        done = true;
        expect(revs.find((r) => r.revid === humanRevid)!.user).toBe('Player');
        expect(res.changed).toBe(true);
        expect(res.revid).toBeGreaterThan(humanRevid);
        expect((await b.readPage(t)).text).toBe('human line\nline 1\nline 2\nline 3\nline 4\nline 5\nbot line');
      }
      expect(done).toBe(true);
    });

    it(`(why basetimestamp is not sent) with basetimestamp too, MediaWiki ${wiki.version} overwrites a same-second human edit`, async () => {
      let shown = false;
      for (let round = 0; round < 20 && !shown; round++) {
        const t = `${P}/Basetimestamp ${round}`;
        await put(b, t, 'line 1\nline 2\nline 3');
        const base = await b.readPage(t);
        const humanRevid = await humanPrepends(t, base.text);
        const revs = await b.revisions(t, { limit: 3 });
        if (revs.find((r) => r.revid === base.revid)!.timestamp !== revs.find((r) => r.revid === humanRevid)!.timestamp) continue;
        shown = true;
        await b.request(
          { action: 'edit', title: t, text: `${base.text}\nbot line`, summary: 'raw edit', baserevid: base.revid, basetimestamp: base.timestamp, bot: true },
          { page: t, edit: true },
        );
        expect((await b.readPage(t)).text).toBe('line 1\nline 2\nline 3\nbot line'); // the human line is gone
      }
      expect(shown).toBe(true);
    });

    it('an overlapping human edit of the same lines makes the transform run again on the new text', async () => {
      const t = `${P}/Overlap`;
      await put(b, t, 'Header\nvalue: 1\nFooter');
      const seen: string[] = [];
      const res = await b.save(
        t,
        (p) => {
          seen.push(p.text);
          const n = Number(/value: (\d+)/.exec(p.text)![1]);
          return { text: p.text.replace(/value: \d+/, `value: ${n + 10}`), summary: 'bot adds 10' };
        },
        {
          beforeEdit: async (_p, _e, attempt) => {
            if (attempt === 1) await player.save(t, (p) => ({ text: p.text.replace('value: 1', 'value: 5'), summary: 'human sets 5' }));
          },
        },
      );
      expect(seen).toEqual(['Header\nvalue: 1\nFooter', 'Header\nvalue: 5\nFooter']);
      expect(res).toMatchObject({ changed: true, attempts: 2 });
      expect((await b.readPage(t)).text).toBe('Header\nvalue: 15\nFooter');
    });

    it("a human edit of a line the transform only reads is merged by MediaWiki, then corrected: the page is the transform of the human's revision", async () => {
      const t = `${P}/Merged`;
      const base = await put(b, t, 'score: 2\n\nnote\n\ndouble: -');
      let humanRevid = 0;
      const requests = b.stats.requests;
      const double: Transform = (p) => ({
        text: p.text.replace(/double: .*/, `double: ${2 * Number(/score: (\d+)/.exec(p.text)![1])}`),
        summary: 'bot doubles',
      });
      const res = await b.save(t, double, {
        beforeEdit: async (_p, _e, attempt) => {
          if (attempt === 1) humanRevid = (await player.save(t, (p) => ({ text: p.text.replace('score: 2', 'score: 5'), summary: 'human sets 5' }))).revid!;
        },
      });
      // read, edit, its parent (merged), the two texts, the correcting edit, its parent (not merged)
      expect(b.stats.requests - requests).toBe(6);
      const [correction, merged, humanRev, seed] = await b.revisions(t, { limit: 5, content: true });
      expect([seed!.revid, humanRev!.revid]).toEqual([base, humanRevid]);
      expect(merged).toMatchObject({ user: 'Bot', parentid: humanRevid, text: 'score: 5\n\nnote\n\ndouble: 4' }); // MediaWiki's merge: wrong
      expect(correction).toMatchObject({ user: 'Bot', parentid: merged!.revid, text: 'score: 5\n\nnote\n\ndouble: 10' });
      expect(correction!.comment).toBe(
        `bot doubles — MediaWiki merged the bot's edit (revision ${merged!.revid}) with a concurrent edit (revision ${humanRevid} (Player)); recomputed on revision ${humanRevid} (base rev ${merged!.revid})`,
      );
      expect(merged!.comment).toBe(`bot doubles (base rev ${base})`);
      expect(res).toMatchObject({
        changed: true,
        revid: correction!.revid,
        oldRevid: base,
        merged: { merged: [merged!.revid], on: humanRevid, corrected: true },
      });
    });

    it("the merge checks of several saves in one request: each waits for the last page's, a clean one needs nothing more, a merged one is then checked and corrected on its own", async () => {
      const [x, y, last] = [`${P}/Batched X`, `${P}/Batched Y`, `${P}/Batched last`];
      for (const t of [x, y, last]) await put(b, t, 'score: 2\n\nnote\n\ndouble: -');
      const double: Transform = (p) => ({
        text: p.text.replace(/double: .*/, `double: ${2 * Number(/score: (\d+)/.exec(p.text)![1])}`),
        summary: 'bot doubles',
      });
      const checks = new RevisionChecks(last);
      const sent: string[] = [];
      const c = await bot();
      const request = c.request.bind(c);
      c.request = (params, ctx) => {
        const what = params.revids ? `revids ${String(params.revids)}` : params.rvstartid ? 'listing' : String(params.prop ?? '');
        sent.push(`${String(params.action)} ${what} ${ctx?.page ?? ''}`.replace(/ +/g, ' '));
        return request(params, ctx);
      };
      // X is clean; Y gets a person's edit of the line the transform reads, between its read and its edit.
      const sx = c.save(x, double, { checks });
      await checks.asked(x);
      const sy = c.save(y, double, {
        checks,
        beforeEdit: async (_p, _e, attempt) => {
          if (attempt === 1) await player.save(y, (p) => ({ text: p.text.replace('score: 2', 'score: 5'), summary: 'human sets 5' }));
        },
      });
      await checks.asked(y);
      const sl = await c.save(last, double, { checks });
      const [rx, ry] = await Promise.all([sx, sy]);
      const merged = ry.merged!.merged[0]!;
      // Each page read and edited; then one listing of the three new revisions (by the last page's save).
      expect(sent.slice(0, 7)).toEqual([
        `query revisions|info ${x}`,
        `edit ${x}`,
        `query revisions|info ${y}`,
        `edit ${y}`,
        `query revisions|info ${last}`,
        `edit ${last}`,
        `query revids ${rx.revid},${merged},${sl.revid} ${last}`,
      ]);
      // Then Y alone, as without the batch: its revisions since its base, their texts, the correction, its check.
      expect(sent.slice(7).every((s) => s.endsWith(y))).toBe(true);
      expect(sent.slice(7).filter((s) => s.startsWith('edit'))).toHaveLength(1);
      expect(rx).toMatchObject({ changed: true, page: { text: 'score: 2\n\nnote\n\ndouble: 4', revid: rx.revid } });
      expect(sl).toMatchObject({ changed: true, page: { revid: sl.revid } });
      expect(ry).toMatchObject({ changed: true, merged: { corrected: true } });
      expect((await b.readPage(y)).text).toBe('score: 5\n\nnote\n\ndouble: 10');
    });

    it("a page's rendering made at its save shows a page it transcludes as saved just before it (no purge needed)", async () => {
      const [sub, t] = [`${P}/Rendered sub`, `${P}/Rendered`];
      await put(b, sub, "'''first'''");
      await put(b, t, `Above\n{{:${sub}}}\nBelow`);
      const html = async () =>
        ((await b.request({ action: 'parse', page: t, prop: 'text', formatversion: 2 }, { page: t })) as { parse: { text: string } }).parse.text;
      expect(await html()).toContain('<b>first</b>');
      // The transcluded page, then the page itself: the page's new rendering shows the second text at once.
      await put(b, sub, "'''second'''");
      await put(b, t, `Above, edited\n{{:${sub}}}\nBelow`);
      const after = await html();
      expect(after).toContain('<b>second</b>');
      expect(after).toContain('Above, edited');
    });

    it('gives up with a clear error after maxConflictRetries conflicts, without saving', async () => {
      const t = `${P}/Always conflicting`;
      await put(b, t, 'value: 0');
      const c = await bot({ maxConflictRetries: 2 });
      let n = 0;
      const err = await thrown(
        c.save(t, (p) => ({ text: p.text.replace(/value: \d+/, 'value: bot'), summary: 'bot' }), {
          beforeEdit: async () => {
            await player.save(t, (p) => ({ text: p.text.replace(/value: \w+/, `value: ${++n}`), summary: 'human again' }));
          },
        }),
      );
      expect(err.code).toBe('conflict-retries');
      expect(err.message).toMatch(/still in conflict with other edits after 3 attempts/);
      expect((await b.readPage(t)).text).toBe('value: 3');
    });

    it('creates a page only when asked', async () => {
      const t = `${P}/Created`;
      expect(await thrown(b.save(t, () => ({ text: 'x', summary: 's' })))).toMatchObject({ code: 'missing', page: t });
      const r = await b.save(t, (p) => (p.missing ? { text: 'new page', summary: 'create' } : null), { create: true });
      expect(r.changed).toBe(true);
      expect((await b.readPage(t)).text).toBe('new page');
    });
    it('a save says what the page holds after it, as a read gives it, on a creation and on an edit (a daemon tick reads it no more), trailing spaces stripped as MediaWiki does', async () => {
      const t = `${P}/Known`;
      const same = (r: Awaited<ReturnType<WikiClient['save']>>, read: Awaited<ReturnType<WikiClient['readPage']>>) =>
        expect(r.page).toMatchObject({ text: read.text, revid: read.revid, timestamp: read.timestamp, user: read.user });
      const created = await b.save(t, () => ({ text: 'new page', summary: 'create' }), { create: true });
      same(created, await b.readPage(t));
      const edited = await b.save(t, (p) => ({ text: `${p.text}, edited`, summary: 'edit' }));
      same(edited, await b.readPage(t));
      // Trailing spaces, which MediaWiki strips: the save sends the text stripped, and says that text.
      const stripped = await b.save(`${P}/Stripped`, () => ({ text: 'spaces at the end   \n', summary: 'create' }), { create: true });
      same(stripped, await b.readPage(`${P}/Stripped`));
      expect(stripped.page?.text).toBe('spaces at the end');
    });
  });

  describe('revision listing and reverts, as MediaWiki records them', () => {
    type Rev = { revid: number; user: string; sha1: string; tags: string[]; slots: { main: { content: string } } };
    const history = async (t: string): Promise<Rev[]> => {
      const r = (await b.request(
        { action: 'query', prop: 'revisions', titles: t, rvprop: 'ids|user|sha1|tags|content', rvslots: 'main', rvlimit: 50 },
        { page: t },
      )) as {
        query: { pages: { revisions: Rev[] }[] };
      };
      return r.query.pages[0]!.revisions;
    };

    it('lists revisions newest first; an undo, a rollback and a manual revert are tagged mw-undo, mw-rollback, mw-manual-revert, each restoring the sha1 it restores', async () => {
      const t = `${P}/Reverts`;
      const admin = await human('ADMIN');
      const r1 = await put(b, t, 'v1');
      const r2 = await put(player, t, 'v2');
      await player.request({ action: 'edit', title: t, undo: r2, summary: 'undo' }, { page: t, edit: true });
      await put(player, t, 'v3');
      await admin.request({ action: 'rollback', title: t, user: 'Player', token: await rollbackToken(admin) }, { page: t });
      await put(b, t, 'v3'); // the bot puts back what the rollback removed
      const revs = await history(t);
      expect(revs.map((r) => [r.user, r.slots.main.content, r.tags])).toEqual([
        ['Bot', 'v3', ['mw-manual-revert']],
        ['Admin', 'v1', ['mw-rollback']],
        ['Player', 'v3', []],
        ['Player', 'v1', ['mw-undo']],
        ['Player', 'v2', []],
        ['Bot', 'v1', []],
      ]);
      expect(revs.at(-1)!.revid).toBe(r1);
      expect(new Set([revs[1]!.sha1, revs[3]!.sha1, revs[5]!.sha1]).size).toBe(1);
      expect(revs[0]!.sha1).toBe(revs[2]!.sha1);
      expect((await b.revisions(t, { limit: 10 })).map((r) => r.revid)).toEqual(revs.map((r) => r.revid));
    });

    it("an admin's undo of a player's edit under later ones is no revert of the bot's revision a rollback took back before (both tagged mw-reverted)", async () => {
      const t = `${P}/Old revert`;
      const admin = await human('ADMIN');
      const me = b.names[0]!;
      const base = 'one\ntwo\nthree\nfour\nfive\nsix\n';
      await put(player, t, base);
      const botRev = await put(b, t, `${base}the bot\n`);
      await admin.request({ action: 'rollback', title: t, user: me, token: await rollbackToken(admin) }, { page: t });
      const p1 = await put(player, t, `first\n${base}`);
      const p2 = await put(player, t, `first\n${base}last\n`);
      await admin.request({ action: 'edit', title: t, undo: p1, summary: 'undo' }, { page: t, edit: true });
      expect((await b.readPage(t)).text).toBe(`${base}last`);
      // MediaWiki tags the reverted revisions from its job queue.
      await runJobs('revertedTagUpdate');
      const tagged = (await b.revisions(t, { limit: 10 })).filter((r) => r.tags.includes('mw-reverted')).map((r) => r.revid);
      expect(tagged.sort()).toEqual([botRev, p1].sort());
      // The check after the player's edits finds no revert of the bot; the one before the rollback finds the rollback.
      expect((await findBotReverts(b, [t], me, { [t]: p2 })).reverts).toEqual([]);
      expect((await findBotReverts(b, [t], me, { [t]: botRev })).reverts.map((r) => [r.how, r.reverted])).toEqual([['rollback', [botRev]]]);
    });
  });

  describe('API warnings', () => {
    it('a save, a read of several pages, a revision listing with content and a user-group look-up draw no API warning', async () => {
      const warnings: unknown[] = [];
      const c = await bot();
      c.bot.axiosInstance.interceptors.response.use((res) => {
        const w = (res.data as { warnings?: unknown } | undefined)?.warnings;
        if (w) warnings.push(w);
        return res;
      });
      const t = `${P}/Warnings`;
      await put(c, t, 'one');
      await c.readPages([t, 'Croupier/Shutoff']);
      await c.save(t, (p) => ({ text: `${p.text}\ntwo`, summary: 'test: warnings' }));
      await c.revisions(t, { limit: 5, content: true });
      await c.userGroups(['Player', 'Admin']);
      expect(warnings).toEqual([]);
    });
  });

  describe('regions and guards (no edit, page untouched)', () => {
    it('refuses a page whose region has no end marker: nothing saved', async () => {
      const t = `${P}/Broken region`;
      const r0 = await put(b, t, 'Intro\n<!-- croupier:begin card-tables -->\nold tables\nOutro');
      const err = await thrown(b.save(t, (p) => ({ text: replaceRegion(p.text, 'card-tables', 'new', { page: t }).text, summary: 's' })));
      expect(err).toBeInstanceOf(WikiError);
      expect(err).toMatchObject({ code: 'region-markers', page: t });
      expect(err.message).toMatch(/region "card-tables" \(begun at line 2\) has no end marker/);
      expect((await b.readPage(t)).revid).toBe(r0);
    });

    it('refuses a page whose region has a doubled end marker: nothing saved', async () => {
      const t = `${P}/Doubled end`;
      const r0 = await put(
        b,
        t,
        'Intro\n<!-- croupier:begin card-tables -->\nold\n<!-- croupier:end card-tables -->\n<!-- croupier:end card-tables -->\nOutro',
      );
      const err = await thrown(b.save(t, (p) => ({ text: replaceRegion(p.text, 'card-tables', 'new', { page: t }).text, summary: 's' })));
      expect(err).toBeInstanceOf(WikiError);
      expect(err).toMatchObject({ code: 'region-markers', page: t });
      expect(err.message).toMatch(/doubled end marker/);
      expect((await b.readPage(t)).revid).toBe(r0);
    });

    it('refuses a region replacement that would lose more than half its table rows', async () => {
      const t = `${P}/Region rows`;
      const table = (n: number) => `{|\n! h\n${Array.from({ length: n }, (_, i) => `|-\n| row ${i}`).join('\n')}\n|}`;
      const r0 = await put(b, t, `Intro\n<!-- croupier:begin card-tables -->\n${table(10)}\n<!-- croupier:end card-tables -->\nOutro ${'words '.repeat(50)}`);
      const edit = (n: number) => (p: { text: string }) => ({ text: replaceRegion(p.text, 'card-tables', table(n), { page: t }).text, summary: 's' });
      const err = await thrown(b.save(t, edit(3)));
      expect(err).toMatchObject({ code: 'region-shrink', page: t });
      expect(err.message).toMatch(/its tables would go from 11 to 4 rows/);
      expect((await b.readPage(t)).revid).toBe(r0);
      expect((await b.save(t, edit(6))).changed).toBe(true);
    });

    it('refuses a save that would shrink the page beyond maxShrinkShare', async () => {
      const t = `${P}/Shrink`;
      const r0 = await put(b, t, 'x'.repeat(1000));
      const err = await thrown(b.save(t, () => ({ text: 'x'.repeat(100), summary: 's' })));
      expect(err.code).toBe('page-shrink');
      expect((await b.readPage(t)).revid).toBe(r0);
    });

    it('makes no edit while the shutoff page does not hold the run word, and says why', async () => {
      const shutoff = `${P}/Shutoff`;
      const t = `${P}/Guarded`;
      await put(b, shutoff, 'stop — maintenance');
      const r0 = await put(b, t, 'text');
      const c = await bot({ shutoff: { page: shutoff, runWord: 'run' } });
      const err = await thrown(c.save(t, () => ({ text: 'changed', summary: 's' })));
      expect(err).toMatchObject({ code: 'shutoff', page: shutoff });
      expect(err.message).toBe(`emergency shutoff: the shutoff page "${shutoff}" does not contain "run" (it says "stop — maintenance"): no edit`);
      expect((await b.readPage(t)).revid).toBe(r0);
      // a dry run still shows the diff, with a note
      const dry = await c.save(t, () => ({ text: 'changed', summary: 's' }), { dryRun: true });
      expect(dry.notes?.[0]).toMatch(/emergency shutoff/);
      // back to "run": it edits
      await put(b, shutoff, 'run');
      expect((await c.save(t, () => ({ text: 'changed', summary: 's' }))).changed).toBe(true);
      // a missing shutoff page stops the bot too
      const c2 = await bot({ shutoff: { page: `${P}/No shutoff page`, runWord: 'run' } });
      expect(await thrown(c2.save(t, () => ({ text: 'changed again', summary: 's' })))).toMatchObject({ code: 'shutoff' });
    });

    it('honours {{nobots}} and {{bots|deny=…}}', async () => {
      for (const tpl of ['{{nobots}}', '{{bots|deny=Bot}}', '{{bots|allow=SomeoneElse}}']) {
        const t = `${P}/Excluded ${randomBytes(2).toString('hex')}`;
        const r0 = await put(b, t, `${tpl}\ntext`);
        const err = await thrown(b.save(t, (p) => ({ text: `${p.text}\nmore`, summary: 's' })));
        expect(err).toMatchObject({ code: 'bots-excluded', page: t });
        expect((await b.readPage(t)).revid).toBe(r0);
      }
      const t = `${P}/Allowed`;
      await put(b, t, '{{bots|deny=OtherBot}}\ntext');
      expect((await b.save(t, (p) => ({ text: `${p.text}\nmore`, summary: 's' }))).changed).toBe(true);
    });

    it('a dry run returns the diff and writes nothing (same revision id)', async () => {
      const t = `${P}/Dry`;
      const r0 = await put(b, t, 'a\nb\nc');
      const edits = b.stats.edits;
      const res = await b.save(t, (p) => ({ text: p.text.replace('b', 'B'), summary: 's' }), { dryRun: true });
      expect(res).toMatchObject({ dryRun: true, changed: true, oldRevid: r0 });
      expect(res.diff).toContain(`--- a/${t}\trevision ${r0}`);
      expect(res.diff).toContain('-b\n+B');
      expect(b.stats.edits).toBe(edits);
      expect((await b.readPage(t)).revid).toBe(r0);
    });
  });

  describe('retry policy against the server (faked maxlag / ratelimited, scripts/devwiki-hooks.php)', () => {
    it('waits out maxlag (honouring Retry-After) and retries', async () => {
      const c = await bot();
      c.headers['X-Devwiki-Fake'] = `maxlag=1;key=${randomBytes(6).toString('hex')}`;
      const t0 = Date.now();
      const page = await c.readPage('Croupier/Shutoff');
      expect(page.text).toMatch(/^run/);
      expect(c.stats.retries).toBe(1);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(5000); // Retry-After: 5
    }, 30_000);

    it('gives up on maxlag after maxRetries with a clear error', async () => {
      const c = await bot({ maxRetries: 0 });
      c.headers['X-Devwiki-Fake'] = `maxlag=5;key=${randomBytes(6).toString('hex')}`;
      const err = await thrown(c.readPages([`${P}/Read A`]));
      expect(err).toMatchObject({ code: 'maxlag', retryAfter: 5 });
      expect(err.message).toMatch(/database is lagged/);
    });

    it('backs off and retries an edit refused with ratelimited (mwn alone does not)', async () => {
      const t = `${P}/Rate limited`;
      await put(b, t, 'v1');
      const c = await bot({ retryPauseMs: 300 });
      c.headers['X-Devwiki-Fake'] = `ratelimited=1;key=${randomBytes(6).toString('hex')}`;
      const res = await c.save(t, () => ({ text: 'v2', summary: 's' }));
      expect(res.changed).toBe(true);
      expect(c.stats.retries).toBe(1);
      expect((await b.readPage(t)).text).toBe('v2');

      const c0 = await bot({ maxRetries: 0 });
      c0.headers['X-Devwiki-Fake'] = `ratelimited=1;key=${randomBytes(6).toString('hex')}`;
      expect(await thrown(c0.save(t, () => ({ text: 'v3', summary: 's' })))).toMatchObject({ code: 'ratelimited', page: t });
    });

    it('throttles edits: at least editThrottleMs between two edits', async () => {
      const t = `${P}/Throttle`;
      await put(b, t, 'n 0');
      const c = await bot({ editThrottleMs: 700 });
      const t0 = Date.now();
      await c.save(t, () => ({ text: 'n 1', summary: 's' }));
      await c.save(t, () => ({ text: 'n 2', summary: 's' }));
      expect(Date.now() - t0).toBeGreaterThanOrEqual(700);
    });

    it('logs in again and retries when the session is lost (assert=bot fails)', async () => {
      const c = await bot();
      await c.bot.cookieJar.removeAllCookies();
      const page = await c.readPage('Croupier/Shutoff');
      expect(page.text).toMatch(/^run/);
      expect(c.stats.retries).toBe(1);
    });
  });
});
