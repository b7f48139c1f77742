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

test('collectIdle gives back the young generation a burst of allocation grew (the idle daemon stays small)', () => {
  // In a process of its own (the young generation is the process's): a burst of objects that survive a few
  // scavenges, as a Ruleset's parse makes, grows V8's semi-spaces to their 16 MB maximum; the collections made
  // once idle shrink them again.
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const script = `
    const v8 = await import('node:v8');
    const { collectIdle } = await import('./src/cron/collect-garbage.ts');
    const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
    let kept = [];
    for (let r = 0; r < 20; r++) { kept = []; for (let i = 0; i < 300000; i++) kept.push({ i, s: 'n' + i }); }
    kept = [];
    const grown = young();
    const alive = setInterval(() => {}, 1000); // collectIdle's wait keeps no process alive by itself
    await collectIdle();
    clearInterval(alive);
    console.log(JSON.stringify({ grown, after: young() }));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  const { grown, after } = JSON.parse(r.stdout) as { grown: number; after: number };
  expect(grown).toBeGreaterThanOrEqual(16 * 2 ** 20);
  expect(after).toBeLessThanOrEqual(4 * 2 ** 20);
}, 60_000);
