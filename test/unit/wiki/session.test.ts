// A kept session carries what the wiki said of itself for a day (src/wiki/session.ts): restored with the cookies
// while younger than SITE_KEPT_MS, dropped when older, damaged, or dated after the clock.
import { Mwn } from 'mwn';
import { describe, expect, it } from 'vitest';
import { keptSession, restoreSession, SITE_KEPT_MS } from '../../../src/wiki/session.ts';

const API = 'http://127.0.0.1:8080/api.php';
const USER = 'Bot@croupier';
const AT = '2026-11-29T12:00:00.000Z';
const site = { at: AT, general: { generator: 'MediaWiki 1.43.9', maxarticlesize: 2_097_152 } };

function loggedIn(): Mwn {
  const bot = new Mwn({ apiUrl: API, silent: true });
  bot.cookieJar.setCookieSync('session=abc; Path=/; HttpOnly', API);
  return bot;
}
const restoreAt = (data: string, now: number) => restoreSession(new Mwn({ apiUrl: API, silent: true }), data, API, USER, now);

describe('a kept session', () => {
  it('brings back what the wiki said of itself while it is younger than a day', () => {
    const data = keptSession(loggedIn(), API, USER, site);
    expect(restoreAt(data, Date.parse(AT) + SITE_KEPT_MS - 1)).toEqual({ site });
  });

  it('drops it once a day old, and when it is dated after the clock, but keeps the cookies', () => {
    const data = keptSession(loggedIn(), API, USER, site);
    expect(restoreAt(data, Date.parse(AT) + SITE_KEPT_MS)).toEqual({});
    expect(restoreAt(data, Date.parse(AT) - 1)).toEqual({});
  });

  it('drops a site that is not whole, and keeps no field it does not read', () => {
    const broken = JSON.parse(keptSession(loggedIn(), API, USER, site)) as { site: Record<string, unknown> };
    for (const s of [{ at: AT }, { at: 'yesterday', general: site.general }, { at: AT, general: { maxarticlesize: 5 } }]) {
      expect(restoreAt(JSON.stringify({ ...broken, site: s }), Date.parse(AT))).toEqual({});
    }
    const extra = JSON.stringify({ ...broken, site: { at: AT, general: { generator: 'MediaWiki 1.43.9', rights: 'x' } } });
    expect(restoreAt(extra, Date.parse(AT))).toEqual({ site: { at: AT, general: { generator: 'MediaWiki 1.43.9' } } });
  });

  it('is not restored, site and all, for another account or wiki, or with no cookies', () => {
    const data = keptSession(loggedIn(), API, USER, site);
    const now = Date.parse(AT);
    expect(restoreSession(new Mwn({ apiUrl: API, silent: true }), data, API, 'Someone@else', now)).toBeUndefined();
    expect(restoreSession(new Mwn({ apiUrl: API, silent: true }), data, 'http://127.0.0.1:1/api.php', USER, now)).toBeUndefined();
    const empty = keptSession(new Mwn({ apiUrl: API, silent: true }), API, USER, site);
    expect(restoreAt(empty, now)).toBeUndefined();
  });
});
