// Every job the daemon runs is a recorded run (./store.ts): started, then finished as changed, no change,
// refused, failed or abandoned, with the edits it made. Failures are counted per game, and the count halts
// the game at daemon.maxConsecutiveFailures (an alert is sent). A run's edits are its own: the edits of other
// games' jobs run at its yields (./queue.ts) are lent, and left out of its count.
import type { Logger } from 'pino';
import type { RequestScope } from '../wiki/cancel.ts';
import type { Alert } from './alert.ts';
import type { JobOutcome } from './ports.ts';
import type { JobQueue } from './queue.ts';
import { thrownEnd } from './run-end.ts';
import { finishRun, startRun, type RunEnd, type RunKind, type Store, type Trigger } from './store.ts';

/** How a recorded run ended, as the scheduler goes on from it. */
export interface RunResult {
  ok: boolean;
  outcome?: JobOutcome;
  error?: string;
  halted: boolean;
  /** Refused because a person reverted the bot (found by the save itself): not a failure. */
  refused?: boolean;
}

export interface RunRecorderOptions {
  store: Store;
  log: Logger;
  /** The scope of every wiki request of the daemon: cancelled when the running job is abandoned. */
  scope: RequestScope;
  queue: JobQueue;
  now: () => Date;
  maxConsecutiveFailures: number;
  alert?: (a: Alert) => Promise<void>;
  /** The game's status page written again (after a change, a failure or a halt). */
  publish: (game: string) => Promise<void>;
  stopping: () => boolean;
}

/** An error in plain words: the message's first line, with the error's class when it adds something. */
export function plainError(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    // Multi-line messages (e.g. every problem of a Gamestate page) become one line.
    let text =
      err.message
        .split('\n')
        .map((l) => l.trim().replace(/^[-*•]\s+/, ''))
        .filter(Boolean)
        .join(' ')
        .trim() || err.name;
    if (text.length > 600) text = `${text.slice(0, 597)}…`;
    return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
  }
  return String(err);
}

export class RunRecorder {
  /** Runs in progress (a request run holds the runs of the requests it performs). */
  readonly inProgress = new Set<string>();
  readonly #o: RunRecorderOptions;
  /** Edits made by other games' jobs run at a `yield()` (not the yielding run's: ./queue.ts). */
  #lentEdits = 0;

  constructor(opts: RunRecorderOptions) {
    this.#o = opts;
  }

  /** Run one job as a recorded run; failures are counted, logged loudly and published. */
  async run(
    game: string,
    kind: RunKind,
    trigger: Trigger,
    fn: (signal: AbortSignal) => Promise<JobOutcome>,
    extra: { boundary?: Date; actor?: string } = {},
  ): Promise<RunResult> {
    const o = this.#o;
    const runId = await startRun(o.store, { game, kind, trigger, at: o.now(), ...extra });
    this.inProgress.add(runId);
    const editsBefore = this.#editMark();
    let outcome: JobOutcome | undefined;
    let thrown: RunEnd | undefined;
    try {
      outcome = await fn(o.scope.signal);
    } catch (err) {
      thrown = thrownEnd(err, plainError(err), o.now(), this.#editsSince(editsBefore));
      const at = { game, kind, trigger, run: runId };
      if (thrown.result === 'refused') o.log.error(at, `${kind} for ${game} refused: ${thrown.error}`);
      else if (thrown.result === 'unavailable')
        o.log.warn(at, `${kind} for ${game} not done, the wiki is unavailable: ${thrown.error}; not counted as a failure, tried again at the next check`);
      else if (!o.scope.cancelled) o.log.error({ err, ...at }, `${kind} for ${game} FAILED: ${thrown.error}`);
    } finally {
      this.inProgress.delete(runId);
    }
    if (o.scope.cancelled && !outcome) {
      await this.#finishAbandoned(runId, this.#editsSince(editsBefore));
      return { ok: false, error: 'abandoned at shutdown', halted: false };
    }
    const end = await finishRun(
      o.store,
      runId,
      outcome
        ? {
            result: outcome.changed ? 'changed' : 'no-change',
            at: o.now(),
            edits: outcome.edits ?? (outcome.changed ? 1 : 0),
            ...(outcome.summary !== undefined ? { summary: outcome.summary } : {}),
          }
        : thrown!,
      o.maxConsecutiveFailures,
    );
    const error = thrown?.error;
    const reverted = thrown?.result === 'refused';
    if (outcome) {
      o.log.info(
        { game, kind, trigger, run: runId, changed: outcome.changed, summary: outcome.summary },
        `${kind} for ${game}: ${outcome.changed ? 'changed' : 'no change'}${outcome.summary ? ` — ${outcome.summary}` : ''}`,
      );
    }
    if (end.justHalted) {
      o.log.error(
        { game, failures: end.consecutiveFailures },
        `game ${game} HALTED after ${end.consecutiveFailures} consecutive failures: no Gamestate edit until an admin clears it (croupier clear --game ${game}, or a "* clear" request)`,
      );
      await o.alert?.({ kind: 'halt', game, reason: `${end.consecutiveFailures} consecutive failed runs; the last one: ${error ?? 'unknown error'}` });
    }
    // While stopping, the status page is written once, when the daemon has stopped.
    if (!o.stopping() && (!outcome || outcome.changed || end.justHalted)) await o.publish(game);
    return {
      ok: outcome !== undefined,
      ...(outcome ? { outcome } : {}),
      ...(error ? { error } : {}),
      halted: end.halted,
      ...(reverted ? { refused: true } : {}),
    };
  }

  /**
   * A unit boundary of the running job (a request line answered, a step of a pass): the phase boundaries of other
   * games that wait run now (./queue.ts). Their edits are theirs: a run's own edits leave them out.
   */
  async yield(): Promise<void> {
    if (this.#o.stopping()) return;
    const mark = this.#editMark();
    await this.#o.queue.yield();
    this.#lentEdits += this.#editsSince(mark);
  }

  #editMark(): { edits: number; lent: number } {
    return { edits: this.#o.scope.edits, lent: this.#lentEdits };
  }

  /** The edits made since `mark` by the job that took it (not by jobs run at its yields). */
  #editsSince(mark: { edits: number; lent: number }): number {
    return this.#o.scope.edits - mark.edits - (this.#lentEdits - mark.lent);
  }

  /** Record a run cut by the shutdown: abandoned, with the edits it made (a cut save may still put back what it began). */
  async #finishAbandoned(runId: string, edits: number): Promise<void> {
    await finishRun(
      this.#o.store,
      runId,
      {
        result: 'abandoned',
        at: this.#o.now(),
        edits,
        error:
          edits > 0
            ? `abandoned at shutdown after ${edits} edit(s): what it did not save, the next run redoes`
            : 'abandoned at shutdown: no request was sent after that point and nothing was saved',
      },
      this.#o.maxConsecutiveFailures,
    );
  }
}
