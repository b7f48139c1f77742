// The CLI keeps the bot's session beside the store (src/cron/session-file.ts): the next command sends its cookies
// instead of logging in, and its first read brings the edit token, so a rollover that edits is three requests
// (read, edit, the edit's merge check) and one edit per subpage whose computed block changed. A session the wiki no longer knows fails `assert=bot` and the client logs in
// again; a file another user could read or write is never used.
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFile, sessionPath } from '../../src/cron/session-file.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { SITE_KEPT_MS } from '../../src/wiki/session.ts';
import { removeDir } from '../temp-dir.ts';
import { bot, freshCliGame, freshRolloverGame, put, type TestGame } from './helpers.ts';

const NOW = new Date('2026-11-19T00:00Z'); // the fixture's phase 4 → 5 boundary
let dir: string;
let setup: WikiClient;
let cliGame: TestGame | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'croupier-session-'));
  setup = await bot();
});
afterAll(() => {
  removeDir(dir);
  cliGame?.remove();
});

const withSession = (storePath: string) => bot({ session: sessionFile(storePath) });

describe('the kept session', () => {
  it('a client logs in once and keeps its session, 0600 beside the store; the next one sends it, logs in no more, and its rollover is the read, the subpage of the standings and race chart, the Gamestate edit and its merge check', async () => {
    const store = join(dir, 'a', 'store.json');
    const first = await withSession(store);
    expect(first.stats.requests).toBe(2); // the login: a login token, the login (the edit token comes with the first read)
    expect(statSync(sessionPath(store)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'a')).mode & 0o777).toBe(0o700);

    const next = await withSession(store);
    expect(next.stats.requests).toBe(0);
    const game = await freshRolloverGame(setup, 'kept-session');
    const s = await rollover({ wiki: next }, game, { now: NOW, trigger: 'integration test' });
    expect(s.save.changed).toBe(true);
    // One read (the Ruleset, the Gamestate and its subpages together), the subpage of the standings and the race
    // chart under them (the fixture's standings are inline: they move out), created just before the Gamestate's
    // edit so that its rendering shows it, the Gamestate edit and its merge check (a creation needs none).
    expect(s.subpages.map((p) => p.title)).toEqual([`${game.gamestate}/Standings`]);
    expect(next.stats).toMatchObject({ requests: 4, edits: 2, retries: 0 });
    // The edit is the bot's (its session is the bot's own, asserted on every request).
    const page = await setup.readPage(game.gamestate);
    expect(page).toMatchObject({ revid: s.save.revid, user: setup.names[0] });
  });

  it('a session the wiki no longer knows fails assert=bot: the client logs in again, goes on, and keeps the new session', async () => {
    const store = join(dir, 'b', 'store.json');
    const first = await withSession(store);
    const kept = readFileSync(sessionPath(store), 'utf8');
    // The wiki ends that session (a logout): its cookies are worth nothing now.
    const token = (await first.request({ action: 'query', meta: 'tokens', type: 'csrf' })) as { query: { tokens: { csrftoken: string } } };
    await first.request({ action: 'logout', token: token.query.tokens.csrftoken });
    const next = await withSession(store);
    expect(next.stats.requests).toBe(0);
    const game = await freshRolloverGame(setup, 'lost-session');
    const s = await rollover({ wiki: next }, game, { now: NOW, trigger: 'integration test' });
    expect(s.save.changed).toBe(true);
    expect(next.stats.retries).toBe(1); // the first read, refused by assert=bot, then logged in and read again
    expect(readFileSync(sessionPath(store), 'utf8')).not.toBe(kept);
    expect((await setup.readPage(game.gamestate)).user).toBe(setup.names[0]);
  });

  it('what the wiki says of itself is kept with the session for a day: the next client knows it with no request and its first read asks only for the edit token; a day old, it is asked again and kept anew', async () => {
    const store = join(dir, 'e', 'store.json');
    await withSession(store); // logs in: the wiki has said nothing of itself yet
    const asked = (client: WikiClient) => {
      const metas: string[] = [];
      client.bot.axiosInstance.interceptors.request.use((c) => {
        const params = (c.params ?? Object.fromEntries(new URLSearchParams(typeof c.data === 'string' ? c.data : ''))) as { meta?: unknown };
        metas.push(String(params.meta ?? ''));
        return c;
      });
      return metas;
    };
    const first = await withSession(store);
    const firstAsked = asked(first);
    await first.readPage('Main Page');
    expect(firstAsked).toEqual(['tokens|siteinfo']);
    expect(first.site?.generator).toMatch(/^MediaWiki 1\.(39|43)\./);
    const kept = JSON.parse(readFileSync(sessionPath(store), 'utf8')) as { site: { at: string; general: { generator: string } } };
    expect(kept.site.general.generator).toBe(first.site!.generator);

    const next = await withSession(store);
    expect(next.stats.requests).toBe(0);
    expect(next.site).toEqual(first.site);
    expect(next.settings.maxPageBytes).toBe(first.settings.maxPageBytes);
    const nextAsked = asked(next);
    await next.readPage('Main Page');
    expect(nextAsked).toEqual(['tokens']);
    expect(readFileSync(sessionPath(store), 'utf8')).toBe(JSON.stringify(kept)); // nothing new to keep

    const dayOld = new Date(Date.now() - SITE_KEPT_MS - 60_000).toISOString();
    writeFileSync(sessionPath(store), JSON.stringify({ ...kept, site: { ...kept.site, at: dayOld } }), { mode: 0o600 });
    const later = await withSession(store);
    expect(later.site).toBeUndefined();
    const laterAsked = asked(later);
    await later.readPage('Main Page');
    expect(laterAsked).toEqual(['tokens|siteinfo']);
    const renewed = JSON.parse(readFileSync(sessionPath(store), 'utf8')) as typeof kept;
    expect(Date.parse(renewed.site.at)).toBeGreaterThan(Date.parse(dayOld) + SITE_KEPT_MS);
  });

  it('a lost session logs in again without making what the wiki said of itself any younger: kept sessions lost every hour still ask for it once a day', async () => {
    const store = join(dir, 'f', 'store.json');
    const first = await withSession(store);
    await first.readPage('Main Page'); // the site, learnt and kept
    const kept = JSON.parse(readFileSync(sessionPath(store), 'utf8')) as { cookies: unknown; site: { at: string } };
    const oldAt = new Date(Date.now() - SITE_KEPT_MS + 3600_000).toISOString(); // 23 hours old: still used
    writeFileSync(sessionPath(store), JSON.stringify({ ...kept, site: { ...kept.site, at: oldAt } }), { mode: 0o600 });
    const token = (await first.request({ action: 'query', meta: 'tokens', type: 'csrf' })) as { query: { tokens: { csrftoken: string } } };
    await first.request({ action: 'logout', token: token.query.tokens.csrftoken });
    const next = await withSession(store);
    expect(next.site).toEqual(first.site);
    await next.readPage('Main Page'); // refused by assert=bot, logged in, read again
    expect(next.stats.retries).toBe(1);
    const after = JSON.parse(readFileSync(sessionPath(store), 'utf8')) as typeof kept;
    expect(after.cookies).not.toEqual(kept.cookies); // the new session is kept…
    expect(after.site.at).toBe(oldAt); // …with the site as old as it was
  });

  it('a session file another user could read is not used: the client logs in, and its new session replaces the file, private', async () => {
    const store = join(dir, 'c', 'store.json');
    await withSession(store);
    chmodSync(sessionPath(store), 0o644);
    const next = await withSession(store);
    expect(next.stats.requests).toBe(2);
    expect(statSync(sessionPath(store)).mode & 0o777).toBe(0o600);
  });

  it('a session of another account or wiki, or damaged, is not used', async () => {
    const store = join(dir, 'd', 'store.json');
    await withSession(store);
    const kept = JSON.parse(readFileSync(sessionPath(store), 'utf8')) as { username: string };
    for (const other of [
      { ...kept, username: 'Someone@else' },
      { ...kept, apiUrl: 'http://127.0.0.1:1/api.php' },
    ]) {
      writeFileSync(sessionPath(store), JSON.stringify(other), { mode: 0o600 });
      expect((await withSession(store)).stats.requests).toBe(2);
    }
    writeFileSync(sessionPath(store), '{"apiUrl":', { mode: 0o600 });
    expect((await withSession(store)).stats.requests).toBe(2);
  });

  it('croupier rollover keeps the session for the next command: the second run does not log in (the file is not written again)', async () => {
    cliGame = await freshCliGame(setup, 'kept-session-cli', 'c16');
    await put(setup, `${cliGame.prefix}/Gamestate`, readFileSync(join(import.meta.dirname, '../../fixtures/cycle16/gamestate.wikitext'), 'utf8'));
    const first = await cliGame.cli(['rollover', '--game', 'c16', '--now', NOW.toISOString()]);
    expect(first.code, first.stderr).toBe(0);
    const file = sessionPath(cliGame.storePath);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const written = statSync(file).mtimeMs;
    const kept = readFileSync(file, 'utf8');
    const second = await cliGame.cli(['rollover', '--game', 'c16', '--now', NOW.toISOString()]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('is up to date');
    expect(statSync(file).mtimeMs).toBe(written);
    expect(readFileSync(file, 'utf8')).toBe(kept);
  });
});
