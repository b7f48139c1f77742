// Stopping and killing croupier processes on the real local wiki, as an operator does: the daemon and the
// CLI run as child processes (bin/croupier.js) whose requests go through a proxy (edit-proxy.ts) that makes
// the Gamestate save slow on purpose — held, or answered with `maxlag` — so each stop lands inside a save.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { rulesetsDir } from '../../src/cron/ruleset-files.ts';
import { FileStore } from '../../src/cron/store.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { EditProxy } from './edit-proxy.ts';
import { bot, devEnv, freshCliGame, root, runCli, type CliResult, type TestGame } from './helpers.ts';

let b: WikiClient;
let proxy: EditProxy;
const games: TestGame[] = [];
const children: ChildProcess[] = [];

/** A croupier process of our own, its output kept line by line. */
class Croupier {
  readonly child: ChildProcess;
  readonly lines: string[] = [];
  readonly exited: Promise<number | null>;
  #waiters: (() => void)[] = [];

  constructor(args: string[]) {
    const dev = devEnv();
    this.child = spawn(process.execPath, [`${root}bin/croupier.js`, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CROUPIER_API_URL: proxy.apiUrl,
        CROUPIER_USERNAME: dev.CROUPIER_USERNAME,
        CROUPIER_PASSWORD: dev.CROUPIER_PASSWORD,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(this.child);
    let rest = '';
    const take = (d: Buffer) => {
      const parts = (rest + String(d)).split('\n');
      rest = parts.pop()!;
      this.lines.push(...parts);
      for (const w of this.#waiters.splice(0)) w();
    };
    this.child.stdout!.on('data', take);
    this.child.stderr!.on('data', take);
    this.exited = new Promise((r) =>
      this.child.on('exit', (code) => {
        if (rest) this.lines.push(rest);
        for (const w of this.#waiters.splice(0)) w();
        r(code);
      }),
    );
  }

  get pid(): number {
    return this.child.pid!;
  }

  get output(): string {
    return this.lines.join('\n');
  }

  /** Resolves with the first line containing `text` (fails if the process exits first). */
  async line(text: string): Promise<string> {
    for (;;) {
      const found = this.lines.find((l) => l.includes(text));
      if (found) return found;
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error(`exited without printing "${text}":\n${this.output}`);
      await new Promise<void>((r) => this.#waiters.push(r));
    }
  }

  /** Index of the first line containing `text` (-1 if none). */
  indexOf(text: string): number {
    return this.lines.findIndex((l) => l.includes(text));
  }

  /** Resolves once the proxy has seen an edit request of `page` (fails if the process exits first). */
  async sentEditOf(page: string): Promise<void> {
    const exited = this.exited.then(() => {
      throw new Error(`exited before sending an edit of ${page}:\n${this.output}`);
    });
    await Promise.race([proxy.editOf(page), exited]);
  }

  signal(sig: NodeJS.Signals): void {
    process.kill(this.pid, sig);
  }
}

const daemon = (g: TestGame, grace: number) => new Croupier(['daemon', '--config', g.configFile, '--grace', String(grace)]);

async function game(what: string, id: string): Promise<TestGame> {
  // The most retries the config allows: a save answered with maxlag is retried until the daemon abandons it.
  const g = await freshCliGame(b, what, id, { maxRetries: 10, retryPauseMs: 100 });
  games.push(g);
  return g;
}

const revid = async (title: string) => (await b.readPage(title)).revid;

beforeAll(async () => {
  b = await bot();
  proxy = await EditProxy.start(devEnv().CROUPIER_API_URL!);
});

afterEach(async () => {
  proxy.release();
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      const gone = new Promise((r) => c.on('exit', r));
      c.kill('SIGKILL');
      await gone;
    }
  }
});

afterAll(async () => {
  await proxy?.close();
  for (const g of games) g.remove();
});

// Each test starts several node processes: generous timeouts (a loaded machine is slow, never wrong).
describe('stopping the daemon during a slow save', { timeout: 300_000 }, () => {
  test('a daemon stopped while its first edit is answered with maxlag saves nothing after it says the job is abandoned; the run is only "abandoned"; the status page says it stopped', async () => {
    const g = await game('stop-maxlag', 'stopml');
    const page = `${g.prefix}/Gamestate`;
    const before = await revid(page);
    // The rollover's first edit: its standings' subpage, saved just before the Gamestate edit.
    proxy.maxlag(`${page}/Standings`);
    const d = daemon(g, 1);
    await d.sentEditOf(`${page}/Standings`); // the catch-up rollover is saving: the wiki says maxlag, the client waits and retries
    d.signal('SIGTERM');
    expect(await d.exited).toBe(0);
    const abandoned = d.indexOf('abandoned the running rollover job');
    expect(abandoned, d.output).toBeGreaterThan(-1);
    expect(d.lines[abandoned]).toContain('nothing more of it reaches the wiki');
    expect(d.indexOf('lock released; daemon stopped')).toBeGreaterThan(abandoned);
    // The process has exited: nothing can follow. Nothing of the job reached the wiki before either.
    proxy.release();
    expect(await revid(page)).toBe(before);
    expect((await b.readPages([`${page}/Standings`], { allowMissing: true })).get(`${page}/Standings`)!.missing).toBe(true);
    const runs = (await new FileStore(g.storePath).read()).runs;
    expect(runs.map((r) => [r.kind, r.result])).toEqual([['rollover', 'abandoned']]);
    expect(runs[0]?.error).toContain('nothing was saved');
    const status = (await b.readPage(`${page}/Status`)).text;
    expect(status).toMatch(/! Daemon\n\| '''Stopped''' since .*received SIGTERM/);
    expect(status).toContain('! Next scheduled run\n| none: the daemon is stopped');
    expect(status).toMatch(/! Runs that never finished\n\| .* phase rollover .*abandoned at shutdown/);
  });

  test('a daemon stopped while its edit is on the wire keeps the lock until the wiki answers (a second daemon cannot start meanwhile), then says the run ended as "changed", never also "abandoned"', async () => {
    const g = await game('stop-held', 'stophd');
    const page = `${g.prefix}/Gamestate`;
    const before = await revid(page);
    proxy.hold(page);
    const first = daemon(g, 1);
    await first.sentEditOf(page); // the edit has been sent; the wiki has not seen it yet
    first.signal('SIGTERM');
    expect(await first.line('was already sent')).toContain("waiting for the wiki's answer before stopping");

    const second = daemon(g, 1);
    expect(await second.exited).toBe(75);
    expect(second.output).toContain(`"croupier daemon" (pid ${first.pid} on `);
    expect(second.output).toContain('holds the lock on the store');
    expect(first.child.exitCode).toBeNull(); // still waiting for the wiki

    proxy.release();
    expect(await first.exited).toBe(0);
    const ended = first.indexOf('could not be abandoned before its edit reached the wiki: it ended as');
    expect(ended, first.output).toBeGreaterThan(-1);
    expect(first.lines[ended]).toMatch(/it ended as \\?"changed\\?"/);
    expect(first.indexOf('abandoned the running')).toBe(-1);
    expect(first.indexOf('lock released; daemon stopped')).toBeGreaterThan(ended);
    const after = await b.readPage(page);
    expect(after.revid).toBeGreaterThan(before);
    const runs = (await new FileStore(g.storePath).read()).runs;
    // Its edits: the subpage of its standings and race chart, saved just before the Gamestate's edit, then that one.
    expect(runs.map((r) => [r.kind, r.result, r.edits])).toEqual([['rollover', 'changed', 2]]);
    // Exactly that one edit of the page since the test began.
    expect((await b.revisions(page, { limit: 5 })).filter((r) => r.revid > before).map((r) => r.revid)).toEqual([after.revid]);
    const standings = await b.readPage(`${page}/Standings`);
    expect([standings.user, standings.revid < after.revid]).toEqual([b.names[0], true]);
  });

  test('a second SIGTERM abandons at once: the daemon does not wait out its grace period, and nothing is saved', async () => {
    const g = await game('stop-twice', 'stoptw');
    const page = `${g.prefix}/Gamestate`;
    const before = await revid(page);
    proxy.maxlag(page);
    const d = daemon(g, 3600); // an hour of grace: only the second signal can end this test in time
    await d.sentEditOf(page);
    d.signal('SIGTERM');
    await d.line('shutting down');
    d.signal('SIGTERM');
    expect(await d.exited).toBe(0);
    expect(d.indexOf('abandoning the running job now')).toBeGreaterThan(-1);
    expect(d.indexOf('abandoned the running rollover job')).toBeGreaterThan(-1);
    proxy.release();
    expect(await revid(page)).toBe(before);
    expect((await new FileStore(g.storePath).read()).runs.map((r) => r.result)).toEqual(['abandoned']);
  });
});

describe('killed processes', { timeout: 300_000 }, () => {
  test('after a kill -9 of the daemon, a CLI run takes over at once with a true message, and so does a new daemon', async () => {
    const g = await game('kill-daemon', 'killdm');
    const first = daemon(g, 1);
    await first.line('next run'); // caught up and scheduled: it holds the lock for its whole life
    const pid = first.pid;
    first.signal('SIGKILL');
    await first.exited;

    // The daemon kept its reading of the Ruleset beside the store (src/cron/ruleset-files.ts) for the CLI's runs.
    const [kept, ...more] = readdirSync(rulesetsDir(g.storePath)).map((f) => join(rulesetsDir(g.storePath), f));
    expect(more).toEqual([]);
    const keptAt = statSync(kept!).mtimeMs;

    const r: CliResult = await runCli(['rollover', '--game', 'killdm', '--config', g.configFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(kept!).mtimeMs).toBeGreaterThan(keptAt); // the CLI's run read it
    expect(r.stderr).toContain(`is held by pid ${pid} ("croupier daemon" on `);
    expect(r.stderr).toContain('which is no longer running: taking over');
    expect(r.stderr).not.toContain('ask it with');
    expect(r.stderr).not.toContain('waiting up to');

    const second = daemon(g, 1);
    await second.line('next run');
    second.signal('SIGKILL');
    await second.exited;
    const third = daemon(g, 1);
    expect(await third.line('which is no longer running: taking over')).toContain(`pid ${second.pid}`);
    await third.line('next run');
    third.signal('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  test('a CLI run killed during its save: `croupier status` shows the run that never finished, the next run takes over at once and marks it abandoned', async () => {
    const g = await game('kill-cli', 'killcl');
    const page = `${g.prefix}/Gamestate`;
    const before = await revid(page);
    proxy.hold(page);
    const cli = new Croupier(['rollover', '--game', 'killcl', '--config', g.configFile]);
    await cli.sentEditOf(page);
    cli.signal('SIGKILL');
    await cli.exited;
    // Its held edit is dropped with its connection: it never reaches the wiki.
    await proxy.settled(page);
    proxy.release();
    expect(proxy.edits.filter((e) => e.title === page).map((e) => e.fate)).toEqual(['dropped']);
    expect(await revid(page)).toBe(before);

    const status = await g.cli(['status', '--game', 'killcl']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(
      new RegExp(`never finished: the rollover run started .* — its process \\(pid ${cli.pid} on .*\\) is no longer running; the next run marks it abandoned`),
    );

    const next = await g.cli(['rollover', '--game', 'killcl']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).toContain(`is held by pid ${cli.pid} ("croupier rollover --game killcl" on `);
    expect(next.stderr).toContain('which is no longer running: taking over');
    expect(next.stderr).toMatch(
      new RegExp(`the rollover run \\S+ of killcl \\(started \\S+ by pid ${cli.pid}\\) never finished: its process is no longer running; marked abandoned`),
    );
    const runs = (await new FileStore(g.storePath).read()).runs;
    expect(runs.map((r) => r.result)).toEqual(['abandoned', 'changed']);

    const after = await g.cli(['status', '--game', 'killcl']);
    expect(after.stdout).toMatch(
      new RegExp(`never finished: the rollover run started .* — abandoned: its process \\(pid ${cli.pid} on .*\\) stopped before the run finished`),
    );
  });
});
