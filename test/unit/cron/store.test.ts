import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FileStore,
  MemoryStore,
  StoreError,
  abandonStaleRuns,
  abandonedMessages,
  clearHalt,
  finishRun,
  startRun,
  unfinishedRuns,
} from '../../../src/cron/store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'croupier-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

const runNode = (args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => {
      err += String(d);
    });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}: ${err}`))));
  });

describe('FileStore', () => {
  test('a missing file reads as an empty store, and updates persist to disk', async () => {
    const path = join(dir, 'sub', 'store.json');
    const store = new FileStore(path);
    expect(await store.read()).toEqual({ version: 1, runs: [], games: {} });
    const id = await startRun(store, {
      game: 'c16',
      kind: 'rollover',
      trigger: 'boundary',
      at: new Date('2026-11-26T00:00:00Z'),
      boundary: new Date('2026-11-26T00:00:00Z'),
    });
    await finishRun(store, id, { result: 'changed', at: new Date('2026-11-26T00:00:05Z'), edits: 1 }, 3);
    const onDisk = JSON.parse(await readFile(path, 'utf8'));
    expect(onDisk.runs[0]).toMatchObject({ id, result: 'changed', edits: 1, end: '2026-11-26T00:00:05.000Z' });
    expect(onDisk.runs[0].boundary).toBe('2026-11-26T00:00:00.000Z');
    expect((await new FileStore(path).read()).runs).toHaveLength(1);
  });

  test('a corrupt file is a clear error naming the file, and is not overwritten', async () => {
    const path = join(dir, 'store.json');
    await writeFile(path, '{"version": 1, "runs": [');
    const store = new FileStore(path);
    await expect(store.read()).rejects.toThrow(StoreError);
    await expect(store.read()).rejects.toThrow(`the store file ${path} cannot be read: it is not valid JSON`);
    await expect(store.update(() => undefined)).rejects.toThrow(path);
    expect(await readFile(path, 'utf8')).toBe('{"version": 1, "runs": [');
  });

  test('a file of the wrong shape names the file and the field', async () => {
    const path = join(dir, 'store.json');
    await writeFile(path, JSON.stringify({ version: 1, runs: [{ id: 'x', game: 'g', kind: 'dance' }], games: {} }));
    const err = await new FileStore(path).read().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toContain('runs[0].kind');
  });

  test('concurrent writers keep every update (3 processes × 40, plus 2 in-process stores)', async () => {
    const path = join(dir, 'store.json');
    const writer = new URL('./store-writer.ts', import.meta.url).pathname;
    const local = [new FileStore(path, { maxRuns: 100_000 }), new FileStore(path, { maxRuns: 100_000 })];
    const localWrites = local.flatMap((s, k) =>
      Array.from({ length: 20 }, (_, i) =>
        s.update((d) => {
          d.runs.push({ id: `local${k}-${i}`, game: 'g', kind: 'check', trigger: 'check', start: new Date().toISOString(), result: 'no-change', edits: 0 });
        }),
      ),
    );
    await Promise.all([runNode([writer, path, 'a', '40']), runNode([writer, path, 'b', '40']), runNode([writer, path, 'c', '40']), ...localWrites]);
    const ids = new Set((await new FileStore(path).read()).runs.map((r) => r.id));
    expect(ids.size).toBe(160);
  }, 60_000);

  test('the run log is capped, oldest first', async () => {
    const store = new FileStore(join(dir, 'store.json'), { maxRuns: 5 });
    for (let i = 0; i < 8; i++) await startRun(store, { game: 'g', kind: 'check', trigger: 'check', at: new Date(Date.UTC(2026, 0, 1, i)) });
    const runs = (await store.read()).runs;
    expect(runs).toHaveLength(5);
    expect(runs[0]?.start).toBe('2026-01-01T03:00:00.000Z');
  });
});

describe('failures, halt and clear', () => {
  test('consecutive failures halt the game at the maximum; a success resets the count; clear lifts the halt', async () => {
    const store = new MemoryStore();
    const at = new Date('2026-11-26T00:00:00Z');
    const fail = async () =>
      finishRun(store, await startRun(store, { game: 'g', kind: 'rollover', trigger: 'boundary', at }), { result: 'failed', at, error: 'boom' }, 3);
    const ok = async () => finishRun(store, await startRun(store, { game: 'g', kind: 'check', trigger: 'check', at }), { result: 'no-change', at }, 3);
    await fail();
    await fail();
    expect((await ok()).consecutiveFailures).toBe(0);
    await fail();
    await fail();
    const third = await fail();
    expect(third).toEqual({ consecutiveFailures: 3, halted: true, justHalted: true });
    expect((await fail()).justHalted).toBe(false);
    const g = (await store.read()).games.g;
    expect(g?.haltReason).toContain('boom');
    expect(await clearHalt(store, 'g', 'Admin', at)).toBe(true);
    expect((await store.read()).games.g).toMatchObject({ halted: false, consecutiveFailures: 0, clearedBy: 'Admin' });
    expect(await clearHalt(store, 'g', 'Admin', at)).toBe(false);
  });

  test('a run the wiki could not serve (unavailable) neither counts toward the halt nor resets the count', async () => {
    const store = new MemoryStore();
    const at = new Date('2026-11-26T00:00:00Z');
    const end = async (result: 'failed' | 'unavailable') =>
      finishRun(store, await startRun(store, { game: 'g', kind: 'rollover', trigger: 'boundary', at }), { result, at, error: 'the wiki is read-only' }, 2);
    expect(await end('failed')).toMatchObject({ consecutiveFailures: 1, halted: false });
    for (let i = 0; i < 5; i++) expect(await end('unavailable')).toMatchObject({ consecutiveFailures: 1, halted: false });
    expect(await end('failed')).toMatchObject({ consecutiveFailures: 2, halted: true, justHalted: true });
    const d = await store.read();
    expect(d.runs.filter((r) => r.result === 'unavailable').map((r) => r.error)).toEqual(Array(5).fill('the wiki is read-only'));
    expect(d.games.g?.lastSuccess).toBeUndefined();
  });

  test("at start, under the lock, every run still marked running was left by a stopped process and is marked abandoned, and becomes its game's last run", async () => {
    const store = new MemoryStore();
    const id = await startRun(store, { game: 'g', kind: 'rollover', trigger: 'boundary', at: new Date() });
    const marked = await abandonStaleRuns(store, new Date());
    expect(marked.map((r) => [r.id, r.result, r.pid])).toEqual([[id, 'abandoned', process.pid]]);
    const data = await store.read();
    expect(data.runs[0]?.result).toBe('abandoned');
    expect(data.games.g?.lastRun).toMatchObject({ id, result: 'abandoned' });
    expect(abandonedMessages(marked)[0]).toContain(`by pid ${process.pid}) never finished: its process is no longer running; marked abandoned`);
  });

  test('runs that never finished: abandoned ones, and "running" ones whose process is gone; not those of a live process', async () => {
    const store = new MemoryStore();
    const live = await startRun(store, { game: 'g', kind: 'check', trigger: 'check', at: new Date('2026-11-20T00:00:00Z') });
    const dead = await startRun(store, { game: 'g', kind: 'rollover', trigger: 'manual', at: new Date('2026-11-21T00:00:00Z') });
    await store.update((d) => {
      d.runs.find((r) => r.id === dead)!.pid = 2 ** 22 + 12345;
    }); // above pid_max: no such process
    const data = await store.read();
    expect(unfinishedRuns(data, 'g').map((r) => r.id)).toEqual([dead]);
    // Without the process lock only the dead process's run is marked; under it, every run still "running".
    expect((await abandonStaleRuns(store, new Date(), { underLock: false })).map((r) => r.id)).toEqual([dead]);
    expect((await store.read()).runs.map((r) => r.result)).toEqual(['running', 'abandoned']);
    await abandonStaleRuns(store, new Date());
    expect(unfinishedRuns(await store.read(), 'g').map((r) => r.id)).toEqual([dead, live]);
  });
});
