// The daemon's timers: one node-cron task per game for its next run (a phase boundary, or a check at a cycle
// start or at the engine's next due event), the periodic check's task, and how node-cron talks to our log.
import { createTask, type Logger as CronLogger, type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';

/** Cron expression (with seconds) that matches `at` in UTC — fires once a year; re-planned after each run. */
export function cronForInstant(at: Date): string {
  return `${at.getUTCSeconds()} ${at.getUTCMinutes()} ${at.getUTCHours()} ${at.getUTCDate()} ${at.getUTCMonth() + 1} *`;
}

const CRON_OPTS = { timezone: 'Etc/UTC', noOverlap: true } as const;

/** node-cron's own messages go to our structured log. */
function cronLogger(log: Logger): CronLogger {
  return {
    info: (m) => log.debug({ source: 'node-cron' }, m),
    warn: (m) => log.info({ source: 'node-cron' }, m),
    error: (m, err) => log.error({ source: 'node-cron', err: err ?? m }, String(m)),
    debug: (m) => log.debug({ source: 'node-cron' }, String(m)),
  };
}

/** The periodic check's task (not started): `run` at each match; a missed one (the process was blocked) calls `missed`. */
export function checkTask(cron: string, log: Logger, run: () => Promise<void>, missed: () => void): ScheduledTask {
  const task = createTask(cron, run, { ...CRON_OPTS, name: 'croupier-check', logger: cronLogger(log) });
  task.on('execution:missed', () => {
    log.warn('a periodic check was missed (the process was blocked or asleep); catching up');
    missed();
  });
  task.on('execution:overlap', () => log.info('periodic check still running; this tick is skipped'));
  return task;
}

/** A game's next run: 'check' at a cycle start or an engine's due event (nothing to roll over), else 'rollover'. */
export interface NextRun {
  at: Date;
  kind: 'rollover' | 'check';
}

/** One timer per game, for its next run only. */
export class GameTimers {
  readonly #tasks = new Map<string, NextRun & { task: ScheduledTask }>();
  readonly #log: Logger;
  readonly #fire: (game: string, run: NextRun) => Promise<void>;
  readonly #missed: (game: string, run: NextRun) => void;

  /** `fire` at the instant; `missed` when the process was blocked past it. */
  constructor(log: Logger, fire: (game: string, run: NextRun) => Promise<void>, missed: (game: string, run: NextRun) => void) {
    this.#log = log;
    this.#fire = fire;
    this.#missed = missed;
  }

  get(game: string): NextRun | undefined {
    const t = this.#tasks.get(game);
    return t && { at: t.at, kind: t.kind };
  }

  entries(): [string, NextRun][] {
    return [...this.#tasks].map(([game, t]) => [game, { at: t.at, kind: t.kind }]);
  }

  /** The game's next run is `next` (none: null); false when it already was. */
  set(game: string, next: NextRun | null): boolean {
    const cur = this.#tasks.get(game);
    if (cur && next && cur.at.getTime() === next.at.getTime() && cur.kind === next.kind) return false;
    if (cur) {
      void cur.task.destroy();
      this.#tasks.delete(game);
    }
    if (!next) return true;
    const run = { at: new Date(next.at), kind: next.kind };
    const task = createTask(cronForInstant(run.at), () => this.#fire(game, run), {
      ...CRON_OPTS,
      name: `croupier-boundary-${game}`,
      logger: cronLogger(this.#log),
    });
    task.on('execution:missed', () => this.#missed(game, run));
    task.start();
    this.#tasks.set(game, { ...run, task });
    return true;
  }

  async destroyAll(): Promise<void> {
    for (const t of this.#tasks.values()) await t.task.destroy();
    this.#tasks.clear();
  }
}
