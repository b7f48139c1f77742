// A good citizen on the real local MediaWiki (1.39): a person's undo, rollback or manual revert of the bot's
// edit pauses the game — with the daemon checking every 2 seconds it makes no edit until an admin resumes it,
// then it recomputes from the page as people left it; and a daemon killed with SIGKILL leaves
// `croupier status` exiting 5 (overdue, with alert.command run) and the Status page showing its last heartbeat.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { startDaemon, type DaemonHandle } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { FileStore } from '../../src/cron/store.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { refuseWhilePaused } from '../../src/cron/pause.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { lighten } from '../../src/games/computed-blocks.ts';
import { computeRollover, rollover } from '../../src/jobs/rollover.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { normalizeText, type SaveOptions, type Transform } from '../../src/wiki/save.ts';
import { removeDir } from '../temp-dir.ts';
import { appendLine, bot, devEnv, human, put, root, runCli, uniquePrefix } from './helpers.ts';
import { cycle16Engine } from '../../src/games/cycle16/index.ts';

const fixture = readFileSync(join(root, 'fixtures/cycle16/gamestate.wikitext'), 'utf8');
const ruleset = readFileSync(join(root, 'fixtures/cycle16/ruleset.wikitext'), 'utf8');
// The fixture's page is at phase 4 until 2026-11-19 00:00: at this clock one boundary is due, one edit.
const NOW = new Date('2026-11-20T12:00:00Z');

let b: WikiClient;
let admin: WikiClient;
let dir: string;
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  b = await bot();
  admin = await human('ADMIN');
  dir = mkdtempSync(join(tmpdir(), 'croupier-citizen-'));
});

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  removeDir(dir);
});

interface Game {
  prefix: string;
  gamestate: string;
  requests: string;
  status: string;
  configFile: string;
  storePath: string;
}

async function freshGame(what: string, daemon: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<Game> {
  const prefix = uniquePrefix(what);
  await put(admin, `${prefix}/Shutoff`, 'run');
  await put(admin, `${prefix}/Ruleset`, ruleset);
  await put(admin, `${prefix}/Gamestate`, fixture);
  const storePath = join(dir, `${what}.json`);
  const configFile = join(dir, `${what}.config.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${prefix}/Shutoff`, runWord: 'run' } },
      store: { path: storePath },
      daemon: { checkCron: '*/2 * * * * *', ...daemon },
      games: [{ id: 'cit', kind: 'cycle16', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate` }],
      ...extra,
    }),
  );
  return { prefix, gamestate: `${prefix}/Gamestate`, requests: `${prefix}/Gamestate/Requests`, status: `${prefix}/Gamestate/Status`, configFile, storePath };
}

async function daemonOn(g: Game): Promise<DaemonHandle> {
  const config = parseConfig(JSON.parse(readFileSync(g.configFile, 'utf8')));
  return startDaemon(daemonOptions({ config, client: b, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 10_000, now: () => NOW }));
}

/** The bot's revisions of a page, newest first. */
async function botRevisions(title: string): Promise<number[]> {
  return (await b.revisions(title, { limit: 50 })).filter((r) => r.user === 'Bot').map((r) => r.revid);
}

const phaseOf = (text: string) => /\|\s*2026-11-02 00:00 \|\| (\d+) \|\|/.exec(text)?.[1];

async function until<T>(what: string, f: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(300);
  }
}

const reverts = {
  async undo(g: Game, botRev: number) {
    await admin.request({ action: 'edit', title: g.gamestate, undo: botRev, summary: '' }, { page: g.gamestate, edit: true });
  },
  /** An undo that MediaWiki records 3 s late (its change tags come after the revision: scripts/devwiki-hooks.php). */
  async 'late-recorded undo'(g: Game, botRev: number) {
    admin.headers['X-Devwiki-Fake'] = `slowrecord=3000;key=${randomBytes(6).toString('hex')}`;
    try {
      await reverts.undo(g, botRev);
    } finally {
      delete admin.headers['X-Devwiki-Fake'];
    }
  },
  async rollback(g: Game) {
    const token = ((await admin.request({ action: 'query', meta: 'tokens', type: 'rollback' })) as { query: { tokens: { rollbacktoken: string } } }).query
      .tokens.rollbacktoken;
    await admin.request({ action: 'rollback', title: g.gamestate, user: 'Bot', token });
  },
  async 'manual revert'(g: Game) {
    // Saving the text the page had before the bot's edit again, with a summary that says nothing of it.
    await put(admin, g.gamestate, fixture, 'tidying up');
  },
} as const;

describe('a revert pauses the game until an admin resumes it', () => {
  for (const [how, resume] of [
    ['undo', 'cli'],
    ['rollback', 'request'],
    ['manual revert', 'cli'],
    ['late-recorded undo', 'cli'],
  ] as const) {
    test(`an admin's ${how} of the bot's edit: 0 bot edits with the daemon checking every 2 s until a resume (${resume === 'cli' ? 'croupier resume' : 'a "* resume" line'}), then the recomputed page`, async () => {
      const g = await freshGame(how.replaceAll(' ', '-'));
      /** As the revert is recorded (MediaWiki's change tag). */
      const tagged = how === 'late-recorded undo' ? 'undo' : how;
      if (resume === 'request') await put(admin, g.requests, '== Requests ==\n');
      const daemon = await daemonOn(g);
      try {
        await daemon.scheduler.idle();
        // The catch-up's rollover to phase 5, and the check's grants after it.
        const botPage = await b.readPage(g.gamestate);
        const [botRev] = await botRevisions(g.gamestate);
        expect(botPage.revid).toBe(botRev);
        expect(phaseOf(botPage.text)).toBe('5');

        await reverts[how](g, botRev!);
        const reverted = await b.readPage(g.gamestate);
        expect(reverted.text, 'the page is the revert, not the bot making its reverted edit again').not.toBe(botPage.text);
        // At least three checks (every 2 s) see the revert: not one edit of the game's pages.
        await sleep(7_000);
        await daemon.scheduler.idle();
        expect((await botRevisions(g.gamestate)).filter((r) => r > reverted.revid)).toEqual([]);
        expect((await b.readPage(g.gamestate)).revid).toBe(reverted.revid);
        const rec = (await new FileStore(g.storePath).read()).games.cit!;
        expect(rec.paused?.reverts).toEqual([
          expect.objectContaining({ page: g.gamestate, revid: reverted.revid, user: 'Admin', how: tagged, reverted: expect.arrayContaining([botRev]) }),
        ]);
        const status = (await b.readPage(g.status)).text;
        expect(status).toContain("'''PAUSED'''");
        expect(status).toMatch(
          new RegExp(
            `Admin ${tagged === 'undo' ? 'undid' : tagged === 'rollback' ? 'rolled back' : 'manually reverted'} the bot's revisions? ([\\d, ]+, )?${botRev} of "${g.gamestate}" \\(revision ${reverted.revid}`,
          ),
        );
        expect(status).toContain('croupier resume --game cit');

        if (resume === 'cli') {
          const r = await runCli(['resume', '--game', 'cit', '--by', 'Admin', '--config', g.configFile]);
          expect(r.code, r.stderr).toBe(0);
          expect(r.stdout).toContain('cit: resumed by Admin');
        } else {
          await appendLine(admin, g.requests, '* resume');
        }
        // The next check computes from the page as the admin left it: what was due is applied again, to the same page.
        // (a "* resume" request adds its own History row on the page).
        const done = (text: string) => (resume === 'cli' ? text === botPage.text : phaseOf(text) === '5' && text.includes('"resume" honoured'));
        await until('the recomputed page', async () => (done((await b.readPage(g.gamestate)).text) ? true : undefined));
        if (resume === 'request') expect((await b.readPage(g.requests)).text).toContain('<!-- croupier:done');
        const again = await b.revisions(g.gamestate, { limit: 5 });
        expect(again.findIndex((r) => r.revid === reverted.revid)).toBeGreaterThan(0);
        expect(
          again
            .slice(
              0,
              again.findIndex((r) => r.revid === reverted.revid),
            )
            .every((r) => r.user === 'Bot'),
        ).toBe(true);
        expect((await new FileStore(g.storePath).read()).games.cit!.paused).toBeUndefined();
      } finally {
        await daemon.stop('test over');
      }
    }, 90_000);
  }

  test("a CLI rollover and publish-tables on a paused game are refused (exit 4) and edit nothing; a person's later ordinary edit is not a revert", async () => {
    const g = await freshGame('cli-paused');
    const first = await runCli(['rollover', '--game', 'cit', '--now', '2026-11-20T12:00Z', '--config', g.configFile]);
    expect(first.code, first.stderr).toBe(0);
    const [botRev] = await botRevisions(g.gamestate);
    await reverts.undo(g, botRev!);
    // An ordinary edit after the revert: still paused, by the revert.
    await admin.save(g.gamestate, (p) => ({ text: `${p.text}\n<!-- a note -->`, summary: 'a note' }));
    const before = (await b.readPage(g.gamestate)).revid;
    const r = await runCli(['rollover', '--game', 'cit', '--now', '2026-11-20T12:00Z', '--config', g.configFile]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`Admin undid the bot's revision ${botRev} of "${g.gamestate}"`);
    const t = await runCli(['publish-tables', '--game', 'cit', '--config', g.configFile]);
    expect(t.code).toBe(4);
    expect((await b.readPage(g.gamestate)).revid).toBe(before);
    const s = await runCli(['status', '--game', 'cit', '--now', '2026-11-20T12:00Z', '--config', g.configFile]);
    expect(s.code).toBe(5);
    expect(s.stdout).toContain('ALERT: the game is paused since');
  }, 60_000);
});

describe('liveness', () => {
  test('after kill -9 of the daemon, croupier status exits 5 (overdue, alert.command run) and the Status page shows the last heartbeat', async () => {
    const alertFile = join(dir, 'alert.txt');
    const g = await freshGame(
      'killed',
      { heartbeatGraceSeconds: 2 },
      { alert: { command: `printf '%s|%s' "$CROUPIER_ALERT" "$CROUPIER_ALERT_REASON" > '${alertFile}'` } },
    );
    const env = devEnv();
    const child = spawn(process.execPath, [`${root}bin/croupier.js`, 'daemon', '--config', g.configFile], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CROUPIER_API_URL: env.CROUPIER_API_URL,
        CROUPIER_USERNAME: env.CROUPIER_USERNAME,
        CROUPIER_PASSWORD: env.CROUPIER_PASSWORD,
      },
      stdio: 'ignore',
    });
    children.push(child);
    const alive = await until(
      'a heartbeat on the Status page',
      async () => {
        const p = await b.readPages([g.status], { allowMissing: true });
        const text = p.get(g.status)!.text;
        return /running: last seen (\d{4}-\d\d-\d\d \d\d:\d\d) UTC, next expected by/.test(text) ? text : undefined;
      },
      60_000,
    );
    const ok = await runCli(['status', '--game', 'cit', '--config', g.configFile]);
    expect(ok.stdout).toMatch(/daemon: running: last seen .* UTC, next expected by .* UTC/);
    expect(ok.code, ok.stdout).toBe(0);

    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const seen = (await new FileStore(g.storePath).read()).daemon!;
    await sleep(Math.max(0, Date.parse(seen.nextExpectedBy) - Date.now()) + 1_500);
    const s = await runCli(['status', '--game', 'cit', '--config', g.configFile]);
    expect(s.code).toBe(5);
    expect(s.stdout).toContain('daemon: OVERDUE: last seen');
    expect(s.stdout).toContain('ALERT: the daemon is overdue');
    expect(existsSync(alertFile)).toBe(true);
    expect(readFileSync(alertFile, 'utf8')).toMatch(/^overdue\|the daemon is overdue: last seen /);
    // The Status page still shows the last heartbeat: when it was seen, and by when it was expected.
    const page = (await b.readPage(g.status)).text;
    expect(page).toMatch(/running: last seen \d{4}-\d\d-\d\d \d\d:\d\d UTC, next expected by/);
    expect(alive).toContain('Daemon');
  }, 120_000);
});

// The same revert, made while a run is under way: the run read the bot's own last revision, and the admin's
// undo lands between that read and the run's save. MediaWiki either reports an edit conflict (the save reads
// again) or merges the bot's edit onto the undo; either way the run must not make the reverted edit again.
describe("an admin's undo saved while a run is under way (between its read and its save)", () => {
  let player: WikiClient;
  beforeAll(async () => {
    player = await human();
  });

  /** A CLI-like run in-process: the revert check first (it records what it saw), then the save; its own client. */
  async function runOn(g: Game, save: (client: WikiClient) => Promise<unknown>): Promise<unknown> {
    const client = await bot();
    const game = parseConfig(JSON.parse(readFileSync(g.configFile, 'utf8'))).games[0]!;
    await refuseWhilePaused(new FileStore(g.storePath), client, game, NOW);
    return save(client).catch((e: unknown) => e);
  }

  /** After the refused run: a daemon pauses the game, says so on the Status page, and makes no edit for 5 s; nor does a CLI run; then a resume. */
  async function pausedByDaemon(g: Game, botRev: number, undo: number, last: number): Promise<void> {
    const daemon = await daemonOn(g);
    try {
      await daemon.scheduler.idle();
      await sleep(5_000);
      await daemon.scheduler.idle();
    } finally {
      await daemon.stop('test over');
    }
    expect((await b.readPage(g.gamestate)).revid).toBe(last);
    const rec = (await new FileStore(g.storePath).read()).games.cit!;
    expect(rec.paused?.reverts).toEqual([expect.objectContaining({ page: g.gamestate, revid: undo, user: 'Admin', how: 'undo', reverted: [botRev] })]);
    const status = (await b.readPage(g.status)).text;
    expect(status).toContain("'''PAUSED'''");
    expect(status).toContain(`Admin undid the bot's revision ${botRev} of "${g.gamestate}" (revision ${undo}`);
    const cli = await runCli(['rollover', '--game', 'cit', '--now', '2026-11-23T12:00Z', '--config', g.configFile]);
    expect(cli.code).toBe(4);
    expect((await b.readPage(g.gamestate)).revid).toBe(last);
    const r = await runCli(['resume', '--game', 'cit', '--by', 'Admin', '--config', g.configFile]);
    expect(r.code, r.stderr).toBe(0);
  }

  /** A save hook: `meanwhile` runs once, right before the bot's first edit request. */
  const atFirstEdit =
    (meanwhile: () => Promise<void>): NonNullable<SaveOptions['beforeEdit']> =>
    async (_p, _e, attempt) => {
      if (attempt === 1) await meanwhile();
    };
  /** The next boundary's rollover (phase 5 → 6), with people's edits made in its window. */
  const nextRollover = (g: Game, meanwhile: () => Promise<void>) =>
    runOn(g, (client) =>
      rollover(
        { wiki: client, saveOptions: { beforeEdit: atFirstEdit(meanwhile) } },
        { id: 'cit', ruleset: `${g.prefix}/Ruleset`, gamestate: g.gamestate, historyLimit: 200 },
        { now: new Date('2026-11-23T12:00Z'), trigger: 'integration test' },
      ),
    );
  const firstRollover = async (g: Game) => {
    const first = await runCli(['rollover', '--game', 'cit', '--now', NOW.toISOString(), '--config', g.configFile]);
    expect(first.code, first.stderr).toBe(0);
    const page = await b.readPage(g.gamestate);
    expect(page.user).toBe('Bot');
    return page;
  };

  test("merged onto the undo: the bot undoes its merged revision (the page is the admin's), the game pauses; after the resume it computes from the admin's page", async () => {
    const g = await freshGame('merged-undo');
    const botPage = await firstRollover(g);
    // The run: what is due at NOW (nothing more on the bot's revision) and a line of its own in the page's
    // intro, which the bot's rollover did not touch: MediaWiki merges that edit onto the undo. Computed on
    // the undo, it would be the rollover again.
    const game = parseConfig(JSON.parse(readFileSync(g.configFile, 'utf8'))).games[0]!;
    const rules = readCycle16Ruleset(readDocument(ruleset));
    const run: Transform = (page) => {
      const due = lighten(computeRollover(rules, game, page, { now: NOW, trigger: 'integration test' }, cycle16Engine).text, g.gamestate).text;
      const text = normalizeText(due).replace('All times are UTC.', 'All times are UTC (checked).');
      return text === normalizeText(page.text) ? null : { text, summary: 'a run on the bot revision' };
    };
    expect(run(botPage)!.text).toBe(normalizeText(botPage.text).replace('All times are UTC.', 'All times are UTC (checked).'));
    let undo = 0;
    const err = await runOn(g, (client) =>
      client.save(g.gamestate, run, {
        beforeEdit: atFirstEdit(async () => {
          await reverts.undo(g, botPage.revid);
          undo = (await b.readPage(g.gamestate)).revid;
        }),
      }),
    );
    expect(err).toMatchObject({ code: 'paused' });
    expect((err as Error).message).toContain(`Admin reverted the bot's revision ${botPage.revid} (undo, revision ${undo})`);

    // What the wiki holds: the undo, the bot's edit merged onto it, and the bot's undo of that revision alone.
    const [restored, merged, undone] = await b.revisions(g.gamestate, { limit: 3, content: true });
    expect(undone).toMatchObject({ revid: undo, user: 'Admin', tags: expect.arrayContaining(['mw-undo']) });
    expect(merged).toMatchObject({ user: 'Bot', parentid: undo });
    expect(merged!.text).toContain('All times are UTC (checked).');
    expect(restored).toMatchObject({ user: 'Bot', parentid: merged!.revid, sha1: undone!.sha1, tags: expect.arrayContaining(['mw-undo']) });
    expect(restored!.comment).toContain(
      `undo revision ${merged!.revid}: MediaWiki merged this edit of the bot's onto Admin's undo of the bot's revision ${botPage.revid}`,
    );
    expect(phaseOf((await b.readPage(g.gamestate)).text)).toBe('4'); // the bot's rollover not made again

    await pausedByDaemon(g, botPage.revid, undo, restored!.revid);
    // Resumed: the next run computes from the page as the admin left it (what is due at NOW: the same rollover).
    const again = await runCli(['rollover', '--game', 'cit', '--now', NOW.toISOString(), '--config', g.configFile]);
    expect(again.code, again.stderr).toBe(0);
    const now = await b.readPage(g.gamestate);
    expect(now).toMatchObject({ parentid: restored!.revid, user: 'Bot' });
    expect(now.text).toBe(botPage.text);
  }, 120_000);

  test('an edit conflict with the undo (a player edits after it): the re-read finds the undo among the new revisions, no edit, the game pauses; after the resume the rollover of the page people left', async () => {
    const g = await freshGame('conflict-undo');
    const botPage = await firstRollover(g);
    let undo = 0;
    let note = 0;
    // The next boundary's rollover (phase 5 → 6) changes lines the undo changes back: an edit conflict.
    const err = await nextRollover(g, async () => {
      await reverts.undo(g, botPage.revid);
      undo = (await b.readPage(g.gamestate)).revid;
      note = (await player.save(g.gamestate, (p) => ({ text: `${p.text}\n<!-- a note -->`, summary: 'a note' }))).revid!;
    });
    expect(err).toMatchObject({ code: 'paused' });
    expect((err as Error).message).toBe(
      `"${g.gamestate}": Admin reverted the bot's revision ${botPage.revid} (undo, revision ${undo}): no edit; the game is paused until an admin resumes it`,
    );
    const page = await b.readPage(g.gamestate);
    expect(page).toMatchObject({ revid: note, user: 'Player' });
    expect(phaseOf(page.text)).toBe('4');

    await pausedByDaemon(g, botPage.revid, undo, note);
    const again = await runCli(['rollover', '--game', 'cit', '--now', '2026-11-23T12:00Z', '--config', g.configFile]);
    expect(again.code, again.stderr).toBe(0);
    const now = await b.readPage(g.gamestate);
    expect(now).toMatchObject({ parentid: note, user: 'Bot' });
    expect(phaseOf(now.text)).toBe('6');
    expect(now.text).toContain('<!-- a note -->');
  }, 120_000);

  test("a player's ordinary edit in the window is no revert: MediaWiki merges it with the run's edit as before, and the game is not paused", async () => {
    const g = await freshGame('merged-note');
    await firstRollover(g);
    let note = 0;
    const r = await nextRollover(g, async () => {
      note = (await player.save(g.gamestate, (p) => ({ text: p.text.replace('All times are UTC.', 'All times are UTC!'), summary: 'typo' }))).revid!;
    });
    expect(r).toMatchObject({ save: { changed: true, merged: { edits: [{ revid: note, user: 'Player' }] } } });
    const page = await b.readPage(g.gamestate);
    expect(phaseOf(page.text)).toBe('6');
    expect(page.text).toContain('All times are UTC!');
    const s = await runCli(['status', '--game', 'cit', '--now', '2026-11-23T12:00Z', '--config', g.configFile]);
    expect(s.stdout).not.toContain('paused');
  }, 60_000);
});
