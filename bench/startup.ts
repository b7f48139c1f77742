import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMANDS } from '../src/cli/commands/index.ts';
import { extractScript, havePythonBaseline, python } from './mwparserfromhell.ts';
import { printTarget } from './targets.ts';

// Whole-process start-up figures: each command against a baseline measured in the same run (medians).
// Baselines: a bare `node -e 0`, and the same Cycle 16 table extraction in Python with mwparserfromhell.

const root = fileURLToPath(new URL('..', import.meta.url));
const ruleset = 'fixtures/cycle16/ruleset.wikitext';
const gamestate = 'fixtures/cycle16/gamestate.wikitext';
const RUNS = 9;

// GNU time, when installed, gives each process's CPU time (user + system) too: on a machine shared with
// other work, wall times grow with the load while CPU times much less.
const gnuTime = '/usr/bin/time';

interface Times {
  wall: number;
  cpu?: number;
}

const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function median(cmd: string, args: string[]): Times {
  const walls: number[] = [];
  const cpus: number[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'croupier-bench-'));
  const out = join(dir, 'time');
  try {
    for (let i = 0; i < RUNS; i++) {
      const timed = existsSync(gnuTime);
      const start = performance.now();
      const r = timed
        ? spawnSync(gnuTime, ['-f', '%U %S', '-o', out, cmd, ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] })
        : spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
      walls.push(performance.now() - start);
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
      if (timed) {
        const [user, sys] = readFileSync(out, 'utf8').trim().split(/\s+/).map(Number);
        cpus.push((user! + sys!) * 1000);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { wall: mid(walls), cpu: cpus.length > 0 ? mid(cpus) : undefined };
}

/** "1234 ms = 2.10× <what>", and the same for CPU time when measured. */
function versus(t: Times, base: Times, what: string): string {
  const wall = `${ms(t.wall)} = ${(t.wall / base.wall).toFixed(2)}× ${what}`;
  return t.cpu === undefined || base.cpu === undefined ? wall : `${wall} (CPU ${ms(t.cpu)} = ${(t.cpu / base.cpu).toFixed(2)}×)`;
}

const cpuOf = (t: Times) => (t.cpu === undefined ? '' : ` (CPU ${ms(t.cpu)})`);

const ms = (x: number) => `${x.toFixed(0)} ms`;

export async function benchStartup(): Promise<void> {
  const node = process.execPath;
  // The first run compiles dist/ if src/ changed: not part of the figure.
  spawnSync(node, ['bin/croupier.js', '--version'], { cwd: root, stdio: 'ignore' });
  const bare = median(node, ['-e', '0']);
  // Other work on the machine slows every process: the ratios are the figures.
  console.log(
    `startup: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  console.log(`startup: node -e 0 ${ms(bare.wall)}${cpuOf(bare)} (baseline; median of ${RUNS} processes)`);
  // Every command's --help: each declares its options without loading what it does (issue 10: ≤ 3× node -e 0).
  let worst = { wall: 0, what: '' };
  for (const args of [['--version'], ['--help'], ...Object.keys(COMMANDS).map((c) => [c, '--help'])]) {
    const t = median(node, ['bin/croupier.js', ...args]);
    console.log(`startup: croupier ${args.join(' ')} ${versus(t, bare, 'node -e 0')}`);
    if (t.wall > worst.wall) worst = { wall: t.wall, what: args.join(' ') };
  }
  printTarget('startup', `the slowest --help or --version (croupier ${worst.what}), wall`, worst.wall, { name: 'node -e 0', value: bare.wall }, 3, ms);
  const parse = median(node, ['bin/croupier.js', 'parse', ruleset, '--json']);
  console.log(`startup: croupier parse ${ruleset} --json ${ms(parse.wall)}${cpuOf(parse)}, ${(parse.wall / bare.wall).toFixed(2)}× node -e 0`);
  // Issue 30 §1's "a cold rollover correspondingly faster": the example page offline (no wiki: the process alone).
  const rollover = median(node, ['bin/croupier.js', 'rollover', '--ruleset', ruleset, '--gamestate', gamestate, '--now', '2026-11-19T00:00Z']);
  console.log(
    `startup: croupier rollover --ruleset --gamestate (the example page, offline) ${versus(rollover, parse, 'parse --json')}, ${(rollover.wall / bare.wall).toFixed(2)}× node -e 0`,
  );
  if (!havePythonBaseline()) {
    console.log('startup: python3-mwparserfromhell not available: no Python baseline, no verdict for issue 30 §1');
    return;
  }
  const py = median(python, [extractScript, ruleset]);
  console.log(`startup: python3 + mwparserfromhell extraction of the same tables ${ms(py.wall)}${cpuOf(py)} (baseline)`);
  // Issue 30 §1: a cold parse --json within 3× the Python extraction, in wall and in CPU time.
  printTarget('startup', 'cold parse --json, wall', parse.wall, { name: 'the Python extraction', value: py.wall }, 3, ms);
  if (parse.cpu !== undefined && py.cpu !== undefined) {
    printTarget('startup', 'cold parse --json, CPU', parse.cpu, { name: 'the Python extraction', value: py.cpu }, 3, ms);
  }
}
