import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { EXIT } from '../../../src/cli/context.ts';
import { croupier, root, tempDir } from './run-cli.ts';

// README: "`2` usage or configuration problem …" — the same for every subcommand, and decided before any
// connection to a wiki (these runs have no wiki to talk to).

const config = JSON.stringify({
  games: [
    { id: 'c16', kind: 'cycle16', ruleset: 'C/Ruleset', gamestate: 'C/Gamestate' },
    { id: 'gen', kind: 'generic', ruleset: 'G/Ruleset', gamestate: 'G/Gamestate' },
  ],
});
const tmp = tempDir({
  'config.json': config,
  'broken.json': '{ "games": [',
  'ruleset.wikitext': readFileSync(join(root, 'fixtures/cycle16/ruleset.wikitext'), 'utf8'),
});
afterAll(() => tmp.remove());
const cfg = ['--config', 'config.json'];
const files = ['--ruleset', 'ruleset.wikitext', '--gamestate', join(root, 'fixtures/cycle16/gamestate.wikitext')];
const creds = { CROUPIER_USERNAME: 'Croupier@cli', CROUPIER_PASSWORD: 'a'.repeat(32) };

type Case = [what: string, args: string[], env?: Record<string, string>];

const cases: Record<string, Case[]> = {
  'an unknown command': [['croupier frobnicate', ['frobnicate']]],
  'an unknown option': ['parse', 'tables', 'publish-tables', 'rollover', 'status', 'daemon', 'clear'].map((c): Case => [c, [c, '--bogus']]),
  'a missing argument': [
    ['parse without a file', ['parse']],
    ['tables without a file', ['tables']],
    ['publish-tables without --game', ['publish-tables', ...cfg]],
    ['rollover without --game or files', ['rollover', ...cfg]],
    ['rollover with --ruleset but no --gamestate', ['rollover', '--ruleset', 'ruleset.wikitext']],
    ['status without --game or files', ['status', ...cfg]],
    ['clear without --game', ['clear', ...cfg]],
    ['an option without its value', ['rollover', '--game']],
  ],
  'an unknown game': ['publish-tables', 'rollover', 'status', 'clear']
    .map((c): Case => [c, [c, '--game', 'nope', ...cfg]])
    .concat([['daemon', ['daemon', '--game', 'nope', ...cfg]]]),
  'a game whose kind cannot do the command': [
    ['publish-tables on a generic game', ['publish-tables', '--game', 'gen', ...cfg]],
    ['rollover on a generic game', ['rollover', '--game', 'gen', ...cfg]],
    ['status on a generic game', ['status', '--game', 'gen', ...cfg]],
    ['daemon on a generic game', ['daemon', '--game', 'gen', ...cfg]],
  ],
  'a bad --now': [
    ['rollover online', ['rollover', '--game', 'c16', '--now', 'tomorrow', ...cfg]],
    ['rollover offline', ['rollover', ...files, '--now', '2026-13-45']],
    ['status offline', ['status', ...files, '--now', 'yesterday']],
  ],
  'a bad option value': [
    ['parse --kind', ['parse', 'ruleset.wikitext', '--kind', 'chess']],
    ['rollover --diff', ['rollover', ...files, '--diff', 'colour']],
    ['daemon --grace', ['daemon', '--grace', 'soon', ...cfg]],
    ['--log-format', ['status', ...files, '--log-format', 'xml']],
    ['both files from standard input', ['rollover', '--ruleset', '-', '--gamestate', '-']],
    ['an offline --force without --by', ['rollover', ...files, '--force']],
  ],
  'a config file that cannot be read': ['publish-tables', 'rollover', 'status', 'clear']
    .map((c): Case => [c, [c, '--game', 'c16', '--config', 'missing.json']])
    .concat([
      ['daemon', ['daemon', '--config', 'missing.json']],
      ['parse --title', ['parse', '--title', 'C/Ruleset', '--config', 'missing.json']],
    ]),
  'a config file that is not valid JSON': ['publish-tables', 'rollover', 'status', 'clear']
    .map((c): Case => [c, [c, '--game', 'c16', '--config', 'broken.json']])
    .concat([['daemon', ['daemon', '--config', 'broken.json']]]),
  'missing CROUPIER_* variables': [
    ['publish-tables', ['publish-tables', '--game', 'c16', ...cfg]],
    ['rollover', ['rollover', '--game', 'c16', ...cfg]],
    ['daemon', ['daemon', ...cfg]],
    ['status (without even an API URL to read anonymously)', ['status', '--game', 'c16', ...cfg]],
    ['rollover --dry-run (idem)', ['rollover', '--game', 'c16', '--dry-run', ...cfg]],
    ['parse --title', ['parse', '--title', 'C/Ruleset', ...cfg]],
  ],
  'CROUPIER_API_URL that is not a URL': [
    ['publish-tables', ['publish-tables', '--game', 'c16', ...cfg], { CROUPIER_API_URL: 'not-a-url', ...creds }],
    ['publish-tables --dry-run, anonymous', ['publish-tables', '--game', 'c16', '--dry-run', ...cfg], { CROUPIER_API_URL: 'not-a-url' }],
    ['rollover --dry-run, anonymous', ['rollover', '--game', 'c16', '--dry-run', ...cfg], { CROUPIER_API_URL: 'not-a-url' }],
    ['status, anonymous', ['status', '--game', 'c16', ...cfg], { CROUPIER_API_URL: 'not-a-url' }],
    ['daemon', ['daemon', ...cfg], { CROUPIER_API_URL: 'not-a-url', ...creds }],
  ],
};

describe.each(Object.entries(cases))('%s exits 2 (usage or configuration problem)', (_, list) => {
  test.concurrent.each(list)('%s', async (_what, args, env) => {
    const r = await croupier(args, { cwd: tmp.dir, env });
    expect({ status: r.status, stderr: r.stderr }).toMatchObject({ status: EXIT.usage });
    expect(r.stdout).toBe('');
    // One reason, never a stack trace.
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr.trim()).not.toBe('');
  });
});

test('--help and --version exit 0', async () => {
  for (const args of [['--help'], ['--version'], ['rollover', '--help']]) {
    const r = await croupier(args, { cwd: tmp.dir });
    expect(r.status).toBe(0);
    expect(r.stdout).not.toBe('');
  }
});

test("the README's exit-code table lists exactly the codes of src/cli/context.ts", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('| exit code |');
  const section = readme.slice(start, readme.indexOf('\n\n', start));
  const rows = [...section.matchAll(/^\| `(\d+)` \|/gm)].map((m) => Number(m[1]));
  expect(new Set(rows)).toEqual(new Set(Object.values(EXIT)));
});
