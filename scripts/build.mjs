// Compiles the CLI (src/cli/main.ts and what it imports) into dist/ with esbuild, so `croupier` starts
// without compiling TypeScript on every run. Runs at `npm ci` (prepare) and, from bin/croupier.js, whenever
// src/ changed since the last build: a clone never needs a build step of its own, and tests run what users run.
//
// Each build goes into its own folder dist/build-<id>/ and then dist/current.json is switched to it with
// one rename, so two processes building at once (tests spawn the CLI in parallel) never see half a build.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// Old builds are removed only when more than KEEP exist and they are a day old: a running process (a daemon
// started before src/ changed) still loads its lazy chunks from the build it started with.
const KEEP = 3;
const PRUNE_AFTER_MS = 24 * 3600_000;

/** What the build depends on: every file under src/ and package.json (newest mtime and count). */
function sourceStamp(root) {
  let newest = statSync(join(root, 'package.json')).mtimeMs;
  let count = 0;
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count++;
    newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return { newest, count };
}

function readPointer(pointer) {
  try {
    return JSON.parse(readFileSync(pointer, 'utf8'));
  } catch {
    return null;
  }
}

/** The entry module of an up-to-date build, building it first if src/ changed. */
export async function ensureBuilt(root = projectRoot) {
  const stamp = sourceStamp(root);
  const current = readPointer(join(root, 'dist', 'current.json'));
  if (current && current.newest === stamp.newest && current.count === stamp.count) {
    return pathToFileURL(join(root, 'dist', current.dir, 'cli', 'main.js')).href;
  }
  return build(root, stamp);
}

export async function build(root = projectRoot, stamp = sourceStamp(root)) {
  const { build: esbuild } = await import('esbuild');
  const dist = join(root, 'dist');
  const pointer = join(dist, 'current.json');
  const dir = `build-${Date.now().toString(36)}-${process.pid}`;
  const out = join(dist, dir);
  await esbuild({
    entryPoints: [join(root, 'src/cli/main.ts')],
    outbase: join(root, 'src'),
    outdir: out,
    bundle: true,
    // Commands import their heavy parts lazily (import()): split chunks keep them out of start-up.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'error',
  });
  mkdirSync(dist, { recursive: true });
  const tmp = `${pointer}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ dir, ...stamp }) + '\n');
  renameSync(tmp, pointer);
  prune(dist, dir);
  return pathToFileURL(join(out, 'cli', 'main.js')).href;
}

function prune(dist, keep) {
  const builds = readdirSync(dist)
    .filter((d) => d.startsWith('build-') && d !== keep)
    .map((d) => ({ d, t: statSync(join(dist, d)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  const old = Date.now() - PRUNE_AFTER_MS;
  for (const { d, t } of builds.slice(KEEP - 1)) if (t < old) rmSync(join(dist, d), { recursive: true, force: true });
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const entry = await build();
  console.error(`croupier: built ${relative(projectRoot, fileURLToPath(entry))}`);
}
