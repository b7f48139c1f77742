import vm from 'node:vm';
import { forgetDocuments } from '../parse/page-memo.ts';

// The daemon runs a job, then waits (for the next job of the tick, or the next hour) with that job's garbage in
// its heap: Node collects nothing while it waits (measured: 30 s idle, not a byte). After each full collection
// V8 lets the old generation grow to up to 4× what was live before collecting again, so a job that starts on
// the last one's garbage let a large Gamestate page (the 500 × 60 benchmark, ~100 MB live at the height of a
// rollover) take the process to ~500 MB, where one run alone peaks near 220 MB. Each job therefore starts
// with a full collection: what the previous job left is freed while little is live (~25 MB), which also sets
// the next limit from that. docs/performance.md, "The daemon's peak memory".

/**
 * A full garbage collection, now. V8 offers no call for it without a flag (--expose-gc, which would also make
 * V8 reject the CLI's code cache, made without it); measuring memory "eagerly" starts one at once.
 */
export async function collectGarbage(): Promise<void> {
  const emitWarning = process.emitWarning;
  // vm.measureMemory says once per process that it is experimental; what the daemon uses of it is the collection.
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning instanceof Error ? warning.message : warning).includes('vm.measureMemory'))
      (emitWarning as (...a: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  let measured: Promise<unknown>;
  try {
    measured = vm.measureMemory({ mode: 'summary', execution: 'eager' });
  } finally {
    process.emitWarning = emitWarning;
  }
  await measured;
}

let idle: NodeJS.Timeout | undefined;

/** How long the daemon waits idle before releaseMemory's first collection. */
export const IDLE_COLLECT_MS = 6_000;
/**
 * Between releaseMemory's two collections: more than the 5 s over which V8 measures the allocation rate (from
 * what was allocated between its collections) when it decides whether to shrink the young generation.
 */
export const IDLE_COLLECT_APART_MS = 6_000;
/** How long after its last tick the idle daemon has given back what it can (the bench measures it then). */
export const IDLE_SETTLED_MS = IDLE_COLLECT_MS + IDLE_COLLECT_APART_MS;

/**
 * Two full collections, `apartMs` apart. V8 shrinks the young generation — grown to 2 × 16 MB by a Ruleset's parse
 * and kept resident while the daemon waits, ~30 MB — at a full collection only when it allocated less than 1 KB/ms
 * over the last 5 s, counted from collection to collection: the first collection's count still holds the end of
 * the last job (a status page's save, the log), so it is the second, made after 5 s of idleness, that shrinks it
 * (measured: 1 s apart, the idle daemon stayed at 131 MB on a first start and on a restart; 6 s apart, 100 MB).
 */
export async function collectIdle(apartMs = IDLE_COLLECT_APART_MS): Promise<void> {
  await collectGarbage();
  await new Promise((r) => setTimeout(r, apartMs).unref());
  await collectGarbage();
}

/**
 * When the daemon has nothing more to do (after a tick, and once started): the pages read last let go
 * (src/parse/page-memo.ts) and collectIdle, IDLE_COLLECT_MS after the last call (docs/performance.md, "The idle
 * daemon's memory").
 */
export function releaseMemory(): void {
  clearTimeout(idle);
  idle = setTimeout(() => {
    forgetDocuments(); // the last tick's pages: the next tick reads them again
    void collectIdle();
  }, IDLE_COLLECT_MS);
  idle.unref();
}
