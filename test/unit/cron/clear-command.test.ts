import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { registerClear } from '../../../src/cli/commands/clear.ts';
import { UsageError } from '../../../src/cli/context.ts';
import { FileStore, finishRun, startRun } from '../../../src/cron/store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'croupier-clear-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

/** A game halted after two failed runs (maxConsecutiveFailures 2), in a store of its own. */
async function haltedGame(error: string) {
  const storePath = join(dir, 'store.json');
  const config = join(dir, 'config.json');
  await writeFile(config, JSON.stringify({ store: { path: storePath }, games: [{ id: 'c16', kind: 'cycle16', ruleset: 'R', gamestate: 'G' }] }));
  const store = new FileStore(storePath);
  for (let i = 0; i < 2; i++) {
    const id = await startRun(store, { game: 'c16', kind: 'rollover', trigger: 'boundary', at: new Date() });
    await finishRun(store, id, { result: 'failed', at: new Date(), error }, 2);
  }
  return { storePath, config, store };
}

/** `croupier clear --game c16 --by Admin …` in process; what it printed. */
async function clear(config: string, ...extra: string[]): Promise<string[]> {
  return clearAs(config, '--by', 'Admin', ...extra);
}

async function clearAs(config: string, ...extra: string[]): Promise<string[]> {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((m: string) => {
    out.push(m);
  });
  const program = new Command('croupier').exitOverride();
  registerClear(program);
  await program.parseAsync(['clear', '--game', 'c16', '--config', config, ...extra], { from: 'user' });
  return out;
}

describe('croupier clear', () => {
  test('clears a halted game in the store, saying what it was', async () => {
    const { config, store } = await haltedGame('table "Players", row 3: bad');
    expect((await store.read()).games.c16?.halted).toBe(true);
    const out = await clear(config);
    expect(out[0]).toMatch(/^c16: halt cleared by Admin \(it was halted since .*: 2 consecutive failed runs; the last one: table "Players", row 3: bad\)\.$/);
    expect((await store.read()).games.c16).toMatchObject({ halted: false, consecutiveFailures: 0, clearedBy: 'Admin' });
  });

  test('without --by, the clear is recorded as done by the wiki account the bot logs in with, not the Unix user', async () => {
    const { config, store } = await haltedGame('bad row');
    vi.stubEnv('CROUPIER_API_URL', 'http://127.0.0.1:9/api.php');
    vi.stubEnv('CROUPIER_USERNAME', 'Croupier@cli');
    vi.stubEnv('CROUPIER_PASSWORD', 'a'.repeat(32));
    const out = await clearAs(config);
    expect(out[0]).toMatch(/^c16: halt cleared by Croupier \(it was halted since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC: /);
    expect((await store.read()).games.c16).toMatchObject({ halted: false, clearedBy: 'Croupier' });
  });

  test('without --by and without a configured wiki account, clear asks for --by (a usage error) and writes nothing', async () => {
    const { storePath, config } = await haltedGame('bad row');
    for (const k of ['CROUPIER_API_URL', 'CROUPIER_USERNAME', 'CROUPIER_PASSWORD']) vi.stubEnv(k, '');
    const bytes = await readFile(storePath, 'utf8');
    await expect(clearAs(config)).rejects.toThrow(UsageError);
    expect(await readFile(storePath, 'utf8')).toBe(bytes);
  });

  test('--dry-run says the game is halted and prints the diff of what clearing would change, leaving the store file unchanged', async () => {
    const { storePath, config, store } = await haltedGame('bad row');
    const bytes = await readFile(storePath, 'utf8');
    const out = await clear(config, '--dry-run');
    const text = out.join('\n');
    expect(text).toMatch(/^dry run: nothing is written\.\nc16: HALTED since .*: 2 consecutive failed runs; the last one: bad row\./);
    expect(text).toMatch(/^- {2}"halted": true,$/m);
    expect(text).toMatch(/^\+ {2}"halted": false,$/m);
    expect(text).toMatch(/^\+ {2}"clearedBy": "Admin",$/m);
    expect(await readFile(storePath, 'utf8')).toBe(bytes);
    expect((await store.read()).games.c16?.halted).toBe(true);
  });
});
