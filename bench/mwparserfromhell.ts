import { spawnSync } from 'node:child_process';
import { LineServer } from './line-server.ts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The Python baselines (issue 30): the same Cycle 16 extraction with mwparserfromhell's C tokenizer, as a whole
// process (startup) and warm in one process kept alive (parse). bench/mwparserfromhell_extract.py does both.

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

/** Median milliseconds of the script's extraction of `file`, warm, over `runs` after one (its `--serve`). */
export async function pythonExtraction(file: string, runs: number): Promise<number> {
  const server = new LineServer(extractScript, python, [extractScript, file, '--serve'], root);
  try {
    await server.ask('extract 1');
    const times = (await server.ask<{ wall: number[] }>(`extract ${runs}`)).wall.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  } finally {
    await server.close();
  }
}
