import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands/index.ts';
import { root, tempDir } from './run-cli.ts';

// A command's --help must start as fast as `croupier --help` (issue 10: every command starts in ≤ 3× a bare
// node): it declares its options only, and what it does (src/cli/run/) is loaded when it runs. The libraries
// below are the slow part of a start. The built CLI requires pino, node-cron and proper-lockfile from
// node_modules, so a hook on Node's module loader sees each one a process loads; mwn comes from the build's
// wiki.cjs, and scripts/build.mjs's `served` lists what its bundles gave the process.
const HEAVY = ['mwn', 'pino', 'node-cron', 'proper-lockfile'];

const tmp = tempDir({
  'trace.cjs': `const Module = require('node:module');
const load = Module._load;
const seen = new Set();
Module._load = function (request, ...rest) {
  seen.add(request);
  return load.call(this, request, ...rest);
};
// The same module instance as bin/croupier.js's (one URL).
let build;
import(${JSON.stringify(pathToFileURL(join(root, 'scripts/build.mjs')).href)}).then((m) => (build = m));
process.on('exit', () => process.stderr.write('LOADED ' + JSON.stringify([...seen, ...(build?.served ?? [])]) + '\\n'));
`,
});
afterAll(() => tmp.remove());

/** The packages a CLI process loaded (from node_modules or the build's bundles), its output and exit status. */
function loadedBy(args: string[], env: Record<string, string> = {}): { loaded: string[]; status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['-r', join(tmp.dir, 'trace.cjs'), join(root, 'bin/croupier.js'), ...args], {
    cwd: tmp.dir,
    env: { PATH: process.env.PATH ?? '', HOME: tmp.dir, ...env },
    encoding: 'utf8',
    maxBuffer: 2 ** 26,
  });
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  if (line === undefined) throw new Error(`no trace from croupier ${args.join(' ')}: ${r.stderr}`);
  return { loaded: JSON.parse(line.slice('LOADED '.length)), status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The heavy libraries a CLI process loaded, and its exit status. */
function heavyLoadedBy(args: string[], env: Record<string, string> = {}): { heavy: string[]; status: number | null; stderr: string } {
  const r = loadedBy(args, env);
  return { heavy: HEAVY.filter((p) => r.loaded.includes(p)), status: r.status, stderr: r.stderr };
}

test('a command that talks to the wiki loads the wiki client and the logger when it runs (what the trace below must see)', () => {
  // A wiki that does not answer (nothing listens on 127.0.0.1:9): the client is loaded to log in, and fails at once.
  const game = { id: 'g', kind: 'cycle16', ruleset: 'R', gamestate: 'G' };
  writeFileSync(join(tmp.dir, 'config.json'), JSON.stringify({ wiki: { maxRetries: 0 }, games: [game] }));
  const wiki = { CROUPIER_API_URL: 'http://127.0.0.1:9/api.php', CROUPIER_USERNAME: 'Bot@lazy', CROUPIER_PASSWORD: 'x' };
  const r = heavyLoadedBy(['status', '--game', 'g', '--config', join(tmp.dir, 'config.json')], wiki);
  expect(r.stderr).toContain('cannot reach the wiki at http://127.0.0.1:9/api.php');
  expect(r.heavy).toEqual(expect.arrayContaining(['mwn', 'pino']));
});

test('a command that talks to the wiki loads no wiki client when its game is not in the config', () => {
  writeFileSync(join(tmp.dir, 'config.json'), JSON.stringify({ games: [] }));
  const r = heavyLoadedBy(['status', '--game', 'nosuch', '--config', join(tmp.dir, 'config.json')]);
  expect(r.status).toBe(2);
  expect(r.heavy).not.toContain('mwn');
});

test('an offline rollover (files, no wiki) loads no wiki client', () => {
  const fixture = (name: string) => join(root, 'fixtures/cycle16', name);
  const r = heavyLoadedBy(['rollover', '--ruleset', fixture('ruleset.wikitext'), '--gamestate', fixture('gamestate.wikitext'), '--now', '2026-11-19T00:00Z']);
  expect(r.status).toBe(0);
  expect(r.heavy).not.toContain('mwn');
});

test.each(Object.keys(COMMANDS))('`croupier %s --help` prints its options without loading the wiki client, the logger, the scheduler or the lock', (name) => {
  const r = heavyLoadedBy([name, '--help']);
  expect(r.status).toBe(0);
  expect(r.heavy).toEqual([]);
});

test('`croupier --help` and `--version` load none of them either', () => {
  expect(heavyLoadedBy(['--help']).heavy).toEqual([]);
  expect(heavyLoadedBy(['--version']).heavy).toEqual([]);
});

// wikiparser-node is loaded at the first section that needs a parse (scripts/build.mjs, lazyRequires): a page of
// prose, lists, plain links and plain tables is read without it (src/parse/prose.ts), as every section of the Cycle 16
// ruleset is; the Cycle 15 ruleset's Garbage section is parsed.
test('`croupier parse` loads wikiparser-node only for a page holding a section it must parse', () => {
  const parse = (name: string) => loadedBy(['parse', join(root, 'fixtures', name, 'ruleset.wikitext'), '--json']);
  const cycle16 = parse('cycle16');
  expect(cycle16.status).toBe(0);
  expect(JSON.parse(cycle16.stdout).kind).toBe('cycle16');
  expect(cycle16.loaded).toContain('zod');
  expect(cycle16.loaded).not.toContain('wikiparser-node');
  const cycle15 = parse('cycle15');
  expect(cycle15.status).toBe(0);
  expect(JSON.parse(cycle15.stdout).kind).toBe('cycle15');
  expect(cycle15.loaded).toContain('wikiparser-node');
});

// Node's own modules that the bundled packages require when loaded, for what croupier never runs (commander's
// executable subcommands, wikiparser-node's language server and config tool, its debug assertions):
// scripts/build.mjs gives them a stand-in loading each on first use (issue 30: ~5 ms of CPU in each parse). Nor
// does a parse hash anything (node:crypto is loaded at a draw's first hash), and the entry is CommonJS
// (bin/package.json, scripts/run-build.cjs): no ES module is linked, which had Node's ES module loader run first.
const UNUSED_BUILTINS = ['child_process', 'inspector/promises', 'assert/strict', 'worker_threads', 'crypto', 'internal/modules/esm/module_job'];

test('`croupier parse <Cycle 16 ruleset> --json` and `croupier --version` load none of the Node modules the bundled packages require only for what croupier does not run, nor crypto, nor the ES module loader', () => {
  const trace = join(tmp.dir, 'builtins.cjs');
  writeFileSync(trace, "process.on('exit', () => process.stderr.write('BUILTINS ' + JSON.stringify(process.moduleLoadList) + '\\n'));\n");
  for (const args of [['parse', join(root, 'fixtures/cycle16/ruleset.wikitext'), '--json'], ['--version']]) {
    const r = spawnSync(process.execPath, ['-r', trace, join(root, 'bin/croupier.js'), ...args], { cwd: tmp.dir, encoding: 'utf8', maxBuffer: 2 ** 26 });
    expect(r.status).toBe(0);
    const line = r.stderr.split('\n').find((l) => l.startsWith('BUILTINS '))!;
    const loaded: string[] = JSON.parse(line.slice('BUILTINS '.length));
    expect(UNUSED_BUILTINS.filter((m) => loaded.includes(`NativeModule ${m}`))).toEqual([]);
  }
});
