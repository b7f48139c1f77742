// `croupier daemon --dry-run`: the daemon's real jobs, requests and status page on an in-memory wiki, one
// pass through the dry-run overlay: diffs reported, nothing written (no wiki edit, no store write).
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parseConfig } from '../../../src/config.ts';
import { describeDryRun, dryRunDaemon, DryRunWiki } from '../../../src/cron/dry-run.ts';
import { emptyStore } from '../../../src/cron/store.ts';
import { daemonOptions } from '../../../src/cron/wiring.ts';
import type { WikiClient } from '../../../src/wiki/client.ts';
import { unifiedDiff } from '../../../src/wiki/diff.ts';
import type { SaveOptions, SaveResult, Transform } from '../../../src/wiki/save.ts';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';
import { silentLogger } from './fakes.ts';

const rulesetText = readFileSync(new URL('../../../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8');
const gamestateText = readFileSync(new URL('../../../fixtures/cycle16/gamestate.wikitext', import.meta.url), 'utf8');
const RULESET = 'Cycle 16/Ruleset';
const GAMESTATE = 'Cycle 16/Gamestate';

/** The in-memory wiki, with an empty request page history and the real diffs of its dry-run saves. */
class Wiki extends FakeWiki {
  async history(): Promise<never[]> {
    return [];
  }

  async userGroups(): Promise<Map<string, string[]>> {
    return new Map();
  }

  override async save(title: string, transform: Transform, opts: SaveOptions): Promise<SaveResult> {
    let before = '';
    let after = '';
    const r = await super.save(
      title,
      (page) => {
        const edit = transform(page);
        before = page.text;
        after = edit?.text ?? page.text;
        return edit;
      },
      opts,
    );
    return r.dryRun && r.changed ? { ...r, diff: unifiedDiff(title, before, after) } : r;
  }
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'croupier-dry-run-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

async function pass(now: Date, storePath = join(dir, 'store.json'), shutoffText = 'run') {
  const fake = new Wiki({ [RULESET]: rulesetText, [GAMESTATE]: gamestateText, 'Croupier/Shutoff': shutoffText });
  const config = parseConfig({
    wiki: { shutoff: { page: 'Croupier/Shutoff', runWord: 'run' } },
    store: { path: storePath },
    games: [{ id: 'c16', kind: 'cycle16', ruleset: RULESET, gamestate: GAMESTATE }],
  });
  const wiki = new DryRunWiki(fake as unknown as WikiClient);
  const report = await dryRunDaemon({
    ...daemonOptions({ config, client: fake as unknown as WikiClient, logger: silentLogger(), dryRun: wiki, handleSignals: false, now: () => now }),
    wiki,
  });
  return { fake, report, storePath };
}

// The fixture page is in phase 4, a Rest Phase ending at the boundary Thu 19 Nov 00:00 UTC (Battle Phase,
// phase 5); the next Rest Phase (phase 6) starts Mon 23 Nov 00:00.
describe('croupier daemon --dry-run', () => {
  test('a dry-run pass makes no wiki edit and no store write but reports the diff of the rollover it would make', async () => {
    const { fake, report, storePath } = await pass(new Date('2026-11-19T01:00:00Z'));
    expect(fake.edits).toBe(0);
    expect(fake.text(GAMESTATE)).toBe(gamestateText);
    expect(existsSync(storePath)).toBe(false);
    expect(await readdir(dir)).toEqual([]); // no lock left behind either

    const rollover = report.runs.find((r) => r.kind === 'rollover');
    expect(rollover).toMatchObject({ trigger: 'catch-up', boundary: '2026-11-19T00:00:00.000Z', result: 'changed' });
    expect(rollover?.summary).toContain('would be saved (dry run)');
    const save = report.saves.find((s) => s.title === GAMESTATE);
    expect(save?.summary).toMatch(/^Croupier: phase 4 → 5 \(Battle Phase\)/);
    expect(save?.diff).toMatch(/^\+.*\|\| 5 \|\| Battle Phase \|\|/m);
    const text = describeDryRun(report);
    expect(text).toContain(`=== would save [[${GAMESTATE}]]: Croupier: phase 4 → 5`);
    expect(text).toContain('rollover for the boundary of 2026-11-19 00:00 UTC (catch-up): would change the wiki');
  });

  test('the catch-up over two missed boundaries shows one diff per boundary, the second over the first', async () => {
    const { fake, report } = await pass(new Date('2026-11-23T01:00:00Z'));
    expect(fake.edits).toBe(0);
    const rollovers = report.runs.filter((r) => r.kind === 'rollover').map((r) => r.boundary);
    expect(rollovers).toEqual(['2026-11-19T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    const saves = report.saves.filter((s) => s.title === GAMESTATE);
    expect(saves[0]?.summary).toMatch(/phase 4 → 5/);
    expect(saves[0]?.afterEarlierSteps).toBe(false);
    expect(saves[1]?.summary).toMatch(/phase 5 → 6/);
    expect(saves[1]?.afterEarlierSteps).toBe(true);
    expect(saves[1]?.diff).toMatch(/^--- a\/Cycle 16\/Gamestate\tas the earlier steps of this dry run leave it$/m);
    // The second diff is over the first: the phase 5 row is its old side.
    expect(saves[1]?.diff).toMatch(/^-.*\|\| 5 \|\| Battle Phase \|\|/m);
  });

  test('while the shutoff page says stop, the pass does nothing and says so', async () => {
    const { fake, report } = await pass(new Date('2026-11-19T01:00:00Z'), join(dir, 'store.json'), 'stop');
    expect(fake.edits).toBe(0);
    expect(report.runs).toEqual([]);
    expect(report.saves).toEqual([]);
    expect(describeDryRun(report)).toMatch(/shutoff: .* — the daemon would do nothing now\./);
  });

  test('a store file is only read: its bytes are unchanged after the pass', async () => {
    const storePath = join(dir, 'store.json');
    const seeded = JSON.stringify({ ...emptyStore(), games: { c16: { consecutiveFailures: 1, halted: false, requestsHandled: [] } } }, null, 2);
    await writeFile(storePath, seeded);
    const { fake, report } = await pass(new Date('2026-11-19T01:00:00Z'), storePath);
    expect(fake.edits).toBe(0);
    expect(readFileSync(storePath, 'utf8')).toBe(seeded);
    expect((await readdir(dir)).sort()).toEqual(['store.json']);
    expect(report.runs.length).toBeGreaterThan(0);
  });
});
