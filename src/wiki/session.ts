// A kept session: the cookies of a logged-in client, written where the caller keeps them (the CLI: beside the
// store, readable by its owner only: src/cron/session-file.ts), so that the next process of the same account on
// the same wiki sends them instead of logging in again (a login is 2 requests). The kept cookies are never
// trusted blindly: every request carries `assert=bot`, so a session the wiki no longer knows fails it
// (`assertbotfailed`), and the client logs in again (errors.ts#retryDecision) and keeps the new session.
import type { Mwn } from 'mwn';

/** Where a session is kept; both may fail (then the client logs in as before, or keeps nothing). */
export interface SessionKeeper {
  load(): Promise<string | undefined>;
  save(data: string): Promise<void>;
}

type Jar = Mwn['cookieJar'];

interface Kept {
  apiUrl: string;
  username: string;
  cookies: unknown;
}

/** The session of `username` at `apiUrl`, as kept (the cookie jar's own serialisation). */
export function keptSession(bot: Mwn, apiUrl: string, username: string): string {
  return JSON.stringify({ apiUrl, username, cookies: bot.cookieJar.serializeSync() } satisfies Kept);
}

/**
 * Restores a kept session into `bot` when it is this account's on this wiki; false (nothing changed) when the
 * data is another's, damaged or empty.
 */
export function restoreSession(bot: Mwn, data: string | undefined, apiUrl: string, username: string): boolean {
  if (data === undefined) return false;
  let kept: Partial<Kept>;
  try {
    kept = JSON.parse(data) as Partial<Kept>;
  } catch {
    return false;
  }
  if (kept.apiUrl !== apiUrl || kept.username !== username || typeof kept.cookies !== 'object' || kept.cookies === null) return false;
  try {
    const jar = (bot.cookieJar.constructor as unknown as { deserializeSync(d: unknown): Jar }).deserializeSync(kept.cookies);
    if (jar.getCookiesSync(apiUrl).length === 0) return false;
    bot.cookieJar = jar;
    return true;
  } catch {
    return false;
  }
}
