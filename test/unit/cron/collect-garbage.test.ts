// Each daemon job starts with a full collection (src/cron/collect-garbage.ts): the last job's garbage is freed
// while little is live, which keeps the daemon's peak memory near one run's (docs/performance.md).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { collectGarbage } from '../../../src/cron/collect-garbage.ts';

/** Garbage in the old generation: ~1 M small objects kept while made (so scavenges promote them), then dropped. */
function makeGarbage(): number {
  const kept: { i: number; s: string }[] = [];
  for (let i = 0; i < 1_000_000; i++) kept.push({ i, s: `cell ${i}` });
  return kept.length;
}

test('collectGarbage frees what nothing reaches any more, at once', async () => {
  await collectGarbage();
  const before = process.memoryUsage().heapUsed;
  makeGarbage();
  const withGarbage = process.memoryUsage().heapUsed;
  await collectGarbage();
  const after = process.memoryUsage().heapUsed;
  // The garbage was in the heap (the young generation's scavenges do not free what they promoted) and is gone.
  expect(withGarbage - before).toBeGreaterThan(32 * 2 ** 20);
  expect(after - before).toBeLessThan(8 * 2 ** 20);
});

test('collectGarbage prints no warning (vm.measureMemory, which it starts the collection with, is experimental)', () => {
  // In a process of its own: Node warns once per process, at the first call.
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', "const { collectGarbage } = await import('./src/cron/collect-garbage.ts'); await collectGarbage(); console.log('collected');"],
    { cwd: root, encoding: 'utf8' },
  );
  expect(r.stdout.trim()).toBe('collected');
  expect(r.stderr).not.toMatch(/warning/i);
});
