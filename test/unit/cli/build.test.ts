import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { ensureBuilt } from '../../../scripts/build.mjs';

// bin/croupier.js runs dist/, compiled by scripts/build.mjs at `npm ci` and again whenever src/ changed.
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(version: string): string {
  const root = mkdtempSync(join(tmpdir(), 'croupier-build-'));
  dirs.push(root);
  mkdirSync(join(root, 'src', 'cli'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"type":"module"}\n');
  writeFileSync(join(root, 'src', 'cli', 'main.ts'), `const v: string = '${version}';\nconsole.log(v);\n`);
  return root;
}
/** A build's output, run as bin/croupier.js runs it (its files are the functions Node wraps a module in, not scripts). */
const runEntry = (entry: string) => runBuilt(entry).stdout.trim();

test('a clone with no dist/ is compiled on first run, and a second run reuses that build', async () => {
  const root = project('one');
  const first: string = await ensureBuilt(root);
  expect(runEntry(first)).toBe('one');
  expect(await ensureBuilt(root)).toBe(first);
});

test('a source file changed after the build is compiled again before the run', async () => {
  const root = project('one');
  const first: string = await ensureBuilt(root);
  const main = join(root, 'src', 'cli', 'main.ts');
  writeFileSync(main, "console.log('two');\n");
  const later = new Date(Date.now() + 5_000);
  utimesSync(main, later, later);
  const second: string = await ensureBuilt(root);
  expect(second).not.toBe(first);
  expect(runEntry(second)).toBe('two');
});

test('a source file added after the build is compiled too; builds beyond three are removed once an hour old', async () => {
  const root = project('one');
  const builds = () => readdirSync(join(root, 'dist')).filter((d) => d.startsWith('build-'));
  let entry: string = await ensureBuilt(root);
  for (let i = 0; i < 3; i++) {
    writeFileSync(join(root, 'src', `extra${i}.ts`), 'export {};\n');
    const next: string = await ensureBuilt(root);
    expect(next).not.toBe(entry);
    entry = next;
  }
  // Four builds, all fresh: a process started from any of them may still load its chunks.
  expect(builds()).toHaveLength(4);
  const hourAgo = new Date(Date.now() - 61 * 60_000);
  for (const d of builds()) utimesSync(join(root, 'dist', d), hourAgo, hourAgo);
  writeFileSync(join(root, 'src', 'extra9.ts'), 'export {};\n');
  const last: string = await ensureBuilt(root);
  expect(builds()).toHaveLength(3);
  expect(builds().some((d) => last.includes(d))).toBe(true);
});

// bin/croupier.js runs a build as `node scripts/build.mjs --run <entry>` does.
const buildScript = fileURLToPath(new URL('../../../scripts/build.mjs', import.meta.url));
const runBuilt = (entry: string) => spawnSync(process.execPath, [buildScript, '--run', fileURLToPath(entry)], { encoding: 'utf8' });

test('a run marks its build as used while it runs; an old build a live process uses is kept, one whose process is gone is removed', async () => {
  const root = project('one');
  const main = join(root, 'src', 'cli', 'main.ts');
  writeFileSync(
    main,
    "import { readdirSync } from 'node:fs';\nimport { basename, dirname, join } from 'node:path';\nconsole.log(readdirSync(join(__dirname, '..', '.users')).join(','));\n",
  );
  const first: string = await ensureBuilt(root);
  const buildOf = (entry: string) => basename(dirname(fileURLToPath(entry)));
  const run = runBuilt(first);
  expect(run.stdout.trim()).toBe(`${buildOf(first)}.${run.pid}`);
  const users = join(root, 'dist', '.users');
  expect(readdirSync(users)).toEqual([]);
  const entries = [first];
  for (let i = 0; i < 3; i++) {
    writeFileSync(join(root, 'src', `extra${i}.ts`), 'export {};\n');
    entries.push(await ensureBuilt(root));
  }
  // Hours old, the oldest first: the first build used by this process (alive), the second by one that is gone.
  entries.forEach((entry, i) => {
    const then = new Date(Date.now() - (5 - i) * 3600_000);
    utimesSync(dirname(fileURLToPath(entry)), then, then);
  });
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
  writeFileSync(join(users, `${buildOf(entries[0]!)}.${process.pid}`), '');
  writeFileSync(join(users, `${buildOf(entries[1]!)}.${gone}`), '');
  writeFileSync(join(root, 'src', 'extra9.ts'), 'export {};\n');
  const last: string = await ensureBuilt(root);
  const builds = readdirSync(join(root, 'dist')).filter((d) => d.startsWith('build-'));
  expect(builds.sort()).toEqual([...entries.slice(2), last, entries[0]!].map(buildOf).sort());
  expect(readdirSync(users)).toEqual([`${buildOf(entries[0]!)}.${process.pid}`]);
});

test("a build runs with V8's code cache: written at exit when missing, and a damaged one is replaced, with the same output", async () => {
  const root = project('one');
  const entry: string = await ensureBuilt(root);
  const cache = `${fileURLToPath(entry)}.v8cache`;
  // This project has no Cycle 16 fixture to warm the cache up with at build time: the first run makes it.
  expect(existsSync(cache)).toBe(false);
  expect(runBuilt(entry).stdout.trim()).toBe('one');
  expect(readFileSync(cache).length).toBeGreaterThan(0);
  writeFileSync(cache, 'not a code cache');
  const run = runBuilt(entry);
  expect(run.stdout.trim()).toBe('one');
  expect(run.status).toBe(0);
  expect(readFileSync(cache, 'utf8')).not.toBe('not a code cache');
});

test('a build holds only ASCII: what esbuild leaves beyond it is escaped, the program and its source map unchanged in meaning', async () => {
  const root = project('one');
  const main = join(root, 'src', 'cli', 'main.ts');
  // What esbuild's ascii charset leaves as written: a regular-expression literal, a String.raw template given to
  // RegExp (as wikiparser-node does), an identity escape, a character outside the BMP.
  const source = [
    "const probe: string = process.argv[2] ?? '—';",
    'const dash = /^[–—]$/u.test(probe), wide = new RegExp(String.raw`^＿{2}$`, "u").test("＿＿"), same = /\\é/.test("é");',
    "const astral = /^😀$/u.test('😀') && /^😀$/.test('😀');",
    'console.log(dash, wide, same, astral);',
  ];
  writeFileSync(main, `${source.join('\n')}\n`);
  const entry: string = await ensureBuilt(root);
  const file = fileURLToPath(entry);
  const built = readFileSync(file, 'utf8');
  expect(built).toMatch(/^[\x00-\x7F]*$/);
  expect(runBuilt(entry).stdout.trim()).toBe('true true true true');
  // The source map still points `probe` (renamed by the minifier), after the escapes on its line, at `probe` in the source.
  const { SourceMap } = await import('node:module');
  const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')));
  const lines = built.split('\n');
  const line = lines.findIndex((l) => l.includes('\\u2013'));
  const entryOf = map.findEntry(line, lines[line]!.indexOf('.test(', lines[line]!.indexOf('\\u2013')) + '.test('.length);
  expect(entryOf).toMatchObject({ originalLine: 1, originalColumn: source[1]!.indexOf('probe)') });
});

// A function's tier as V8 reports it once asked to optimise it (%GetOptimizationStatus: 1 << 6 TurboFan's code).
const TIER_PROBE = `import { setFlagsFromString } from 'node:v8';
// Set for the probe only, then unset: V8 stamps the code cache made at exit with the flags in force then.
setFlagsFromString('--allow-natives-syntax');
const status = new Function(
  'function hot(n) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }' +
    '%PrepareFunctionForOptimization(hot); hot(10); %OptimizeFunctionOnNextCall(hot); hot(10); return %GetOptimizationStatus(hot);',
)();
setFlagsFromString('--no-allow-natives-syntax');
console.log((status & (1 << 6)) !== 0 ? 'turbofan' : 'baseline');
`;

test("a build's run never optimises with TurboFan; CROUPIER_OPTIMIZE=1 keeps it, and leaves the code cache as the build made it", async () => {
  const root = project('one');
  writeFileSync(join(root, 'src', 'cli', 'main.ts'), TIER_PROBE);
  const entry: string = await ensureBuilt(root);
  const cache = `${fileURLToPath(entry)}.v8cache`;
  const run = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [buildScript, '--run', fileURLToPath(entry)], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  expect(run().stdout.trim()).toBe('baseline');
  const made = readFileSync(cache);
  expect(made.length).toBeGreaterThan(0);
  // Its flags are those the cache was made under: V8 takes it, and nothing is written again.
  expect(run().stdout.trim()).toBe('baseline');
  expect(readFileSync(cache).equals(made)).toBe(true);
  // Keeping TurboFan, V8 refuses that cache: the run compiles without it and writes none, which every other run would refuse.
  for (const env of [{ CROUPIER_OPTIMIZE: '1' }, { CROUPIER_DAEMON_OPTIMIZE: '1' }] as Record<string, string>[]) {
    expect(run(env).stdout.trim()).toBe('turbofan');
    expect(readFileSync(cache).equals(made)).toBe(true);
  }
  rmSync(cache);
  expect(run({ CROUPIER_OPTIMIZE: '1' }).status).toBe(0);
  expect(existsSync(cache)).toBe(false);
});

test('a program compiled with scripts/build.mjs in it (a bench file) runs its own code: no build of the project it sits in', async () => {
  const root = project('one');
  // bench/compiled.ts compiles a bench file that imports build.mjs's exports into one file: there `import.meta.url` is
  // that file's, which is also the process's entry. As there, `require` is made for the CommonJS files it holds
  // (scripts/run-build.cjs).
  writeFileSync(join(root, 'uses-build.mjs'), `import { VENDORED } from ${JSON.stringify(buildScript)};\nconsole.log(VENDORED.includes('zod'));\n`);
  const { build } = await import('esbuild');
  const compiled = join(root, 'out', 'uses-build.mjs');
  await build({
    entryPoints: [join(root, 'uses-build.mjs')],
    outfile: compiled,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    logLevel: 'error',
    banner: { js: "import { createRequire as __testRequire } from 'node:module'; const require = __testRequire(import.meta.url);" },
  });
  const run = spawnSync(process.execPath, [compiled], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('true');
  expect(existsSync(join(root, 'dist'))).toBe(false);
});

test("the build's warm-up makes the code cache under every run's flags, even from a builder's environment that keeps TurboFan", async () => {
  const root = project('one');
  mkdirSync(join(root, 'fixtures', 'cycle16'), { recursive: true });
  writeFileSync(join(root, 'fixtures', 'cycle16', 'ruleset.wikitext'), '== Rules ==\n');
  const kept = process.env.CROUPIER_OPTIMIZE;
  process.env.CROUPIER_OPTIMIZE = '1';
  let entry: string;
  try {
    entry = await ensureBuilt(root);
  } finally {
    if (kept === undefined) delete process.env.CROUPIER_OPTIMIZE;
    else process.env.CROUPIER_OPTIMIZE = kept;
  }
  const cache = `${fileURLToPath(entry)}.v8cache`;
  const made = readFileSync(cache);
  // A run takes it: nothing written again. So does the daemon's, whose garbage collector runs with other flags.
  expect(runBuilt(entry).stdout.trim()).toBe('one');
  expect(readFileSync(cache).equals(made)).toBe(true);
  const daemon = spawnSync(process.execPath, [buildScript, '--run', fileURLToPath(entry), 'daemon'], { encoding: 'utf8' });
  expect(daemon.stdout.trim()).toBe('one');
  expect(readFileSync(cache).equals(made)).toBe(true);
});

test("vendor.cjs holds zod's English messages and none of its other locales: one asked for is loaded from node_modules", async () => {
  const checkout = fileURLToPath(new URL('../../../', import.meta.url));
  const vendor = join(dirname(fileURLToPath(await ensureBuilt(checkout))), 'vendor.cjs');
  const text = readFileSync(vendor, 'latin1');
  expect(text).toContain('Invalid input: expected ');
  expect(text).not.toContain('Entr\\u00e9e invalide');
  expect(text).not.toContain('Entrée invalide');
  // The bundle as loadCached (scripts/run-build.cjs) runs it: the function Node wraps a module in.
  const probe = `const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const vm = require('node:vm');
const file = ${JSON.stringify(vendor)};
const module = { exports: {} };
new vm.Script(readFileSync(file, 'latin1'), { filename: file }).runInThisContext()(module.exports, createRequire(file), module, file, '');
const { z } = module.exports.zod;
const english = z.string().safeParse(1).error.issues[0].message;
const locales = Object.keys(z.locales).length;
z.config(z.locales.fr());
console.log(JSON.stringify([english, locales, z.string().safeParse(1).error.issues[0].message]));`;
  const run = spawnSync(process.execPath, ['-e', probe], { cwd: checkout, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  const [english, locales, french] = JSON.parse(run.stdout);
  expect(english).toBe('Invalid input: expected string, received number');
  expect(locales).toBeGreaterThan(40);
  expect(french).toMatch(/^Entrée invalide/);
});

test('a build made before bundles were written as wrapped functions still runs: an install pulled without its upgrade step runs its old build', async () => {
  const root = project('one');
  const entry = fileURLToPath(await ensureBuilt(root));
  // What scripts/build.mjs wrote before: a plain CommonJS file, using what Node's wrapper gives it.
  writeFileSync(entry, "console.log(require('node:path').basename(__filename), typeof module.exports);\n");
  rmSync(`${entry}.v8cache`, { force: true });
  const run = spawnSync(process.execPath, [buildScript, '--run', entry], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout.trim()).toBe('croupier.cjs object');
});
