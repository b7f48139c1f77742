// Shared by the integration tests: the local wiki's accounts (.devwiki/env), sessions, unique page titles.
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseEnvFile } from '../../src/config.ts';
import { connect, type ConnectOptions, type WikiClient } from '../../src/wiki/client.ts';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export function devEnv(): Record<string, string> {
  return parseEnvFile(readFileSync(`${root}.devwiki/env`, 'utf8'));
}

/** A unique title prefix per test file run, so concurrent runs and re-runs never share pages. */
export function uniquePrefix(what: string): string {
  return `Test/${what}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** The bot, logged in with its bot password; no throttle, short retry pauses. */
export function bot(extra: Partial<ConnectOptions> = {}): Promise<WikiClient> {
  const env = devEnv();
  return connect({
    apiUrl: env.CROUPIER_API_URL!,
    username: env.CROUPIER_USERNAME,
    password: env.CROUPIER_PASSWORD,
    editThrottleMs: 0,
    retryPauseMs: 100,
    maxRetries: 2,
    shutoff: null,
    ...extra,
  });
}

/** A human: the plain user "Player" (or Admin), logged in with a normal password. */
export function human(who: 'PLAYER' | 'ADMIN' = 'PLAYER'): Promise<WikiClient> {
  const env = devEnv();
  return connect({
    apiUrl: env.CROUPIER_API_URL!,
    username: env[`DEVWIKI_${who}_USER`],
    password: env[`DEVWIKI_${who}_PASSWORD`],
    assert: 'user',
    editThrottleMs: 0,
    retryPauseMs: 100,
    shutoff: null,
  });
}

/** Write a page as-is (create or overwrite), returning its new revid. */
export async function put(client: WikiClient, title: string, text: string, summary = 'test setup'): Promise<number> {
  const r = await client.save(title, () => ({ text, summary }), { create: true, maxShrinkShare: 1 });
  if (r.revid !== undefined) return r.revid;
  return (await client.readPage(title)).revid;
}
