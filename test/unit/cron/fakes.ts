// Fakes for the scheduler tests: a phase calendar on given weekdays and jobs that record their calls.
import pino from 'pino';
import type { GameJobs, JobOutcome, Plan, RolloverJobOptions, JobOptions } from '../../../src/cron/ports.ts';

export const silentLogger = () => pino({ level: 'silent' });

const DAY = 86_400_000;

/** Boundaries at 00:00 UTC on the given weekdays (0 = Sunday … 6 = Saturday) between two instants. */
export function weekdayBoundaries(weekdays: number[], from: Date, to: Date): Date[] {
  const out: Date[] = [];
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let t = start; t <= to.getTime(); t += DAY) {
    const d = new Date(t);
    if (weekdays.includes(d.getUTCDay()) && t >= from.getTime()) out.push(d);
  }
  return out;
}

export interface Call {
  kind: 'rollover' | 'check';
  game: string;
  at: string; // the clock when called
  boundary?: string;
  trigger: string;
  force?: boolean;
  /** A forced rollover's request time. */
  requestedAt?: string;
  actor?: string;
}

export interface FakeGame {
  /** Weekdays of the phase boundaries, as the Ruleset says now (change it to move the phase days). */
  weekdays: number[];
  /** The latest boundary the "page" has applied. */
  applied: Date;
  /** A rollover that takes this long (fake time), ms; cut short when its signal aborts, as the wiki client's requests are. */
  rolloverMs?: number;
  /** The rollover's edit is already on the wire for this long: the abort does not cut it (see src/wiki/cancel.ts). */
  sentEditMs?: number;
  /** Make plan() throw (a broken Gamestate page). */
  broken?: string;
  /** Make rollover() and check() throw this once they have read the pages (their edit refused: a read-only wiki). */
  unsaved?: Error;
  /** The cycle begins then (the page at phase 0 until then): a job run before it fails, as the engine refuses it. */
  startsAt?: Date;
  /** The engine's own events due between boundaries (a grant waiting on time): plan() names the next one. */
  due?: Date[];
}

export function fakeJobs(games: Record<string, FakeGame>, now: () => Date = () => new Date()) {
  const calls: Call[] = [];
  let active = 0;
  let maxActive = 0;
  const horizon = (d: Date) => new Date(d.getTime() + 60 * DAY);
  const enter = async (_g: FakeGame, ms = 0, signal?: AbortSignal) => {
    active++;
    maxActive = Math.max(maxActive, active);
    if (ms) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal?.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            reject(signal.reason as Error);
          },
          { once: true },
        );
      });
    }
  };
  const game = (id: string): FakeGame => {
    const g = games[id];
    if (!g) throw new Error(`no game ${id}`);
    return g;
  };
  const jobs: GameJobs = {
    async plan(id: string, at: Date): Promise<Plan> {
      const g = game(id);
      if (g.broken) throw new Error(g.broken);
      if (g.startsAt && at < g.startsAt) return { missed: [], next: g.startsAt, startsAt: g.startsAt };
      const all = weekdayBoundaries(g.weekdays, new Date(g.applied.getTime() + 1), horizon(at));
      const missed = all.filter((b) => b <= at);
      const next = all.find((b) => b > at) ?? null;
      const due = missed.length === 0 ? g.due?.find((d) => d > at && (next === null || d < next)) : undefined;
      return { missed, next, ...(due ? { due } : {}) };
    },
    async rollover(id: string, o: RolloverJobOptions): Promise<JobOutcome> {
      const g = game(id);
      const started = now().toISOString();
      try {
        await enter(g, g.rolloverMs, o.signal);
        if (g.sentEditMs) await new Promise((r) => setTimeout(r, g.sentEditMs));
        if (g.broken) throw new Error(g.broken);
        if (g.unsaved) throw g.unsaved;
        calls.push({
          kind: 'rollover',
          game: id,
          at: started,
          trigger: o.trigger,
          ...(o.boundary ? { boundary: o.boundary.toISOString() } : {}),
          ...(o.force ? { force: true } : {}),
          ...(o.requestedAt ? { requestedAt: o.requestedAt.toISOString() } : {}),
          ...(o.actor ? { actor: o.actor } : {}),
        });
        if (o.boundary && o.boundary > g.applied) {
          g.applied = o.boundary;
          return { changed: true, summary: `rolled over at ${o.boundary.toISOString()}` };
        }
        if (o.force) return { changed: true, summary: 'forced rollover' };
        return { changed: false };
      } finally {
        active--;
      }
    },
    async check(id: string, o: JobOptions): Promise<JobOutcome> {
      const g = game(id);
      await enter(g);
      try {
        if (g.broken) throw new Error(g.broken);
        if (g.unsaved) throw g.unsaved;
        if (g.startsAt && now() < g.startsAt) throw new Error(`the cycle start ${g.startsAt.toISOString()} is after the run's time`);
        calls.push({ kind: 'check', game: id, at: now().toISOString(), trigger: o.trigger, ...(o.actor ? { actor: o.actor } : {}) });
        return { changed: false };
      } finally {
        active--;
      }
    },
  };
  return {
    jobs,
    calls,
    get maxActive() {
      return maxActive;
    },
    rollovers: () => calls.filter((c) => c.kind === 'rollover'),
  };
}
