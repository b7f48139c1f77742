import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseCycle16Ruleset } from '../src/games/cycle16/ruleset/read.ts';
import { renderCycle16Tables } from '../src/games/cycle16/tables/render.ts';
import { parseSections } from '../src/parse/parser.ts';
import { createInterface } from 'node:readline';
import { LineServer } from './line-server.ts';
import { extractScript, havePythonBaseline, python as pythonPath, pythonExtraction } from './mwparserfromhell.ts';
import { pairedRatio, printTarget } from './targets.ts';
import { benchRoot, withCompiled } from './compiled.ts';
// @ts-expect-error: a plain .mjs script, no types
import { BASELINE_FLAGS } from '../scripts/build.mjs';

// Parse + extraction figures for the Cycle 16 ruleset and a synthetic ~1 MB ruleset, measured in a child process
// running this file compiled by esbuild as the CLI is (.bench-build/, removed afterwards): through tsx, each of
// wikiparser-node's lazy requires inside a parse goes through tsx's resolver, which made a warm parse ~1.4× slower
// than the daemon's (docs/performance.md).

const fixturePath = 'fixtures/cycle16/ruleset.wikitext';
const fixture = readFileSync(new URL(`../${fixturePath}`, import.meta.url), 'utf8');
// The warm figure is V8's steady state, as in the daemon, which parses with the same code every tick: the runs
// right after the first are still being compiled by V8 (with TurboFan they took ~1.5× the steady time), so
// `WARMUP` runs are made and not counted; the warming runs' median is printed beside it. It is measured under
// each of the two settings a process can run: `croupier daemon`'s (V8's baseline compiler only, `--max-opt=1`, as
// every process that runs a build: BASELINE_FLAGS, scripts/run-build.cjs) and TurboFan's (`CROUPIER_OPTIMIZE=1`). Then ours and
// mwparserfromhell's warm parse are asked in turn for `BATCHES` batches of `BATCH` runs each, the two kept alive: the
// machine changes speed within seconds (the same Python parse takes ~14 or ~21 ms), so the ratio is the median of
// the batches' own ratios, each batch of ours beside one of Python's run right before or after it.
const WARMUP = 50;
const WARMING = 25;
const BATCH = 10;
const BATCHES = 15;

/** How the measured process runs: the node flags it starts with, and the words printed for it. */
interface Compiler {
  name: string;
  flags: string[];
}
const COMPILERS: readonly Compiler[] = [
  { name: "as croupier daemon runs it (V8's baseline compiler only)", flags: BASELINE_FLAGS },
  { name: 'with TurboFan (CROUPIER_OPTIMIZE=1)', flags: [] },
];

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const middle = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function median(runs: number, run: () => unknown): number {
  return middle(Array.from({ length: runs }, () => time(run)));
}

/** The fixture repeated with renumbered headings until it reaches about `bytes`. */
function synthetic(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let copy = 1; size < bytes; copy++) {
    const part = fixture.replace(/^(=+)\s*(.*?)\s*\1\s*$/gm, (_, eq: string, title: string) => `${eq} ${title} ${copy} ${eq}`);
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  return parts.join('\n');
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

interface ParseFigures {
  kb: number;
  cold: number;
  parseOnly: number;
  tables: number;
  bigMb: number;
  bigTime: number;
  bigHeapBytes: number;
  maxRssBytes: number;
}

function measure(): ParseFigures {
  const cold = time(() => parseCycle16Ruleset(fixture));
  const parseOnly = median(BATCH * BATCHES, () => parseSections(fixture));
  const ruleset = parseCycle16Ruleset(fixture);
  const tables = median(BATCH * BATCHES, () => renderCycle16Tables(ruleset));
  const big = synthetic(2 ** 20);
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const bigTime = time(() => {
    const r = parseCycle16Ruleset(big);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    return r;
  });
  return {
    kb: Buffer.byteLength(fixture) / 1024,
    cold,
    parseOnly,
    tables,
    bigMb: Buffer.byteLength(big) / 2 ** 20,
    bigTime,
    bigHeapBytes: heapPeak - heapBefore,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

/** A batch's answer: each run's milliseconds, and the process's CPU time since the previous answer (idle work included). */
interface Batch {
  wall: number[];
  cpu: number;
}

/** The `--serve` child: each line read, N, is answered with a Batch of N parses + extractions. */
async function serve(): Promise<void> {
  let since = process.cpuUsage();
  for await (const line of createInterface({ input: process.stdin })) {
    const wall = Array.from({ length: Number(line) }, () => time(() => parseCycle16Ruleset(fixture)));
    const used = process.cpuUsage(since);
    since = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 } satisfies Batch)}\n`);
  }
}

interface Round {
  warming: number;
  ours: number[];
  theirs: number[];
  /** Each batch's median wall time, ours and Python's. */
  batches: [number, number][];
  /** Each batch's CPU time per run (the process's, since its previous batch), ours and Python's. */
  cpu: [number, number][];
}

/** One pair of fresh processes, ours (`file --serve`) and mwparserfromhell's: warmed alike, then asked in turn. */
async function pairedRound(file: string, python: boolean, compiler: Compiler): Promise<Round> {
  const ours = new LineServer('the parse bench', process.execPath, [...compiler.flags, file, '--serve'], benchRoot);
  const theirs = python ? new LineServer(extractScript, pythonPath, [extractScript, fixturePath, '--serve'], benchRoot) : undefined;
  try {
    const first = await ours.ask<Batch>(String(WARMUP + 1));
    await theirs?.ask(`parse ${WARMUP + 1}`);
    const round: Round = { warming: middle(first.wall.slice(1, WARMING + 1)), ours: [], theirs: [], batches: [], cpu: [] };
    for (let i = 0; i < BATCHES; i++) {
      // In turn, and which goes first alternates (ABBA), so that neither is always the one after a pause.
      const askOurs = () => ours.ask<Batch>(String(BATCH));
      const askTheirs = async (): Promise<Batch> => (theirs ? theirs.ask<Batch>(`parse ${BATCH}`) : { wall: [], cpu: 0 });
      let ourBatch: Batch;
      let b: Batch;
      if (i % 2 === 0) {
        ourBatch = await askOurs();
        b = await askTheirs();
      } else {
        b = await askTheirs();
        ourBatch = await askOurs();
      }
      round.ours.push(...ourBatch.wall);
      round.theirs.push(...b.wall);
      if (theirs) {
        round.batches.push([middle(ourBatch.wall), middle(b.wall)]);
        round.cpu.push([ourBatch.cpu / BATCH, b.cpu / BATCH]);
      }
    }
    return round;
  } finally {
    await Promise.all([ours.close(), theirs?.close()]);
  }
}

export async function benchParse(): Promise<void> {
  const rounds = Number(process.env.BENCH_PARSE_ROUNDS ?? 3);
  const python = havePythonBaseline();
  const { f, settings, extract } = await withCompiled(import.meta.url, 'parse', async (file) => {
    const r = spawnSync(process.execPath, [file, '--child'], { cwd: benchRoot, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`parse bench exited ${r.status}: ${r.stderr}`);
    const settings: Round[][] = [];
    for (const compiler of COMPILERS) {
      const all: Round[] = [];
      for (let i = 0; i < rounds; i++) all.push(await pairedRound(file, python, compiler));
      settings.push(all);
    }
    const extract = python ? await pythonExtraction(fixturePath, BATCH * BATCHES) : undefined;
    return { f: JSON.parse(r.stdout) as ParseFigures, settings, extract };
  });
  console.log(
    `parse: Cycle 16 ruleset (${f.kb.toFixed(1)} KB), parse + extraction (compiled as the CLI is): first run ${ms(f.cold)} (with TurboFan); ` +
      `of which parsing its sections (wikiparser-node; the sections of prose read without it) ${ms(f.parseOnly)} warm; computed tables ${ms(f.tables)} (a process of its own)`,
  );
  if (python) {
    console.log(`parse: mwparserfromhell's tables extracted (bench/mwparserfromhell_extract.py) ${ms(extract!)} a run (baseline of the extraction)`);
  }
  COMPILERS.forEach((compiler, i) => printWarm(compiler, settings[i]!, rounds, python));
  console.log(
    `parse: synthetic ruleset (${f.bigMb.toFixed(2)} MB), parse + extraction ${ms(f.bigTime)}; ` +
      `heap grew ${mb(f.bigHeapBytes)} while the result was alive; peak RSS of the process ${mb(f.maxRssBytes)}`,
  );
}

/** The warm figures of one compiler setting, each beside mwparserfromhell's runs made in turn with them. */
function printWarm(compiler: Compiler, all: Round[], rounds: number, python: boolean): void {
  const steady = middle(all.flatMap((r) => r.ours));
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  const counted = `${rounds} × ${BATCHES * BATCH} runs after ${WARMUP + 1}`;
  console.log(
    `parse: warm parse + extraction ${compiler.name}: ${ms(steady)} (the median of ${counted}, in ${rounds} processes; each process's: ${list(all.map((r) => middle(r.ours)))})`,
  );
  console.log(`parse:   while V8 compiles it (runs 2–${WARMING + 1}): ${ms(middle(all.map((r) => r.warming)))} (${list(all.map((r) => r.warming))})`);
  if (python) {
    // Issue 30 §2: the warm parse + extraction at or under mwparserfromhell's warm parse of the same page.
    const parse = middle(all.flatMap((r) => r.theirs));
    console.log(
      `parse:   mwparserfromhell, in turn with those (batches of ${BATCH}), the same runs: parse ${ms(parse)} (baseline; each process's: ${list(all.map((r) => middle(r.theirs)))})`,
    );
    // Wall time in turn favours V8, which collects garbage while its process waits for its next batch: not counted
    // here. The target is judged on CPU time: each process's, charged what it did while the other ran, and its helper
    // threads' work (V8's concurrent collection and compilation), which a daemon sharing its machine pays too.
    const wall = pairedRatio(all.flatMap((r) => r.batches));
    console.log(
      `parse:   wall time, in turn: ${ms(steady)} = ${wall.median.toFixed(2)}× mwparserfromhell's ${ms(parse)} (the median of ${BATCHES * rounds} batches' own ratios, ` +
        `${wall.min.toFixed(2)}–${wall.max.toFixed(2)}; garbage V8 collects while its process waits is not counted)`,
    );
    const cpu = all.flatMap((r) => r.cpu);
    const [ourCpu, theirCpu] = [middle(cpu.map((c) => c[0])), middle(cpu.map((c) => c[1]))];
    printTarget('parse', `warm parse + extraction ${compiler.name}, CPU`, ourCpu, { name: "mwparserfromhell's warm parse", value: theirCpu }, 1, ms, {
      each: cpu,
      are: `${cpu.length} batches`,
    });
  } else {
    console.log('parse: python3-mwparserfromhell not available: no baseline, no verdict for issue 30 §2');
  }
}

if (process.argv[2] === '--child') process.stdout.write(JSON.stringify(measure()));
if (process.argv[2] === '--serve') await serve();
