// A flood on one game never delays another game's rollover (issue 23 §3), on the real local MediaWiki: one daemon,
// two games. Game A (Cycle 16) has its Requests page and its Actions page flooded by two accounts; game B (Cycle 15)
// reaches its phase boundary while A's pass works through them. B is rolled over at once, between two of A's
// lines; A's flood is still answered once per line, its referee pass in one edit of each page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { startDaemon, type DaemonHandle } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { FileStore } from '../../src/cron/store.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { readGamestate as readCycle15 } from '../../src/games/cycle15/gamestate/read.ts';
import { parseCycle15Ruleset } from '../../src/games/cycle15/ruleset/index.ts';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { MAX_REQUESTS_PER_AUTHOR } from '../../src/jobs/referee-requests.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { EditProxy } from './edit-proxy.ts';
import { bot, devEnv, freshCliGame, put, refereeGame, root, type TestGame } from './helpers.ts';

const c16 = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));
const c15 = parseCycle15Ruleset(readFileSync(`${root}fixtures/cycle15/ruleset.wikitext`, 'utf8'));
const SLOW = 600_000;

const DAY = 86_400_000;
// The test is about B's boundary passing while A's own next boundary is later: true on a Thursday only (A, Cycle 16:
// Monday and Thursday; B, Cycle 15: Monday and Friday). So the pages and the daemon live on the most recent Thursday
// at this time of day (back up to 6 days: the people's edits are dated after it, as edits made late in a phase are),
// whatever day the suite runs on: on a Friday it failed, both games' next boundary being the same Monday.
const BACK = ((new Date().getUTCDay() - 4 + 7) % 7) * DAY;
const thursday = () => new Date(Date.now() - BACK);

let b: WikiClient, player: WikiClient, admin: WikiClient, G: string, A: string;
// No Actions page yet: the flood creates it, so A's pass also publishes the phase's commitment (its own edit).
const gameA = refereeGame(
  {
    what: 'flood-a',
    id: 'flooda',
    accounts: ['Alice=Player', 'Bram=Admin'],
    now: thursday().toISOString(),
    read: (page, title) => readGamestate(page, title, c16),
  },
  (g) => ({ b, player, admin, G, A } = g),
);
let gameB: TestGame;
let BG: string;
let proxy: EditProxy;
let daemon: DaemonHandle;
let store: FileStore;
/** The daemon's clock: Thursday's, or from `jumped` on, `to` plus the time since (B's boundary passing). */
let jump: { to: number; at: number } | undefined;
const clock = () => (jump ? new Date(jump.to + (Date.now() - jump.at)) : thursday());

beforeAll(async () => {
  gameB = await freshCliGame(b, 'flood-b', 'floodb', {}, 'cycle15');
  BG = `${gameB.prefix}/Gamestate`;
  const r = await gameB.cli(['rollover', '--game', 'floodb', '--now', thursday().toISOString()]);
  expect(r.code, r.stderr).toBe(0);
  proxy = await EditProxy.start(devEnv().CROUPIER_API_URL!);
  const a = JSON.parse(readFileSync(gameA.configFile, 'utf8'));
  const other = JSON.parse(readFileSync(gameB.configFile, 'utf8'));
  const config = parseConfig({
    ...a,
    store: { path: join(gameA.dir, 'daemon-store.json') },
    // The periodic check never fires during the test: the test makes each tick the cron would.
    daemon: { checkCron: '0 0 1 1 *' },
    games: [...a.games, ...other.games],
  });
  store = new FileStore(config.store.path);
  const client = await bot({ apiUrl: proxy.apiUrl });
  daemon = await startDaemon(daemonOptions({ config, client, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 30_000, now: clock }));
  await daemon.scheduler.idle();
}, SLOW);

afterAll(async () => {
  await daemon?.stop('test over');
  await proxy?.close();
  gameB?.remove();
});

/** Lines written by `who` on `title` in one edit. */
async function write(who: WikiClient, title: string, lines: string[]): Promise<void> {
  const page = await who.readPage(title).catch(() => ({ text: '' }));
  await put(who, title, `${page.text.replace(/\s*$/, '')}\n${lines.join('\n')}\n`, 'requests');
}
const linesOf = async (title: string, start: string) => (await b.readPage(title)).text.split('\n').filter((l) => l.startsWith(start));
const marks = (line: string) => line.match(/<!-- croupier:(done|refused|failed) r\d+ -->/g)?.length ?? 0;

describe("a flood on one game never delays another game's rollover", () => {
  it(
    "B's boundary passing during A's pass over 25 request lines and 160 actions: B is rolled over between two of A's lines; A's flood is answered once per line, its junk requests and the referee's part in one edit of each page",
    async () => {
      const R = `${G}/Requests`;
      const c15Before = readCycle15((await b.readPage(BG)).text, BG, c15);
      // “Phase I: Monday, Tuesday, Wednesday, and Thursday / Phase II: Friday, Saturday, and Sunday”: B's next boundary.
      const boundary = c15Before.phase.nextRollover!;
      expect(daemon.scheduler.nextRunFor('floodb')).toEqual({ at: boundary, kind: 'rollover' });
      // Cycle 16's Battle Phase runs Thursday to Sunday: A's own next boundary is later, so the jump changes nothing for A.
      expect(daemon.scheduler.nextRunFor('flooda')!.at.getTime()).toBeGreaterThan(boundary.getTime());

      // The flood: on the Requests page, five checks an admin asks for (each acted on, answered on its own) and
      // junk by a plain user and an admin; and 160 actions, 150 of them Alice's.
      await write(
        admin,
        R,
        Array.from({ length: 5 }, (_, i) => `* check please ${i}`),
      );
      await write(
        player,
        R,
        Array.from({ length: 10 }, (_, i) => `* rollover now please ${i}`),
      );
      await write(
        admin,
        R,
        Array.from({ length: 10 }, (_, i) => `* frobnicate ${i}`),
      );
      await write(
        player,
        A,
        Array.from({ length: 150 }, () => '* buy 1 Legendary Pack'),
      );
      await write(
        admin,
        A,
        Array.from({ length: 10 }, () => '* buy 1 Legendary Pack'),
      );

      // A's check (as the cron makes it): its first answer on the Requests page is held on the wire…
      proxy.hold(R);
      const start = proxy.edits.length;
      const aTick = daemon.scheduler.tick('flooda', 'check');
      await proxy.editOf(R);
      // …when B's boundary passes: its task fires (the test makes the tick node-cron makes at that instant).
      jump = { to: boundary.getTime() + 1_000, at: Date.now() };
      const fired = proxy.edits.length;
      const bTick = daemon.scheduler.tick('floodb', 'boundary', boundary);
      proxy.release();
      await Promise.all([aTick, bTick]);
      await daemon.scheduler.idle();

      const edits = proxy.edits.slice(start).map((e) => e.title);
      const firstOfB = edits.indexOf(BG);
      const isA = (t: string) => t.startsWith(`${gameA.prefix}/`);
      // B's rollover is the next edit after the boundary: no edit of A's came between (A's line in flight was sent before).
      expect(firstOfB).toBeGreaterThanOrEqual(fired - start);
      expect(edits.slice(fired - start, firstOfB).filter(isA)).toEqual([]);
      // …and A's pass went on after it: B did not wait for the end of A's pass.
      expect(edits.slice(firstOfB).filter((t) => t === R).length).toBeGreaterThan(0);
      const runs = (await store.read()).runs;
      const bRun = runs.find((r) => r.game === 'floodb' && r.kind === 'rollover' && r.trigger === 'boundary')!;
      const aRequests = runs.filter((r) => r.game === 'flooda' && r.kind === 'request').at(-1)!;
      expect(bRun).toMatchObject({ boundary: boundary.toISOString(), result: 'changed' });
      expect(Date.parse(bRun.start)).toBeLessThan(Date.parse(aRequests.end!));
      // B's page is the right rollover: one phase on, Phase II, its next boundary the Monday after.
      const c15After = readCycle15((await b.readPage(BG)).text, BG, c15);
      expect(c15After.phase).toMatchObject({ number: c15Before.phase.number + 1, name: 'Phase II' });
      expect(c15After.phase.nextRollover!.getUTCDay()).toBe(1);

      // A's Requests page: every line answered once, each on its own line; the admin's checks done one by one (an
      // edit each), the 20 junk lines refused together in one edit of the page (and their History rows in one edit).
      const checks = await linesOf(R, '* check please');
      const requests = [...checks, ...(await linesOf(R, '* rollover now please')), ...(await linesOf(R, '* frobnicate'))];
      expect(requests).toHaveLength(25);
      expect(requests.map(marks)).toEqual(Array(25).fill(1));
      expect(checks.filter((l) => l.includes('<!-- croupier:done r'))).toHaveLength(5);
      expect(requests.filter((l) => /croupier:refused .*Player, who added this line .* is not in an allowed group/.test(l))).toHaveLength(10);
      expect(requests.filter((l) => /croupier:refused .*request not understood/.test(l))).toHaveLength(10);
      expect(edits.filter((t) => t === R)).toHaveLength(5 + 1);
      const refusalRows = (await b.readPage(G)).text.split('\n').filter((l) => / \|\| Request \|\| .*refused/.test(l));
      expect(refusalRows).toHaveLength(20);

      // A's referee pass (after the last answer on the Requests page, and A's check): the commitment in an edit
      // of its own, then all the draws in one Gamestate edit and every answer in one edit of the Actions page.
      const afterRequests = edits.slice(edits.lastIndexOf(R) + 1).filter(isA);
      const check = runs.filter((r) => r.game === 'flooda' && r.kind === 'check').at(-1)!;
      expect(afterRequests.filter((t) => t === A)).toHaveLength(1);
      expect(afterRequests.filter((t) => t === G).length).toBeLessThanOrEqual(check.edits + 2);
      const actions = await linesOf(A, '* buy 1 Legendary Pack');
      expect(actions).toHaveLength(160);
      expect(actions.map(marks)).toEqual(Array(160).fill(1));
      // A pass takes MAX_REQUESTS_PER_AUTHOR lines of each author; Alice's other 140 get the cap's answer.
      const capped = actions.filter((l) => new RegExp(`croupier:refused .*Player has more than ${MAX_REQUESTS_PER_AUTHOR} requests waiting`).test(l));
      expect(capped).toHaveLength(150 - MAX_REQUESTS_PER_AUTHOR);
      expect(actions.filter((l) => /more than \d+ requests waiting/.test(l) && l.includes('Admin has'))).toEqual([]);

      // Nothing is answered twice: another check of A answers no line and writes no row naming a request (its
      // check may apply what the clock's jump made due, which is not an answer).
      const namingRows = async () => (await b.readPage(G)).text.split('\n').filter((l) => /\brequest r\d+-[0-9a-f]{8}\b/.test(l)).length;
      const [again, rows] = [proxy.edits.length, await namingRows()];
      await daemon.scheduler.tick('flooda', 'check');
      expect(
        proxy.edits
          .slice(again)
          .map((e) => e.title)
          .filter((t) => t === R || t === A),
      ).toEqual([]);
      expect(await namingRows()).toBe(rows);
    },
    SLOW,
  );
});
