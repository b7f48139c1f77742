// A daemon tick reads each page once (src/cron/tick-pages.ts): its plan, the rollovers it catches up, the check and
// the plan after them share one read of the Ruleset and the Gamestate page, and a page the bot saved is known from
// its save. What must not change: the page ends as the boundaries applied one at a time make it, and a person's
// edit made during the tick is never overwritten (an edit conflict or a merge, as for any save).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { bot, human, put, root, uniquePrefix } from './helpers.ts';

const fixture = (page: string) => readFileSync(join(root, `fixtures/cycle16/${page}.wikitext`), 'utf8');
const NOW = new Date('2026-11-21T12:00Z'); // phase 4 of the fixture, and two boundaries (19th, 20th… per its calendar) since
let dir: string;
let setup: WikiClient;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'croupier-tick-reads-'));
  setup = await bot();
});
afterAll(() => removeDir(dir));

/** A client of the bot's own, counting each page read (its text: readPages and history) and the HTTP requests. */
async function countingBot(): Promise<{ client: WikiClient; reads: Map<string, number> }> {
  const client = await bot();
  const reads = new Map<string, number>();
  const count = (titles: readonly string[]) => titles.forEach((t) => reads.set(t, (reads.get(t) ?? 0) + 1));
  const readPages = client.readPages.bind(client);
  client.readPages = (titles, o) => {
    count(titles);
    return readPages(titles, o);
  };
  const history = client.history.bind(client);
  client.history = (title, limit) => {
    count([title]);
    return history(title, limit);
  };
  return { client, reads };
}

async function game(what: string) {
  const prefix = uniquePrefix(what);
  await put(setup, `${prefix}/Shutoff`, 'run');
  await put(setup, `${prefix}/Ruleset`, fixture('ruleset'));
  await put(setup, `${prefix}/Gamestate`, fixture('gamestate'));
  const config = parseConfig({
    wiki: { editThrottleMs: 0, maxRetries: 2, retryPauseMs: 200, shutoff: { page: `${prefix}/Shutoff`, runWord: 'run' } },
    store: { path: join(dir, `${prefix.replace(/\W+/g, '-')}.json`) },
    games: [{ id: 'c16', kind: 'cycle16', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate` }],
  });
  return { prefix, config, gamestate: `${prefix}/Gamestate` };
}

describe('a daemon tick reads each page once', () => {
  it('a start tick that catches up boundaries, checks and plans again reads the Ruleset, the Gamestate and the shutoff page once each, and leaves the page as the boundaries one at a time make it', async () => {
    const g = await game('tick-reads');
    const { client, reads } = await countingBot();
    const daemon = await startDaemon(
      daemonOptions({ config: g.config, client, logger: createLogger({ level: 'silent' }), handleSignals: false, now: () => NOW }),
    );
    try {
      await daemon.scheduler.idle();
    } finally {
      await daemon.stop('test over');
    }
    const runs = (await daemon.store.read()).runs.filter((r) => r.kind === 'rollover');
    expect(runs.filter((r) => r.trigger === 'catch-up').length).toBeGreaterThanOrEqual(1);
    expect(runs.every((r) => r.result === 'changed' || r.result === 'no-change')).toBe(true);
    // The start tick: each of the game's pages once. (The Status page, the bot's report written after each run,
    // is read again by a save when the wiki's text of it is not exactly the bot's: docs/performance.md.)
    for (const title of [`${g.prefix}/Ruleset`, g.gamestate, `${g.prefix}/Shutoff`]) expect(reads.get(title), JSON.stringify([...reads])).toBe(1);
    const gamePages = [...reads].filter(([t]) => !t.endsWith('/Status'));
    expect(Math.max(...gamePages.map(([, n]) => n)), JSON.stringify([...reads])).toBe(1);

    // The same page made without the daemon: each boundary its own rollover, then the check at NOW.
    const same = await game('tick-reads-serial');
    const plain = { id: 'c16', kind: 'cycle16', ruleset: `${same.prefix}/Ruleset`, gamestate: same.gamestate, historyLimit: 200 };
    for (const at of runs.filter((r) => r.boundary).map((r) => new Date(r.boundary!)))
      await rollover({ wiki: setup }, plain, { now: at, trigger: 'schedule (catch-up)' });
    await rollover({ wiki: setup }, plain, { now: NOW, trigger: 'schedule (check)' });
    const mine = (await setup.readPage(g.gamestate)).text;
    const serial = (await setup.readPage(same.gamestate)).text;
    expect(mine.replaceAll(g.prefix, 'P')).toBe(serial.replaceAll(same.prefix, 'P'));
  });

  it("a person's edit made during a tick, after the tick read the page, is kept: the save that follows is a conflict or a merge, never an overwrite", async () => {
    const g = await game('tick-reads-human');
    const player = await human();
    const { client } = await countingBot();
    // After the tick's first save (the catch-up's rollover), the player edits the page the tick already read.
    let edited = false;
    const save = client.save.bind(client);
    client.save = async (title, transform, o) => {
      const r = await save(title, transform, o);
      if (!edited && title === g.gamestate && r.changed) {
        edited = true;
        await player.save(g.gamestate, (p) => ({ text: `${p.text}\n<!-- a note by the player -->`, summary: 'player note' }), {});
      }
      return r;
    };
    const daemon = await startDaemon(
      daemonOptions({ config: g.config, client, logger: createLogger({ level: 'silent' }), handleSignals: false, now: () => NOW }),
    );
    try {
      await daemon.scheduler.idle();
    } finally {
      await daemon.stop('test over');
    }
    expect(edited).toBe(true);
    const page = await setup.readPage(g.gamestate);
    expect(page.text).toContain('<!-- a note by the player -->');
    const failed = (await daemon.store.read()).runs.filter((r) => r.result === 'failed');
    expect(failed).toEqual([]);
  });
});
