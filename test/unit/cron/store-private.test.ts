import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ensurePhaseSecret, FileStore, startRun } from '../../../src/cron/store.ts';
import { otherUserUnavailable, peekAsOtherUser } from '../../other-user.ts';

// The store holds the referee's unrevealed secrets: another local user reads none of its files, not even
// the temp file of a write or the lock, at any moment (docs/referee.md, "The threat model").

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'croupier-private-'));
  // A directory anyone may list, as a store's directory chosen by the operator may be.
  await chmod(dir, 0o755);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

const why = otherUserUnavailable();

describe('the store is private from its creation', () => {
  test('the directory the bot creates for the store is 0700, the store 0600', async () => {
    const path = join(dir, 'state', 'store.json');
    await ensurePhaseSecret(new FileStore(path), 'c16', 4, 'ab'.repeat(32), new Date());
    expect((await stat(join(dir, 'state'))).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  test.skipIf(why !== undefined)(
    `another local user, reading every file beside the store during 150 writes of it, reads no secret and no file at all${why ? ` (skipped: ${why})` : ''}`,
    async () => {
      const path = join(dir, 'store.json');
      const store = new FileStore(path);
      const peek = peekAsOtherUser(dir);
      const secrets: string[] = [];
      try {
        for (let phase = 0; phase < 150; phase++) {
          const secret = (phase + 1).toString(16).padStart(64, 'c');
          secrets.push(secret);
          await ensurePhaseSecret(store, 'c16', phase, secret, new Date());
          await startRun(store, { game: 'c16', kind: 'referee', trigger: 'manual', at: new Date() });
        }
      } finally {
        const seen = await peek.stop();
        // It was looking: it listed the store and the temp files of the writes beside it.
        expect(seen.seen).toContain(path);
        expect(seen.seen.some((p) => p.endsWith('.tmp'))).toBe(true);
        expect(seen.read.filter((r) => secrets.some((s) => r.secrets.includes(s)))).toEqual([]);
        expect(seen.read.map((r) => r.path)).toEqual([]);
      }
    },
    120_000,
  );
});
