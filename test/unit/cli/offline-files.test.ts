import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { croupier, root, tempDir } from './run-cli.ts';

// Offline commands name the file they could not use, in the one-line messages `parse` gives, and read
// "-" as standard input.

const ruleset = readFileSync(join(root, 'fixtures/cycle16/ruleset.wikitext'), 'utf8');
const gamestate = readFileSync(join(root, 'fixtures/cycle16/gamestate.wikitext'), 'utf8');
const tmp = tempDir({
  'ruleset.wikitext': ruleset,
  'gamestate.wikitext': gamestate,
  'empty.wikitext': ' \n\n',
  'binary.wikitext': 'PK\u0003\u0004\u0000\u0000binary',
  'generic.wikitext': '== Winning ==\n{| class="wikitable"\n! Placement !! Prize\n|-\n| 1st || 10\n|}\n',
  'prose.txt': 'just a line of prose\n',
});
mkdirSync(join(tmp.dir, 'folder'));
afterAll(() => tmp.remove());
const run = (args: string[], input?: string) => croupier(args, { cwd: tmp.dir, input });
const NOW = ['--now', '2026-11-19T00:00Z'];

const bad: [file: string, message: string][] = [
  ['nope.wikitext', 'cannot read nope.wikitext: no such file'],
  ['folder', 'cannot read folder: is a directory'],
  ['empty.wikitext', 'empty.wikitext is empty'],
  ['binary.wikitext', 'binary.wikitext is not text (it contains NUL bytes)'],
];

describe.each(bad)('a Ruleset or Gamestate file %s', (file, message) => {
  test.concurrent('parse says so on one line', async () => {
    const r = await run(['parse', file]);
    expect([r.status, r.stderr]).toEqual([1, `croupier: ${message}\n`]);
  });
  test.concurrent.each([
    ['rollover', '--ruleset'],
    ['rollover', '--gamestate'],
    ['status', '--ruleset'],
    ['status', '--gamestate'],
  ])('%s %s gets the same line', async (command, option) => {
    const files = option === '--ruleset' ? ['--ruleset', file, '--gamestate', 'gamestate.wikitext'] : ['--ruleset', 'ruleset.wikitext', '--gamestate', file];
    const r = await run([command, ...files, ...NOW]);
    expect([r.status, r.stderr, r.stdout]).toEqual([1, `croupier: ${message}\n`, '']);
  });
});

test('rollover --ruleset - reads the Ruleset from standard input, like parse -', async () => {
  const piped = await run(['rollover', '--ruleset', '-', '--gamestate', 'gamestate.wikitext', ...NOW], ruleset);
  const named = await run(['rollover', '--ruleset', 'ruleset.wikitext', '--gamestate', 'gamestate.wikitext', ...NOW]);
  expect(piped.status).toBe(0);
  expect(piped.stdout).toBe(named.stdout);
  expect(piped.stdout).toContain('| 2026-11-02 00:00 || 5 || Battle Phase || 2026-11-23 00:00 || -');
});

test('status --gamestate - reads the Gamestate from standard input and names it so in errors', async () => {
  const ok = await run(['status', '--ruleset', 'ruleset.wikitext', '--gamestate', '-', ...NOW], gamestate);
  expect(ok.status).toBe(0);
  expect(ok.stdout).toContain('phase 5 (Battle Phase)');
  const broken = await run(['status', '--ruleset', 'ruleset.wikitext', '--gamestate', '-', ...NOW], gamestate.replace('|41\n', '|4l\n'));
  expect(broken.status).toBe(1);
  expect(broken.stderr).toContain('page "standard input", table "Players", row 1, column "Vertebrae"');
});

test('an invalid Gamestate file is named by its file, not by a wiki page title', async () => {
  const r = await run(['rollover', '--ruleset', 'ruleset.wikitext', '--gamestate', 'prose.txt', ...NOW]);
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('page "prose.txt", table "Players": no Players table');
  expect(r.stderr).not.toContain('Cycle 16/Gamestate');
});

test('status does not claim that "nothing was changed": it never changes anything', async () => {
  const r = await run(['status', '--ruleset', 'ruleset.wikitext', '--gamestate', 'prose.txt', ...NOW]);
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(/^croupier: The Gamestate is not valid \(\d+ problems\):\n/);
  expect(r.stderr).not.toContain('nothing was changed');
});

test.concurrent.each([
  ['a ruleset of no known game without a weekly calendar', 'generic.wikitext', 'generic.wikitext defines no weekly calendar: no phases found'],
  ['a Gamestate page given as the Ruleset', 'gamestate.wikitext', 'gamestate.wikitext defines no weekly calendar: no phases found'],
  ['prose', 'prose.txt', 'prose.txt: no headings or tables found: this does not look like a wikitext ruleset'],
])('a --ruleset file that is %s says what it is', async (_what, file, message) => {
  for (const command of ['rollover', 'status']) {
    const r = await run([command, '--ruleset', file, '--gamestate', 'gamestate.wikitext', ...NOW]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`croupier: ${message}`);
  }
});

test('offline rollover --dry-run prints the diff, not the page', async () => {
  const r = await run(['rollover', '--ruleset', 'ruleset.wikitext', '--gamestate', 'gamestate.wikitext', ...NOW, '--dry-run']);
  expect(r.status).toBe(0);
  // The fixture's Phase row reads "| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -"; the boundary
  // of 19 Nov starts phase 5, the Battle Phase (Thursday to Sunday), until Monday 23 Nov.
  expect(r.stdout).toContain('table "Phase", row 1 "2026-11-02 00:00", column "Phase number": 4 → 5');
  expect(r.stdout).toContain('table "Phase", row 1 "2026-11-02 00:00", column "Next rollover (UTC)": 2026-11-19 00:00 → 2026-11-23 00:00');
  // Outside the tables, only what changed and its context: the race chart's new section under the standings, not the page.
  expect(r.stdout).toContain('+== Race ==');
  expect(r.stdout).toContain('+<div data-croupier="race-chart" style="max-width:48em">');
  // The boxes the run puts around the tables it writes cells of (src/games/shared/fit.ts), the Players one shown smaller.
  expect(r.stdout).toContain('+<div class="croupier-fit" style="overflow-x:auto;font-size:85%">');
  expect(r.stdout).not.toContain('This page holds the state of the game');
  const unified = await run(['rollover', '--ruleset', 'ruleset.wikitext', '--gamestate', 'gamestate.wikitext', ...NOW, '--dry-run', '--diff', 'unified']);
  expect(unified.stdout).toMatch(/^--- a\/gamestate\.wikitext/m);
  expect(unified.stdout).toContain(
    '-| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -\n+| 2026-11-02 00:00 || 5 || Battle Phase || 2026-11-23 00:00 || -',
  );
});
