// Figures of the wiki layer against the real local MediaWiki (scripts/devwiki.sh in .devwiki-bench/, a wiki of
// the bench's own: started here if it is not running, and then stopped by its PID at the end):
//   - HTTP requests and wall time of a `publish-tables` run and of a rollover (logging in, and with a kept session)
//   - against a bare mwn login + read + edit of a page, measured in the same process between them, and a bare mwn
//     login + read + the rollover's two saves; issue 30 §3's target (the kept-session rollover ≤ 1.2× the bare edit
//     of the same Gamestate, ≤ 4 requests) judged on each round's own ratio (bench/targets.ts)
// The measuring process runs this file compiled by esbuild as the CLI is (./compiled.ts): the CLI and the daemon run
// compiled bundles, and tsx's per-function wrappers and module resolver would be counted against croupier alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiPage, Mwn } from 'mwn';
import { parseConfig, parseEnvFile } from '../src/config.ts';
import { rulesetFiles } from '../src/cron/ruleset-files.ts';
import { publishTables } from '../src/jobs/publish-tables.ts';
import { rollover } from '../src/jobs/rollover.ts';
import { connect, type ConnectOptions, type WikiClient } from '../src/wiki/client.ts';
import type { SessionKeeper } from '../src/wiki/session.ts';
import { loadGames } from '../src/games/registry.ts';
import { benchRoot, withCompiled } from './compiled.ts';
import { limitVerdict, pairedRatio, printTarget } from './targets.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_WIKI_RUNS ?? 11);
export const DEVWIKI_DIR = `${root}.devwiki-bench`;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function benchWiki(): Promise<void> {
  return withBenchWiki(() =>
    withCompiled(import.meta.url, 'wiki', (file) => {
      const r = spawnSync(process.execPath, [file, '--child'], { cwd: benchRoot, stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status !== 0) throw new Error(`the wiki bench's child exited ${r.status ?? r.signal}`);
    }),
  );
}

/** Runs `body` with the bench's own wiki in .devwiki-bench/ (started if not running, then stopped). */
export async function withBenchWiki(body: () => Promise<void>): Promise<void> {
  const script = `${root}scripts/devwiki.sh`;
  const env = { ...process.env, DEVWIKI_DIR };
  const wasRunning = spawnSync('bash', [script, 'status'], { cwd: root, env }).status === 0;
  if (!wasRunning) execFileSync('bash', [script, 'start'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await body();
  } finally {
    // devwiki.sh stop ends the server whose PID it recorded at start, and its workers: nothing else.
    if (!wasRunning) execFileSync('bash', [script, 'stop'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

async function run(): Promise<void> {
  const env = parseEnvFile(readFileSync(`${DEVWIKI_DIR}/env`, 'utf8'));
  const P = `Bench/wiki-${Date.now().toString(36)}`;
  const ruleset = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8');
  const base: ConnectOptions = {
    apiUrl: env.CROUPIER_API_URL!,
    username: env.CROUPIER_USERNAME,
    password: env.CROUPIER_PASSWORD,
    editThrottleMs: 0,
    shutoff: { page: `${P}/Shutoff`, runWord: 'run' },
  };
  // Setup (not measured): pages, and a second session that changes the Ruleset between runs.
  const setup = await connect({ ...base, shutoff: null });
  const put = (title: string, text: string) => setup.save(title, () => ({ text, summary: 'bench setup' }), { create: true, maxShrinkShare: 1 });
  await put(`${P}/Shutoff`, 'run');
  await put(`${P}/Ruleset`, ruleset);
  await put(`${P}/Gamestate`, 'Bench Gamestate.\n\n== History ==\nRows.');
  const config = parseConfig({ wiki: { editThrottleMs: 0 }, games: [{ id: 'bench', kind: 'cycle16', ruleset: `${P}/Ruleset`, gamestate: `${P}/Gamestate` }] });
  const game = config.games[0]!;
  const ace = (v: number) => (p: { text: string }) => ({
    text: p.text.replace(/\|Ace\n\|\d+\n/, `|Ace\n|${v}\n`),
    summary: 'bench: a proposal changes the Ace',
  });

  async function publishRun(): Promise<{ ms: number; requests: number; edits: number }> {
    const t0 = performance.now();
    const client: WikiClient = await connect(base);
    await publishTables({ config, client }, game, { trigger: 'bench' });
    return { ms: performance.now() - t0, requests: client.stats.requests, edits: client.stats.edits };
  }

  // `page`: edit a fresh copy of the example Gamestate to `rolled` (the rollover's own edit: the same work for
  // MediaWiki's save), else the small bench page. With `page.subpage`, the same two saves as the rollover's: its
  // standings' subpage, then the Gamestate (one read of both, then mwn's save of each: 6 requests, no merge check).
  async function bareRun(i: number, page?: { title: string; rolled: string; subpage?: string }): Promise<{ ms: number; requests: number }> {
    if (page) await put(page.title, gamestate); // setup, not measured
    if (page?.subpage !== undefined) await put(`${page.title}/Standings`, 'Bench standings.');
    const t0 = performance.now();
    let requests = 0;
    const bot = new Mwn({
      apiUrl: base.apiUrl,
      username: base.username,
      password: base.password,
      silent: true,
      userAgent: 'Croupier-bench',
      defaultParams: { assert: 'bot', maxlag: 5 },
    });
    bot.axiosInstance.interceptors.request.use((c) => {
      requests++;
      return c;
    });
    await bot.login();
    if (page?.subpage !== undefined) {
      const sub = `${page.title}/Standings`;
      const read = (await bot.read([sub, page.title], { rvprop: 'content|ids|timestamp' })) as ApiPage[];
      const baseOf = (title: string) => ({ baserevid: read.find((p) => p.title === title)!.revisions![0]!.revid });
      await bot.save(sub, page.subpage, 'bench: bare mwn edit', baseOf(sub));
      await bot.save(page.title, page.rolled, 'bench: bare mwn edit', baseOf(page.title));
      return { ms: performance.now() - t0, requests };
    }
    const text = (old: string) => page?.rolled ?? old.replace(/^Bench Gamestate\.( \d+)?/, `Bench Gamestate. ${i}`);
    await bot.edit(page?.title ?? `${P}/Gamestate`, (rev) => ({ text: text(rev.content), summary: 'bench: bare mwn edit' }), {
      conflictRetries: 2,
      suppressNochangeWarning: true,
      exclusionRegex: undefined,
    });
    return { ms: performance.now() - t0, requests };
  }

  // A rollover of the example Gamestate (phase 4 → 5 at its boundary), each run on a fresh copy of the page, made an
  // established game's first (not measured): a run the day before moves its standings to their subpage and draws
  // the race chart under them, so the measured rollover edits the subpage as every later rollover does.
  const gamestate = readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8');
  const BOUNDARY = new Date('2026-11-19T00:00Z');
  const DAY_BEFORE = new Date('2026-11-18T00:00Z');
  // The CLI keeps its session beside the store (src/cron/session-file.ts): here in memory, the same for every kept run;
  // and its reading of the Ruleset, as this build read it (src/cron/ruleset-files.ts): here in a store of the bench's.
  let kept: string | undefined;
  const session: SessionKeeper = { load: async () => kept, save: async (d) => void (kept = d) };
  const storeDir = mkdtempSync(join(tmpdir(), 'croupier-bench-store-'));
  // The rollovers' Ruleset is a page of its own, saved once: the publish-tables runs edit theirs, and a run dated at a
  // boundary before its Ruleset's latest edit asks for the revisions in force then (one request more: a rare run, when
  // the bot missed a boundary and the rules changed since; src/jobs/ruleset-revisions.ts).
  const rolloverRuleset = `${P}/Rollover Ruleset`;
  await put(rolloverRuleset, ruleset);
  async function rolloverRun(i: number, keep = false): Promise<{ ms: number; requests: number; edits: number }> {
    const target = { id: 'bench', kind: 'cycle16', ruleset: rolloverRuleset, gamestate: `${P}/Rollover ${i}${keep ? ' kept' : ''}`, historyLimit: 200 };
    await put(target.gamestate, gamestate); // setup, not measured
    const established = await rollover({ wiki: setup }, target, { now: DAY_BEFORE, trigger: 'bench setup' });
    if (established.subpages.length !== 1) throw new Error(`the bench's setup run made ${established.subpages.length} subpage edits, not 1`);
    const t0 = performance.now();
    const client: WikiClient = await connect(keep ? { ...base, session } : base);
    const readRuleset = keep ? { readRuleset: rulesetFiles(join(storeDir, 'store.json'), 'bench', { write: true }).read } : {};
    const summary = await rollover({ wiki: client, ...readRuleset }, target, { now: BOUNDARY, trigger: 'bench' });
    if (!summary.save.changed || summary.subpages.length !== 1)
      throw new Error(`the bench rollover did not edit the page and its subpage: ${JSON.stringify(summary)}`);
    return { ms: performance.now() - t0, requests: client.stats.requests, edits: client.stats.edits };
  }

  // warm up every path once (module loading, first parse, PHP opcache)
  await setup.save(game.ruleset, ace(2));
  await publishRun();
  await rolloverRun(0);
  await rolloverRun(0, true); // logs in and keeps the session, and the reading of the Ruleset
  const rolledText = (await setup.readPage(`${P}/Rollover 0`)).text;
  const rolledStandings = (await setup.readPage(`${P}/Rollover 0/Standings`)).text;
  const samePage = (i: number) => ({ title: `${P}/Bare ${i}`, rolled: rolledText });
  const samePages = (i: number) => ({ title: `${P}/Bare two ${i}`, rolled: rolledText, subpage: rolledStandings });
  await bareRun(0);
  await bareRun(0, samePage(0));
  await bareRun(0, samePages(0));

  const edit: { ms: number; requests: number; edits: number }[] = [];
  const same: { ms: number; requests: number; edits: number }[] = [];
  const rolled: { ms: number; requests: number; edits: number }[] = [];
  const keptRuns: { ms: number; requests: number; edits: number }[] = [];
  const bare: { ms: number; requests: number }[] = [];
  const bareSame: { ms: number; requests: number }[] = [];
  const bareTwo: { ms: number; requests: number }[] = [];
  for (let i = 1; i <= RUNS; i++) {
    await setup.save(game.ruleset, ace(i % 2 === 0 ? 1 : 14)); // the Ruleset changed: the run must edit
    edit.push(await publishRun());
    same.push(await publishRun()); // nothing changed: no edit
    bare.push(await bareRun(i));
    // The rollovers and their baselines in turn, in an order that changes with the round: a machine whose speed
    // drifts slows a round's figure and its baseline alike (their ratio is judged round by round).
    const steps = [
      async () => bareSame.push(await bareRun(i, samePage(i))),
      async () => bareTwo.push(await bareRun(i, samePages(i))),
      async () => rolled.push(await rolloverRun(i)),
      async () => keptRuns.push(await rolloverRun(i, true)),
    ];
    for (let k = 0; k < steps.length; k++) await steps[(k + i) % steps.length]!();
  }
  const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
  const reqs = (xs: { requests: number }[]) => [...new Set(xs.map((x) => x.requests))].join('/');
  console.log(
    `wiki: publish-tables, Ruleset changed: ${reqs(edit)} HTTP requests incl. login, ${edit.reduce((a, x) => a + x.edits, 0)}/${RUNS} runs edited, median ${fmt(median(edit.map((x) => x.ms)))} (${RUNS} runs)`,
  );
  console.log(
    `wiki: publish-tables, nothing changed: ${reqs(same)} HTTP requests incl. login, ${same.reduce((a, x) => a + x.edits, 0)} edits, median ${fmt(median(same.map((x) => x.ms)))}`,
  );
  console.log(`wiki: bare mwn login + read + edit of the same page: ${reqs(bare)} HTTP requests, median ${fmt(median(bare.map((x) => x.ms)))}`);
  const bareMs = median(bare.map((x) => x.ms));
  console.log(
    `wiki: rollover (phase 4 → 5 of the example Gamestate, the subpage of its standings and race chart): ${reqs(rolled)} HTTP requests incl. login, ${rolled.reduce((a, x) => a + x.edits, 0)} edits in ${RUNS} runs, median ${fmt(median(rolled.map((x) => x.ms)))}`,
  );
  console.log(
    `wiki: the same rollover with the session and the Ruleset's reading kept by the previous run (the CLI's): ${reqs(keptRuns)} HTTP requests, ${keptRuns.reduce((a, x) => a + x.edits, 0)} edits in ${RUNS} runs, median ${fmt(median(keptRuns.map((x) => x.ms)))}`,
  );
  const keptMs = median(keptRuns.map((x) => x.ms));
  const rolledMs = median(rolled.map((x) => x.ms));
  const bareSameMs = median(bareSame.map((x) => x.ms));
  const bareTwoMs = median(bareTwo.map((x) => x.ms));
  const rounds = (xs: { ms: number }[], ys: { ms: number }[]) => xs.map((x, k) => [x.ms, ys[k]!.ms] as const);
  console.log(
    `wiki: against bare mwn: publish-tables ${(median(edit.map((x) => x.ms)) / bareMs).toFixed(2)}× with an edit, ` +
      `${(median(same.map((x) => x.ms)) / bareMs).toFixed(2)}× when nothing changed (both include parsing the 35 KB Ruleset); ` +
      `the rollover with a kept session ${(keptMs / bareMs).toFixed(2)}× the bare edit of the small page`,
  );
  console.log(
    `wiki: bare mwn login + read + edit of a copy of the example Gamestate, saving the rollover's text: ${reqs(bareSame)} HTTP requests, median ${fmt(bareSameMs)}`,
  );
  console.log(
    `wiki: bare mwn login + one read + the rollover's two saves (its standings' subpage, then the Gamestate) of copies: ${reqs(bareTwo)} HTTP requests, median ${fmt(bareTwoMs)}`,
  );
  // Issue 30 §3: the rollover a cron job runs (the CLI keeps its session and its reading of the Ruleset) against the
  // bare script of the same Gamestate edit; its requests.
  printTarget(
    'wiki',
    "rollover with a kept session (the CLI's next run), wall",
    keptMs,
    { name: 'the bare mwn login + read + edit of the same Gamestate', value: bareSameMs },
    1.2,
    fmt,
    {
      each: rounds(keptRuns, bareSame),
      are: 'the rounds',
    },
  );
  console.log(`wiki: ${limitVerdict('target rollover with a kept session, HTTP requests of an editing run', Math.max(...keptRuns.map((x) => x.requests)), 4)}`);
  // Not a target (§3's ≤ 4 requests names a kept session): a first run, or one whose kept session the wiki dropped,
  // logs in (2 requests more). Its floor is the two saves: against a bare script making the same two, and against one.
  const paired = (xs: { ms: number }[], ys: { ms: number }[]) => pairedRatio(rounds(xs, ys)).median.toFixed(2);
  console.log(
    `wiki: rollover logging in (no kept session): ${reqs(rolled)} HTTP requests, ${fmt(rolledMs)} = ${paired(rolled, bareTwo)}× the bare script of the same two saves, ` +
      `${paired(rolled, bareSame)}× the bare script of the Gamestate edit alone (each the median of the rounds' own ratios)`,
  );
  rmSync(storeDir, { recursive: true, force: true });
}

// Only as the entry: the daemon section's tick child (bench/daemon.ts --child) imports this file for its wiki.
const entry = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (entry && process.argv[2] === '--child') {
  await loadGames(); // as the CLI does before a command's action
  await run();
} else if (entry) await benchWiki();
