import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseCycle16Ruleset } from '../src/games/cycle16/ruleset/read.ts';
import { renderCycle16Tables } from '../src/games/cycle16/tables/render.ts';
import { parseSections } from '../src/parse/parser.ts';
import { havePythonBaseline, pythonWarm } from './mwparserfromhell.ts';
import { printTarget } from './targets.ts';
import { benchRoot, withCompiled } from './compiled.ts';

// Parse + extraction figures for the Cycle 16 ruleset and a synthetic ~1 MB ruleset, measured in a child process
// running this file compiled by esbuild as the CLI is (.bench-build/, removed afterwards): through tsx, each of
// wikiparser-node's lazy requires inside a parse goes through tsx's resolver, which made a warm parse ~1.4× slower
// than the daemon's (docs/performance.md).

const fixturePath = 'fixtures/cycle16/ruleset.wikitext';
const fixture = readFileSync(new URL(`../${fixturePath}`, import.meta.url), 'utf8');
// The warm figure is V8's steady state, as in the daemon, which parses with the same code every tick: the runs
// right after the first are still being compiled by V8's optimising tiers (they took ~1.5× the steady time), so
// `WARMUP` runs are made and not counted, then `RUNS` are. The warming runs' median is printed beside it.
const WARMUP = 50;
const RUNS = 150;
const WARMING = 25;

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const middle = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function median(runs: number, run: () => unknown): number {
  return middle(Array.from({ length: runs }, () => time(run)));
}

/** The medians of the `WARMING` runs after a first (V8 still compiling) and of `RUNS` after `WARMUP` (steady). */
function warmMedians(run: () => unknown): { warming: number; warm: number } {
  const times = Array.from({ length: WARMUP + RUNS }, () => time(run));
  return { warming: middle(times.slice(0, WARMING)), warm: middle(times.slice(WARMUP)) };
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
  warm: number;
  warming: number;
  parseOnly: number;
  tables: number;
  bigMb: number;
  bigTime: number;
  bigHeapBytes: number;
  maxRssBytes: number;
}

function measure(warmOnly: boolean): ParseFigures | { warm: number; warming: number } {
  const cold = time(() => parseCycle16Ruleset(fixture));
  const { warm, warming } = warmMedians(() => parseCycle16Ruleset(fixture));
  if (warmOnly) return { warm, warming };
  const parseOnly = median(RUNS, () => parseSections(fixture));
  const ruleset = parseCycle16Ruleset(fixture);
  const tables = median(RUNS, () => renderCycle16Tables(ruleset));
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
    warm,
    warming,
    parseOnly,
    tables,
    bigMb: Buffer.byteLength(big) / 2 ** 20,
    bigTime,
    bigHeapBytes: heapPeak - heapBefore,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  };
}

export async function benchParse(): Promise<void> {
  // Rounds interleaved with the Python baseline's, so that a machine slowed for a while slows both: each round
  // is a fresh process of each, `RUNS` warm runs after a first and `WARMUP` uncounted (Python's too, though it
  // compiles nothing: the same runs in the same order); the figures are the medians over the rounds.
  const rounds = Number(process.env.BENCH_PARSE_ROUNDS ?? 5);
  const python = havePythonBaseline();
  const warm: { warm: number; warming: number }[] = [];
  const py: { parse: number; extract: number }[] = [];
  const f = await withCompiled(import.meta.url, 'parse', (file) => {
    const child = (args: string[]) => {
      const r = spawnSync(process.execPath, [file, '--child', ...args], { cwd: benchRoot, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`parse bench exited ${r.status}: ${r.stderr}`);
      return JSON.parse(r.stdout) as ParseFigures;
    };
    const first = child([]);
    warm.push(first);
    if (python) py.push(pythonWarm(fixturePath, RUNS, WARMUP));
    for (let i = 1; i < rounds; i++) {
      warm.push(child(['--warm-only']));
      if (python) py.push(pythonWarm(fixturePath, RUNS, WARMUP));
    }
    return first;
  });
  const steady = warm.map((w) => w.warm);
  const list = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  console.log(
    `parse: Cycle 16 ruleset (${f.kb.toFixed(1)} KB), parse + extraction (compiled as the CLI is): first run ${ms(f.cold)}, ` +
      `warm ${ms(middle(steady))} (median over ${rounds} processes of the median of ${RUNS} runs after ${WARMUP + 1}; ${list(steady)})`,
  );
  console.log(`parse:   while V8 compiles it (runs 2–${WARMING + 1}): ${ms(middle(warm.map((w) => w.warming)))} (${list(warm.map((w) => w.warming))})`);
  console.log(`parse:   of which wikiparser-node alone ${ms(f.parseOnly)}; computed tables ${ms(f.tables)} (first process)`);
  if (python) {
    // Issue 30 §2: the warm parse + extraction at or under mwparserfromhell's warm parse of the same page.
    const parse = middle(py.map((p) => p.parse));
    console.log(
      `parse: mwparserfromhell, interleaved with those, the same runs: parse ${ms(parse)} (${list(py.map((p) => p.parse))}), ` +
        `tables extracted (bench/mwparserfromhell_extract.py) ${ms(middle(py.map((p) => p.extract)))} (baselines)`,
    );
    printTarget('parse', 'warm parse + extraction', middle(steady), { name: "mwparserfromhell's warm parse", value: parse }, 1, ms);
  } else {
    console.log('parse: python3-mwparserfromhell not available: no baseline, no verdict for issue 30 §2');
  }
  console.log(
    `parse: synthetic ruleset (${f.bigMb.toFixed(2)} MB), parse + extraction ${ms(f.bigTime)}; ` +
      `heap grew ${mb(f.bigHeapBytes)} while the result was alive; peak RSS of the process ${mb(f.maxRssBytes)}`,
  );
}

if (process.argv[2] === '--child') process.stdout.write(JSON.stringify(measure(process.argv[3] === '--warm-only')));
