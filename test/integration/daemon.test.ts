// The daemon against the real local MediaWiki (scripts/devwiki.sh): requests from an admin and from a
// plain user, and a failure on a broken Gamestate page. Each test uses pages of its own, so it does not
// disturb the other integration tests (the Ruleset is the seeded `Cycle 16/Ruleset`, only read).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { requestKey } from '../../src/cron/requests.ts';
import { FileStore } from '../../src/cron/store.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { connect, type WikiClient } from '../../src/wiki/client.ts';
import { randomBytes } from 'node:crypto';

import { devEnv, root } from './helpers.ts';

const env = devEnv();
const fixture = readFileSync(join(root, 'fixtures/cycle16/gamestate.wikitext'), 'utf8');
const RULESET = 'Cycle 16/Ruleset';

let dir: string;
let bot: WikiClient;
let admin: WikiClient;
let player: WikiClient;

const as = (username: string, password: string) =>
  connect({ apiUrl: env.CROUPIER_API_URL!, username, password, assert: 'user', editThrottleMs: 0, maxRetries: 2, retryPauseMs: 500, shutoff: null });

async function put(who: WikiClient, title: string, text: string, summary = 'test setup') {
  await who.save(title, () => ({ text, summary }), { create: true, maxShrinkShare: 1 });
}

async function append(who: WikiClient, title: string, line: string) {
  await who.save(title, (page) => ({ text: `${page.text.replace(/\s*$/, '')}\n${line}\n`, summary: `request: ${line}` }), { create: true });
}

function gameConfig(prefix: string, storePath: string) {
  return parseConfig({
    wiki: { editThrottleMs: 0, maxRetries: 2, retryPauseMs: 500, shutoff: { page: 'Croupier/Shutoff', runWord: 'run' } },
    store: { path: storePath },
    daemon: { checkCron: '0 * * * *', maxConsecutiveFailures: 3 },
    games: [{ id: 'dtest', kind: 'cycle16', ruleset: RULESET, gamestate: `${prefix}/Gamestate` }],
  });
}

async function runDaemonOnce(prefix: string, now?: () => Date, client = bot) {
  const storePath = join(dir, `${prefix.replace(/\W+/g, '-')}.json`);
  const config = gameConfig(prefix, storePath);
  const daemon = await startDaemon(
    daemonOptions({
      config,
      client,
      logger: createLogger({ level: 'silent' }),
      handleSignals: false,
      graceMs: 30_000,
      ...(now ? { now } : {}),
    }),
  );
  await daemon.scheduler.idle();
  const nextRun = daemon.scheduler.nextRunFor('dtest');
  await daemon.stop('test over');
  return { store: new FileStore(storePath), config, nextRun };
}

beforeAll(async () => {
  if (!env.CROUPIER_API_URL) throw new Error('no local wiki: run `bash scripts/devwiki.sh start` (or the integration global setup)');
  dir = await mkdtemp(join(tmpdir(), 'croupier-daemon-it-'));
  bot = await connect({
    apiUrl: env.CROUPIER_API_URL,
    username: env.CROUPIER_USERNAME,
    password: env.CROUPIER_PASSWORD,
    editThrottleMs: 0,
    maxRetries: 2,
    retryPauseMs: 500,
    shutoff: null,
  });
  admin = await as(env.DEVWIKI_ADMIN_USER ?? 'Admin', env.DEVWIKI_ADMIN_PASSWORD!);
  player = await as(env.DEVWIKI_PLAYER_USER ?? 'Player', env.DEVWIKI_PLAYER_PASSWORD!);
  // The bot edits only while the shutoff page says "run".
  await put(admin, 'Croupier/Shutoff', 'run\n', 'test: make sure the bot may run');
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('croupier daemon on the local wiki', () => {
  test("an admin's request is honoured and logged; the plain user's identical request is refused and logged", async () => {
    const prefix = `Daemon test ${Date.now()}`;
    const requests = `${prefix}/Gamestate/Requests`;
    await put(admin, `${prefix}/Gamestate`, fixture);
    await put(admin, requests, '== Requests ==\nOne request per line: <code>* rollover now</code>, <code>* check</code>, <code>* clear</code>.\n');
    await append(admin, requests, '* rollover now');
    await append(player, requests, '* rollover now');
    const revs = await bot.revisions(requests, { limit: 3 });
    const [playerRev, adminRev] = revs;
    expect(playerRev?.user).toBe('Player');
    expect(adminRev?.user).toBe('Admin');

    const { store } = await runDaemonOnce(prefix);

    const page = (await bot.readPage(requests)).text;
    const lines = page.split('\n').filter((l) => l.startsWith('* rollover now'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`<!-- croupier:done r${adminRev!.revid} -->`);
    expect(lines[0]).toContain("'''Done'''");
    expect(lines[1]).toContain(`<!-- croupier:refused r${playerRev!.revid} -->`);
    expect(lines[1]).toContain(`Player, who added this line in revision ${playerRev!.revid}, is not in an allowed group (sysop)`);

    const gamestate = (await bot.readPage(`${prefix}/Gamestate`)).text;
    expect(gamestate).toMatch(/\|\| Request \|\| Admin \|\| "rollover" honoured/);
    expect(gamestate).toMatch(/\|\| Request \|\| Player \|\| "rollover" refused: Player, who added this line/);

    const data = await store.read();
    const manual = data.runs.filter((r) => r.kind === 'rollover' && r.trigger === 'request');
    expect(manual).toHaveLength(1);
    expect(manual[0]).toMatchObject({ actor: 'Admin', result: 'changed' });
    // The boundaries missed since the fixture's phase were caught up first, each once, then the request.
    const rollovers = data.runs.filter((r) => r.kind === 'rollover').map((r) => r.trigger);
    expect(rollovers.at(-1)).toBe('request');
    expect(rollovers.slice(0, -1).every((t) => t === 'catch-up')).toBe(true);
    expect(rollovers.length).toBeGreaterThanOrEqual(2);
    expect(gamestate).toMatch(/\|\| Manual rollover \|\| - \|\| Phase (\d+) → \d+ .*Manual rollover by Admin/);
    // The rollover's own edit names the request (the page alone says it was done, whatever the store says).
    const key = requestKey(adminRev!.revid, '* rollover now');
    expect(gamestate).toContain(`Manual rollover by Admin (on-wiki request ${key})`);
    expect(data.runs.filter((r) => r.actor === 'Player')).toEqual([]);

    // A second pass acts on nothing: both lines are marked.
    const before = (await bot.readPage(`${prefix}/Gamestate`)).revid;
    await runDaemonOnce(prefix);
    expect((await bot.readPage(`${prefix}/Gamestate`)).revid).toBe(before);
  });

  test("a request's key a player copies onto the Gamestate page before the pass blocks nothing: the admin's rollover is made once", async () => {
    const prefix = `Daemon test planted ${Date.now()}`;
    const requests = `${prefix}/Gamestate/Requests`;
    await put(admin, `${prefix}/Gamestate`, fixture);
    await put(admin, requests, '== Requests ==\n');
    await append(admin, requests, '* rollover now');
    const adminRev = (await bot.revisions(requests, { limit: 1 }))[0]!;
    const key = requestKey(adminRev.revid, '* rollover now');
    // The key is computable once the line is saved: Bob types it where the bot's rows say a request was done.
    await append(player, `${prefix}/Gamestate`, `<!-- Manual rollover by Admin (on-wiki request ${key}) -->`);

    const { store } = await runDaemonOnce(prefix);

    const gamestate = (await bot.readPage(`${prefix}/Gamestate`)).text;
    expect(gamestate).toContain(`Manual rollover by Admin (on-wiki request ${key})`);
    expect(gamestate).toMatch(/\|\| Manual rollover \|\| - \|\| Phase \d+ → \d+ .*Manual rollover by Admin/);
    expect(gamestate).toContain(`<!-- Manual rollover by Admin (on-wiki request ${key}) -->`); // Bob's comment is left alone
    const manual = (await store.read()).runs.filter((r) => r.kind === 'rollover' && r.trigger === 'request');
    expect(manual).toHaveLength(1);
    expect((await bot.readPage(requests)).text).toContain(`<!-- croupier:done r${adminRev.revid} -->`);
    // A second pass makes no second rollover: the bot's own edit names the key now.
    const before = (await bot.readPage(`${prefix}/Gamestate`)).revid;
    await runDaemonOnce(prefix);
    expect((await bot.readPage(`${prefix}/Gamestate`)).revid).toBe(before);
  });

  test('the status page shows a failure when the Gamestate page is broken, and no Gamestate edit is made', async () => {
    const prefix = `Daemon test broken ${Date.now()}`;
    const broken = fixture.replace(/\| 2026-11-02 00:00 \|\| 4 \|\|/, '| 2026-11-02 00:00 || four ||');
    expect(broken).not.toBe(fixture);
    await put(admin, `${prefix}/Gamestate`, broken);
    const before = await bot.readPage(`${prefix}/Gamestate`);

    const { store } = await runDaemonOnce(prefix);

    const after = await bot.readPage(`${prefix}/Gamestate`);
    expect(after.revid).toBe(before.revid);
    expect(after.text).toBe(before.text);
    const status = (await bot.readPage(`${prefix}/Gamestate/Status`)).text;
    expect(status).toContain("'''Failing'''");
    expect(status).toContain("'''FAILED'''");
    expect(status).toMatch(/! Last error\n\| .*Phase/);
    const data = await store.read();
    expect(data.runs.at(-1)).toMatchObject({ result: 'failed' });
    expect(data.games.dtest?.consecutiveFailures).toBe(1);
  });

  test('a Gamestate page whose cycle starts after the clock is "not started": no edit, no failure however many runs, and the next run is the check at the start', async () => {
    const prefix = `Daemon test not started ${Date.now()}`;
    // The fixture at phase 0 of its cycle, which starts 2026-11-02 00:00; the daemon's clock is five days earlier.
    const page = fixture.replace('| 2026-11-02 00:00 || 4 ||', '| 2026-11-02 00:00 || 0 ||');
    expect(page).not.toBe(fixture);
    await put(admin, `${prefix}/Gamestate`, page);
    const before = await bot.readPage(`${prefix}/Gamestate`);
    const now = () => new Date('2026-10-28T12:00:00Z');

    // More daemon runs than maxConsecutiveFailures (3): a refusal each time would halt the game.
    let last: Awaited<ReturnType<typeof runDaemonOnce>> | undefined;
    for (let i = 0; i < 4; i++) last = await runDaemonOnce(prefix, now);
    const start = new Date('2026-11-02T00:00:00Z');
    expect(last!.nextRun).toEqual({ at: start, kind: 'check' });

    const after = await bot.readPage(`${prefix}/Gamestate`);
    expect(after.revid).toBe(before.revid);
    const data = await last!.store.read();
    expect(data.runs.filter((r) => r.result === 'failed')).toEqual([]);
    expect(data.games.dtest).toMatchObject({ consecutiveFailures: 0, halted: false });
    const status = (await bot.readPage(`${prefix}/Gamestate/Status`)).text;
    expect(status).toContain('Not started: the cycle begins 2026-11-02 00:00 UTC; nothing is due before then.');
    expect(status).not.toContain("'''Failing'''");
  });

  test('on a wiki that says it runs MediaWiki 1.45 (faked, scripts/devwiki-hooks.php), the warning is logged once, at the first read, and shown on the Status page', async () => {
    const prefix = `Daemon test untested version ${Date.now()}`;
    await put(admin, `${prefix}/Gamestate`, fixture.replace('| 2026-11-02 00:00 || 4 ||', '| 2026-11-02 00:00 || 0 ||'));
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l: string) => lines.push(l) } });
    const client = await connect({
      apiUrl: env.CROUPIER_API_URL!,
      username: env.CROUPIER_USERNAME,
      password: env.CROUPIER_PASSWORD,
      editThrottleMs: 0,
      shutoff: null,
      logger,
      headers: { 'X-Devwiki-Fake': `generator=MediaWiki 1.45.0;key=${randomBytes(6).toString('hex')}` },
    });
    const warning =
      'the wiki runs "MediaWiki 1.45.0", newer than the versions Croupier is tested on (MediaWiki 1.39–1.43): ' +
      'its edits are still checked, but how this version answers a stale edit (conflict or merge) is untested';
    // Learnt with the first read (its request also asks what the wiki says of itself), not at the login.
    expect(client.versionWarning).toBeUndefined();
    await client.readPage(`${prefix}/Gamestate`);
    expect(client.versionWarning).toBe(warning);
    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string })).toEqual([expect.objectContaining({ level: 40, msg: warning })]);
    await runDaemonOnce(prefix, () => new Date('2026-10-28T12:00:00Z'), client);
    await runDaemonOnce(prefix, () => new Date('2026-10-28T12:00:00Z'), client);
    expect(lines).toHaveLength(1); // once, however many passes
    const status = (await bot.readPage(`${prefix}/Gamestate/Status`)).text;
    expect(status).toContain(`! Wiki\n| '''Untested MediaWiki version''': the wiki runs "MediaWiki 1.45.0", newer than`);
    // The same wiki, as it names itself (1.39): no warning, no row.
    const plain = `${prefix} plain`;
    await put(admin, `${plain}/Gamestate`, fixture.replace('| 2026-11-02 00:00 || 4 ||', '| 2026-11-02 00:00 || 0 ||'));
    await runDaemonOnce(plain, () => new Date('2026-10-28T12:00:00Z'));
    expect((await bot.readPage(`${plain}/Gamestate/Status`)).text).not.toContain('! Wiki');
  });
});
