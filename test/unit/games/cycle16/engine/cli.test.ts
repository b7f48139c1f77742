import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { testTempDir } from '../../../../temp-dir.ts';

const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const croupier = (...args: string[]) => spawnSync(process.execPath, ['bin/croupier.js', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
const files = ['--ruleset', 'fixtures/cycle16/ruleset.wikitext', '--gamestate', 'fixtures/cycle16/gamestate.wikitext'];

test('offline `croupier rollover` prints the new page on stdout and the summary on stderr', () => {
  const r = croupier('rollover', ...files, '--now', '2026-11-19T00:00Z');
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('| 2026-11-02 00:00 || 5 || Battle Phase || 2026-11-23 00:00 || -');
  expect(r.stderr).toMatch(/phase 4 → 5 \(Battle Phase\); next rollover 2026-11-23 00:00/);
  expect(r.stderr).toMatch(/1 Rollover/);
});

test('offline `croupier status` shows the phase, what is due and what is pending', () => {
  const r = croupier('status', ...files, '--now', '2026-11-20T01:00Z');
  expect(r.status).toBe(0);
  expect(r.stdout).toContain('phase 5 (Battle Phase) since 2026-11-19 00:00 UTC, until 2026-11-23 00:00 UTC');
  expect(r.stdout).toContain('the Gamestate page records phase 4 (Rest Phase): a rollover is due');
  // Lior joined 2026-11-18 14:00, more than 3 days after the cycle start (2 Nov): reputable after
  // “continuously been a player for the previous seven days”, i.e. 25 Nov 14:00.
  expect(r.stdout).toContain('pending: 2026-11-25 14:00 — reputability grant for Lior');
  expect(r.stdout).toContain('last run: none recorded');
});

test('a bad --now is a usage error (exit 2) with a one-line reason', () => {
  const r = croupier('rollover', ...files, '--now', 'tomorrow');
  expect(r.status).toBe(2);
  expect(r.stderr.trim()).toBe(
    'croupier: --now "tomorrow" is not an ISO 8601 instant: it does not begin with a date written YYYY-MM-DD (e.g. 2026-11-19T00:00Z; without a zone it is UTC)',
  );
});

test('an invalid page exits non-zero and names the cell', () => {
  const file = join(testTempDir('cli'), 'gamestate.wikitext');
  writeFileSync(file, readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8').replace('|41\n', '|4l\n'));
  const r = croupier('rollover', '--ruleset', 'fixtures/cycle16/ruleset.wikitext', '--gamestate', file, '--now', '2026-11-19T00:00Z');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain('table "Players", row 1, column "Vertebrae": Vertebrae "4l" is not a whole number');
});

test('`croupier status --json` is one JSON document, instants in ISO 8601 UTC', () => {
  const r = croupier('status', ...files, '--now', '2026-11-20T01:00Z', '--json');
  expect(r.status).toBe(0);
  const s = JSON.parse(r.stdout);
  expect(s).toMatchObject({
    now: '2026-11-20T01:00:00Z',
    phase: { number: 5, name: 'Battle Phase', since: '2026-11-19T00:00:00Z', until: '2026-11-23T00:00:00Z' },
    recorded: { number: 4, name: 'Rest Phase' },
    rolloverDue: true,
    nextRollover: '2026-11-23T00:00:00Z',
    lastRun: null,
  });
  expect(s.pending).toContainEqual({ at: '2026-11-25T14:00:00Z', what: 'reputability grant for Lior' });
  expect(s.dueNow).toMatchObject({ Rollover: 1 });
});
