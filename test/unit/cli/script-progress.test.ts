import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { root } from './run-cli.ts';

// scripts/progress.sh: the live display of the demo's long steps (npm ci, apt-get, creating and seeding the
// local wiki). At a terminal it redraws "| label Ns" in place; anywhere else the step just runs.
const bash = (body: string, tty: boolean, env: Record<string, string> = {}) => {
  const script = `source ${JSON.stringify(join(root, 'scripts/progress.sh'))}; ${body}`;
  const opts = { encoding: 'utf8' as const, env: { PATH: process.env.PATH, ...env } };
  return tty
    ? spawnSync('script', ['-qec', `bash --norc --noprofile -c ${JSON.stringify(script).replace(/\$/g, '\\$')}`, '/dev/null'], opts)
    : spawnSync('bash', ['--norc', '--noprofile', '-c', script], opts);
};

describe('step', () => {
  test('at a terminal, shows the step while it runs and erases it when it ends', () => {
    const r = bash('step "creating the wiki" sleep 0.5; echo "rc=$?"', true);
    // the first frame shows 0s; on a loaded machine it may first be drawn a second in
    expect(r.stdout).toMatch(/\r\x1b\[2K[|/\\-] creating the wiki \d+s/);
    expect(r.stdout).toMatch(/\r\x1b\[2Krc=0/);
  });

  test('passes on the exit code of the step', () => {
    expect(bash('step "failing" false; echo "rc=$?"', true).stdout).toContain('rc=1');
    expect(bash('step "failing" false; echo "rc=$?"', false).stdout).toBe('rc=1\n');
  });

  test('writes nothing of the display when not at a terminal, or with CROUPIER_LOG_FORMAT=json', () => {
    const plain = bash('step "seeding" echo seeded', false);
    expect(plain.stdout).toBe('seeded\n');
    expect(plain.stderr).toBe('');
    const json = bash('step "seeding" echo seeded', true, { CROUPIER_LOG_FORMAT: 'json' });
    expect(json.stdout).not.toContain('\x1b[2K');
    expect(json.stdout).toContain('seeded');
  });
});
