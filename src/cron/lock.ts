// One croupier process at a time per store: two daemons, or a daemon and a CLI run that edits the
// wiki, never act together.
//
// The lock is a proper-lockfile directory `<store>.process.lock` (kept fresh while held), plus
// `<store>.process.json` naming the holder (pid, host, start time of that pid) so that the process that
// waits or quits can say who is in the way. A holder on this host whose process no longer exists
// (kill -9, crash) is known dead at once and its lock taken over; a holder on another host cannot be
// checked, so its lock is taken over only once stale (not refreshed for 30 s). Taking the lock and
// writing the holder's file happen under a short guard lock (`<store>.process.guard`), so two processes
// that both find a dead holder never both take over. It is separate from the short `<store>.lock` that
// FileStore takes around each read–update–write, so the holder can still use the store and a
// `croupier clear` can still write to it while a daemon runs.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import { processGone, thisProcess, type ProcessRef } from './liveness.ts';
import { FileStore, abandonStaleRuns, abandonedMessages } from './store.ts';

export interface LockOwner extends ProcessRef {
  command: string;
  since: string;
}

/** The true message when the lock's holder died without releasing it. */
export function goneMessage(storePath: string, holder: LockOwner): string {
  return (
    `the lock on the store ${storePath} is held by pid ${holder.pid} ("croupier ${holder.command}" on ${holder.host}, since ${holder.since}), ` +
    'which is no longer running: taking over'
  );
}

export class LockBusyError extends Error {
  override name = 'LockBusyError';
  constructor(
    readonly storePath: string,
    readonly holder: LockOwner | undefined,
    waitedMs = 0,
  ) {
    super(busyMessage(storePath, holder, waitedMs));
  }
}

/**
 * A CLI run refused at once because a daemon holds the store: the daemon holds it for its whole life, so
 * waiting would only time out. Exit code 75 (EX_TEMPFAIL), like a second daemon's refusal.
 */
export class DaemonRunningError extends LockBusyError {
  override name = 'DaemonRunningError';
  constructor(
    storePath: string,
    readonly daemon: LockOwner,
    requestsPage?: string,
  ) {
    super(storePath, daemon);
    this.message =
      `a croupier daemon (pid ${daemon.pid} on ${daemon.host}, since ${daemon.since}) is running on this store (${storePath}): ` +
      `ask it with a \`* rollover now\` request on ${requestsPage === undefined ? "the game's request page (games[].requestsPage, default `<gamestate>/Requests`)" : `[[${requestsPage}]]`}, ` +
      'or stop it first (`systemctl stop croupier`).';
  }
}

/** Whether the lock holder is a daemon (which holds the lock until it stops). */
export function isDaemonHolder(holder: LockOwner | undefined): holder is LockOwner {
  return holder !== undefined && holder.command.split(/\s+/)[0] === 'daemon';
}

function describeHolder(holder: LockOwner | undefined): string {
  return holder ? `"croupier ${holder.command}" (pid ${holder.pid} on ${holder.host}, since ${holder.since})` : 'another croupier process';
}

function busyMessage(storePath: string, holder: LockOwner | undefined, waitedMs: number): string {
  const waited = waitedMs > 0 ? ` after waiting ${(waitedMs / 1000).toFixed(waitedMs < 10_000 ? 1 : 0)} s` : '';
  return (
    `${describeHolder(holder)} holds the lock on the store ${storePath}; giving up${waited}. ` +
    'Two croupier processes never act on the same store together: stop the other one first ' +
    '(for the daemon: `systemctl stop croupier`), or let it finish and try again.'
  );
}

export interface ProcessLock {
  readonly storePath: string;
  readonly owner: LockOwner;
  /** Settles if the lock was lost while held (e.g. its directory removed, or the process was frozen for longer than `stale`). */
  readonly compromised: Promise<Error>;
  release(): Promise<void>;
}

export interface AcquireOptions {
  /** What this process is, for the message the others see ("daemon", "rollover --game c16"). */
  command: string;
  /** How long to wait for the holder to finish, in ms. 0 (the default) = quit at once. */
  waitMs?: number;
  /** When the lock is busy: an error to give up with at once instead of waiting (e.g. the holder is a daemon). */
  refuseWait?: (holder: LockOwner | undefined) => Error | undefined;
  /** Told once when the lock is busy and we are going to wait. */
  onWait?: (message: string) => void;
  /** Told when the lock's holder is no longer running and its lock is taken over. */
  onTakeover?: (message: string) => void;
  /** A lock not refreshed for this long is taken over (default 30 s; it is refreshed every stale/2). */
  staleMs?: number;
}

export const lockPaths = (storePath: string) => {
  const base = resolve(storePath);
  return { lock: `${base}.process.lock`, owner: `${base}.process.json` };
};

export async function readLockOwner(storePath: string): Promise<LockOwner | undefined> {
  try {
    return JSON.parse(await readFile(lockPaths(storePath).owner, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

export async function acquireProcessLock(storePath: string, opts: AcquireOptions): Promise<ProcessLock> {
  const paths = lockPaths(storePath);
  const abs = resolve(storePath);
  // Beside the store, which holds secrets: created private (src/cron/store.ts).
  await mkdir(dirname(abs), { recursive: true, mode: 0o700 });
  const waitMs = opts.waitMs ?? 0;
  const staleMs = opts.staleMs ?? 30_000;
  let onCompromised!: (err: Error) => void;
  const compromised = new Promise<Error>((res) => {
    onCompromised = res;
  });
  // proper-lockfile tracks its locks by the file argument: use a name of our own (not the store file,
  // which FileStore locks for each update), so the two locks never share its bookkeeping.
  const tryLock = () => lockfile.lock(`${abs}.process`, { realpath: false, lockfilePath: paths.lock, stale: staleMs, retries: 0, onCompromised });
  const owner: LockOwner = { ...thisProcess(), command: opts.command, since: new Date().toISOString() };

  /** One attempt, under the guard: the lock (taken over from a dead holder), or the holder in the way. */
  const attempt = () =>
    withGuard(abs, async (): Promise<{ release: () => Promise<void> } | { holder: LockOwner | undefined }> => {
      let release: () => Promise<void>;
      try {
        release = await tryLock();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
        const holder = await readLockOwner(storePath);
        if (!holder || processGone(holder) !== true) return { holder };
        opts.onTakeover?.(goneMessage(abs, holder));
        await rm(paths.lock, { recursive: true, force: true });
        release = await tryLock();
      }
      await writeFile(paths.owner, JSON.stringify(owner) + '\n', { mode: 0o600 });
      return { release };
    });

  const started = Date.now();
  let release: () => Promise<void>;
  let told = false;
  for (;;) {
    const got = await attempt();
    if ('release' in got) {
      release = got.release;
      break;
    }
    const { holder } = got;
    const refused = opts.refuseWait?.(holder);
    if (refused) throw refused;
    const waited = Date.now() - started;
    if (waited >= waitMs) throw new LockBusyError(abs, holder, waitMs);
    if (!told) {
      told = true;
      opts.onWait?.(`${describeHolder(holder)} holds the lock on the store ${abs}; waiting up to ${Math.round(waitMs / 1000)} s for it to finish…`);
    }
    await new Promise((r) => setTimeout(r, Math.min(250, waitMs - waited)));
  }
  let released = false;
  return {
    storePath: abs,
    owner,
    compromised,
    async release() {
      if (released) return;
      released = true;
      const current = await readLockOwner(storePath);
      if (current && current.pid === owner.pid && current.since === owner.since) await rm(paths.owner, { force: true });
      await release().catch(() => undefined);
    },
  };
}

/** Run `fn` under the guard lock `<store>.process.guard` (held for milliseconds; stale after 5 s). */
async function withGuard<T>(abs: string, fn: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(`${abs}.process.guard`, {
    realpath: false,
    stale: 5_000,
    retries: { retries: 100, minTimeout: 20, maxTimeout: 100, factor: 1.2 },
  });
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}

/** Run `fn` holding the process lock; always released afterwards. For CLI commands that edit the wiki. */
export async function withProcessLock<T>(storePath: string, opts: AcquireOptions, fn: (lock: ProcessLock) => Promise<T>): Promise<T> {
  const lock = await acquireProcessLock(storePath, opts);
  try {
    return await fn(lock);
  } finally {
    await lock.release();
  }
}

/**
 * For CLI commands that edit the wiki (`croupier rollover --game …`): hold the store's process lock while
 * `fn` runs, waiting up to `waitMs` (default 2 minutes) for another CLI run to finish, and saying so on
 * stderr. A daemon holds the lock for its whole life: then there is no waiting but a DaemonRunningError at
 * once, saying to ask the daemon on the request page (`requestsPage`) or to stop it. A holder that is no
 * longer running is replaced at once, and the runs it left `running` are marked abandoned (said on stderr).
 */
export function withCliLock<T>(
  storePath: string,
  command: string,
  fn: () => Promise<T>,
  opts: { waitMs?: number; requestsPage?: string; onWait?: (message: string) => void } = {},
): Promise<T> {
  const say = opts.onWait ?? ((m: string) => process.stderr.write(`croupier: ${m}\n`));
  return withProcessLock(
    storePath,
    {
      command,
      waitMs: opts.waitMs ?? 120_000,
      refuseWait: (holder) => (isDaemonHolder(holder) ? new DaemonRunningError(resolve(storePath), holder, opts.requestsPage) : undefined),
      onWait: say,
      onTakeover: say,
    },
    async () => {
      for (const m of abandonedMessages(await abandonStaleRuns(new FileStore(storePath), new Date()))) say(m);
      return fn();
    },
  );
}
