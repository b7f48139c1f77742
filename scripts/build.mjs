// Compiles the CLI (src/cli/main.ts and what it imports) into dist/ with esbuild, so `croupier` starts
// without compiling TypeScript on every run. Runs at `npm ci` (prepare: the install and upgrade step) and,
// from bin/croupier.js, whenever src/ changed since the last build in a checkout this process may write
// (a development clone: no build step of its own, and tests run what users run). An install it may not write
// (root-owned, run by a service user, or read-only under systemd's ProtectSystem=strict) is never written at
// run time: it runs the build it has, saying when src/ is newer (a pull without the upgrade step).
//
// The build is three CommonJS files run through vm.Script with V8's code cache: croupier.cjs (src/ and
// commander), vendor.cjs (the parser, zod and the other pure-JS libraries) and wiki.cjs (the wiki client, mwn,
// with its HTTP stack and cookie jar), each of the last two loaded only when a command first requires one of its
// packages — resolving and compiling their hundred-odd files each was a third of `croupier parse` and ~190 ms
// of every command that talks to the wiki. The functions a first run compiled are stored beside each file (made
// at build time by one `parse` of the Cycle 16 fixture, with the wiki client loaded) and not compiled again; a
// cache V8 rejects (another Node version) is made anew at exit — beside the build where this process may write,
// else in $CACHE_DIRECTORY (systemd's CacheDirectory=), else not at all.
//
// Each build goes into its own folder dist/build-<id>/ and then dist/current.json is switched to it with
// one rename, so two processes building at once (tests spawn the CLI in parallel) never see half a build.
import { accessSync, constants, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// Old builds are removed beyond the KEEP newest, once an hour old and used by no live process: a running process (a
// daemon started before src/ changed) still loads its lazy bundles, source maps and code caches from the build it
// started with. Each process that runs a build marks itself in dist/.users/ (`<build>.<pid>`) when it may write there;
// the hour covers one that may not, and the moment between reading dist/current.json and marking.
const KEEP = 3;
const PRUNE_AFTER_MS = 3600_000;
const USERS = '.users';
const ENTRY = 'croupier.cjs';
const VENDOR = 'vendor.cjs';
const WIKI = 'wiki.cjs';
// Packages compiled into vendor.cjs: what `parse` loads (wikiparser-node and its small dependencies) and
// pure-JS libraries (lowdb is ESM-only: a CommonJS file cannot require it from node_modules). commander
// goes into croupier.cjs (every run needs it). Everything else is required from node_modules as before:
// mwn, pino (its transports run files by path), node-cron, proper-lockfile, and what wikiparser-node
// loads only for features the bot does not use (typescript…).
export const VENDORED = [
  'wikiparser-node',
  '@bhsd/common',
  '@bhsd/cm-util',
  '@bhsd/nodejs',
  'entities',
  'binary-search',
  'zod',
  'diff',
  'pure-rand',
  'lowdb',
  'steno',
  'date-fns',
  '@date-fns/utc',
];
// Packages compiled into wiki.cjs with everything they require (mwn: axios, tough-cookie, form-data… ~110 files).
export const WIKI_CLIENT = ['mwn'];
/**
 * The lazily loaded bundles of a build, and the packages each serves: vendor.cjs compiles only those packages (the
 * ones they require stay `require`s), wiki.cjs its packages with everything they require (only Node's own modules
 * stay outside).
 */
const BUNDLES = [
  { file: VENDOR, packages: VENDORED, withDependencies: false },
  { file: WIKI, packages: WIKI_CLIENT, withDependencies: true },
];
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
/** Bare imports stay `require`s, except those of the packages in `bundled`; the vendored ones are recorded. */
export const bundleOnly = (bundled, vendored) => ({
  name: 'bundle-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || bundled.includes(packageOf(args.path))) return undefined;
      if (VENDORED.includes(packageOf(args.path)) || WIKI_CLIENT.includes(packageOf(args.path))) vendored?.add(args.path);
      return { path: args.path, external: true };
    });
  },
});

/**
 * Node's modules that the bundled packages require when loaded but use only for what croupier does not run:
 * commander's subcommands run as executables (child_process), wikiparser-node's language server and config
 * tool (child_process, inspector/promises, worker_threads) and its debug assertions (assert/strict). Loading
 * them was ~5–6 ms of CPU in each `croupier parse` (child_process in every start). A package's require of one
 * gets a stand-in that loads it on first use: a property read or a call (assert is called). Modules under
 * src/ require Node's modules as written.
 */
const LAZY_BUILTINS = ['child_process', 'inspector/promises', 'assert/strict', 'worker_threads'];
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (!LAZY_BUILTINS.includes(name) || !/[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
      return { path: name, namespace: 'lazy-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      // An arrow function as the target: a call goes through too, and it has no fixed prototype to report.
      // __esModule is answered without loading (TypeScript's __importDefault asks it at the require).
      contents: `let loaded; const load = () => (loaded ??= require(${JSON.stringify(`node:${args.path}`)}));
module.exports = new Proxy(() => {}, { get: (_, key) => (key === '__esModule' ? undefined : load()[key]), apply: (_, self, args) => Reflect.apply(load(), self, args) });`,
      loader: 'js',
    }));
  },
};

/** What the build depends on: every file under src/, package.json and this script (newest mtime and count). */
function sourceStamp(root) {
  // This script too: a build it made differently (a pull that changed it) is made again.
  let newest = Math.max(statSync(join(root, 'package.json')).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs);
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
export const UPGRADE_STEP = 'npm ci --omit=dev';

/**
 * The entry module of the build to run: built first if src/ changed and the checkout is writable; in an
 * install this process may not write, the build it has (`warn` says when src/ is newer than it).
 */
export async function ensureBuilt(root = projectRoot, warn = (message) => process.stderr.write(`${message}\n`)) {
  const stamp = sourceStamp(root);
  const dist = join(root, 'dist');
  const current = readPointer(join(dist, 'current.json'));
  const entryOf = (c) => pathToFileURL(join(dist, c.dir, ENTRY)).href;
  if (current && current.newest === stamp.newest && current.count === stamp.count) return entryOf(current);
  if (writable(existsSync(dist) ? dist : root)) return build(root, stamp);
  const how = `run the upgrade step as the install's owner: cd ${root} && ${UPGRADE_STEP}`;
  if (current === null) throw new Error(`${root} has no build (dist/current.json) and this process may not write there: ${how}`);
  warn(`croupier: warning: src/ changed since the build ${current.dir}, which runs: ${how}`);
  return entryOf(current);
}

export async function build(root = projectRoot, stamp = sourceStamp(root)) {
  // Loaded here, not at the top: every run of bin/croupier.js imports this file, and node:child_process is
  // needed only by a build.
  const [{ build: esbuild }, { spawnSync }] = await Promise.all([import('esbuild'), import('node:child_process')]);
  const dist = join(root, 'dist');
  const pointer = join(dist, 'current.json');
  const dir = `build-${Date.now().toString(36)}-${process.pid}`;
  const out = join(dist, dir);
  const entry = join(out, ENTRY);
  // Minified but for names (wikiparser-node and zod read constructors' names): a third less to read at each start.
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    minifyWhitespace: true,
    minifySyntax: true,
  };
  const vendored = new Set();
  await esbuild({
    ...common,
    entryPoints: [join(root, 'src/cli/main.ts')],
    outfile: entry,
    plugins: [lazyBuiltins, bundleOnly(['commander'], vendored)],
    // import.meta.url (version.ts) is the bundle's own URL.
    define: { 'import.meta.url': '__croupier_import_meta_url' },
    banner: { js: "var __croupier_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  });
  // Each bundle exports every specifier src/ imports of its packages, evaluated on first access.
  const exportsOf = (specs) =>
    specs
      .map((spec) => `Object.defineProperty(exports, ${JSON.stringify(spec)}, { enumerable: true, get: () => require(${JSON.stringify(spec)}) });`)
      .join('\n');
  for (const { file, packages, withDependencies } of BUNDLES) {
    const specs = [...vendored].filter((spec) => packages.includes(packageOf(spec))).sort();
    await esbuild({
      ...common,
      stdin: { contents: exportsOf(specs), resolveDir: root, sourcefile: file.replace(/\.cjs$/, '.js') },
      outfile: join(out, file),
      plugins: withDependencies ? [lazyBuiltins] : [lazyBuiltins, bundleOnly(packages)],
    });
  }
  for (const file of [entry, ...BUNDLES.map((b) => join(out, b.file))]) asciiOnly(file);
  // The code cache: one parse of the Cycle 16 fixture compiles what `parse` and the games need; the wiki client
  // is loaded and made in the same run (no request) for wiki.cjs's.
  const fixture = join(root, 'fixtures', 'cycle16', 'ruleset.wikitext');
  if (existsSync(fixture)) {
    // Under the flags every run has (optimising): not those of a builder's environment that keeps TurboFan.
    const env = { ...process.env, CROUPIER_OPTIMIZE: '', CROUPIER_DAEMON_OPTIMIZE: '' };
    spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--warm', entry, 'parse', fixture, '--json'], { cwd: root, stdio: 'ignore', env });
  }
  mkdirSync(dist, { recursive: true });
  const tmp = `${pointer}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ dir, ...stamp }) + '\n');
  renameSync(tmp, pointer);
  prune(dist, dir);
  return pathToFileURL(entry).href;
}

/**
 * A bundle's characters beyond ASCII written as `\u` escapes, its source map's columns moved to match. esbuild's
 * ascii charset escapes them in strings and identifiers but not in regular-expression literals, `String.raw`
 * templates (wikiparser-node's full-width `＿`, `：`… which all reach `RegExp`, where an escape means the same) and
 * comments. One such character made V8 hold the whole source as two bytes a character, for as long as the process
 * runs (the scripts keep it to compile lazily): ~10 MB of RSS for the two bundles (docs/performance.md).
 */
export function asciiOnly(file) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const shifts = new Map(); // line → [column, added] of each escape, in order
  const out = lines.map((line, i) => {
    let added = 0;
    const at = [];
    const escaped = line.replace(/(\\*)([^\x00-\x7F])/g, (_, slashes, c, column) => {
      // `\é` (an identity escape, in a regular expression) is `é`: its backslash goes with the escape.
      const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
      const code = `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
      added += kept.length + code.length - slashes.length - 1;
      at.push([column + slashes.length, added]);
      return kept + code;
    });
    if (at.length > 0) shifts.set(i, at);
    return escaped;
  });
  if (shifts.size === 0) return;
  writeFileSync(file, out.join('\n'));
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  map.mappings = map.mappings
    .split(';')
    .map((segments, i) => {
      const at = shifts.get(i);
      if (at === undefined || segments === '') return segments;
      // A segment's first field is its column, relative to the line's previous segment: each is re-encoded.
      let column = 0;
      let moved = 0;
      return segments
        .split(',')
        .map((segment) => {
          const { value, length } = vlqDecode(segment);
          column += value;
          const shift = at.findLast(([c]) => c < column)?.[1] ?? 0;
          const delta = column + shift - moved;
          moved = column + shift;
          return vlqEncode(delta) + segment.slice(length);
        })
        .join(',');
    })
    .join(';');
  writeFileSync(mapFile, JSON.stringify(map));
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The first value of a source map segment, and how many characters it took. */
function vlqDecode(segment) {
  let value = 0;
  let shift = 0;
  let i = 0;
  for (;;) {
    const digit = BASE64.indexOf(segment[i++]);
    value += (digit & 31) << shift;
    shift += 5;
    if ((digit & 32) === 0) break;
  }
  return { value: value & 1 ? -(value >>> 1) : value >>> 1, length: i };
}

function vlqEncode(n) {
  let value = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = '';
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    out += BASE64[digit];
  } while (value > 0);
  return out;
}

/**
 * Runs a build's entry (a file URL or path) in this process: the packages of its bundles (vendor.cjs, wiki.cjs)
 * are required from them, each bundle loaded at the first require of one of its packages, the others from
 * node_modules. Gives back the require it ran the entry with.
 */
export function runBuilt(entry) {
  const write = baselineCompiler();
  const file = entry.startsWith('file:') ? fileURLToPath(entry) : entry;
  markUser(dirname(dirname(file)), basename(dirname(file)));
  const fromNodeModules = createRequire(file);
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

/** V8's baseline compiler made the highest tier of this process, unless it is `optimising`: true when it was. */
export function baselineCompiler(env = process.env) {
  if (optimising(env)) return false;
  v8.setFlagsFromString('--max-opt=1');
  return true;
}

/** The packages this process was given from a build's bundles (the others are Node's `require`'s to see). */
export const served = new Set();

/**
 * The code caches of a build's file, in the order they are tried: `<file>.v8cache` beside it (made at build
 * time), then one in $CACHE_DIRECTORY; and where a missing or rejected one is written: beside the file when
 * this process may write there, else in $CACHE_DIRECTORY when set, else nowhere (never into an install).
 */
export function cacheFiles(file, cacheDirectory = process.env.CACHE_DIRECTORY) {
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
  // Every bundle is ASCII (asciiOnly): read as Latin-1, the same string, made faster than from UTF-8.
  const source = Module.wrap(readFileSync(file, 'latin1'));
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

function prune(dist, keep) {
  const used = liveUsers(dist);
  const builds = readdirSync(dist)
    .filter((d) => d.startsWith('build-') && d !== keep)
    .map((d) => ({ d, t: statSync(join(dist, d)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  const old = Date.now() - PRUNE_AFTER_MS;
  for (const { d, t } of builds.slice(KEEP - 1)) if (t < old && !used.has(d)) rmSync(join(dist, d), { recursive: true, force: true });
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

// Only as the process's entry, and only as this file: a bench file compiled with it inlined (bench/compiled.ts) has
// the same import.meta.url as its entry, and ran a whole build as it started.
if (process.argv[1] && basename(fileURLToPath(import.meta.url)) === 'build.mjs' && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  if (process.argv[2] === '--run') {
    // `node scripts/build.mjs --run <entry> <command…>`: a build's run, as bin/croupier.js runs it.
    process.argv.splice(1, 2);
    runBuilt(process.argv[1]);
  } else if (process.argv[2] === '--warm') {
    // `node scripts/build.mjs --warm <entry> <command…>`: the build's warm-up run, as bin/croupier.js runs it, with
    // the wiki client loaded and made (no request) for wiki.cjs's code cache.
    process.argv.splice(1, 2);
    const { Mwn } = runBuilt(process.argv[1])('mwn');
    new Mwn({ apiUrl: 'http://127.0.0.1/api.php', silent: true });
  } else {
    const entry = await build();
    console.error(`croupier: built ${relative(projectRoot, fileURLToPath(entry))}`);
  }
}
