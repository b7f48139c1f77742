// An admin's "* rollover now" is acted on exactly once, and the pages alone say so: the daemon's real jobs,
// requests processor and History, on in-memory wikis, with the bot dying right after the Gamestate save of
// the request's rollover (before it marks the request line) — with its store kept, and with it lost.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseConfig } from '../../../src/config.ts';
import { makeJobs, makeRequestsHistory, RulesetCache, type JobsWiki } from '../../../src/cron/game-jobs.ts';
import { makeRequestsProcessor, requestKey, type RequestPageRevision, type RequestsWiki } from '../../../src/cron/requests.ts';
import { Scheduler } from '../../../src/cron/scheduler.ts';
import { FileStore } from '../../../src/cron/store.ts';
import { rolloverRunner } from '../../../src/cron/wiring.ts';
import { readGamestate } from '../../../src/games/cycle16/gamestate/read.ts';
import type { Cycle16Ruleset } from '../../../src/games/cycle16/ruleset/schema.ts';
import { parseRuleset } from '../../../src/games/registry.ts';
import type { WikiClient } from '../../../src/wiki/client.ts';
import type { SaveOptions, Transform } from '../../../src/wiki/save.ts';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';
import { silentLogger } from './fakes.ts';

const rulesetText = readFileSync(new URL('../../../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8');
const gamestateText = readFileSync(new URL('../../../fixtures/cycle16/gamestate.wikitext', import.meta.url), 'utf8');
const config = parseConfig({
  store: { path: 'unused.json' },
  games: [{ id: 'c16', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate' }],
});
const g = config.games[0]!;
const pages = [{ id: g.id, kind: g.kind, ruleset: g.ruleset, gamestate: g.gamestate }];
const ruleset = parseRuleset(rulesetText, { page: g.ruleset, kind: 'cycle16' }) as Cycle16Ruleset;
const REQUESTS = g.requestsPage!;
// The fixture page is in phase 4 (the Rest Phase, Mon 16 – Wed 18 Nov): no boundary is due at NOW.
const NOW = new Date('2026-11-18T12:00:00Z');
const LINE = '* rollover now — the Battle Phase should start early';

class SimulatedCrash extends Error {}

/** The wiki, for the bot: dies (every call throws) right after a Gamestate save that names `crashAfterKey`. */
class World {
  readonly gamestate = new FakeWiki({ [g.ruleset]: rulesetText, [g.gamestate]: gamestateText });
  requestRevs: RequestPageRevision[] = [];
  crashAfterKey: string | undefined;
  /** Die at the next Gamestate save, before it is made. */
  crashBeforeSave = false;
  dead = false;

  alive(): void {
    if (this.dead) throw new SimulatedCrash('the bot is not running');
  }

  editRequests(user: string, text: string): void {
    const parent = this.requestRevs[0];
    this.requestRevs.unshift({ revid: 5000 + this.requestRevs.length, parentid: parent?.revid ?? 0, user, timestamp: '2026-11-18T11:00:00Z', text });
  }

  get requestsText(): string {
    return this.requestRevs[0]!.text;
  }

  /** The rollover job's client: the Gamestate FakeWiki, dying after the save that performs the request. */
  client(): WikiClient {
    return {
      readPages: async (titles: readonly string[], o?: object) => {
        this.alive();
        return this.gamestate.readPages(titles, o);
      },
      save: async (title: string, transform: Transform, o: SaveOptions) => {
        this.alive();
        if (this.crashBeforeSave) {
          this.crashBeforeSave = false;
          this.dead = true;
          throw new SimulatedCrash('killed just before the Gamestate save');
        }
        const r = await this.gamestate.save(title, transform, o);
        if (r.changed && title === g.gamestate && this.crashAfterKey && this.gamestate.text(title)!.includes(`request ${this.crashAfterKey}`)) {
          this.crashAfterKey = undefined;
          this.dead = true; // the process is gone: nothing after this save reaches the wiki
          throw new SimulatedCrash('killed right after the Gamestate save');
        }
        return r;
      },
      purge: async (titles: readonly string[]) => {
        this.alive();
        return this.gamestate.purge(titles);
      },
      revisionsInForce: async (title: string, since: Date) => {
        this.alive();
        return this.gamestate.revisionsInForce(title, since);
      },
    } as unknown as WikiClient;
  }

  jobsWiki(): JobsWiki {
    return {
      readPages: async (titles) => {
        this.alive();
        return this.gamestate.readPages(titles);
      },
      save: async (title, transform) => {
        this.alive();
        return { changed: (await this.gamestate.save(title, (p) => transform(p), {})).changed };
      },
    };
  }

  requestsWiki(): RequestsWiki {
    return {
      history: async (_t, limit) => {
        this.alive();
        return this.requestRevs.slice(0, limit);
      },
      userGroups: async (users) => {
        this.alive();
        return new Map(users.filter((u) => u === 'Admin').map((u) => [u, ['*', 'user', 'sysop']]));
      },
      save: async (_t, transform) => {
        this.alive();
        const r = transform(this.requestsText);
        if (!r) return { changed: false };
        this.editRequests('Croupier', r.text);
        return { changed: true };
      },
    };
  }

  phase(): number {
    return readGamestate(this.gamestate.text(g.gamestate)!, g.gamestate, ruleset).phase.number;
  }

  historyRows(pattern: RegExp): string[] {
    return this.gamestate
      .text(g.gamestate)!
      .split('\n')
      .filter((l) => pattern.test(l));
  }
}

/** One daemon start on `storePath` (what a restart does): one tick, then stop. */
async function runDaemonOnce(world: World, storePath: string) {
  const store = new FileStore(storePath);
  const rulesets = new RulesetCache();
  const scheduler = new Scheduler({
    games: ['c16'],
    store,
    logger: silentLogger(),
    maxConsecutiveFailures: 10,
    now: () => NOW,
    jobs: makeJobs({ wiki: world.jobsWiki(), games: pages, rollover: rolloverRunner(world.client(), config.games, rulesets), rulesets }),
    requests: makeRequestsProcessor({
      wiki: world.requestsWiki(),
      // Only the bot edits the Gamestate page here: its record is the page's text.
      history: makeRequestsHistory({ wiki: world.jobsWiki(), record: async (t) => world.gamestate.text(t)!, games: pages, store, rulesets }),
      pageFor: () => REQUESTS,
      allowedGroupsFor: () => ['sysop'],
      isBot: (user) => user === 'Croupier',
      now: () => NOW,
    }),
  });
  await scheduler.tick('c16', 'check');
  await scheduler.stop(0);
  return store;
}

let dir: string | undefined;
afterEach(async () => {
  // A released file lock may still be removing its directory: retry like `rm -rf` would.
  if (dir) await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  dir = undefined;
});

/** A fresh world whose request page holds the admin's line, and a store path of its own. */
async function requestWorld() {
  dir = await mkdtemp(join(tmpdir(), 'croupier-request-once-'));
  const storePath = join(dir, 'store.json');
  const world = new World();
  world.editRequests('Admin', `== Requests ==\n${LINE}\n`);
  const key = requestKey(world.requestRevs[0]!.revid, LINE);
  return { world, storePath, key };
}

async function crashedRequest() {
  const { world, storePath, key } = await requestWorld();
  world.crashAfterKey = key;

  await runDaemonOnce(world, storePath);
  // The bot died right after the rollover's save: the page has the rollover, the request line no mark.
  expect(world.dead).toBe(true);
  expect(world.phase()).toBe(5);
  expect(world.requestsText).not.toContain('croupier:');
  expect(world.historyRows(new RegExp(`request ${key}`))).toHaveLength(2); // the Manual rollover row and the Request row, one edit
  world.dead = false; // restarted
  return { world, storePath, key };
}

/** `resumed`: the line was marked after the restart, from the History row (not by the run that acted). */
function expectDoneOnce(world: World, key: string, resumed = true) {
  expect(world.phase()).toBe(5);
  expect(world.historyRows(/\|\| Manual rollover \|\|/)).toHaveLength(1);
  expect(world.historyRows(/\|\| Request \|\|/)).toHaveLength(1);
  expect(world.historyRows(/\|\| Manual rollover \|\|.*Manual rollover by Admin \(on-wiki request r\d+-[0-9a-f]{8}\)/)).toHaveLength(1);
  expect(world.historyRows(new RegExp(`\\|\\| Request \\|\\| Admin \\|\\| "rollover" honoured: phase 4 → 5 .*on-wiki request ${key}`))).toHaveLength(1);
  const marked = world.requestsText.split('\n').filter((l) => l.startsWith(LINE));
  expect(marked).toHaveLength(1);
  expect(marked[0]).toMatch(
    new RegExp(`<!-- croupier:done r${world.requestRevs.at(-1)!.revid} --> → '''Done'''.*${resumed ? `History row for request ${key}` : 'phase 4 → 5'}`),
  );
}

describe('an on-wiki request is acted on exactly once, as the pages record it', () => {
  test("a crash right after the Gamestate save of a request's rollover: the next tick marks the request done without a second rollover", async () => {
    const { world, storePath, key } = await crashedRequest();
    // The crashed run saved the standings' subpage (with the race chart) just before its Gamestate edit.
    expect(world.gamestate.edited.slice(-2)).toEqual([`${g.gamestate}/Standings`, g.gamestate]);
    const before = world.gamestate.edits;

    const store = await runDaemonOnce(world, storePath);

    expectDoneOnce(world, key);
    // Marking the line needed no edit of the Gamestate or of its subpages.
    expect(world.gamestate.edits).toBe(before);
    const runs = (await store.read()).runs.filter((r) => r.kind === 'rollover' && r.trigger === 'request');
    expect(runs).toHaveLength(1); // the one that crashed
    // A third start acts on nothing.
    const edits = world.gamestate.edits;
    await runDaemonOnce(world, storePath);
    expect(world.gamestate.edits).toBe(edits);
  });

  test('the same crash with the store lost in between: still exactly one rollover', async () => {
    const { world, storePath, key } = await crashedRequest();
    await rm(storePath, { force: true });
    expect(existsSync(storePath)).toBe(false);

    const store = await runDaemonOnce(world, storePath);

    expectDoneOnce(world, key);
    expect((await store.read()).runs.filter((r) => r.kind === 'rollover' && r.trigger === 'request')).toEqual([]);
  });

  test('a crash just before the Gamestate save leaves nothing on the page: the next tick does the request, once', async () => {
    const { world, storePath, key } = await requestWorld();
    world.crashBeforeSave = true;
    await runDaemonOnce(world, storePath);
    expect(world.dead).toBe(true);
    expect(world.phase()).toBe(4);
    expect(world.requestsText).not.toContain('croupier:');
    world.dead = false;
    await runDaemonOnce(world, storePath);
    expectDoneOnce(world, key, false);
  });
});
