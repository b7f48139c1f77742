// kill -9 of a rollover of Round 10, Cycle 15 and Nomicoup at its worst moments, on the real local wiki: the
// run is a real one in a child process (killed-rollover-child.ts, the save's beforeEdit/afterEdit hooks) or the
// CLI holding the store's lock (its edit held by edit-proxy.ts), killed by its PID. Whatever the moment, the next
// run leaves the page exactly as the offline engine computes the run on the page a person left (each rule applied
// once: no doubled income or History row, no lost turn), and a third run makes no edit.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { FileStore } from '../../src/cron/store.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { EditProxy } from './edit-proxy.ts';
import { CASES, fixture, freshGame, humanEdit, lines, mergeOf, offline, runOpts } from './game-races.ts';
import { bot, devEnv, freshCliGame, human, put, root, type TestGame } from './helpers.ts';
import { killedRollover } from './killed-rollover.ts';

let b: WikiClient;
let player: WikiClient;
let proxy: EditProxy;
const cliGames: TestGame[] = [];

beforeAll(async () => {
  [b, player] = await Promise.all([bot(), human()]);
  proxy = await EditProxy.start(devEnv().CROUPIER_API_URL!);
});

afterAll(async () => {
  await proxy?.close();
  for (const g of cliGames) g.remove();
});

const revisionCount = async (title: string) => (await b.revisions(title, { limit: 50 })).length;

describe.each(CASES)('$kind: a rollover killed with SIGKILL', (c) => {
  it('before its edit is sent: nothing reaches the wiki; the next run makes the page the offline result, a third run makes no edit', async () => {
    const game = await freshGame(b, c, 'kill-ready');
    const seed = await b.readPage(game.gamestate);
    const k = await killedRollover(game, c.now, 'ready');
    expect(k.read).toBe(seed.revid);
    expect((await b.readPage(game.gamestate)).revid).toBe(seed.revid);

    const next = await rollover({ wiki: b }, game, runOpts(c));
    expect(next.save.changed).toBe(true);
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(offline(c, game, seed.text, seed.revid));
    for (const row of c.once) expect(lines(page.text, row) - lines(seed.text, row), row).toBe(1);

    const third = await rollover({ wiki: b }, game, runOpts(c));
    expect(third.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it('after the wiki saved its edit, before the save returned: the page already is the offline result, and the next run changes nothing', async () => {
    const game = await freshGame(b, c, 'kill-saved');
    const seed = await b.readPage(game.gamestate);
    const k = await killedRollover(game, c.now, 'saved');
    const page = await b.readPage(game.gamestate);
    expect(page.revid).toBe(k.saved);
    expect(page.text).toBe(offline(c, game, seed.text, seed.revid));

    const next = await rollover({ wiki: b }, game, runOpts(c));
    expect(next.save).toMatchObject({ changed: false });
    expect(next.save.merged).toBeUndefined();
    const after = await b.readPage(game.gamestate);
    expect(after.revid).toBe(k.saved);
    for (const row of c.once) expect(lines(after.text, row) - lines(seed.text, row), row).toBe(1);
  });

  it(`between its merged save and the correction (${c.readLine.what} meanwhile): the next run replaces the merge with the run on the human's revision, the human's edit kept; a third run makes no edit`, async () => {
    const game = await freshGame(b, c, 'kill-merged');
    let humanRevid = 0;
    const k = await killedRollover(
      game,
      c.now,
      'saved',
      async () => (humanRevid = await humanEdit(player, game.gamestate, c.readLine.change, c.readLine.what)),
    );
    // What the kill left: MediaWiki's merge of the bot's edit (computed without the human's) onto the human's revision.
    const left = await b.revisions(game.gamestate, { limit: 1 });
    expect(left[0]).toMatchObject({ revid: k.saved, parentid: humanRevid, user: 'Bot' });
    const humanText = c.readLine.change(fixture(c.kind, 'gamestate'));
    // The merged page is not the run on the human's revision: the line the human changed decides something.
    expect((await b.readPage(game.gamestate)).text).not.toBe(offline(c, game, humanText, humanRevid));

    const next = await rollover({ wiki: b }, game, runOpts(c));
    expect(next.save).toMatchObject({ changed: true, merged: { merged: [k.saved], on: humanRevid, late: true, corrected: true } });
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(offline(c, game, humanText, humanRevid, {}, mergeOf(k.saved!, humanRevid, true)));
    expect(page.text).toContain(c.readLine.kept);
    // Each rule's rows once more than the human's page had, as many as the run on it alone adds.
    const alone = offline(c, game, humanText, humanRevid);
    for (const row of c.once) expect(lines(page.text, row) - lines(humanText, row), row).toBe(lines(alone, row) - lines(humanText, row));
    expect(lines(alone, c.once[0]!) - lines(humanText, c.once[0]!)).toBe(1);
    expect(lines(page.text, '|| Concurrent edit ||')).toBe(1);

    const third = await rollover({ wiki: b }, game, runOpts(c));
    expect(third.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it("between its merged save and the correction, a human edit of a line no rule reads (the page's first line): the merge needed no correction, so the next run — with more due — corrects nothing and writes no Concurrent edit row; its own edit on the page as it is", async () => {
    const game = await freshGame(b, c, 'kill-merged-right');
    const note = (text: string) => text.replace(/^This page holds /, 'This page (see its talk page) holds ');
    let humanRevid = 0;
    const k = await killedRollover(game, c.now, 'saved', async () => (humanRevid = await humanEdit(player, game.gamestate, note, 'a note on the first line')));
    expect((await b.revisions(game.gamestate, { limit: 1 }))[0]).toMatchObject({ revid: k.saved, parentid: humanRevid, user: 'Bot' });
    // The merge is the run on the human's revision: nothing to correct.
    const merged = await b.readPage(game.gamestate);
    expect(merged.text).toBe(offline(c, game, note(fixture(c.kind, 'gamestate')), humanRevid));

    const next = await rollover({ wiki: b }, game, { ...runOpts(c), now: c.later });
    expect(next.save.changed).toBe(true);
    expect(next.save.merged).toBeUndefined();
    expect(next.save.summary).not.toContain('MediaWiki merged');
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(offline(c, game, merged.text, merged.revid, { now: c.later }));
    expect(lines(page.text, '|| Concurrent edit ||')).toBe(0);
    expect(page.text).not.toContain('stopped before correcting it');
  });

  it('between moving History rows to the archive page and its Gamestate save: the next run archives no row twice, and leaves the pages an uninterrupted run leaves; a third run makes no edit', async () => {
    // Three History rows kept on the page (Nomicoup's run leaves five): the run archives the older ones first (idempotent appends), then saves.
    const game = { ...(await freshGame(b, c, 'kill-archived')), historyLimit: 3 };
    const control = { ...(await freshGame(b, c, 'archive-control')), historyLimit: 3 };
    const seed = await b.readPage(game.gamestate);
    const archives = async (g: typeof game) => {
      // An archive page holds as many rows as the page keeps: with 3, at most ten here.
      const pages = await b.readPages(
        Array.from({ length: 20 }, (_, i) => `${g.gamestate}/History/${i + 1}`),
        { allowMissing: true },
      );
      return [...pages.values()].filter((p) => !p.missing).map((p) => p.text.replaceAll(g.gamestate, 'GAME'));
    };
    const k = await killedRollover(game, c.now, 'archived');
    expect(k.read).toBe(seed.revid);
    expect((await b.readPage(game.gamestate)).revid).toBe(seed.revid);
    const left = await archives(game);
    expect(left.length).toBeGreaterThan(0);

    const next = await rollover({ wiki: b }, game, runOpts(c));
    expect(next.save.changed).toBe(true);
    await rollover({ wiki: b }, control, runOpts(c));
    const page = (await b.readPage(game.gamestate)).text.replaceAll(game.gamestate, 'GAME');
    expect(page).toBe((await b.readPage(control.gamestate)).text.replaceAll(control.gamestate, 'GAME'));
    expect(await archives(game)).toEqual(await archives(control));
    // Every History row once, on the page or in an archive: as many dated rows as the run makes with nothing archived.
    const dated = (t: string) => t.split('\n').filter((l) => /^\| \d{4}-\d\d-\d\d \d\d:\d\d \|\| /.test(l));
    const rows = [page, ...(await archives(game))].flatMap(dated);
    expect(new Set(rows).size).toBe(rows.length);
    expect(rows.length).toBe(dated(offline(c, game, seed.text, seed.revid)).length);

    const third = await rollover({ wiki: b }, game, runOpts(c));
    expect(third.save.changed).toBe(false);
  });

  it('the CLI killed while it holds the store lock and its edit is on the way: the next CLI run takes the lock over at once and makes the page the offline result; a third makes no edit', async () => {
    const g = await freshCliGame(b, `kill-lock-${c.kind}`, c.kind, {}, c.kind);
    cliGames.push(g);
    const title = `${g.prefix}/Gamestate`;
    const seed = await b.readPage(title);
    const args = ['rollover', '--game', c.kind, '--now', c.now.toISOString(), '--config', g.configFile];
    proxy.hold(title);
    const dev = devEnv();
    const cli = spawn(process.execPath, [`${root}bin/croupier.js`, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CROUPIER_API_URL: proxy.apiUrl,
        CROUPIER_USERNAME: dev.CROUPIER_USERNAME,
        CROUPIER_PASSWORD: dev.CROUPIER_PASSWORD,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((r) => cli.on('exit', (_code, signal) => r(signal)));
    try {
      await Promise.race([
        proxy.editOf(title),
        exited.then(() => {
          throw new Error('the CLI exited before sending its edit');
        }),
      ]);
      process.kill(cli.pid!, 'SIGKILL');
      expect(await exited).toBe('SIGKILL');
      await proxy.settled(title); // its held edit dropped with its connection (seen after the exit, at times)
    } finally {
      proxy.release();
      if (cli.exitCode === null && cli.signalCode === null) process.kill(cli.pid!, 'SIGKILL');
    }
    expect(proxy.edits.filter((e) => e.title === title).map((e) => e.fate)).toEqual(['dropped']);
    expect((await b.readPage(title)).revid).toBe(seed.revid);

    const next = await g.cli(args.slice(0, -2));
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain(`is held by pid ${cli.pid} (`);
    expect(next.stderr).toContain('which is no longer running: taking over');
    const page = await b.readPage(title);
    const game = { id: c.kind, ruleset: `${g.prefix}/Ruleset`, gamestate: title, historyLimit: 200 };
    expect(page.text).toBe(offline(c, game, seed.text, seed.revid, { trigger: 'cli' }));
    expect(await revisionCount(title)).toBe(2);

    const third = await g.cli(args.slice(0, -2));
    expect(third.code, third.stderr).toBe(0);
    expect((await b.readPage(title)).revid).toBe(page.revid);
  }, 240_000);
});

describe('cycle15: the daemon started after a rollover killed between its merged save and the correction', () => {
  const c = CASES.find((k) => k.kind === 'cycle15')!;

  it("corrects the merge on its first tick, though a run computed on the merged page is refused (its grants were computed against the Joined cell the human changed): the page is the run on the human's revision; the next daemon makes no edit", async () => {
    const game = await freshGame(b, c, 'kill-merged-daemon');
    let humanRevid = 0;
    const k = await killedRollover(
      game,
      c.now,
      'saved',
      async () => (humanRevid = await humanEdit(player, game.gamestate, c.readLine.change, c.readLine.what)),
    );
    // The merged page breaks a rule of Cycle 15: a run computed on it is refused.
    const merged = await b.readPage(game.gamestate);
    expect(() => offline(c, game, merged.text, merged.revid)).toThrow(GamestateError);

    const shutoff = game.ruleset.replace(/Ruleset$/, 'Shutoff');
    await put(player, shutoff, 'run\n'); // the bot edits only while it says "run"
    const dir = await mkdtemp(join(tmpdir(), 'croupier-kill-daemon-'));
    try {
      const config = parseConfig({
        wiki: { editThrottleMs: 0, maxRetries: 2, retryPauseMs: 500, shutoff: { page: shutoff } },
        store: { path: join(dir, 'store.json') },
        daemon: { checkCron: '0 * * * *', maxConsecutiveFailures: 3 },
        games: [{ id: 'c15', kind: 'cycle15', ruleset: game.ruleset, gamestate: game.gamestate, historyLimit: 200 }],
      });
      const runDaemon = async () => {
        const daemon = await startDaemon(
          daemonOptions({ config, client: b, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 30_000, now: () => c.now }),
        );
        await daemon.scheduler.idle();
        await daemon.stop('test over');
      };
      await runDaemon();
      const page = await b.readPage(game.gamestate);
      const humanText = c.readLine.change(fixture(c.kind, 'gamestate'));
      expect(page.text).toBe(offline(c, game, humanText, humanRevid, { trigger: 'schedule (check)' }, mergeOf(k.saved!, humanRevid, true)));
      expect(page.text).toContain(c.readLine.kept);
      const runs = (await new FileStore(config.store.path).read()).runs;
      expect(runs.map((r) => [r.kind, r.result])).toContainEqual(['check', 'changed']);
      expect(runs.filter((r) => r.result === 'failed')).toEqual([]);

      await runDaemon();
      expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
