// The daemon's schedule: what runs when, one job at a time, with catch-up after downtime.
//
// Triggers are separate from the job logic (SDZeroBot style): this module only decides *when* to call the
// jobs it is given (`GameJobs`, see ./game-jobs.ts for the real ones) and records each call in the store.
//
//   - one node-cron task per game for its NEXT phase boundary only, computed from the Ruleset re-read at
//     planning time; after every run the game is planned again, so when a proposal moves the phase days
//     the schedule follows;
//   - one node-cron task for the periodic check (daemon.checkCron, hourly by default) that, per game,
//     handles on-wiki requests, catches up any missed boundary, then runs the check job;
//   - catch-up on start and on every tick: `plan()` returns every boundary up to now that the Gamestate
//     page has not applied yet, and they are rolled over one by one, oldest first, each as its own run
//     (the rollover job is idempotent through the page, so a boundary applied twice is a no-op);
//   - an in-process queue (./queue.ts): never two jobs at once; a game's phase boundary goes before other
//     games' waiting work, and a long pass of another game (requests, referee) lets it in between its units;
//   - consecutive failures are counted per game; at daemon.maxConsecutiveFailures the game is halted:
//     no Gamestate job runs until an admin clears it (`croupier clear`, or a `* clear` request);
//   - a game whose cycle has not begun (the page at phase 0, its cycle start later) is not a failure:
//     nothing is due, no job runs, and the next run is the check at the cycle start.
import type { ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';
import { inScope, RequestScope } from '../wiki/cancel.ts';
import type { Alert } from './alert.ts';
import { thisProcess } from './liveness.ts';
import { describePause, describeRevert, resumeGame, type PauseCheck } from './pause.ts';
import type { GameJobs, Plan, RefereeRunner, RequestActions, RequestRef, RequestsProcessor, StatusPublisher } from './ports.ts';
import { JobQueue } from './queue.ts';
import { plainError, RunRecorder } from './run-recorder.ts';
import { gameRecord, clearHalt, unfinishedRuns, type GameRecord, type Heartbeat, type RunKind, type RunRecord, type Store, type Trigger } from './store.ts';
import { checkTask, GameTimers, type NextRun } from './timers.ts';

export const DEFAULT_CHECK_CRON = '0 * * * *';
export const DEFAULT_MAX_CONSECUTIVE_FAILURES = 3;
/** How long after its next periodic check a daemon not seen again is overdue (daemon.heartbeatGraceSeconds). */
export const DEFAULT_HEARTBEAT_GRACE_MS = 300_000;

/** The request's revision time, when it reads as one. */
function requestedAt(req: RequestRef): { requestedAt?: Date } {
  const at = new Date(req.timestamp);
  return Number.isNaN(at.getTime()) ? {} : { requestedAt: at };
}

export interface SchedulerOptions {
  games: string[];
  store: Store;
  jobs: GameJobs;
  logger: Logger;
  checkCron?: string;
  maxConsecutiveFailures?: number;
  requests?: RequestsProcessor;
  /** The referee of players' requests (src/cron/referee-runner.ts), run on every tick after the catch-up of a game that uses it. */
  referee?: RefereeRunner;
  status?: StatusPublisher;
  /** The wiki's shutoff page: a reason not to edit anything now, or null. */
  shutoff?: () => Promise<string | null>;
  /** Looks for people's reverts of the bot's edits of a game, and records a pause (./pause.ts). */
  reverts?: (game: string) => Promise<PauseCheck>;
  /** Told when a game is halted or paused (alert.command, ./alert.ts). */
  alert?: (a: Alert) => Promise<void>;
  /** How long after its next periodic check the daemon, not seen again, is overdue. */
  heartbeatGraceMs?: number;
  /** Called after a tick when no other waits: the daemon gives memory back while it waits (./collect-garbage.ts). */
  onIdle?: () => void;
  /** Told when each tick begins and ends: the pages a tick reads are read once in it (./tick-pages.ts). */
  tickPages?: { begin(): void; end(): void };
  now?: () => Date;
}

/** How a stop went: what was running when the grace period ended, as the store finally records it. */
export interface StopReport {
  how: 'idle' | 'finished' | 'abandoned';
  /** The runs that were in progress when the job was abandoned (their final records). */
  runs: RunRecord[];
}

export class Scheduler {
  readonly games: readonly string[];
  readonly checkCron: string;
  readonly maxConsecutiveFailures: number;
  readonly #store: Store;
  readonly #jobs: GameJobs;
  readonly #log: Logger;
  readonly #requests: RequestsProcessor | undefined;
  readonly #referee: SchedulerOptions['referee'];
  readonly #status: StatusPublisher | undefined;
  readonly #shutoff: (() => Promise<string | null>) | undefined;
  readonly #reverts: SchedulerOptions['reverts'];
  readonly #alert: SchedulerOptions['alert'];
  readonly #heartbeatGraceMs: number;
  readonly #startedAt: Date;
  readonly #now: () => Date;
  readonly #onIdle: (() => void) | undefined;
  readonly #tickPages: SchedulerOptions['tickPages'];
  /** Status pages written per game (a check tick writes one if nothing else did: the heartbeat). */
  readonly #published = new Map<string, number>();
  readonly #queue = new JobQueue();
  readonly #timers: GameTimers;
  #checkTask: ScheduledTask | undefined;
  #beat: NodeJS.Timeout | undefined;
  /** Every wiki request of every tick sees it: cancelled when the running job is abandoned. */
  readonly #scope = new RequestScope();
  readonly #runs: RunRecorder;
  #stopping = false;
  #stopped: Promise<StopReport> | undefined;
  #abandonNow: (() => void) | undefined;
  #abandonRequested = false;
  /** Store writes made in the background, awaited by the stop. */
  readonly #writes = new Set<Promise<void>>();
  #waitingRequests = new Map<string, number>();
  /** Games whose cycle has not begun, with their start (as the last plan found it). */
  readonly #startsAt = new Map<string, Date>();

  constructor(opts: SchedulerOptions) {
    if (opts.games.length === 0) throw new Error('no games to schedule: add at least one game to the config');
    this.games = [...opts.games];
    this.checkCron = opts.checkCron ?? DEFAULT_CHECK_CRON;
    this.maxConsecutiveFailures = opts.maxConsecutiveFailures ?? DEFAULT_MAX_CONSECUTIVE_FAILURES;
    this.#store = opts.store;
    this.#jobs = opts.jobs;
    this.#log = opts.logger;
    this.#requests = opts.requests;
    this.#referee = opts.referee;
    this.#status = opts.status;
    this.#shutoff = opts.shutoff;
    this.#reverts = opts.reverts;
    this.#alert = opts.alert;
    this.#heartbeatGraceMs = opts.heartbeatGraceMs ?? DEFAULT_HEARTBEAT_GRACE_MS;
    this.#now = opts.now ?? (() => new Date());
    this.#onIdle = opts.onIdle;
    this.#tickPages = opts.tickPages;
    this.#startedAt = this.#now();
    this.#runs = new RunRecorder({
      store: this.#store,
      log: this.#log,
      scope: this.#scope,
      queue: this.#queue,
      now: this.#now,
      maxConsecutiveFailures: this.maxConsecutiveFailures,
      alert: this.#alert,
      publish: (game) => this.#publish(game),
      stopping: () => this.#stopping,
    });
    this.#timers = new GameTimers(
      this.#log,
      async (game, { at, kind }) => {
        if (kind === 'rollover') await this.tick(game, 'boundary', at);
        // The check at a cycle start, unless the periodic check runs at that very instant anyway.
        else if (!this.#checkTask?.match(at)) await this.tick(game, 'check');
      },
      (game, { at }) => {
        this.#log.warn({ game, boundary: at.toISOString() }, 'a boundary tick was missed (the process was blocked or asleep); catching up');
        void this.tick(game, 'catch-up');
      },
    );
  }

  /** Start: the check task, then per game a catch-up tick (which also schedules its next boundary). */
  start(): Promise<void> {
    this.#checkTask = checkTask(
      this.checkCron,
      this.#log,
      async () => {
        await Promise.all(this.games.map((g) => this.tick(g, 'check')));
      },
      () => {
        for (const g of this.games) void this.tick(g, 'check');
      },
    );
    this.#checkTask.start();
    void this.#heartbeat();
    this.#beat = setInterval(() => void this.#heartbeat(), this.#beatMs());
    this.#beat.unref();
    this.#log.info({ games: this.games, checkCron: this.checkCron }, 'scheduler started');
    return Promise.all(this.games.map((g) => this.tick(g, 'start'))).then(() => undefined);
  }

  /** Queue a tick for a game (deduplicated while waiting). Resolves when it has run. */
  tick(game: string, trigger: Trigger, firedBoundary?: Date): Promise<void> {
    const check = trigger === 'check' || trigger === 'start';
    return (
      this.#queue.enqueue(
        // A boundary (or one missed while the process was blocked, or the start's catch-up) is urgent: no other
        // game's work delays it.
        { key: `tick:${game}:${check ? 'check' : 'boundary'}`, game, urgent: trigger !== 'check' },
        () =>
          inScope(this.#scope, async () => {
            const published = this.#published.get(game) ?? 0;
            this.#tickPages?.begin();
            try {
              await this.#tick(game, trigger, firedBoundary);
              // Every check shows the daemon's heartbeat on the status page, once.
              if (check && !this.#stopping && (this.#published.get(game) ?? 0) === published) await this.#publish(game);
            } finally {
              this.#tickPages?.end();
            }
            if (this.#queue.size === 1) this.#onIdle?.(); // only this tick is queued
          }),
        (err) => this.#log.error({ err, game }, `tick for ${game} failed unexpectedly`),
      ) ?? Promise.resolve()
    );
  }

  /** Resolves when the queue is empty. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }

  /** Next planned runs (boundary per game, and the periodic check). */
  nextRuns(): { game: string | undefined; at: Date; kind: RunKind }[] {
    const out: { game: string | undefined; at: Date; kind: RunKind }[] = [];
    for (const [game, b] of this.#timers.entries()) out.push({ game, at: b.at, kind: b.kind });
    const check = this.#checkTask?.getNextRun();
    if (check) out.push({ game: undefined, at: check, kind: 'check' });
    return out.sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  nextRunFor(game: string): { at: Date; kind: RunKind } | undefined {
    // A boundary task whose instant has passed is being applied right now: it is not "next".
    const planned = this.#timers.get(game);
    const b = planned && planned.at.getTime() > this.#now().getTime() ? planned : undefined;
    const check = this.#checkTask?.getNextRun() ?? undefined;
    // Before a cycle start (a 'check' task) the periodic checks do nothing for the game: the start is next.
    if (b && (b.kind === 'check' || !check || b.at <= check)) return { at: b.at, kind: b.kind };
    return check ? { at: check, kind: 'check' } : undefined;
  }

  /**
   * Stop: no new ticks; wait up to `graceMs` for the running job (or until `abandonNow()`), then abandon it:
   * its wiki requests are cancelled (nothing more is sent; an edit already sent is awaited, since the wiki
   * may apply it anyway) and it stops before its save. Resolves once the job has truly ended, with the
   * runs it left as the store records them: "abandoned" when it saved nothing more, else what it did.
   * Idempotent.
   */
  stop(graceMs = 30_000): Promise<StopReport> {
    this.#stopped ??= this.#stop(graceMs);
    return this.#stopped;
  }

  /** Abandon the running job now, without waiting for the rest of the grace period (a second SIGTERM). */
  abandonNow(): void {
    this.#abandonRequested = true;
    this.#abandonNow?.();
  }

  async #stop(graceMs: number): Promise<StopReport> {
    this.#stopping = true;
    clearInterval(this.#beat);
    await this.#timers.destroyAll();
    await this.#checkTask?.destroy();
    const wasBusy = this.#runs.inProgress.size > 0;
    const closing = this.#queue.close();
    let timer: NodeJS.Timeout | undefined;
    const finished = this.#abandonRequested
      ? false
      : await Promise.race([
          closing.then(() => true),
          new Promise<false>((r) => {
            timer = setTimeout(() => r(false), graceMs);
            this.#abandonNow = () => r(false);
          }),
        ]);
    clearTimeout(timer);
    if (finished) {
      await Promise.all(this.#writes);
      return { how: wasBusy ? 'finished' : 'idle', runs: [] };
    }
    const cut = [...this.#runs.inProgress];
    this.#scope.cancel('the daemon is shutting down and abandoned the job');
    const inFlight = this.#scope.editInFlight;
    if (inFlight) {
      this.#log.warn(
        { page: inFlight.page, since: inFlight.since.toISOString() },
        `the job's edit of "${inFlight.page ?? '?'}" was already sent (at ${inFlight.since.toISOString()}): waiting for the wiki's answer before stopping (the wiki may save it; the lock is kept until then)`,
      );
    }
    await closing; // the job has truly ended: nothing of it is on the wire any more
    await Promise.all(this.#writes);
    const runs = (await this.#store.read()).runs.filter((r) => cut.includes(r.id));
    return { how: cut.length > 0 ? 'abandoned' : wasBusy ? 'finished' : 'idle', runs };
  }

  /** Every game's status page, as it stands now (the daemon's start: a page that said "stopped" no longer does). */
  async publishAll(): Promise<void> {
    if (this.#stopping) return;
    await inScope(this.#scope, () => Promise.all(this.games.map((g) => this.#publish(g)))).then(() => undefined);
  }

  /**
   * Once stopped: every game's status page says the daemon is stopped (no next run), within `timeoutMs`
   * (or until `abandonNow()`); a failure is logged.
   */
  async publishStopped(stopped: { at: Date; reason: string }, timeoutMs = 15_000): Promise<void> {
    await this.#store
      .update((d) => {
        if (d.daemon) d.daemon = { ...d.daemon, stoppedAt: stopped.at.toISOString(), stopReason: stopped.reason };
      })
      .catch((err) => this.#log.error({ err }, 'could not record the stop in the store'));
    if (!this.#status) return;
    for (const game of this.games) {
      await this.#store
        .update((d) => {
          delete gameRecord(d, game).nextRun;
        })
        .catch((err) => this.#log.error({ err, game }, 'could not clear the next run in the store'));
    }
    const scope = new RequestScope();
    const timer = setTimeout(() => scope.cancel(`the status pages were not updated within ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    this.#abandonNow = () => scope.cancel('a second stop signal: stopping now');
    if (this.#abandonRequested) scope.cancel('a second stop signal: stopping now');
    try {
      await inScope(scope, () => Promise.all(this.games.map((g) => this.#publish(g, stopped))));
    } finally {
      clearTimeout(timer);
    }
  }

  // ---- one tick -----------------------------------------------------------------------------------

  #checkIntervalMs(): number {
    const runs = this.#checkTask?.getNextRuns(2) ?? [];
    const [a, b] = runs;
    return a && b ? b.getTime() - a.getTime() : 3_600_000;
  }

  async #tick(game: string, trigger: Trigger, firedBoundary?: Date): Promise<void> {
    if (this.#stopping) return;
    const now = this.#now();
    const reason = await this.#shutoffReason();
    if (reason !== null) {
      this.#log.warn({ game, trigger }, `shutoff is on, doing nothing: ${reason}`);
      return;
    }
    let rec = await this.#record(game);
    const checkDue = trigger === 'check' || (trigger === 'start' && (!rec.lastCheck || now.getTime() - Date.parse(rec.lastCheck) >= this.#checkIntervalMs()));

    // 0. A person reverted one of the bot's edits: nothing is edited until an admin resumes (only a resume is answered).
    const pause = await this.#checkReverts(game);
    if (pause !== 'ok') {
      if (pause === 'paused' && checkDue && this.#requests && !this.#stopping) await this.#runRequests(game, this.#now());
      if (pause === 'unknown' || (await this.#record(game)).paused) {
        this.#scheduleBoundary(game, null);
        return;
      }
      rec = await this.#record(game);
    }

    // 1. Catch-up: every boundary not applied yet, oldest first, each its own run (skipped while halted).
    let plan: Plan | undefined;
    if (!rec.halted) {
      plan = await this.#catchUp(game, now, trigger, firedBoundary);
      if (!plan) return;
    }

    // 2. Requests, on the page brought up to date (a `* clear` may lift a halt).
    if (checkDue && this.#requests && !this.#stopping) {
      await this.#runRequests(game, this.#now());
      rec = await this.#record(game);
    }
    if (rec.halted) {
      this.#log.warn({ game }, `game ${game} is halted (${rec.haltReason ?? 'too many failures'}); no Gamestate job runs until an admin clears it`);
      this.#scheduleBoundary(game, null);
      return;
    }
    if (!plan) {
      // The halt was just cleared: catch up what was missed meanwhile.
      plan = await this.#catchUp(game, this.#now(), trigger, firedBoundary);
      if (!plan) return;
    }

    // Not begun: nothing is due (the engine would refuse a run before the cycle start), so no job runs and
    // nothing counts as a failure; the next run is the check at the start.
    if (plan.startsAt) this.#startsAt.set(game, plan.startsAt);
    else this.#startsAt.delete(game);
    if (plan.startsAt) {
      this.#log.info(
        { game, startsAt: plan.startsAt.toISOString() },
        `${game} has not started: nothing is due until its cycle start ${plan.startsAt.toISOString()}`,
      );
      this.#scheduleBoundary(game, plan.startsAt, 'check');
      return;
    }

    // 3. The periodic check.
    if (checkDue && !this.#stopping) {
      const r = await this.#runs.run(game, 'check', trigger === 'start' ? 'start' : 'check', (signal) =>
        this.#jobs.check(game, { now: this.#now(), trigger: trigger === 'start' ? 'start' : 'check', signal }),
      );
      // Refused because a person reverted the bot (found by its save): nothing more of this game this tick — the
      // next tick's revert check pauses it — not even the referee's pass.
      if (r.halted || r.refused) {
        this.#scheduleBoundary(game, null);
        return;
      }
      await this.#runs.yield();
    }

    // 3b. Players' requests to the referee: a phase that ended is revealed, the current one committed, requests resolved.
    if (this.#referee && !this.#stopping && (await this.#refereeActive(game))) {
      const referee = this.#referee;
      const r = await this.#runs.run(game, 'referee', trigger === 'start' ? 'start' : trigger === 'boundary' ? 'boundary' : 'check', (signal) =>
        referee.run(game, signal, () => this.#runs.yield()),
      );
      if (r.halted) {
        this.#scheduleBoundary(game, null);
        return;
      }
    }

    // 4. Plan again (the ruleset or the page may have changed) and schedule the next boundary.
    if (plan.missed.length > 0 || checkDue) {
      const again = await this.#plan(game, this.#now(), trigger);
      if (!again) return;
      plan = again;
    }
    // One clock: the next boundary, or the engine's own next due event when it comes first (a check applies it).
    if (plan.due) this.#scheduleBoundary(game, plan.due, 'check');
    else this.#scheduleBoundary(game, plan.next);
  }

  /** Roll over every missed boundary in order; the plan, or undefined when a run failed (or halted). */
  async #catchUp(game: string, now: Date, trigger: Trigger, firedBoundary?: Date): Promise<Plan | undefined> {
    const plan = await this.#plan(game, now, trigger);
    if (!plan) return undefined;
    if (plan.missed.length > 0) {
      this.#log.info(
        { game, missed: plan.missed.map((d) => d.toISOString()) },
        plan.missed.length === 1 ? 'a phase boundary is due' : `${plan.missed.length} phase boundaries are due; applying them in order`,
      );
    }
    const scheduled = this.#timers.get(game)?.at.getTime();
    for (const boundary of plan.missed) {
      // "boundary" when applied on time (the tick we scheduled for it, or another tick that came first);
      // "catch-up" when it passed while nothing was scheduled for it (the daemon was down).
      const isFired = firedBoundary?.getTime() === boundary.getTime() || scheduled === boundary.getTime();
      const r = await this.#runs.run(
        game,
        'rollover',
        isFired ? 'boundary' : 'catch-up',
        (signal) => this.#jobs.rollover(game, { now: boundary, boundary, trigger: isFired ? 'boundary' : 'catch-up', signal }),
        { boundary },
      );
      if (!r.ok || r.halted || this.#stopping) {
        this.#scheduleBoundary(game, null);
        return undefined;
      }
    }
    return plan;
  }

  async #plan(game: string, now: Date, trigger: Trigger): Promise<Plan | undefined> {
    try {
      const plan = await this.#jobs.plan(game, now);
      return { ...plan, missed: [...plan.missed].sort((a, b) => a.getTime() - b.getTime()) };
    } catch (err) {
      if (this.#scope.cancelled) return undefined; // cut by the shutdown: not a run of its own
      // Planning reads the Ruleset and the Gamestate page: if that fails, it is a failed run like any other.
      await this.#runs.run(game, 'rollover', trigger, async () => {
        throw err;
      });
      this.#scheduleBoundary(game, null);
      return undefined;
    }
  }

  #scheduleBoundary(game: string, next: Date | null, kind: NextRun['kind'] = 'rollover'): void {
    const changed = this.#timers.set(game, next && !this.#stopping ? { at: next, kind } : null);
    if (!changed) return;
    if (next && !this.#stopping)
      this.#log.info(
        { game, next: next.toISOString() },
        kind === 'check' ? `the check at the cycle start of ${game} scheduled` : `next phase boundary for ${game} scheduled`,
      );
    this.#storeNextRun(game);
  }

  /** Record the next run in the store, in the background (a stop waits for it: nothing is written after). */
  #storeNextRun(game: string): void {
    const next = this.nextRunFor(game);
    const write = this.#store
      .update((d) => {
        const g = gameRecord(d, game);
        if (next) g.nextRun = { at: next.at.toISOString(), kind: next.kind };
        else delete g.nextRun;
      })
      .catch((err) => this.#log.error({ err, game }, 'could not record the next run in the store'));
    this.#writes.add(write);
    void write.finally(() => this.#writes.delete(write));
  }

  /** Whether the game uses the referee now (an unreadable answer: yes, so the run says why it fails). */
  async #refereeActive(game: string): Promise<boolean> {
    try {
      return await this.#referee!.active(game);
    } catch {
      return true;
    }
  }

  /** The revert check of a game: 'paused' (new reverts, or an earlier pause), 'ok', or 'unknown' (it failed: no edit this tick). */
  async #checkReverts(game: string): Promise<'ok' | 'paused' | 'unknown'> {
    if (!this.#reverts) return 'ok';
    let check: PauseCheck;
    try {
      check = await this.#reverts(game);
    } catch (err) {
      if (!this.#scope.cancelled)
        this.#log.error({ err, game }, `could not look for reverts of the bot's edits of ${game}, so no edit this time: ${plainError(err)}`);
      return 'unknown';
    }
    if (check.found.length > 0 && check.paused) {
      for (const r of check.found) this.#log.error({ game, revert: r }, `${describeRevert(r)}: ${game} is PAUSED`);
      await this.#alert?.({ kind: 'pause', game, reason: describePause(game, check.paused) });
      if (!this.#stopping) await this.#publish(game);
    }
    return check.paused ? 'paused' : 'ok';
  }

  /** How often the heartbeat is written to the store: every periodic check, at least every minute, at most every second. */
  #beatMs(): number {
    return Math.max(1_000, Math.min(60_000, this.#checkIntervalMs()));
  }

  /** The daemon's heartbeat now: seen now, expected again by `next` and the grace (a page: its next check). */
  #beatAt(next: Date): Heartbeat {
    const now = this.#now();
    const { pid, host } = thisProcess();
    return {
      pid,
      host,
      startedAt: this.#startedAt.toISOString(),
      lastSeen: now.toISOString(),
      nextExpectedBy: new Date(Math.max(next.getTime(), now.getTime()) + this.#heartbeatGraceMs).toISOString(),
    };
  }

  /** The heartbeat in the store, on its own timer (a long job does not make the daemon look dead; a blocked one does). */
  async #heartbeat(): Promise<void> {
    if (this.#stopping) return;
    const beat = this.#beatAt(new Date(this.#now().getTime() + this.#beatMs()));
    const write = this.#store
      .update((d) => {
        d.daemon = beat;
      })
      .catch((err) => this.#log.error({ err }, `could not write the heartbeat to the store: ${plainError(err)}`));
    this.#writes.add(write); // a stop waits for it: the stop's record comes last
    await write.finally(() => this.#writes.delete(write));
  }

  async #record(game: string): Promise<GameRecord> {
    const d = await this.#store.read();
    return d.games[game] ?? gameRecord(d, game);
  }

  async #shutoffReason(): Promise<string | null> {
    if (!this.#shutoff) return null;
    try {
      return await this.#shutoff();
    } catch (err) {
      // Cannot tell whether we may edit: do not edit.
      return `could not read the shutoff page: ${plainError(err)}`;
    }
  }

  async #runRequests(game: string, now: Date): Promise<void> {
    const processor = this.#requests;
    if (!processor) return;
    const actions: RequestActions = {
      halted: async () => (await this.#record(game)).halted,
      paused: async () => (await this.#record(game)).paused !== undefined,
      rollover: async (req) => {
        const r = await this.#runs.run(
          game,
          'rollover',
          'request',
          (signal) =>
            this.#jobs.rollover(game, { now: this.#now(), trigger: 'request', force: true, ...requestedAt(req), actor: req.author, request: req, signal }),
          { actor: req.author },
        );
        return r.ok
          ? { ok: true, message: r.outcome?.summary ?? (r.outcome?.changed ? 'rolled over' : 'nothing to do') }
          : { ok: false, message: r.error ?? 'failed' };
      },
      check: async (req) => {
        const r = await this.#runs.run(
          game,
          'check',
          'request',
          (signal) => this.#jobs.check(game, { now: this.#now(), trigger: 'request', actor: req.author, request: req, signal }),
          { actor: req.author },
        );
        return r.ok
          ? { ok: true, message: r.outcome?.summary ?? (r.outcome?.changed ? 'checked' : 'checked, nothing due') }
          : { ok: false, message: r.error ?? 'failed' };
      },
      clear: async (req) => {
        const was = await clearHalt(this.#store, game, `${req.author} (request r${req.revid})`, this.#now());
        this.#log.warn(
          { game, by: req.author, revid: req.revid },
          was ? `halt of ${game} cleared by ${req.author}` : `clear requested by ${req.author}; ${game} was not halted`,
        );
        return { ok: true, message: was ? 'halt cleared; the bot edits the Gamestate page again' : 'the game was not halted; failure count reset' };
      },
      resume: async (req) => {
        const was = await resumeGame(this.#store, game, `${req.author} (request r${req.revid})`, this.#now());
        this.#log.warn(
          { game, by: req.author, revid: req.revid },
          was ? `${game} resumed by ${req.author}` : `resume requested by ${req.author}; ${game} was not paused`,
        );
        return { ok: true, message: was ? 'resumed; the bot computes from the pages as they are now' : 'the game was not paused' };
      },
      between: () => this.#runs.yield(),
    };
    // One recorded run for the pass (it holds the runs of the requests it performs).
    await this.#runs.run(game, 'request', 'check', async () => {
      const s = await processor(game, now, actions);
      this.#waitingRequests.set(game, s.waiting);
      return { changed: s.handled > 0, edits: s.edits, summary: `${s.handled} request(s) answered${s.waiting ? `, ${s.waiting} waiting` : ''}` };
    });
  }

  async #publish(game: string, stopped?: { at: Date; reason: string }): Promise<void> {
    if (!this.#status) return;
    this.#published.set(game, (this.#published.get(game) ?? 0) + 1);
    try {
      const d = await this.#store.read();
      const record = d.games[game] ?? gameRecord(d, game);
      const runs = d.runs.filter((r) => r.game === game);
      const lastRun = runs.at(-1);
      const lastFailure = runs.filter((r) => r.result === 'failed').at(-1);
      const waiting = this.#waitingRequests.get(game);
      const nextRun = stopped ? undefined : this.nextRunFor(game);
      const startsAt = this.#startsAt.get(game);
      await this.#status(game, {
        game,
        now: this.#now(),
        record,
        lastRun,
        lastFailure,
        maxConsecutiveFailures: this.maxConsecutiveFailures,
        nextRun,
        unfinished: unfinishedRuns(d, game),
        // The page's own heartbeat: it is written again at the next periodic check.
        ...(stopped ? {} : { heartbeat: this.#beatAt(this.#checkTask?.getNextRun() ?? new Date(this.#now().getTime() + this.#checkIntervalMs())) }),
        ...(waiting !== undefined ? { waitingRequests: waiting } : {}),
        ...(startsAt ? { startsAt } : {}),
        ...(stopped ? { stopped } : {}),
      });
    } catch (err) {
      this.#log.error({ err, game }, `could not update the status page of ${game}: ${plainError(err)}`);
    }
  }
}
