// The daemon against the bench's own local wiki (.devwiki-bench/, see ./wiki.ts):
//   - its RSS idle after start, as the unit file runs it (`croupier daemon`, the unit's Environment=), against a
//     bare Node process idle, measured in the same run;
//   - over BENCH_DAEMON_TICKS (1,000) check ticks of one game run back to back in a process of its own (no
//     waiting for the clock): the RSS and the heap after a full collection every tenth of them (growth), and
//     per tick the HTTP requests and how many times each page is read.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig, parseEnvFile } from '../src/config.ts';
import { collectGarbage, IDLE_SETTLED_MS } from '../src/cron/collect-garbage.ts';
import { startDaemon } from '../src/cron/daemon.ts';
import { createLogger } from '../src/cron/log.ts';
import { daemonOptions } from '../src/cron/wiring.ts';
import { clientOptions, connect } from '../src/wiki/client.ts';
import { removeDir } from '../test/temp-dir.ts';
import { limitVerdict } from './targets.ts';
// @ts-expect-error: a plain .mjs script, no types
import { baselineCompiler } from '../scripts/build.mjs';
import { DEVWIKI_DIR, withBenchWiki } from './wiki.ts';
import { loadGames } from '../src/games/registry.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const TICKS = Number(process.env.BENCH_DAEMON_TICKS ?? 1000);
const MB = 1024 * 1024;
const mb = (b: number) => `${(b / MB).toFixed(1)} MB`;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS of a process, in bytes. */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

/** The `Environment=` of the unit file (what systemd gives the daemon), NODE_ENV included. */
function unitEnvironment(): Record<string, string> {
  const unit = readFileSync(`${root}docs/croupier@.service`, 'utf8');
  return Object.fromEntries([...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}

/** A config of the bench wiki's four seeded games, its store in `dir`. */
function benchConfig(dir: string): string {
  const config = JSON.parse(readFileSync(`${DEVWIKI_DIR}/config.json`, 'utf8')) as { store: { path: string } };
  config.store.path = join(dir, 'store.json');
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** Median RSS of `pid` over `samples` seconds. */
async function idleRss(pid: number, samples = 5): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < samples; i++) {
    xs.push(rssOf(pid));
    await sleep(1000);
  }
  return median(xs);
}

/** The daemon as the unit runs it, until it has started and stayed idle: its RSS then (median of 5 s). */
async function idleDaemon(configFile: string, env: Record<string, string>): Promise<number> {
  const proc = spawn(process.execPath, [`${root}bin/croupier.js`, 'daemon', '--config', configFile, '--log-format', 'json'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const started = new Promise<void>((resolve, reject) => {
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('"msg":"next run"')) resolve();
    });
    proc.on('exit', (code) => reject(new Error(`the daemon exited (${code}) before it started:\n${out.slice(-2000)}`)));
  });
  await started;
  // Idle: the collections the daemon makes once it has waited (IDLE_SETTLED_MS), and a little more.
  await sleep(IDLE_SETTLED_MS + 4000);
  const rss = await idleRss(proc.pid!);
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
  return rss;
}

async function idleFigures(dir: string): Promise<{ bare: number; first: number; restart: number; unitEnv: Record<string, string> }> {
  const bareProc = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await sleep(3000);
  const bare = await idleRss(bareProc.pid!);
  bareProc.kill();

  const unitEnv = unitEnvironment();
  const wikiEnv = parseEnvFile(readFileSync(`${DEVWIKI_DIR}/env`, 'utf8'));
  const env = {
    PATH: process.env.PATH!,
    HOME: process.env.HOME!,
    ...unitEnv,
    CROUPIER_API_URL: wikiEnv.CROUPIER_API_URL!,
    CROUPIER_USERNAME: wikiEnv.CROUPIER_USERNAME!,
    CROUPIER_PASSWORD: wikiEnv.CROUPIER_PASSWORD!,
  };
  spawnSync(process.execPath, [`${root}bin/croupier.js`, '--version'], { cwd: root, env }); // build if src/ changed: not measured
  const config = benchConfig(dir);
  const first = await idleDaemon(config, env); // a new store: every game's check runs at the start
  const restart = await idleDaemon(config, env); // the same store: what a restart (systemd, an upgrade) does
  return { bare, first, restart, unitEnv };
}

interface TickFigures {
  ticks: number;
  /** Every tenth of the ticks: after a full collection. */
  samples: { tick: number; rss: number; heapUsed: number }[];
  requests: number[];
  /** Per tick, the most times one page was read, and which. */
  mostReads: { title: string; times: number }[];
  gamestateReads: number[];
}

/** The child: one game's check ticks back to back, in the daemon's own code. */
async function ticks(configFile: string, n: number): Promise<TickFigures> {
  const config = parseConfig(JSON.parse(readFileSync(configFile, 'utf8')));
  const wikiEnv = parseEnvFile(readFileSync(`${DEVWIKI_DIR}/env`, 'utf8'));
  const client = await connect(
    clientOptions(config, { apiUrl: wikiEnv.CROUPIER_API_URL!, username: wikiEnv.CROUPIER_USERNAME!, password: wikiEnv.CROUPIER_PASSWORD! }),
  );
  const reads = new Map<string, number>();
  const count = (titles: readonly string[]) => {
    for (const t of titles) reads.set(t, (reads.get(t) ?? 0) + 1);
  };
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
  const game = config.games[0]!;
  const daemon = await startDaemon(daemonOptions({ config, client, logger: createLogger({ level: 'silent' }), handleSignals: false, games: [game.id] }));
  const out: TickFigures = { ticks: n, samples: [], requests: [], mostReads: [], gamestateReads: [] };
  try {
    for (let i = 1; i <= n; i++) {
      reads.clear();
      const before = client.stats.requests;
      await daemon.scheduler.tick(game.id, 'check');
      out.requests.push(client.stats.requests - before);
      const [title, times] = [...reads].sort((a, b) => b[1] - a[1])[0] ?? ['-', 0];
      out.mostReads.push({ title, times });
      out.gamestateReads.push(reads.get(game.gamestate) ?? 0);
      if (i % Math.max(1, Math.floor(n / 10)) === 0) {
        await collectGarbage();
        out.samples.push({ tick: i, rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed });
      }
    }
  } finally {
    await daemon.stop('bench done');
    await daemon.done;
  }
  return out;
}

export function benchDaemon(): Promise<void> {
  return withBenchWiki(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-daemon-'));
    try {
      const { bare, first, restart, unitEnv } = await idleFigures(dir);
      const envWords = Object.entries(unitEnv)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      console.log(`daemon: bare Node process idle (baseline): ${mb(bare)}`);
      console.log(
        `daemon: croupier daemon idle after start (4 games; the unit's environment: ${envWords || 'none'}): first start on a new store ${mb(first)} = ${(first / bare).toFixed(2)}× the bare process; restarted on that store ${mb(restart)} = ${(restart / bare).toFixed(2)}×`,
      );
      console.log(`daemon: ${limitVerdict('idle RSS after a restart, MB', Number((restart / MB).toFixed(1)), 100)}`);
      console.log(`daemon: ${limitVerdict('idle RSS after the first start on a new store, MB', Number((first / MB).toFixed(1)), 100)}`);

      const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', benchConfig(dir), String(TICKS)], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * MB,
      });
      if (child.status !== 0) throw new Error(`the daemon's tick bench exited ${child.status}: ${child.stderr}`);
      const f = JSON.parse(child.stdout) as TickFigures;
      const early = f.samples[0]!;
      const last = f.samples.at(-1)!;
      console.log(
        `daemon: ${f.ticks} check ticks of one game back to back (tsx, one process): after a full collection, tick ${early.tick} → ${last.tick}: RSS ${mb(early.rss)} → ${mb(last.rss)}, heap used ${mb(early.heapUsed)} → ${mb(last.heapUsed)}`,
      );
      console.log(`daemon: RSS by tick: ${f.samples.map((s) => `${s.tick}: ${(s.rss / MB).toFixed(0)}`).join(', ')} MB`);
      console.log(
        `daemon: ${limitVerdict(`heap growth over ticks ${early.tick} → ${last.tick}, MB`, Number(Math.max(0, (last.heapUsed - early.heapUsed) / MB).toFixed(1)), 1)}`,
      );
      console.log(
        `daemon: ${limitVerdict(`RSS growth over ticks ${early.tick} → ${last.tick}, MB`, Number(Math.max(0, (last.rss - early.rss) / MB).toFixed(1)), 5)}`,
      );
      const worst = f.mostReads.reduce((a, x) => (x.times > a.times ? x : a));
      console.log(
        `daemon: HTTP requests per check tick: median ${median(f.requests)} (min ${Math.min(...f.requests)}, max ${Math.max(...f.requests)}); the most-read page of a tick: "${worst.title}" ${worst.times}×`,
      );
      console.log(`daemon: ${limitVerdict('reads of the Gamestate page per tick (most)', Math.max(...f.gamestateReads), 1)}`);
      console.log(`daemon: ${limitVerdict('reads of any one page per tick (most)', worst.times, 1)}`);
    } finally {
      removeDir(dir);
    }
  });
}

if (process.argv[2] === '--child') {
  baselineCompiler(); // as every process that runs a build: `croupier daemon` too
  await loadGames();
  process.stdout.write(JSON.stringify(await ticks(process.argv[3]!, Number(process.argv[4]))));
  process.exit(0);
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchDaemon();
