import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DaemonRunningError, LockBusyError, acquireProcessLock, withCliLock, withProcessLock } from '../../../src/cron/lock.ts';
import { EXIT, exitCodeFor } from '../../../src/cli/context.ts';
import { FileStore } from '../../../src/cron/store.ts';

let dir: string;
let child: ChildProcess | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'croupier-lock-'));
});
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.on('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

/** The lock-holder child (a "daemon" holding the store's lock), once it says it holds the lock. */
async function holdInChild(store: string): Promise<ChildProcess> {
  const holder = new URL('./lock-holder.ts', import.meta.url).pathname;
  const c = spawn(process.execPath, ['--import', 'tsx', holder, store], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) =>
    c.stdout!.on('data', (d) => {
      if (String(d).includes('locked')) resolve();
    }),
  );
  return c;
}

async function kill9(c: ChildProcess): Promise<void> {
  const exited = new Promise((r) => c.on('exit', r));
  process.kill(c.pid!, 'SIGKILL');
  await exited;
}

describe('process lock', () => {
  test('a second daemon quits with a clear message naming the first', async () => {
    const store = join(dir, 'store.json');
    const holder = new URL('./lock-holder.ts', import.meta.url).pathname;
    child = spawn(process.execPath, ['--import', 'tsx', holder, store], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) =>
      child!.stdout!.on('data', (d) => {
        if (String(d).includes('locked')) resolve();
      }),
    );

    const err = await acquireProcessLock(store, { command: 'daemon' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LockBusyError);
    const msg = (err as Error).message;
    expect(msg).toContain(`"croupier daemon" (pid ${child.pid}`);
    expect(msg).toContain(store);
    expect(msg).toContain('never act on the same store together');
  }, 30_000);

  test('a lock held by a process that no longer runs on this host is taken over at once, saying so (no stale wait, no "busy")', async () => {
    const store = join(dir, 'store.json');
    child = await holdInChild(store);
    const pid = child.pid!;
    await kill9(child);
    const told: string[] = [];
    // waitMs 0: a busy lock would throw LockBusyError at once; a dead holder's lock is not busy.
    const lock = await acquireProcessLock(store, { command: 'daemon', onTakeover: (m) => told.push(m), onWait: (m) => told.push(`waited: ${m}`) });
    try {
      expect(told).toEqual([
        `the lock on the store ${store} is held by pid ${pid} ("croupier daemon" on ${hostname()}, since ${told[0]!.match(/since ([^)]+)\)/)![1]}), which is no longer running: taking over`,
      ]);
      expect(lock.owner.pid).toBe(process.pid);
    } finally {
      await lock.release();
    }
  }, 30_000);

  test('a CLI run right after a killed daemon neither waits nor tells the operator to ask that daemon: it takes over and marks its unfinished runs abandoned', async () => {
    const store = join(dir, 'store.json');
    child = await holdInChild(store);
    const pid = child.pid!;
    // The daemon had a run going when it was killed.
    await new FileStore(store).update((d) => {
      d.runs.push({
        id: 'r1',
        game: 'c16',
        kind: 'rollover',
        trigger: 'boundary',
        start: new Date().toISOString(),
        result: 'running',
        edits: 0,
        pid,
        host: hostname(),
      });
    });
    await kill9(child);
    const told: string[] = [];
    const result = await withCliLock(store, 'rollover --game c16', async () => 'ran', { waitMs: 60_000, onWait: (m) => told.push(m) });
    expect(result).toBe('ran');
    expect(told).toHaveLength(2);
    expect(told[0]).toContain(`is held by pid ${pid} ("croupier daemon"`);
    expect(told[0]).toContain('which is no longer running: taking over');
    expect(told[1]).toContain(`the rollover run r1 of c16 (started`);
    expect(told[1]).toContain(`by pid ${pid}) never finished`);
    const data = await new FileStore(store).read();
    expect(data.runs[0]).toMatchObject({ result: 'abandoned' });
    expect(data.games.c16?.lastRun).toMatchObject({ id: 'r1', result: 'abandoned' });
  }, 30_000);

  test('a lock whose holder is recorded on another host is not taken over (that process cannot be checked from here)', async () => {
    const store = join(dir, 'store.json');
    const lock = await acquireProcessLock(store, { command: 'daemon' });
    try {
      await writeFile(`${store}.process.json`, JSON.stringify({ ...lock.owner, pid: 2 ** 22 + 1, host: 'elsewhere' }));
      const err = await acquireProcessLock(store, {
        command: 'daemon',
        onTakeover: () => {
          throw new Error('taken over');
        },
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LockBusyError);
      expect((err as Error).message).toContain(`pid ${2 ** 22 + 1} on elsewhere`);
    } finally {
      await lock.release();
    }
  });

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
      const err = await withCliLock(
        store,
        'rollover --game c16 --force',
        async () => {
          ran = true;
        },
        { waitMs: 60_000, requestsPage: 'Cycle 16/Gamestate/Requests', onWait: (m) => told.push(m) },
      ).catch((e: unknown) => e);
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
