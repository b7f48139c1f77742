// `croupier daemon`: take the process lock, then run the scheduler until SIGINT/SIGTERM.
//
// Everything it talks to is injected (jobs, wiki, store path), so the same function runs under the CLI
// (src/cli/commands/daemon.ts wires the real ones) and in tests.
import type { Logger } from 'pino';
import { acquireProcessLock, type ProcessLock } from './lock.ts';
import { FileStore, abandonStaleRuns, abandonedMessages, type Store } from './store.ts';
import type { Alert } from './alert.ts';
import type { PauseCheck } from './pause.ts';
import { releaseMemory } from './collect-garbage.ts';
import type { GameJobs, RefereeRunner, StatusPublisher, RequestsProcessor } from './ports.ts';
import { Scheduler, DEFAULT_CHECK_CRON, DEFAULT_MAX_CONSECUTIVE_FAILURES } from './scheduler.ts';

export interface DaemonOptions {
  storePath: string;
  games: string[];
  /** The jobs, or built from the store (the rollover keeps its memo of the Rulings pages in it). */
  jobs: GameJobs | ((store: Store) => GameJobs);
  logger: Logger;
  checkCron?: string;
  maxConsecutiveFailures?: number;
  /** Built from the store (the request History notes intents in it). */
  requests?: (store: Store) => RequestsProcessor;
  /** Built from the store (the referee keeps its phase secrets in it). */
  referee?: (store: Store) => RefereeRunner;
  /** Built from the store (the publisher reads recent runs from it). */
  status?: (store: Store) => StatusPublisher;
  shutoff?: () => Promise<string | null>;
  /** Built from the store (the pause and the revisions already looked at are kept in it): the revert check of a game. */
  reverts?: (store: Store) => (game: string) => Promise<PauseCheck>;
  /** alert.command, on halt and pause. */
  alert?: (a: Alert) => Promise<void>;
  heartbeatGraceMs?: number;
  /** How long a shutdown waits for the running job before abandoning it (default 60 s). */
  graceMs?: number;
  /** Install SIGINT/SIGTERM handlers (default true). */
  handleSignals?: boolean;
  /** Told when each tick begins and ends (./tick-pages.ts). */
  tickPages?: { begin(): void; end(): void };
  /** How long to wait for another croupier process holding the lock (default 0: quit at once). */
  lockWaitMs?: number;
  now?: () => Date;
}

export interface DaemonHandle {
  scheduler: Scheduler;
  store: Store;
  lock: ProcessLock;
  /** Stop (as on SIGTERM). Idempotent. */
  stop(reason?: string): Promise<void>;
  /** Settles when the daemon has stopped and released the lock. */
  done: Promise<void>;
}

export async function startDaemon(opts: DaemonOptions): Promise<DaemonHandle> {
  const log = opts.logger;
  // Quits with a clear message (LockBusyError) when another daemon or CLI run holds the store.
  const lock = await acquireProcessLock(opts.storePath, {
    command: 'daemon',
    waitMs: opts.lockWaitMs ?? 0,
    onWait: (m) => log.warn(m),
    onTakeover: (m) => log.warn(m),
  });
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => {
    resolveDone = r;
  });
  let scheduler: Scheduler | undefined;
  const signalHandlers: [NodeJS.Signals, () => void][] = [];
  let stopping: Promise<void> | undefined;

  const stop = (reason = 'stop requested'): Promise<void> => {
    stopping ??= (async () => {
      log.info({ reason }, `shutting down: ${reason}`);
      try {
        if (scheduler) {
          const report = await scheduler.stop(opts.graceMs ?? 60_000);
          if (report.how !== 'abandoned') log.info({ how: report.how }, 'no job left running');
          for (const run of report.runs) {
            if (run.result === 'abandoned') {
              log.warn(
                { game: run.game, run: run.id, edits: run.edits },
                `abandoned the running ${run.kind} job of ${run.game}: nothing more of it reaches the wiki${run.edits ? ` (it made ${run.edits} edit(s) before)` : ''}; the next run redoes what it did not save`,
              );
            } else {
              log.warn(
                { game: run.game, run: run.id, result: run.result },
                `the ${run.kind} job of ${run.game} could not be abandoned before its edit reached the wiki: it ended as "${run.result}"${run.summary ? ` (${run.summary})` : ''}, and nothing of it follows`,
              );
            }
          }
          await scheduler.publishStopped({ at: new Date(), reason });
        }
      } finally {
        for (const [sig, h] of signalHandlers) process.off(sig, h);
        await lock.release();
        log.info('lock released; daemon stopped');
        resolveDone();
      }
    })();
    return stopping;
  };

  try {
    const store = new FileStore(opts.storePath);
    for (const m of abandonedMessages(await abandonStaleRuns(store, new Date()))) log.warn(m);
    scheduler = new Scheduler({
      games: opts.games,
      store,
      jobs: typeof opts.jobs === 'function' ? opts.jobs(store) : opts.jobs,
      logger: log,
      checkCron: opts.checkCron ?? DEFAULT_CHECK_CRON,
      maxConsecutiveFailures: opts.maxConsecutiveFailures ?? DEFAULT_MAX_CONSECUTIVE_FAILURES,
      ...(opts.requests ? { requests: opts.requests(store) } : {}),
      ...(opts.referee ? { referee: opts.referee(store) } : {}),
      ...(opts.status ? { status: opts.status(store) } : {}),
      ...(opts.shutoff ? { shutoff: opts.shutoff } : {}),
      ...(opts.reverts ? { reverts: opts.reverts(store) } : {}),
      ...(opts.alert ? { alert: opts.alert } : {}),
      ...(opts.heartbeatGraceMs !== undefined ? { heartbeatGraceMs: opts.heartbeatGraceMs } : {}),
      ...(opts.now ? { now: opts.now } : {}),
      onIdle: releaseMemory,
      ...(opts.tickPages ? { tickPages: opts.tickPages } : {}),
    });
    if (opts.handleSignals ?? true) {
      for (const sig of ['SIGINT', 'SIGTERM'] as const) {
        let count = 0;
        const h = () => {
          count++;
          if (count === 1) void stop(`received ${sig}`);
          else {
            log.warn(`received ${sig} again: abandoning the running job now`);
            scheduler?.abandonNow();
          }
        };
        process.on(sig, h);
        signalHandlers.push([sig, h]);
      }
    }
    void lock.compromised.then((err) => {
      log.error({ err }, `the process lock on ${lock.storePath} was lost (${err.message}); stopping so that two processes never act together`);
      void stop('lock lost');
    });
    log.info({ store: store.path, games: opts.games }, 'croupier daemon starting');
    // Catch-up first (each missed boundary once, in order), then the schedule.
    await scheduler.start();
    await scheduler.publishAll();
    releaseMemory(); // started: what the start's parses took goes back to the system while the daemon waits
    if (!stopping) for (const r of scheduler.nextRuns()) log.info({ game: r.game, at: r.at.toISOString(), kind: r.kind }, 'next run');
    return { scheduler, store, lock, stop, done };
  } catch (err) {
    for (const [sig, h] of signalHandlers) process.off(sig, h);
    await lock.release();
    throw err;
  }
}
