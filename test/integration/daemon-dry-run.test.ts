// `croupier daemon --dry-run` and `croupier clear --dry-run` against the real local MediaWiki, run as a user
// runs them: the CLI as a child process, with its own config, store path and shutoff page.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore, finishRun, startRun } from '../../src/cron/store.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, freshCliGame, type CliResult } from './helpers.ts';

// The fixture records phase 4, a Rest Phase ending at the boundary 2026-11-19 00:00 UTC: by the clock,
// that boundary (at least) is missed, so the daemon would catch it up — to phase 5, a Battle Phase.
let b: WikiClient;
let P: string;
let dir: string;
let storePath: string;
let cli: (args: string[]) => Promise<CliResult>;

let remove = () => undefined as void;

beforeAll(async () => {
  b = await bot();
  ({ prefix: P, storePath, cli, remove } = await freshCliGame(b, 'dry-daemon', 'drytest'));
  dir = dirname(storePath);
});
afterAll(() => remove());

describe('dry runs of the daemon and of clear on the local wiki', () => {
  it('croupier daemon --dry-run prints the diff of the catch-up to the new phase, leaves the Gamestate revision unchanged and creates no store file', async () => {
    const before = (await b.readPage(`${P}/Gamestate`)).revid;
    const r = await cli(['daemon', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('dry run: one pass of the daemon for drytest');
    expect(r.stdout).toContain(`=== would save [[${P}/Gamestate]]: Croupier: phase 4 → 5 (Battle Phase)`);
    // The diff names the cells: the fixture's Phase row records phase 4 (a Rest Phase) until 2026-11-19 00:00,
    // when phase 5, a Battle Phase, begins.
    expect(r.stdout).toContain(`[[${P}/Gamestate]] (now → dry run):`);
    expect(r.stdout).toContain('table "Phase", row 1 "2026-11-02 00:00", column "Phase number": 4 → 5');
    expect(r.stdout).toContain('table "Phase", row 1 "2026-11-02 00:00", column "Phase": Rest Phase → Battle Phase');
    expect(r.stdout).toMatch(/rollover for the boundary of 2026-11-19 00:00 UTC \(catch-up\): would change the wiki/);
    expect((await b.readPage(`${P}/Gamestate`)).revid).toBe(before);
    expect((await b.readPages([`${P}/Gamestate/Status`], { allowMissing: true })).get(`${P}/Gamestate/Status`)?.missing).toBe(true);
    expect(existsSync(storePath)).toBe(false);
    expect(readdirSync(dir)).toEqual(['config.json']); // no run log, no lock left behind
  });

  it('croupier clear --dry-run says the game is halted and leaves the store unchanged', async () => {
    const store = new FileStore(storePath);
    for (let i = 0; i < 3; i++) {
      const id = await startRun(store, { game: 'drytest', kind: 'rollover', trigger: 'boundary', at: new Date() });
      await finishRun(store, id, { result: 'failed', at: new Date(), error: 'broken table' }, 3);
    }
    const bytes = readFileSync(storePath, 'utf8');
    const r = await cli(['clear', '--game', 'drytest', '--by', 'Admin', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('drytest: HALTED since');
    expect(r.stdout).toMatch(/^\+ {2}"halted": false,$/m);
    expect(readFileSync(storePath, 'utf8')).toBe(bytes);
  });
});
