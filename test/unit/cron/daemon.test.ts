import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startDaemon, type DaemonHandle } from '../../../src/cron/daemon.ts';
import { LockBusyError } from '../../../src/cron/lock.ts';
import { createLogger } from '../../../src/cron/log.ts';
import { FileStore, emptyStore } from '../../../src/cron/store.ts';
import { fakeJobs, silentLogger } from './fakes.ts';

let dir: string;
const handles: DaemonHandle[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'croupier-daemon-'));
});
afterEach(async () => {
  for (const h of handles.splice(0)) await h.stop('test over');
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

const games = () => ({ c16: { weekdays: [1, 4], applied: new Date(Date.now() - 86_400_000 * 8) } });

describe('daemon', () => {
  test('a second daemon on the same store quits with a clear message; the first keeps running', async () => {
    const storePath = join(dir, 'store.json');
    const fake = fakeJobs(games());
    const first = await startDaemon({ storePath, games: ['c16'], jobs: fake.jobs, logger: silentLogger(), handleSignals: false });
    handles.push(first);
    await first.scheduler.idle();
    const err = await startDaemon({ storePath, games: ['c16'], jobs: fakeJobs(games()).jobs, logger: silentLogger(), handleSignals: false }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LockBusyError);
    expect((err as Error).message).toMatch(
      new RegExp(
        `^"croupier daemon" \\(pid ${process.pid} on .*\\) holds the lock on the store ${storePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; giving up`,
      ),
    );
    // The first one caught up at start (two or three boundaries in the last 8 days) and still runs.
    expect(fake.rollovers().length).toBeGreaterThanOrEqual(2);
    expect(first.scheduler.nextRuns().length).toBeGreaterThan(0);
  });

  test('stop releases the lock: a new daemon can start, and finds nothing more to do', async () => {
    const storePath = join(dir, 'store.json');
    const g = games();
    const fake = fakeJobs(g);
    const first = await startDaemon({ storePath, games: ['c16'], jobs: fake.jobs, logger: silentLogger(), handleSignals: false });
    await first.scheduler.idle();
    const n = fake.rollovers().length;
    await first.stop('test');
    await first.done;
    const second = await startDaemon({ storePath, games: ['c16'], jobs: fake.jobs, logger: silentLogger(), handleSignals: false });
    handles.push(second);
    await second.scheduler.idle();
    expect(fake.rollovers().length).toBe(n);
  });

  test('SIGTERM stops the daemon gracefully and releases the lock', async () => {
    const storePath = join(dir, 'store.json');
    const listeners = process.listenerCount('SIGTERM');
    const d = await startDaemon({ storePath, games: ['c16'], jobs: fakeJobs(games()).jobs, logger: silentLogger() });
    await d.scheduler.idle();
    expect(process.listenerCount('SIGTERM')).toBe(listeners + 1);
    process.emit('SIGTERM', 'SIGTERM');
    await d.done; // never resolves (the test times out) if SIGTERM is not handled
    expect(process.listenerCount('SIGTERM')).toBe(listeners);
    // The lock is free: a new daemon on the same store starts instead of throwing LockBusyError.
    const again = await startDaemon({ storePath, games: ['c16'], jobs: fakeJobs(games()).jobs, logger: silentLogger(), handleSignals: false });
    handles.push(again);
    expect(again.scheduler.nextRuns().length).toBeGreaterThan(0);
  });

  test('a second SIGTERM abandons the running job at once: the daemon stops, the run is only "abandoned", the job saved nothing', async () => {
    const storePath = join(dir, 'store.json');
    // A catch-up job that takes 10 minutes (cut short when its signal aborts, as the wiki client's requests are).
    const fake = fakeJobs({ c16: { weekdays: [1, 4], applied: new Date(Date.now() - 86_400_000 * 8), rolloverMs: 600_000 } });
    const listeners = process.listenerCount('SIGTERM');
    const starting = startDaemon({ storePath, games: ['c16'], jobs: fake.jobs, logger: silentLogger(), graceMs: 600_000 });
    const store = new FileStore(storePath);
    while (!(await store.read().catch(() => emptyStore())).runs.some((r) => r.result === 'running')) await new Promise((r) => setTimeout(r, 20));
    process.emit('SIGTERM', 'SIGTERM'); // the first waits up to the 10-minute grace period…
    await new Promise((r) => setTimeout(r, 200));
    expect((await store.read()).runs.map((r) => r.result)).toEqual(['running']);
    process.emit('SIGTERM', 'SIGTERM'); // …the second does not (else this test times out)
    const d = await starting;
    await d.done;
    expect(process.listenerCount('SIGTERM')).toBe(listeners);
    expect(fake.rollovers()).toEqual([]);
    const runs = (await store.read()).runs;
    expect(runs.map((r) => [r.kind, r.result])).toEqual([['rollover', 'abandoned']]);
    expect(runs[0]?.error).toContain('nothing was saved');
  });
});

describe('logs', () => {
  test('secrets are redacted, in fields and in message text', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _e, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const log = createLogger({ secrets: ['s3cr3tb0tpassw0rd'], destination: destination as never });
    log.info({ wiki: { password: 'hunter22' }, headers: { cookie: 'session=abc' }, game: 'c16' }, 'login with s3cr3tb0tpassw0rd failed');
    const out = lines.join('');
    expect(out).not.toContain('hunter22');
    expect(out).not.toContain('session=abc');
    expect(out).not.toContain('s3cr3tb0tpassw0rd');
    expect(out).toContain('[Redacted]');
    expect(JSON.parse(out)).toMatchObject({ game: 'c16', name: 'croupier' });
  });
});
