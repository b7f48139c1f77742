// An in-process queue: one job at a time, whatever triggered it (boundary, periodic check, request,
// catch-up). A key already waiting is not queued twice (the waiting job will see the latest state anyway).

export class SerialQueue {
  #tail: Promise<void> = Promise.resolve();
  #waiting = new Map<string, Promise<void>>();
  #running: string | undefined;
  #closed = false;
  #depth = 0;

  /** Key of the job running now, if any. */
  get running(): string | undefined {
    return this.#running;
  }

  get size(): number {
    return this.#depth;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Queue `fn` under `key`. Resolves when it has run (errors are the job's business: a job that throws
   * is reported through `onError` and the queue goes on). Returns undefined when the queue is closed.
   */
  enqueue(key: string, fn: () => Promise<void>, onError?: (err: unknown) => void): Promise<void> | undefined {
    if (this.#closed) return undefined;
    const already = this.#waiting.get(key);
    if (already) return already;
    this.#depth++;
    const run = this.#tail.then(async () => {
      this.#waiting.delete(key);
      if (this.#closed) {
        this.#depth--;
        return;
      }
      this.#running = key;
      try {
        await fn();
      } catch (err) {
        onError?.(err);
      } finally {
        this.#running = undefined;
        this.#depth--;
      }
    });
    this.#waiting.set(key, run);
    this.#tail = run;
    return run;
  }

  /** Stop accepting jobs; jobs not started yet are dropped. Resolves when the running one has finished. */
  close(): Promise<void> {
    this.#closed = true;
    return this.#tail;
  }

  /** Resolves once everything queued so far has run. */
  idle(): Promise<void> {
    return this.#tail;
  }
}
