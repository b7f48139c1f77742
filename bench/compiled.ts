import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error: a plain .mjs script, no types
import { bundleOnly, VENDORED } from '../scripts/build.mjs';

// A bench section's measurements run in child processes executing its own file compiled by esbuild as the CLI is,
// not through tsx, whose per-function wrappers and module resolver would be measured too. The packages the CLI
// compiles into its vendor bundle (wikiparser-node…) are compiled in here too: required from node_modules, each
// lazy require wikiparser-node makes during a parse went through Node's module resolver (~15% of a warm parse).

export const benchRoot = fileURLToPath(new URL('..', import.meta.url));

/** Compiles `entry` (a bench file's import.meta.url) to .bench-build/<name>.mjs, beside fixtures/ (the compiled file finds them at ../fixtures), runs `use` with its path, then removes the build. */
export async function withCompiled<T>(entry: string, name: string, use: (file: string) => T | Promise<T>): Promise<T> {
  const out = join(benchRoot, '.bench-build');
  const file = join(out, `${name}.mjs`);
  await build({
    entryPoints: [fileURLToPath(entry)],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.10',
    // The CLI's rule for vendor.cjs: its packages compiled in, the others required (mwn too, which the CLI compiles
    // into wiki.cjs: what a bench measures runs warm in one process, where how a module was loaded no longer counts).
    plugins: [bundleOnly(VENDORED)],
    // The vendored packages are CommonJS: they need require, __filename and __dirname in this ES module.
    banner: {
      js: [
        "import { createRequire as __benchRequire } from 'node:module';",
        "import { fileURLToPath as __benchPath } from 'node:url';",
        'const require = __benchRequire(import.meta.url);',
        'const __filename = __benchPath(import.meta.url);',
        "const __dirname = __benchPath(new URL('.', import.meta.url));",
      ].join(' '),
    },
    logLevel: 'error',
  });
  try {
    return await use(file);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
