import vm from 'node:vm';

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

/** How long the daemon waits idle before releaseMemory's collections. */
export const IDLE_COLLECT_MS = 6_000;

/**
 * When the daemon has nothing more to do (after a tick, and once started): two full collections, IDLE_COLLECT_MS
 * after the last call and one second apart. V8 shrinks the young generation — grown to 2 × 16 MB by a Ruleset's
 * parse and kept resident while the daemon waits, ~30 MB — at a full collection that finds the allocation rate low,
 * which is what a collection made once the process has waited finds (measured: the idle daemon 133 → 102 MB on a
 * restart; after the very first start on an empty store V8 kept it: docs/performance.md).
 */
export function releaseMemory(): void {
  clearTimeout(idle);
  idle = setTimeout(
    () =>
      void collectGarbage()
        .then(() => new Promise((r) => setTimeout(r, 1000).unref()))
        .then(collectGarbage),
    IDLE_COLLECT_MS,
  );
  idle.unref();
}
