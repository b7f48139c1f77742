import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DaemonRunningError, LockBusyError, acquireProcessLock, withCliLock, withProcessLock } from '../../../src/cron/lock.ts';
import { EXIT, exitCodeFor } from '../../../src/cli/context.ts';

let dir: string;
let child: ChildProcess | undefined;
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'croupier-lock-')); });
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.on('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

describe('process lock', () => {
  test('a second daemon quits with a clear message naming the first', async () => {
    const store = join(dir, 'store.json');
    const holder = new URL('./lock-holder.ts', import.meta.url).pathname;
    child = spawn(process.execPath, ['--import', 'tsx', holder, store], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child!.stdout!.on('data', (d) => { if (String(d).includes('locked')) resolve(); }));

    const err = await acquireProcessLock(store, { command: 'daemon' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockBusyError);
    const msg = (err as Error).message;
    expect(msg).toContain(`"croupier daemon" (pid ${child.pid}`);
    expect(msg).toContain(store);
    expect(msg).toContain('never act on the same store together');
  }, 30_000);

  test('a CLI run waits for the holder, says so, then proceeds; the lock is released afterwards', async () => {
    const store = join(dir, 'store.json');
    const first = await acquireProcessLock(store, { command: 'daemon' });
    const told: string[] = [];
    setTimeout(() => void first.release(), 400);
    const result = await withProcessLock(store, { command: 'rollover --game c16', waitMs: 10_000, onWait: (m) => told.push(m) }, async (l) => l.owner.command);
    expect(result).toBe('rollover --game c16');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/"croupier daemon" \(pid \d+ .*waiting up to 10 s/);
    // released: can be taken again at once
    const again = await acquireProcessLock(store, { command: 'daemon' });
    await again.release();
  });

  test('a CLI run that waited too long gives up with the holder named', async () => {
    const store = join(dir, 'store.json');
    const first = await acquireProcessLock(store, { command: 'daemon' });
    try {
      await expect(acquireProcessLock(store, { command: 'rollover', waitMs: 300 })).rejects.toThrow(/"croupier daemon" .* giving up after waiting/);
    } finally {
      await first.release();
    }
  });

  test('a CLI run refuses at once when a daemon holds the store, saying to ask it on the request page, with exit code 75', async () => {
    const store = join(dir, 'store.json');
    const daemon = await acquireProcessLock(store, { command: 'daemon' });
    try {
      let ran = false;
      const told: string[] = [];
      const started = Date.now();
      const err = await withCliLock(store, 'rollover --game c16 --force', async () => { ran = true; }, { waitMs: 60_000, requestsPage: 'Cycle 16/Gamestate/Requests', onWait: (m) => told.push(m) }).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(ran).toBe(false);
      expect(told).toEqual([]);
      expect(err).toBeInstanceOf(DaemonRunningError);
      expect(err).toBeInstanceOf(LockBusyError);
      const msg = (err as Error).message;
      expect(msg).toContain(`a croupier daemon (pid ${process.pid}`);
      expect(msg).toContain('ask it with a `* rollover now` request on [[Cycle 16/Gamestate/Requests]], or stop it first');
      expect(exitCodeFor(err)).toBe(EXIT.locked);
      expect(EXIT.locked).toBe(75);
    } finally {
      await daemon.release();
    }
  });

  test('a CLI run still waits for another CLI run that holds the store', async () => {
    const store = join(dir, 'store.json');
    const other = await acquireProcessLock(store, { command: 'rollover --game c16' });
    setTimeout(() => void other.release(), 300);
    const told: string[] = [];
    const result = await withCliLock(store, 'rollover --game c17', async () => 'done', { waitMs: 10_000, onWait: (m) => told.push(m) });
    expect(result).toBe('done');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/"croupier rollover --game c16" .*waiting up to 10 s/);
  });

  test('a CLI run that gave up waiting exits with code 75 too', async () => {
    const store = join(dir, 'store.json');
    const other = await acquireProcessLock(store, { command: 'rollover --game c16' });
    try {
      const err = await withCliLock(store, 'rollover --game c17', async () => undefined, { waitMs: 200, onWait: () => undefined }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LockBusyError);
      expect(err).not.toBeInstanceOf(DaemonRunningError);
      expect(exitCodeFor(err)).toBe(75);
    } finally {
      await other.release();
    }
  });
});
