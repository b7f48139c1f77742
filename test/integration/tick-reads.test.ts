// A daemon tick reads each page once (src/cron/tick-pages.ts): its plan, the rollovers it catches up, the check and
// the plan after them share one read of the Ruleset and the Gamestate page, and a page the bot saved is known from
// its save; the referee's pass shares them too, and the histories it reads (the actions page's). What must not
// change: the page ends as the boundaries applied one at a time make it, and a person's edit made during the tick
// is never overwritten (an edit conflict or a merge, as for any save).
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

async function game(what: string, o: { actions?: boolean } = {}) {
  const prefix = uniquePrefix(what);
  await put(setup, `${prefix}/Shutoff`, 'run');
  await put(setup, `${prefix}/Ruleset`, fixture('ruleset'));
  await put(setup, `${prefix}/Gamestate`, fixture('gamestate'));
  // The referee's page, with no request on it yet: the game uses the referee (a phase's commitment, the Status page).
  if (o.actions) await put(setup, `${prefix}/Gamestate/Actions`, fixture('actions'));
  const config = parseConfig({
    wiki: { editThrottleMs: 0, maxRetries: 2, retryPauseMs: 200, shutoff: { page: `${prefix}/Shutoff`, runWord: 'run' } },
    store: { path: join(dir, `${prefix.replace(/\W+/g, '-')}.json`) },
    games: [{ id: 'c16', kind: 'cycle16', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate` }],
  });
  return { prefix, config, gamestate: `${prefix}/Gamestate` };
}

/** The daemon started on `config` (its clock at NOW), until its start tick is done; then stopped. */
async function startTick(config: ReturnType<typeof parseConfig>, client: WikiClient) {
  const daemon = await startDaemon(daemonOptions({ config, client, logger: createLogger({ level: 'silent' }), handleSignals: false, now: () => NOW }));
  try {
    await daemon.scheduler.idle();
  } finally {
    await daemon.stop('test over');
  }
  return daemon;
}

/** The player's edit of the Gamestate page: a note at its end. */
const playerNote = (player: WikiClient, title: string) =>
  player.save(title, (p) => ({ text: `${p.text}\n<!-- a note by the player -->`, summary: 'player note' }), {});

describe('a daemon tick reads each page once', () => {
  it('a start tick that catches up boundaries, checks and plans again reads the Ruleset, the Gamestate and the shutoff page once each, and leaves the page as the boundaries one at a time make it', async () => {
    const g = await game('tick-reads');
    const { client, reads } = await countingBot();
    const daemon = await startTick(g.config, client);
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

  it("a check tick of a game that uses the referee reads each page once, the histories it reads included (the actions page's, the Rulings page's)", async () => {
    const g = await game('tick-reads-referee', { actions: true });
    const { client, reads } = await countingBot();
    let tickReads = new Map<string, number>();
    const daemon = await startDaemon(
      daemonOptions({ config: g.config, client, logger: createLogger({ level: 'silent' }), handleSignals: false, now: () => NOW }),
    );
    try {
      await daemon.scheduler.idle();
      // The start tick committed the phase's draws (the referee's edit): the check tick after it, as every hour.
      expect((await setup.readPage(g.gamestate)).text).toMatch(/commitment [0-9a-f]{64}/);
      reads.clear();
      await daemon.scheduler.tick('c16', 'check');
      tickReads = new Map(reads); // not the stop's report on the Status page, which follows
    } finally {
      await daemon.stop('test over');
    }
    const runs = (await daemon.store.read()).runs;
    expect(runs.filter((r) => r.kind === 'referee').length).toBeGreaterThanOrEqual(2);
    expect(runs.filter((r) => r.result === 'failed')).toEqual([]);
    for (const title of [`${g.prefix}/Ruleset`, g.gamestate, `${g.prefix}/Shutoff`, `${g.gamestate}/Actions`, `${g.gamestate}/Status`])
      expect(tickReads.get(title), `${title}: ${JSON.stringify([...tickReads])}`).toBe(1);
    expect(Math.max(...tickReads.values()), JSON.stringify([...tickReads])).toBe(1);
  });

  it("a tick that rolls over from its plan's read of the Gamestate page keeps a person's edit made between that read and the rollover's save: the save meets it (a conflict or a merge) and reads the page again", async () => {
    const g = await game('tick-reads-window');
    const player = await human();
    const { client, reads } = await countingBot();
    // Right after the tick's first read of the Gamestate page (the plan's), the player edits it: the rollovers the
    // plan found due are computed on that read, which is no longer the latest.
    let edited = false;
    const readPages = client.readPages.bind(client);
    client.readPages = async (titles, o) => {
      const r = await readPages(titles, o);
      if (!edited && titles.includes(g.gamestate)) {
        edited = true;
        await playerNote(player, g.gamestate);
      }
      return r;
    };
    const daemon = await startTick(g.config, client);
    expect(edited).toBe(true);
    const runs = (await daemon.store.read()).runs;
    expect(runs.filter((r) => r.kind === 'rollover' && r.result === 'changed').length).toBeGreaterThanOrEqual(1);
    expect(runs.filter((r) => r.result === 'failed')).toEqual([]);
    const page = (await setup.readPage(g.gamestate)).text;
    expect(page).toContain('<!-- a note by the player -->');
    // The rollovers were applied all the same, on the player's revision: the page is at the phase the serial runs reach.
    const same = await game('tick-reads-window-serial');
    const plain = { id: 'c16', kind: 'cycle16', ruleset: `${same.prefix}/Ruleset`, gamestate: same.gamestate, historyLimit: 200 };
    for (const at of runs.filter((r) => r.kind === 'rollover' && r.boundary).map((r) => new Date(r.boundary!)))
      await rollover({ wiki: setup }, plain, { now: at, trigger: 'schedule (catch-up)' });
    const phaseOf = (text: string) => Number(/^\|[^|\n]*\|\|\s*(\d+)\s*\|\|/m.exec(text)?.[1]); // the Phase table's "Phase number"
    expect(phaseOf(fixture('gamestate'))).toBe(4);
    expect(phaseOf(page)).toBeGreaterThan(4);
    expect(phaseOf(page)).toBe(phaseOf((await setup.readPage(same.gamestate)).text));
    // The tick's read, then the save's read of the revision it met: the guard reads again, nothing else does.
    expect(reads.get(g.gamestate), JSON.stringify([...reads])).toBe(2);
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
        await playerNote(player, g.gamestate);
      }
      return r;
    };
    const daemon = await startTick(g.config, client);
    expect(edited).toBe(true);
    const page = await setup.readPage(g.gamestate);
    expect(page.text).toContain('<!-- a note by the player -->');
    const failed = (await daemon.store.read()).runs.filter((r) => r.result === 'failed');
    expect(failed).toEqual([]);
  });
});
