import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Whole-process start-up figures: each command against a baseline measured in the same run (medians).
// Baselines: a bare `node -e 0`, and the same Cycle 16 table extraction in Python with mwparserfromhell.

const root = fileURLToPath(new URL('..', import.meta.url));
const ruleset = 'fixtures/cycle16/ruleset.wikitext';
const python = '/usr/bin/python3';
const RUNS = 9;

function median(cmd: string, args: string[]): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    times.push(performance.now() - start);
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

/** Debian's python3-mwparserfromhell, installed on first use when we may (root). */
function havePythonBaseline(): boolean {
  const check = () => spawnSync(python, ['-c', 'import mwparserfromhell'], { stdio: 'ignore' }).status === 0;
  if (!existsSync(python)) return false;
  if (check()) return true;
  if (process.getuid?.() !== 0) return false;
  console.log('startup: installing python3-mwparserfromhell (apt-get) for the baseline…');
  spawnSync('apt-get', ['install', '-y', '-qq', 'python3-mwparserfromhell'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return check();
}

const ms = (x: number) => `${x.toFixed(0)} ms`;

export async function benchStartup(): Promise<void> {
  const node = process.execPath;
  // The first run compiles dist/ if src/ changed: not part of the figure.
  spawnSync(node, ['bin/croupier.js', '--version'], { cwd: root, stdio: 'ignore' });
  const bare = median(node, ['-e', '0']);
  console.log(`startup: node -e 0 ${ms(bare)} (baseline; median of ${RUNS} processes)`);
  for (const args of [['--version'], ['--help'], ['parse', '--help']]) {
    const t = median(node, ['bin/croupier.js', ...args]);
    console.log(`startup: croupier ${args.join(' ')} ${ms(t)} = ${(t / bare).toFixed(2)}× node -e 0`);
  }
  const parse = median(node, ['bin/croupier.js', 'parse', ruleset, '--json']);
  if (havePythonBaseline()) {
    const py = median(python, ['bench/mwparserfromhell_extract.py', ruleset]);
    console.log(`startup: python3 + mwparserfromhell extraction of the same tables ${ms(py)} (baseline)`);
    console.log(`startup: croupier parse ${ruleset} --json ${ms(parse)} = ${(parse / py).toFixed(2)}× the Python extraction, ${(parse / bare).toFixed(2)}× node -e 0`);
  } else {
    console.log(`startup: croupier parse ${ruleset} --json ${ms(parse)} = ${(parse / bare).toFixed(2)}× node -e 0 (python3-mwparserfromhell not available: no Python baseline)`);
  }
}
