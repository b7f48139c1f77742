// What every start of croupier runs (bin/croupier.js): the build of the CLI to run — made first by build.mjs when
// src/ changed in a checkout this process may write — and its run, its bundles loaded on first use with their V8
// code caches (build.mjs says how a build is made). CommonJS, as bin/croupier.js: an entry that is an ES module has
// Node start its ES module loader first, ~15 ms of CPU and ~30 ms of wall time in every run.
'use strict';
const { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { basename, dirname, join } = require('node:path');
const { fileURLToPath, pathToFileURL } = require('node:url');
const v8 = require('node:v8');
const vm = require('node:vm');

// The checkout or install this file belongs to, and the script that builds it: functions, as a program compiled
// with this file in it (a bench's, bench/compiled.ts) may have no __dirname of this file's.
const projectRoot = () => join(__dirname, '..');
const buildScript = () => join(__dirname, 'build.mjs');

// Old builds are removed beyond the KEEP newest, once an hour old and used by no live process: a running process (a
// daemon started before src/ changed) still loads its lazy bundles, source maps and code caches from the build it
// started with. Each process that runs a build marks itself in dist/.users/ (`<build>.<pid>`) when it may write there;
// the hour covers one that may not, and the moment between reading dist/current.json and marking.
const KEEP = 3;
const PRUNE_AFTER_MS = 3600_000;
const USERS = '.users';
const ENTRY = 'croupier.cjs';
const PARSER = 'parser.cjs';
const VENDOR = 'vendor.cjs';
const WIKI = 'wiki.cjs';
// Packages compiled into parser.cjs: wikiparser-node and its small dependencies. src/ requires it through a stand-in
// (build.mjs, lazyRequires) that loads it at a page's first section needing a parse: a page of prose and plain tables, as the
// fixtures' rulesets mostly are, is read without it (src/parse/prose.ts), and its load was ~1/5 of `croupier parse`.
const PARSER_PACKAGES = ['wikiparser-node', '@bhsd/common', '@bhsd/cm-util', '@bhsd/nodejs', 'entities', 'binary-search'];
// Packages compiled into vendor.cjs: pure-JS libraries (lowdb is ESM-only: a CommonJS file cannot require it from
// node_modules). commander goes into croupier.cjs (every run needs it), and so does wikiparser-node's configuration
// (a JSON file the prose reader needs without the parser). Everything else is required from node_modules as
// before: mwn, pino (its transports run files by path), node-cron, proper-lockfile, and what wikiparser-node loads
// only for features the bot does not use (typescript…).
const LIBRARIES = ['zod', 'diff', 'pure-rand', 'lowdb', 'steno', 'date-fns', '@date-fns/utc'];
/** The packages compiled into the lazily loaded bundles parser.cjs and vendor.cjs. */
const VENDORED = [...PARSER_PACKAGES, ...LIBRARIES];
// Packages compiled into wiki.cjs with everything they require (mwn: axios, tough-cookie, form-data… ~110 files).
const WIKI_CLIENT = ['mwn'];
/**
 * The lazily loaded bundles of a build, and the packages each serves: parser.cjs and vendor.cjs compile only those
 * packages (the ones they require stay `require`s), wiki.cjs its packages with everything they require (only
 * Node's own modules stay outside).
 */
const BUNDLES = [
  { file: PARSER, packages: PARSER_PACKAGES, withDependencies: false },
  { file: VENDOR, packages: LIBRARIES, withDependencies: false },
  { file: WIKI, packages: WIKI_CLIENT, withDependencies: true },
];
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
/** What the build depends on: every file under src/, package.json and the build's scripts (newest mtime and count). */
function sourceStamp(root) {
  // The scripts too: a build they made differently (a pull that changed them) is made again.
  let newest = Math.max(statSync(join(root, 'package.json')).mtimeMs, statSync(__filename).mtimeMs, statSync(buildScript()).mtimeMs);
  let count = 0;
  // Paths joined as strings: path.join's normalising, in a process just started, was half of this check (~9 ms).
  for (const entry of readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count++;
    const mtime = statSync(`${entry.parentPath}/${entry.name}`).mtimeMs;
    if (mtime > newest) newest = mtime;
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

/** Whether this process may write into `dir` (false on a read-only mount, or a directory owned by another user). */
function writable(dir) {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** What an install that cannot build says: how to build it (the upgrade step of the README). */
const UPGRADE_STEP = 'npm ci --omit=dev';

/**
 * The entry module of the build to run: built first if src/ changed and the checkout is writable; in an
 * install this process may not write, the build it has (`warn` says when src/ is newer than it).
 */
async function ensureBuilt(root = projectRoot(), warn = (message) => process.stderr.write(`${message}\n`)) {
  const stamp = sourceStamp(root);
  const dist = join(root, 'dist');
  const current = readPointer(join(dist, 'current.json'));
  const entryOf = (c) => pathToFileURL(join(dist, c.dir, ENTRY)).href;
  if (current && current.newest === stamp.newest && current.count === stamp.count) return entryOf(current);
  if (writable(existsSync(dist) ? dist : root)) return (await import(pathToFileURL(buildScript()).href)).build(root, stamp);
  const how = `run the upgrade step as the install's owner: cd ${root} && ${UPGRADE_STEP}`;
  if (current === null) throw new Error(`${root} has no build (dist/current.json) and this process may not write there: ${how}`);
  warn(`croupier: warning: src/ changed since the build ${current.dir}, which runs: ${how}`);
  return entryOf(current);
}

/**
 * Runs a build's entry (a file URL or path) in this process: the packages of its bundles (parser.cjs, vendor.cjs,
 * wiki.cjs) are required from them, each bundle loaded at the first require of one of its packages, the others from
 * node_modules. Gives back the require it ran the entry with.
 */
function runBuilt(entry) {
  const write = baselineCompiler();
  const file = entry.startsWith('file:') ? fileURLToPath(entry) : entry;
  markUser(dirname(dirname(file)), basename(dirname(file)));
  const fromNodeModules = Module.createRequire(file);
  const loaded = new Map();
  const require = Object.assign(
    (id) => {
      const bundle = BUNDLES.find((b) => b.packages.includes(packageOf(id)));
      if (bundle === undefined) return fromNodeModules(id);
      const bundleFile = join(dirname(file), bundle.file);
      if (!loaded.has(bundle.file)) loaded.set(bundle.file, existsSync(bundleFile) ? loadCached(bundleFile, fromNodeModules, write) : {});
      const exports = loaded.get(bundle.file);
      if (!Object.hasOwn(exports, id)) return fromNodeModules(id);
      served.add(id);
      return exports[id];
    },
    { resolve: fromNodeModules.resolve, cache: fromNodeModules.cache },
  );
  loadCached(file, require, write);
  return require;
}

/**
 * Whether a process keeps V8's optimising compiler, TurboFan. Every process that runs a build (a command, the
 * daemon, the build's warm-up) runs its code with V8's baseline compiler (Sparkplug) at most: a command is over
 * before most of what TurboFan compiles pays back (a cold `parse --json` of the Cycle 16 ruleset, or a rollover of
 * the example page, ~25% less CPU; the same wall time on two cores, where TurboFan compiles on the other), and the
 * daemon's heap stays flat without it (docs/performance.md). CROUPIER_OPTIMIZE=1, or the daemon's older
 * CROUPIER_DAEMON_OPTIMIZE=1, keeps it, for pages far larger than a game's (a rollover of a 100-player × 60-card
 * page took ~1.2–1.5× the wall time without it). The flag is set before the first bundle is compiled: V8 stamps a
 * code cache with the flags in force when it is made and refuses one stamped otherwise, so the caches are made (at
 * build time) and read under the same flags; a process that keeps TurboFan has its caches refused, and writes none
 * (every other process would refuse it).
 */
function optimising(env = process.env) {
  return env.CROUPIER_OPTIMIZE === '1' || env.CROUPIER_DAEMON_OPTIMIZE === '1';
}

/** V8's flags in every run of a build (but one `optimising`), the daemon's and the build's warm-up included. */
const BASELINE_FLAGS = ['--max-opt=1'];
/**
 * And in a command's run, not the daemon's: V8's garbage collector on the main thread only (no parallel scavenges, no
 * concurrent marking or sweeping). A cold `parse --json` spent ~3% more CPU handing its small heap's work to helper
 * threads; the daemon, whose heap lives for weeks, keeps them (without, its RSS over 1,000 ticks grew 5.2 MB, 4.2 with:
 * one bench run each).
 * Code caches do not depend on these flags. The daemon is told by its word on the command line: a game named
 * "daemon" would give a command the daemon's collector, nothing else.
 */
const COMMAND_FLAGS = ['--no-parallel-scavenge', '--no-concurrent-marking', '--no-concurrent-sweeping'];

/** V8's baseline compiler made the highest tier of this process, unless it is `optimising`: true when it was. */
function baselineCompiler(env = process.env, args = process.argv.slice(2)) {
  if (optimising(env)) return false;
  v8.setFlagsFromString([...BASELINE_FLAGS, ...(args.includes('daemon') ? [] : COMMAND_FLAGS)].join(' '));
  return true;
}

/** The packages this process was given from a build's bundles (the others are Node's `require`'s to see). */
const served = new Set();

/**
 * The code caches of a build's file, in the order they are tried: `<file>.v8cache` beside it (made at build
 * time), then one in $CACHE_DIRECTORY; and where a missing or rejected one is written: beside the file when
 * this process may write there, else in $CACHE_DIRECTORY when set, else nowhere (never into an install).
 */
function cacheFiles(file, cacheDirectory = process.env.CACHE_DIRECTORY) {
  const beside = `${file}.v8cache`;
  // systemd may list several directories, separated by colons: the first is ours.
  const dir = cacheDirectory?.split(':')[0];
  const spare = dir ? join(dir, `${basename(dirname(file))}-${basename(file)}.v8cache`) : undefined;
  return { read: spare ? [beside, spare] : [beside], write: writable(dirname(file)) ? beside : spare };
}

/**
 * A CommonJS file's exports, compiled with the first of its code caches V8 accepts. When none is accepted,
 * a cache is written at exit (cacheFiles), with every function this run compiled — unless `write` is false.
 */
function loadCached(file, require, write) {
  const caches = cacheFiles(file);
  // Every bundle is ASCII (asciiOnly): read as Latin-1, the same string, made faster than from UTF-8. It is the
  // function Node wraps a CommonJS module in (build.mjs writes it so); a build made before is wrapped here (an
  // install pulled without its upgrade step runs the build it has).
  const text = readFileSync(file, 'latin1');
  const source = text.startsWith(Module.wrapper[0]) ? text : Module.wrap(text);
  const compile = (cachedData) => new vm.Script(source, { filename: file, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  let script;
  for (const cacheFile of caches.read) {
    let cachedData;
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      continue;
    }
    script = compile(cachedData);
    if (!script.cachedDataRejected) break;
  }
  if (script === undefined || script.cachedDataRejected) {
    script ??= compile(undefined);
    const cacheFile = write ? caches.write : undefined;
    if (cacheFile !== undefined)
      process.once('exit', () => {
        try {
          const tmp = `${cacheFile}.${process.pid}.tmp`;
          writeFileSync(tmp, script.createCachedData());
          renameSync(tmp, cacheFile);
        } catch {
          // Without a cache, a start is slower, nothing else.
        }
      });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
  return module.exports;
}

/** Marks this process as a user of `build` until it exits, when it may write into `dist` (never into an install). */
function markUser(dist, build) {
  if (!writable(dist)) return;
  const marker = join(dist, USERS, `${build}.${process.pid}`);
  try {
    mkdirSync(join(dist, USERS), { recursive: true });
    writeFileSync(marker, '');
    process.once('exit', () => rmSync(marker, { force: true }));
  } catch {
    // Unmarked, its build is kept for its first hour only.
  }
}

/** The builds a live process marked; the marks of processes gone (killed before their exit) are removed. */
function liveUsers(dist) {
  const dir = join(dist, USERS);
  const used = new Set();
  for (const mark of existsSync(dir) ? readdirSync(dir) : []) {
    const dot = mark.lastIndexOf('.');
    if (alive(Number(mark.slice(dot + 1)))) used.add(mark.slice(0, dot));
    else rmSync(join(dir, mark), { force: true });
  }
  return used;
}

/** Whether a process of that id runs (signal 0 sends nothing; EPERM: it runs as another user). */
function alive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

module.exports = {
  BASELINE_FLAGS,
  KEEP,
  PRUNE_AFTER_MS,
  USERS,
  ENTRY,
  BUNDLES,
  VENDORED,
  WIKI_CLIENT,
  packageOf,
  sourceStamp,
  UPGRADE_STEP,
  ensureBuilt,
  runBuilt,
  baselineCompiler,
  served,
  cacheFiles,
  writable,
  liveUsers,
};
