import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { root } from '../cli/run-cli.ts';

// An install as the README's "Install" makes it — owned by root, run by a service user who may not write
// it — through a pull and the upgrade step. The CLI must never write into it at run time: no rebuild of
// dist/, no code cache beside the build (issue 29: a pull made every start fail, a restart loop under systemd).
const isRoot = process.getuid?.() === 0;
// A throwaway user: a uid no account has (nothing is added to /etc/passwd), like a DynamicUser of systemd.
const user = { uid: 64000 + (process.pid % 1000), gid: 64000 + (process.pid % 1000) };

let dir: string;
let install: string;
let cache: string;

/** Every file under the install's dist/ with its size and mtime: what a run must leave as it was. */
function snapshot(): string[] {
  return readdirSync(join(install, 'dist'), { recursive: true, encoding: 'utf8' })
    .map((f) => {
      const s = statSync(join(install, 'dist', f));
      return `${f} ${s.size} ${s.mtimeMs}`;
    })
    .sort();
}

function run(args: string[], as: 'root' | 'user', env: Record<string, string> = {}) {
  const opts: SpawnSyncOptions = {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: dir, ...env },
    ...(as === 'user' ? user : {}),
  };
  return spawnSync(process.execPath, args, opts) as { status: number | null; stdout: string; stderr: string };
}
const croupier = (args: string[], env?: Record<string, string>) => run([join(install, 'bin', 'croupier.js'), ...args], 'user', env);
// The upgrade step without the network: `npm ci --omit=dev` runs `prepare`, which is this.
const upgradeStep = () => run([join(install, 'scripts', 'build.mjs')], 'root');

beforeAll(() => {
  if (!isRoot) return;
  dir = mkdtempSync(join(tmpdir(), 'croupier-install-'));
  chmodSync(dir, 0o755);
  install = join(dir, 'opt-croupier');
  mkdirSync(install);
  for (const part of ['bin', 'scripts', 'src', 'package.json', 'fixtures/cycle16/ruleset.wikitext'])
    cpSync(join(root, part), join(install, part), { recursive: true });
  // The dependencies are those of the repository (read-only for the user, as an install's are).
  symlinkSync(join(root, 'node_modules'), join(install, 'node_modules'));
  cache = join(dir, 'cache');
  mkdirSync(cache);
  chmodSync(cache, 0o777);
  expect(upgradeStep().status).toBe(0);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test.skipIf(!isRoot)('a root-owned install runs as another user without writing into it, through a pull and the upgrade step', () => {
  const version = JSON.parse(readFileSync(join(install, 'package.json'), 'utf8')).version as string;
  const built = snapshot();
  const first = croupier(['--version']);
  expect(first.stderr).toBe('');
  expect(first.stdout.trim()).toBe(version);
  expect(snapshot()).toEqual(built);

  // A pull: a new version and a changed source file, newer than the build.
  const pkg = JSON.parse(readFileSync(join(install, 'package.json'), 'utf8'));
  writeFileSync(join(install, 'package.json'), JSON.stringify({ ...pkg, version: `${version}-pulled` }));
  const later = new Date(Date.now() + 5_000);
  utimesSync(join(install, 'package.json'), later, later);
  utimesSync(join(install, 'src', 'version.ts'), later, later);

  // Started before the upgrade step: the previous build runs, says so, and writes nothing.
  const stale = croupier(['--version']);
  expect(stale.status).toBe(0);
  expect(stale.stdout.trim()).toBe(version);
  expect(stale.stderr).toMatch(
    /^croupier: warning: src\/ changed since the build build-\S+, which runs: run the upgrade step as the install's owner: cd \S+ && npm ci --omit=dev\n$/,
  );
  expect(snapshot()).toEqual(built);

  // After the upgrade step, the new build runs, still without writing.
  expect(upgradeStep().status).toBe(0);
  const upgraded = snapshot();
  expect(upgraded).not.toEqual(built);
  const after = croupier(['--version']);
  expect(after.stderr).toBe('');
  expect(after.stdout.trim()).toBe(`${version}-pulled`);
  const parse = croupier(['parse', join(install, 'fixtures/cycle16/ruleset.wikitext')]);
  expect(parse.status).toBe(0);
  expect(snapshot()).toEqual(upgraded);
});

test.skipIf(!isRoot)("a code cache V8 rejects (another Node) is made in the unit's cache directory, never beside the build", () => {
  const pointer = JSON.parse(readFileSync(join(install, 'dist', 'current.json'), 'utf8')) as { dir: string };
  const caches = readdirSync(join(install, 'dist', pointer.dir)).filter((f) => f.endsWith('.v8cache'));
  // The build made its caches (a warm-up parse of the Cycle 16 fixture, the wiki client and the parser loaded): damage
  // them as a Node upgrade would. A parse of that page loads neither the wiki client nor the parser (its sections are
  // all read without one): it makes the two others again.
  expect(caches.sort()).toEqual(['croupier.cjs.v8cache', 'parser.cjs.v8cache', 'vendor.cjs.v8cache', 'wiki.cjs.v8cache']);
  for (const c of caches) writeFileSync(join(install, 'dist', pointer.dir, c), 'made by another Node');
  const built = snapshot();
  const withoutCacheDir = croupier(['parse', join(install, 'fixtures/cycle16/ruleset.wikitext')]);
  expect(withoutCacheDir.status).toBe(0);
  expect(snapshot()).toEqual(built);
  expect(readdirSync(cache)).toEqual([]);
  const parse = croupier(['parse', join(install, 'fixtures/cycle16/ruleset.wikitext')], { CACHE_DIRECTORY: cache });
  expect(parse.status).toBe(0);
  expect(parse.stdout).toBe(withoutCacheDir.stdout);
  expect(snapshot()).toEqual(built);
  expect(readdirSync(cache).sort()).toEqual([`${pointer.dir}-croupier.cjs.v8cache`, `${pointer.dir}-vendor.cjs.v8cache`]);
  expect(relative(install, cache).startsWith('..')).toBe(true);
});

test.skipIf(!isRoot)('an install with no build that the user may not write fails with one line saying how to build it', () => {
  const empty = join(dir, 'unbuilt');
  for (const part of ['bin', 'scripts', 'src', 'package.json']) cpSync(join(install, part), join(empty, part), { recursive: true });
  chmodSync(empty, 0o755);
  const r = run([join(empty, 'bin', 'croupier.js'), '--version'], 'user');
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toBe(
    `croupier: ${empty} has no build (dist/current.json) and this process may not write there: run the upgrade step as the install's owner: cd ${empty} && npm ci --omit=dev\n`,
  );
});
