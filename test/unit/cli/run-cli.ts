// The real CLI in a child process, from a temp working directory with no .env and no .devwiki/, and an
// environment holding only what the test gives (so no credentials leak in from the developer's shell).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function croupier(args: string[], opts: { cwd: string; env?: Record<string, string>; input?: string }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin/croupier.js'), ...args], {
      cwd: opts.cwd,
      env: { PATH: process.env.PATH ?? '', HOME: opts.cwd, ...opts.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

/** A temp directory (removed by `remove`) holding `files`. */
export function tempDir(files: Record<string, string> = {}): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
