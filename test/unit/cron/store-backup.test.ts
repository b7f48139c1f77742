import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { FileStore, emptyStore, type StoreData } from '../../../src/cron/store.ts';
import { describeStoreData, importInto, readExport, writeExport } from '../../../src/cron/store-backup.ts';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'croupier-backup-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const secret = 'ab'.repeat(32);
const data: StoreData = {
  ...emptyStore(),
  secrets: {
    c16: [
      { phase: 4, secret, at: '2026-11-20T00:00:00.000Z', revealedAt: '2026-11-21T00:00:00.000Z' },
      { phase: 5, secret: 'cd'.repeat(32), at: '2026-11-21T00:00:00.000Z' },
    ],
  },
};
const exported = {
  format: 'croupier-store-export' as const,
  version: 1 as const,
  exportedAt: '2026-11-21T12:00:00.000Z',
  from: '/var/lib/croupier/store.json',
  store: data,
};

test('an export replaces a file readable by others with one readable by its owner only, and reads back the same', async () => {
  const file = join(temp(), 'backup.json');
  writeFileSync(file, 'old', { mode: 0o644 });
  await writeExport(file, exported);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(await readExport(file)).toEqual(exported);
});

test('a file that is not an export is refused, naming the file and the field', async () => {
  const file = join(temp(), 'x.json');
  writeFileSync(file, JSON.stringify({ ...exported, store: { ...data, secrets: { c16: [{ phase: 1, secret: 'short', at: data.secrets!.c16![0]!.at }] } } }));
  await expect(readExport(file)).rejects.toThrow(
    new RegExp(`^${file} is not a croupier store export:\\n.*secret is 64 lowercase hex digits[\\s\\S]*store\\.secrets\\.c16\\[0\\]\\.secret`),
  );
  await expect(readExport(join(temp(), 'none.json'))).rejects.toThrow(/cannot read the store export .*none\.json: no such file/);
});

test('an import fills a new store, secrets included, and refuses a store in use without changing it', async () => {
  const path = join(temp(), 'state', 'store.json');
  await importInto(new FileStore(path), data);
  expect(await new FileStore(path).read()).toEqual(data);
  const before = readFileSync(path, 'utf8');
  await expect(importInto(new FileStore(path), emptyStore())).rejects.toThrow(
    /the store .* is in use \(0 run\(s\) in the log; 1 game\(s\)\): import only into a new store/,
  );
  expect(readFileSync(path, 'utf8')).toBe(before);
});

test("the summary names each game's secrets and which are not revealed yet", () => {
  expect(describeStoreData(data)).toEqual(['0 run(s) in the log; 1 game(s)', '  c16: 2 phase secret(s) (not revealed yet: phase 5)']);
});
