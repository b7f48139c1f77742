import { readFileSync } from 'node:fs';
import { parseCycle16Ruleset } from '../src/games/cycle16/ruleset/read.ts';
import { renderCycle16Tables } from '../src/games/cycle16/tables/render.ts';
import { parseSections } from '../src/parse/parser.ts';
import { havePythonBaseline, pythonWarm } from './mwparserfromhell.ts';
import { printTarget } from './targets.ts';

// Parse + extraction figures for the Cycle 16 ruleset and a synthetic ~1 MB ruleset.

const fixturePath = 'fixtures/cycle16/ruleset.wikitext';
const fixture = readFileSync(new URL(`../${fixturePath}`, import.meta.url), 'utf8');
const RUNS = 25;

function time(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

function median(runs: number, run: () => unknown): number {
  const times = Array.from({ length: runs }, () => time(run)).sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
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

export async function benchParse(): Promise<void> {
  const kb = (Buffer.byteLength(fixture) / 1024).toFixed(1);
  const cold = time(() => parseCycle16Ruleset(fixture));
  const warm = median(RUNS, () => parseCycle16Ruleset(fixture));
  const parseOnly = median(RUNS, () => parseSections(fixture));
  const ruleset = parseCycle16Ruleset(fixture);
  const tables = median(RUNS, () => renderCycle16Tables(ruleset));
  console.log(`parse: Cycle 16 ruleset (${kb} KB), parse + extraction: first run ${ms(cold)}, median of ${RUNS} warm runs ${ms(warm)}`);
  console.log(`parse:   of which wikiparser-node alone ${ms(parseOnly)}; computed tables ${ms(tables)}`);
  if (havePythonBaseline()) {
    // Issue 30 §2: the warm parse + extraction at or under mwparserfromhell's warm parse of the same page.
    const py = pythonWarm(fixturePath, RUNS);
    console.log(
      `parse: mwparserfromhell, median of ${RUNS} warm runs: parse ${ms(py.parse)}, tables extracted (bench/mwparserfromhell_extract.py) ${ms(py.extract)} (baselines)`,
    );
    printTarget('parse', 'warm parse + extraction', warm, { name: "mwparserfromhell's warm parse", value: py.parse }, 1, ms);
  } else {
    console.log('parse: python3-mwparserfromhell not available: no baseline, no verdict for issue 30 §2');
  }

  const big = synthetic(2 ** 20);
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const bigTime = time(() => {
    const r = parseCycle16Ruleset(big);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    return r;
  });
  const { maxRSS } = process.resourceUsage();
  console.log(
    `parse: synthetic ruleset (${(Buffer.byteLength(big) / 2 ** 20).toFixed(2)} MB), parse + extraction ${ms(bigTime)}; ` +
      `heap grew ${mb(heapPeak - heapBefore)} while the result was alive; peak RSS of the process ${mb(maxRSS * 1024)}`,
  );
}
