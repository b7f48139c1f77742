// A kept session: the cookies of a logged-in client, written where the caller keeps them (the CLI: beside the
// store, readable by its owner only: src/cron/session-file.ts), so that the next process of the same account on
// the same wiki sends them instead of logging in again (a login is 2 requests). The kept cookies are never
// trusted blindly: every request carries `assert=bot`, so a session the wiki no longer knows fails it
// (`assertbotfailed`), and the client logs in again (errors.ts#retryDecision) and keeps the new session.
// What the wiki said of itself (siteinfo's `general`: ~10 ms of the wiki's time in each first read) is kept with the
// session for a day (SITE_KEPT_MS): a wiki's version and largest page change when its admins upgrade it, not hourly.
import type { Mwn } from 'mwn';

/** Where a session is kept; both may fail (then the client logs in as before, or keeps nothing). */
export interface SessionKeeper {
  load(): Promise<string | undefined>;
  save(data: string): Promise<void>;
}

type Jar = Mwn['cookieJar'];

/** How long what the wiki said of itself is taken from a kept session rather than asked again. */
export const SITE_KEPT_MS = 24 * 3600_000;

/** Siteinfo's `general`, as far as the bot reads it (site.ts), and when the wiki said it (ISO). */
export interface KeptSite {
  general: { generator: string; maxarticlesize?: number };
  at: string;
}

interface Kept {
  apiUrl: string;
  username: string;
  cookies: unknown;
  site?: KeptSite;
}

/** The session of `username` at `apiUrl`, as kept (the cookie jar's own serialisation), with what the wiki said of itself. */
export function keptSession(bot: Mwn, apiUrl: string, username: string, site?: KeptSite): string {
  return JSON.stringify({ apiUrl, username, cookies: bot.cookieJar.serializeSync(), ...(site ? { site } : {}) } satisfies Kept);
}

/**
 * Restores a kept session into `bot` when it is this account's on this wiki, with what the wiki said of itself
 * when that is younger than SITE_KEPT_MS at `now`; undefined (nothing changed) when the data is another's, damaged
 * or empty.
 */
export function restoreSession(bot: Mwn, data: string | undefined, apiUrl: string, username: string, now: number): { site?: KeptSite } | undefined {
  if (data === undefined) return undefined;
  let kept: Partial<Kept>;
  try {
    kept = JSON.parse(data) as Partial<Kept>;
  } catch {
    return undefined;
  }
  if (kept.apiUrl !== apiUrl || kept.username !== username || typeof kept.cookies !== 'object' || kept.cookies === null) return undefined;
  try {
    const jar = (bot.cookieJar.constructor as unknown as { deserializeSync(d: unknown): Jar }).deserializeSync(kept.cookies);
    if (jar.getCookiesSync(apiUrl).length === 0) return undefined;
    bot.cookieJar = jar;
  } catch {
    return undefined;
  }
  const site = freshSite(kept.site, now);
  return site ? { site } : {};
}

/** A kept site that is whole and younger than SITE_KEPT_MS (a clock set back makes it stale too). */
function freshSite(site: unknown, now: number): KeptSite | undefined {
  const s = site as Partial<KeptSite> | undefined;
  if (typeof s?.at !== 'string' || typeof s.general?.generator !== 'string') return undefined;
  const age = now - Date.parse(s.at);
  if (!(age >= 0 && age < SITE_KEPT_MS)) return undefined;
  const size = s.general.maxarticlesize;
  return { at: s.at, general: { generator: s.general.generator, ...(typeof size === 'number' ? { maxarticlesize: size } : {}) } };
}
