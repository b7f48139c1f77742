import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// A bench section's measurements run in child processes executing its own file compiled by esbuild as the CLI is,
// not through tsx, whose per-function wrappers and module resolver would be measured too.

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
    packages: 'external',
    logLevel: 'error',
  });
  try {
    return await use(file);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
