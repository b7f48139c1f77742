// Figures of the wiki layer against the real local MediaWiki (scripts/devwiki.sh; started here if needed and
// stopped afterwards if so):
//   - HTTP requests per `publish-tables` run (aim: ≤ 6 including login; 0 edits when nothing changed)
//   - its wall time against a bare mwn login + read + edit of the same page, in the same process (aim ≤ 1.5×)
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Mwn } from 'mwn';
import { parseConfig, parseEnvFile } from '../src/config.ts';
import { publishTables } from '../src/jobs/publish-tables.ts';
import { connect, type ConnectOptions, type WikiClient } from '../src/wiki/client.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_WIKI_RUNS ?? 9);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function benchWiki(): Promise<void> {
  const script = `${root}scripts/devwiki.sh`;
  const wasRunning = spawnSync('bash', [script, 'status'], { cwd: root }).status === 0;
  if (!wasRunning) execFileSync('bash', [script, 'start'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await run();
  } finally {
    if (!wasRunning) execFileSync('bash', [script, 'stop'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

async function run(): Promise<void> {
  const env = parseEnvFile(readFileSync(`${root}.devwiki/env`, 'utf8'));
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
  const ace = (v: number) => (p: { text: string }) => ({ text: p.text.replace(/\|Ace\n\|\d+\n/, `|Ace\n|${v}\n`), summary: 'bench: a proposal changes the Ace' });

  async function publishRun(): Promise<{ ms: number; requests: number; edits: number }> {
    const t0 = performance.now();
    const client: WikiClient = await connect(base);
    await publishTables({ config, client }, game, { trigger: 'bench' });
    return { ms: performance.now() - t0, requests: client.stats.requests, edits: client.stats.edits };
  }

  async function bareRun(i: number): Promise<{ ms: number; requests: number }> {
    const t0 = performance.now();
    let requests = 0;
    const bot = new Mwn({ apiUrl: base.apiUrl, username: base.username, password: base.password, silent: true, userAgent: 'Croupier-bench', defaultParams: { assert: 'bot', maxlag: 5 } });
    bot.axiosInstance.interceptors.request.use((c) => {
      requests++;
      return c;
    });
    await bot.login();
    await bot.edit(`${P}/Gamestate`, (rev) => ({ text: rev.content.replace(/^Bench Gamestate\.( \d+)?/, `Bench Gamestate. ${i}`), summary: 'bench: bare mwn edit' }), {
      conflictRetries: 2,
      suppressNochangeWarning: true,
      exclusionRegex: undefined,
    });
    return { ms: performance.now() - t0, requests };
  }

  // warm up both paths once (module loading, first parse, PHP opcache)
  await setup.save(game.ruleset, ace(2));
  await publishRun();
  await bareRun(0);

  const edit: { ms: number; requests: number; edits: number }[] = [];
  const same: { ms: number; requests: number; edits: number }[] = [];
  const bare: { ms: number; requests: number }[] = [];
  for (let i = 1; i <= RUNS; i++) {
    await setup.save(game.ruleset, ace(i % 2 === 0 ? 1 : 14)); // the Ruleset changed: the run must edit
    edit.push(await publishRun());
    same.push(await publishRun()); // nothing changed: no edit
    bare.push(await bareRun(i));
  }
  const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
  const reqs = (xs: { requests: number }[]) => [...new Set(xs.map((x) => x.requests))].join('/');
  console.log(`wiki: publish-tables, Ruleset changed: ${reqs(edit)} HTTP requests incl. login, ${edit.reduce((a, x) => a + x.edits, 0)}/${RUNS} runs edited, median ${fmt(median(edit.map((x) => x.ms)))} (${RUNS} runs)`);
  console.log(`wiki: publish-tables, nothing changed: ${reqs(same)} HTTP requests incl. login, ${same.reduce((a, x) => a + x.edits, 0)} edits, median ${fmt(median(same.map((x) => x.ms)))}`);
  console.log(`wiki: bare mwn login + read + edit of the same page: ${reqs(bare)} HTTP requests, median ${fmt(median(bare.map((x) => x.ms)))}`);
  console.log(
    `wiki: publish-tables / bare mwn: ${(median(edit.map((x) => x.ms)) / median(bare.map((x) => x.ms))).toFixed(2)}× with an edit, ` +
      `${(median(same.map((x) => x.ms)) / median(bare.map((x) => x.ms))).toFixed(2)}× when nothing changed (both include parsing the 35 KB Ruleset)`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchWiki();
