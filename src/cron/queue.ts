// The daemon's in-process queue: one job on the wiki at a time, whatever triggered it (boundary, periodic check,
// request, catch-up). A key already waiting is not queued twice (the waiting job will see the latest state anyway).
//
// Urgent jobs (a game's phase boundary) go first: the next job is the oldest waiting job of the game whose urgent
// job waits longest, else the oldest waiting job — so a game's own jobs always run in the order they came. And a
// long job lets them in between its units: at `yield()` (one answered request line, one step of a pass) the
// running job waits while every urgent job of ANOTHER game that waits runs, then goes on. The jobs still never run
// together, and no job of a game whose job is running (or waiting at its `yield()`) starts before that job ends.

export interface QueuedJob {
  key: string;
  game: string;
  /** A phase boundary: it goes before other games' waiting jobs, and in at other games' `yield()`. */
  urgent: boolean;
}

interface Waiting extends QueuedJob {
  fn: () => Promise<void>;
  onError: ((err: unknown) => void) | undefined;
  done: () => void;
  promise: Promise<void>;
}

export class JobQueue {
  #waiting: Waiting[] = [];
  /** The games of the jobs started and not finished: the running one last, those waiting at its `yield()` before it. */
  readonly #active: Waiting[] = [];
  #draining: Promise<void> | undefined;
  #closed = false;

  /** Key of the job running now, if any. */
  get running(): string | undefined {
    return this.#active.at(-1)?.key;
  }

  /** Jobs waiting or started and not finished. */
  get size(): number {
    return this.#waiting.length + this.#active.length;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Queue `fn`. Resolves when it has run (errors are the job's business: a job that throws is reported through
   * `onError` and the queue goes on), or when it is dropped by `close()`. Returns undefined when the queue is closed.
   */
  enqueue(job: QueuedJob, fn: () => Promise<void>, onError?: (err: unknown) => void): Promise<void> | undefined {
    if (this.#closed) return undefined;
    const already = this.#waiting.find((w) => w.key === job.key);
    if (already) return already.promise;
    let done!: () => void;
    const promise = new Promise<void>((r) => {
      done = r;
    });
    this.#waiting.push({ ...job, fn, onError, done, promise });
    this.#draining ??= this.#drain();
    return promise;
  }

  /**
   * A unit boundary of the running job: every urgent job of another game that waits runs now (each may itself
   * yield), then the caller goes on. Resolves at once when none waits or the queue is closed.
   */
  async yield(): Promise<void> {
    for (let next = this.#take(true); next; next = this.#take(true)) await this.#run(next);
  }

  /** Stop accepting jobs; jobs not started yet are dropped. Resolves when the running one has finished. */
  close(): Promise<void> {
    this.#closed = true;
    for (const w of this.#waiting.splice(0)) w.done();
    return this.#draining ?? Promise.resolve();
  }

  /** Resolves once the queue has nothing waiting or running. */
  idle(): Promise<void> {
    return this.#draining ?? Promise.resolve();
  }

  async #drain(): Promise<void> {
    await Promise.resolve(); // the jobs queued in the same turn are all seen by the first choice
    for (let next = this.#take(false); next; next = this.#take(false)) await this.#run(next);
    this.#draining = undefined;
  }

  /**
   * The next job, taken off the waiting list: the oldest waiting job of the game whose urgent job waits longest,
   * else (unless `urgentOnly`) the oldest job; never one of a game whose job is active.
   */
  #take(urgentOnly: boolean): Waiting | undefined {
    if (this.#closed) return undefined;
    const free = this.#waiting.filter((w) => !this.#active.some((a) => a.game === w.game));
    const urgent = free.find((w) => w.urgent);
    const next = urgent ? free.find((w) => w.game === urgent.game) : urgentOnly ? undefined : free[0];
    if (next) this.#waiting.splice(this.#waiting.indexOf(next), 1);
    return next;
  }

  async #run(job: Waiting): Promise<void> {
    this.#active.push(job);
    try {
      await job.fn();
    } catch (err) {
      job.onError?.(err);
    } finally {
      this.#active.splice(this.#active.indexOf(job), 1);
      job.done();
    }
  }
}
