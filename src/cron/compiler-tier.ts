import { setFlagsFromString } from 'node:v8';

// The daemon runs its code no further than V8's baseline compiler (Sparkplug), not TurboFan. With TurboFan, its heap
// grew at every hundred check ticks (more and more functions optimised: +2.1 MB over ticks 100 → 1,000 on the bench
// wiki, levelling off only slowly), and the idle daemon held ~6 MB more; without it the heap stays flat, for a check
// tick ~45% more CPU (docs/performance.md, "The daemon without TurboFan"). A daemon that wants the CPU back (games
// far larger than the bench's) sets CROUPIER_DAEMON_OPTIMIZE=1.
//
// Set at run time, once the code the daemon runs is loaded: V8 refuses a code cache made under other flags, and
// the CLI's bundles are cached under Node's defaults (scripts/build.mjs) — the same caches for every command.

/** Stops V8 optimising beyond its baseline compiler from now on, unless `env` keeps TurboFan; true when it did. */
export async function baselineCompilerOnly(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (env.CROUPIER_DAEMON_OPTIMIZE === '1') return false;
  await import('../parse/parser.ts'); // loads the vendored bundle (the parser) under the flags its cache was made with
  setFlagsFromString('--max-opt=1');
  return true;
}
