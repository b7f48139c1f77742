import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { cliProgress, Progress, progressActivity } from '../../../src/cli/progress.ts';
import { croupier, root } from './run-cli.ts';

const tty = () => {
  const out: string[] = [];
  return { isTTY: true, write: (s: string) => void out.push(s), out };
};

describe('the live step counter', () => {
  test('counts the steps and shows how long the current one has taken, on one redrawn line', () => {
    const err = tty();
    let now = 0;
    const p = new Progress(err, () => now);
    p.step('reading Cycle 16/Ruleset');
    now = 2500;
    p.relabel('computing');
    p.step('saving Cycle 16/Gamestate');
    p.stop();
    expect(err.out[0]).toMatch(/^\r\x1b\[2K. \[1\] reading Cycle 16\/Ruleset$/);
    expect(err.out[1]).toMatch(/^\r\x1b\[2K. \[1\] computing 2s$/);
    expect(err.out[2]).toMatch(/^\r\x1b\[2K. \[2\] saving Cycle 16\/Gamestate$/);
    expect(err.out.at(-1)).toBe('\r\x1b[2K'); // erased before the result is printed
  });

  test('turns the client\'s requests into steps, and the time after a read into "computing"', () => {
    const err = tty();
    const a = progressActivity(new Progress(err));
    a.start('reading A, B');
    a.done('reading A, B');
    a.start('saving B');
    a.done('saving B');
    expect(err.out.map((s) => s.replace(/^\r\x1b\[2K. /, ''))).toEqual(['[1] reading A, B', '[1] computing', '[2] saving B', '[2] saved B']);
  });

  test('is on only when stdout and stderr are terminals and logs are text', () => {
    const err = tty();
    expect(cliProgress(undefined, { isTTY: true }, err).enabled).toBe(true);
    expect(cliProgress('text', { isTTY: true }, err).enabled).toBe(true);
    expect(cliProgress('json', { isTTY: true }, err).enabled).toBe(false);
    expect(cliProgress(undefined, { isTTY: false }, err).enabled).toBe(false);
    expect(cliProgress(undefined, { isTTY: true }, { isTTY: false, write: err.write }).enabled).toBe(false);
    const off = cliProgress(undefined, {}, err);
    off.step('x');
    off.stop();
    expect(err.out).toEqual([]);
  });
});

describe('an offline dry run of a catch-up', () => {
  const args = [
    'rollover',
    '--ruleset',
    'fixtures/cycle16/ruleset.wikitext',
    '--gamestate',
    'fixtures/cycle16/gamestate.wikitext',
    '--now',
    '2026-11-30T00:00Z',
    '--dry-run',
  ];

  test('shows its steps at a terminal (run under script(1), which gives it a pty)', () => {
    const command = [process.execPath, join(root, 'bin/croupier.js'), ...args].map((a) => `'${a}'`).join(' ');
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, TERM: 'dumb' } });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\r\x1b\[2K. \[1\] reading and parsing fixtures\/cycle16\/ruleset\.wikitext/);
    expect(r.stdout).toMatch(/\r\x1b\[2K. \[2\] computing/);
    expect(r.stdout).toContain('column "Phase number": 4 → ');
  });

  test('shows nothing of them when its output is not a terminal', async () => {
    const r = await croupier(args, { cwd: root });
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/\r|\x1b|\[1\]/);
  });

  test('shows nothing of them with --log-format json, even at a terminal', () => {
    const command = [process.execPath, join(root, 'bin/croupier.js'), '--log-format', 'json', ...args].map((a) => `'${a}'`).join(' ');
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH, TERM: 'dumb' } });
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(/\x1b\[2K|\[1\] reading/);
    expect(r.stdout).toContain('column "Phase number": 4 → ');
  });
});
