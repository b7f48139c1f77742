// Compiles the CLI (src/cli/main.ts and what it imports) into dist/ with esbuild, so `croupier` starts
// without compiling TypeScript on every run. Runs at `npm ci` (prepare: the install and upgrade step) and,
// from bin/croupier.js (run-build.cjs), whenever src/ changed since the last build in a checkout this process may
// write (a development clone: no build step of its own, and tests run what users run). An install it may not write
// (root-owned, run by a service user, or read-only under systemd's ProtectSystem=strict) is never written at
// run time: it runs the build it has, saying when src/ is newer (a pull without the upgrade step).
//
// The build is four CommonJS files run through vm.Script with V8's code cache (run-build.cjs runs them):
// croupier.cjs (src/ and commander), parser.cjs (wikiparser-node), vendor.cjs (zod and the other pure-JS libraries)
// and wiki.cjs (the wiki client, mwn, with its HTTP stack and cookie jar), each of the last three loaded only when a
// command first requires one of its packages — resolving and compiling their hundred-odd files each was a third of
// `croupier parse` and ~190 ms of every command that talks to the wiki. The functions a first run compiled are stored
// beside each file (made at build time by one `parse` of the Cycle 16 fixture, with the wiki client loaded and the
// fixture parsed by wikiparser-node) and not compiled again; a cache V8 rejects (another Node version) is made anew at
// exit — beside the build where this process may write, else in $CACHE_DIRECTORY (systemd's CacheDirectory=), else
// not at all.
//
// Each build goes into its own folder dist/build-<id>/ and then dist/current.json is switched to it with
// one rename, so two processes building at once (tests spawn the CLI in parallel) never see half a build.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import run from './run-build.cjs';

export const { ensureBuilt, runBuilt, baselineCompiler, served, cacheFiles, UPGRADE_STEP, VENDORED, WIKI_CLIENT, BASELINE_FLAGS } = run;
const { KEEP, PRUNE_AFTER_MS, ENTRY, BUNDLES, packageOf, sourceStamp, liveUsers } = run;
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
// Files of vendored packages compiled into croupier.cjs itself.
const INLINED = ['wikiparser-node/config/default.json'];
/** Bare imports stay `require`s, except those of the packages (or files) in `bundled`; the vendored ones are recorded. */
export const bundleOnly = (bundled, vendored) => ({
  name: 'bundle-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || bundled.includes(packageOf(args.path)) || bundled.includes(args.path)) return undefined;
      if (VENDORED.includes(packageOf(args.path)) || WIKI_CLIENT.includes(packageOf(args.path))) vendored?.add(args.path);
      return { path: args.path, external: true };
    });
  },
});

/**
 * Modules required when their requirer is loaded but used only later, or never: each require gets a stand-in that
 * loads the module on first use (a property read or write, or a call).
 * - Node's modules that the bundled packages require for what croupier does not run: commander's subcommands run
 *   as executables (child_process), wikiparser-node's language server and config tool (child_process,
 *   inspector/promises, worker_threads) and its debug assertions (assert/strict): ~5–6 ms of CPU in each
 *   `croupier parse` (child_process in every start).
 * - wikiparser-node, as src/ requires it (src/parse/parser.ts): parser.cjs is loaded at the first parse. Only as a
 *   default import: esbuild's interop copies a module's own keys when it is required, and the stand-in shows none.
 * Other modules under src/ require Node's modules as written.
 */
const LAZY_BUILTINS = ['child_process', 'inspector/promises', 'assert/strict', 'worker_threads'];
const LAZY_PACKAGES = ['wikiparser-node'];
/** The stand-ins of LAZY_BUILTINS, and of `packages` when required from outside node_modules (the entry's src/). */
const lazyRequires = (packages = []) => ({
  name: 'lazy-requires',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z_/-]+$/ }, (args) => {
      if (args.namespace === 'lazy') return undefined; // the stand-in's own require
      const name = args.path.replace(/^node:/, '');
      const fromPackage = /[\\/]node_modules[\\/]/.test(args.importer);
      if (fromPackage ? LAZY_BUILTINS.includes(name) : packages.includes(args.path))
        return { path: fromPackage ? `node:${name}` : args.path, namespace: 'lazy' };
      return undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({
      // An arrow function as the target: a call goes through too, and it has no fixed prototype to report.
      // __esModule is answered without loading (TypeScript's __importDefault and esbuild's __toESM ask it at the
      // require; neither module sets it).
      contents: `let loaded; const load = () => (loaded ??= require(${JSON.stringify(args.path)}));
module.exports = new Proxy(() => {}, {
  get: (_, key) => (key === '__esModule' ? undefined : load()[key]),
  set: (_, key, value) => Reflect.set(load(), key, value),
  apply: (_, self, args) => Reflect.apply(load(), self, args),
});`,
      loader: 'js',
    }));
  },
});

/**
 * zod's locales but English, required from node_modules at their first use instead of compiled into vendor.cjs:
 * its locales index requires all ~60 (half of zod's code) when zod loads, and the bot words its errors in English
 * (zod's default, which zod requires by itself). A locale's own requires then load a second copy of zod's small
 * utilities, from node_modules: nothing of ours asks for one.
 */
const zodLocalesOnUse = {
  name: 'zod-locales-on-use',
  setup(b) {
    b.onResolve({ filter: /^zod\/v4\/locales\/[\w-]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.cjs$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const required = /var (\w+) = require\("\.\/([\w-]+)\.cjs"\);/g;
      const names = [...text.matchAll(required)].map((m) => m[1]);
      // The build fails rather than ship zod's locales whole, or broken, if zod writes this file otherwise.
      if (names.length < 10 || !names.every((n) => text.includes(`__importDefault(${n}).default`)))
        throw new Error(`zod's ${args.path} is not as this plugin knows it: update zodLocalesOnUse (scripts/build.mjs)`);
      const contents = text
        .replace(required, (_, name, file) => `var ${name}, ${name}_file = "zod/v4/locales/${file}.cjs";`)
        .replace(/__importDefault\((\w+)\)\.default/g, (_, name) => `__importDefault(${name} ??= require(${name}_file)).default`)
        // zod "seals" the exports by reading each getter, which would load every locale: frozen with the getters kept.
        .replace(/\/\/ seal-cjs-exports\n[\s\S]*$/, 'Object.freeze(exports);\n');
      return { contents, loader: 'js' };
    });
  },
};

export async function build(root = projectRoot, stamp = sourceStamp(root)) {
  // Loaded here, not at the top: every run of bin/croupier.js imports this file, and node:child_process is
  // needed only by a build.
  const [{ build: esbuild }, { spawnSync }] = await Promise.all([import('esbuild'), import('node:child_process')]);
  const dist = join(root, 'dist');
  const pointer = join(dist, 'current.json');
  const dir = `build-${Date.now().toString(36)}-${process.pid}`;
  const out = join(dist, dir);
  const entry = join(out, ENTRY);
  // Minified, local names too, with the names functions and classes report kept (keepNames: wikiparser-node, zod and
  // commander read constructors' names): about half as much to read and make into a string at each start.
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'error',
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    keepNames: true,
    // Each file is the function Node wraps a CommonJS module in (run-build.cjs's loadCached calls it): V8 compiles
    // the text as read, where a wrapper joined at run time was a copy of the whole file (~1 MB) in every start.
    banner: { js: Module.wrapper[0] },
    footer: { js: Module.wrapper[1] },
  };
  const vendored = new Set();
  await esbuild({
    ...common,
    entryPoints: [join(root, 'src/cli/main.ts')],
    outfile: entry,
    plugins: [lazyRequires(LAZY_PACKAGES), bundleOnly(['commander', ...INLINED], vendored)],
    // import.meta.url (version.ts) is the bundle's own URL.
    define: { 'import.meta.url': '__croupier_import_meta_url' },
    banner: { js: `${common.banner.js}var __croupier_import_meta_url = require('node:url').pathToFileURL(__filename).href;` },
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
      plugins: withDependencies ? [lazyRequires()] : [lazyRequires(), zodLocalesOnUse, bundleOnly(packages)],
    });
  }
  for (const file of [entry, ...BUNDLES.map((b) => join(out, b.file))]) asciiOnly(file);
  // The code cache: one parse of the Cycle 16 fixture compiles what `parse` and the games need; the wiki client
  // is loaded and made in the same run (no request) for wiki.cjs's, and the fixture parsed by wikiparser-node for
  // parser.cjs's (the command reads it without one).
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

function prune(dist, keep) {
  const used = liveUsers(dist);
  const builds = readdirSync(dist)
    .filter((d) => d.startsWith('build-') && d !== keep)
    .map((d) => ({ d, t: statSync(join(dist, d)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  const old = Date.now() - PRUNE_AFTER_MS;
  for (const { d, t } of builds.slice(KEEP - 1)) if (t < old && !used.has(d)) rmSync(join(dist, d), { recursive: true, force: true });
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
    // the wiki client loaded and made (no request) for wiki.cjs's code cache, and wikiparser-node's parse of the
    // command's page (its .wikitext argument) for parser.cjs's: the page may be read without it (src/parse/prose.ts).
    process.argv.splice(1, 2);
    const require = runBuilt(process.argv[1]);
    const { Mwn } = require('mwn');
    new Mwn({ apiUrl: 'http://127.0.0.1/api.php', silent: true });
    const Parser = require('wikiparser-node');
    Parser.config = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('wikiparser-node/config/default.json'), 'utf8'));
    Parser.parse(
      readFileSync(
        process.argv.find((a) => a.endsWith('.wikitext')),
        'utf8',
      ),
      false,
      'list',
    );
  } else {
    const entry = await build();
    console.error(`croupier: built ${relative(projectRoot, fileURLToPath(entry))}`);
  }
}
