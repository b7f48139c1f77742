import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The Python baselines (issue 30): the same Cycle 16 extraction with mwparserfromhell's C tokenizer, as a whole
// process (startup) and warm in one process (parse). bench/mwparserfromhell_extract.py does both.

export const python = '/usr/bin/python3';
export const extractScript = 'bench/mwparserfromhell_extract.py';
const root = fileURLToPath(new URL('..', import.meta.url));

/** Debian's python3-mwparserfromhell, installed on first use when we may (root). */
export function havePythonBaseline(): boolean {
  const check = () => spawnSync(python, ['-c', 'import mwparserfromhell'], { stdio: 'ignore' }).status === 0;
  if (!existsSync(python)) return false;
  if (check()) return true;
  if (process.getuid?.() !== 0) return false;
  console.log('bench: installing python3-mwparserfromhell (apt-get) for the baseline…');
  spawnSync('apt-get', ['install', '-y', '-qq', 'python3-mwparserfromhell'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return check();
}

/** Median milliseconds of mwparserfromhell's warm parse of `file`, and of the script's extraction, over `runs` after `skip` uncounted. */
export function pythonWarm(file: string, runs: number, skip: number): { parse: number; extract: number } {
  const r = spawnSync(python, [extractScript, file, '--warm', String(runs), String(skip)], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${extractScript} --warm exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as { parse: number; extract: number };
}
