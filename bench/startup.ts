import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
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
const PAIRED_RUNS = 21;

interface Times {
  wall: number;
  cpu: number;
}

type Command = [cmd: string, ...args: string[]];

const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Each process is timed by bash around it: its wall time from EPOCHREALTIME, its CPU time (user + system, with
// what it waited for) from `times`, which reads getrusage to the millisecond. GNU time's is rounded to 10 ms, as
// big as the differences measured here. On a machine shared with other work, wall times grow with the load while
// CPU times much less.
const TIMED = 's=$EPOCHREALTIME; "$@" >/dev/null; st=$?; e=$EPOCHREALTIME; times; echo "$s $e"; exit $st';

function timed([cmd, ...args]: Command): Times {
  const r = spawnSync('bash', ['-c', TIMED, 'bash', cmd, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const [, children, span] = r.stdout.toString().trim().split('\n');
  const seconds = (t: string) => {
    const [, m, s] = /^(\d+)m([\d.]+)s$/.exec(t)!;
    return Number(m) * 60 + Number(s);
  };
  const [user, sys] = children!.trim().split(/\s+/).map(seconds);
  const [s, e] = span!.split(' ').map(Number);
  return { wall: (e! - s!) * 1000, cpu: (user! + sys!) * 1000 };
}

/** The median times of each command, run `runs` times each, in turns (each round in another order): a baseline and what it is compared with meet the same moments of the machine. */
function medians(commands: Command[], runs = RUNS): Times[] {
  const times = commands.map(() => ({ walls: [] as number[], cpus: [] as number[] }));
  for (let i = 0; i < runs; i++) {
    const order = commands.map((_, k) => k);
    if (i % 2 === 1) order.reverse();
    for (const k of order) {
      const t = timed(commands[k]!);
      times[k]!.walls.push(t.wall);
      times[k]!.cpus.push(t.cpu);
    }
  }
  return times.map((t) => ({ wall: mid(t.walls), cpu: mid(t.cpus) }));
}

const median = (cmd: string, args: string[]): Times => medians([[cmd, ...args]])[0]!;

/** "1234 ms = 2.10× <what>", and the same for CPU time when measured. */
function versus(t: Times, base: Times, what: string): string {
  const wall = `${ms(t.wall)} = ${(t.wall / base.wall).toFixed(2)}× ${what}`;
  return `${wall} (CPU ${ms(t.cpu)} = ${(t.cpu / base.cpu).toFixed(2)}×)`;
}

const cpuOf = (t: Times) => ` (CPU ${ms(t.cpu)})`;

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
  // Issue 30 §1: a cold parse --json within 3× the Python extraction, in wall and in CPU time; the two are run in
  // turns, more often than the rest (their ratio is a target, and the machine drifts).
  const parseCommand: Command = [node, 'bin/croupier.js', 'parse', ruleset, '--json'];
  const baseline = havePythonBaseline();
  const [parse, py] = baseline ? medians([parseCommand, [python, extractScript, ruleset]], PAIRED_RUNS) : medians([parseCommand]);
  console.log(`startup: croupier parse ${ruleset} --json ${ms(parse!.wall)}${cpuOf(parse!)}, ${(parse!.wall / bare.wall).toFixed(2)}× node -e 0`);
  // Issue 30 §1's "a cold rollover correspondingly faster": the example page offline (no wiki: the process alone).
  const rollover = median(node, ['bin/croupier.js', 'rollover', '--ruleset', ruleset, '--gamestate', gamestate, '--now', '2026-11-19T00:00Z']);
  console.log(
    `startup: croupier rollover --ruleset --gamestate (the example page, offline) ${versus(rollover, parse!, 'parse --json')}, ${(rollover.wall / bare.wall).toFixed(2)}× node -e 0`,
  );
  if (py === undefined) {
    console.log('startup: python3-mwparserfromhell not available: no Python baseline, no verdict for issue 30 §1');
    return;
  }
  console.log(
    `startup: python3 + mwparserfromhell extraction of the same tables ${ms(py.wall)}${cpuOf(py)} (baseline; median of ${PAIRED_RUNS}, in turns with parse --json)`,
  );
  printTarget('startup', 'cold parse --json, wall', parse!.wall, { name: 'the Python extraction', value: py.wall }, 3, ms);
  printTarget('startup', 'cold parse --json, CPU', parse!.cpu, { name: 'the Python extraction', value: py.cpu }, 3, ms);
}
