// Cancelling the wiki requests of a job (the daemon's shutdown). A `RequestScope` is carried by
// AsyncLocalStorage, so every request the job makes — reads, saves, retries, archive pages — sees it
// without being handed it through every call. Once the scope is cancelled, no request is sent any more,
// reads on the wire are cut and retry pauses end at once. An edit already sent is never cut: the wiki may
// apply it whatever we do, so it is awaited and its answer counted (`editInFlight`, `edits`). And a save
// whose edit the wiki has saved is finished (`inSave`): its check for a MediaWiki merge, and the correction
// of one, are not cut — else a merged page could stay wrong.
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a request of a cancelled scope throws (before being sent, or cut on the wire). */
export class CancelledError extends Error {
  override name = 'CancelledError';
}

export class RequestScope {
  readonly #controller = new AbortController();
  /** Edits the wiki answered within the scope. */
  edits = 0;
  /** The edit request on the wire, if any. */
  editInFlight: { page: string | undefined; since: Date } | undefined;

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get cancelled(): boolean {
    return this.#controller.signal.aborted;
  }

  cancel(reason: string): void {
    this.#controller.abort(new CancelledError(reason));
  }

  /** The error of a request not sent (or cut) because the scope is cancelled. */
  error(page?: string): CancelledError {
    const why = (this.#controller.signal.reason as Error).message;
    return new CancelledError(page === undefined ? `${why}: no request sent` : `${why}: no request sent for "${page}"`);
  }

  /** Throws `error(page)` once cancelled. */
  check(page?: string): void {
    if (this.cancelled) throw this.error(page);
  }

  /** An edit the wiki saved (answered, or found saved after its answer was lost): counted, and its save not cut any more. */
  landed(): void {
    this.edits++;
    const save = saving.getStore();
    if (save) save.committed = true;
  }

  /** Send an edit request: never cut once sent; counted when the wiki answers it (and its save then finishes). */
  async sendEdit<T>(page: string | undefined, send: () => Promise<T>): Promise<T> {
    this.editInFlight = { page, since: new Date() };
    try {
      const res = await send();
      this.landed();
      return res;
    } finally {
      this.editInFlight = undefined;
    }
  }
}

const current = new AsyncLocalStorage<RequestScope>();
const saving = new AsyncLocalStorage<{ committed: boolean }>();

/** Run `fn` with `scope` seen by every wiki request it makes. */
export function inScope<T>(scope: RequestScope, fn: () => Promise<T>): Promise<T> {
  return current.run(scope, fn);
}

export function currentScope(): RequestScope | undefined {
  return current.getStore();
}

/** Run one save: once the wiki has saved one of its edits, the rest of it is not cut by a cancel. */
export function inSave<T>(fn: () => Promise<T>): Promise<T> {
  return saving.run({ committed: saving.getStore()?.committed === true }, fn);
}

/**
 * Run the rest of a save whose edit the wiki has saved, made of saves of its own (a Gamestate page's subpages):
 * not cut by a cancel either, so the pages the save draws are never left half written by a stop.
 */
export function afterCommit<T>(fn: () => Promise<T>): Promise<T> {
  return saving.run({ committed: true }, fn);
}

/** The scope that may cut the request made now: none within a save whose edit the wiki has saved. */
export function cuttingScope(): RequestScope | undefined {
  return saving.getStore()?.committed ? undefined : current.getStore();
}

/** A pause that ends at once (with the CancelledError) when the scope is cancelled. */
export function pause(ms: number, scope: RequestScope | undefined, page?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (scope?.cancelled) return reject(scope.error(page));
    const onCancel = () => {
      clearTimeout(timer);
      reject(scope!.error(page));
    };
    const timer = setTimeout(() => {
      scope?.signal.removeEventListener('abort', onCancel);
      resolve();
    }, ms);
    scope?.signal.addEventListener('abort', onCancel, { once: true });
  });
}
