// The bot's own log: runs, what was applied per game, consecutive failures, the "halted" flag.
//
// The Gamestate page is the source of truth for the game (see docs/architecture.md, "Exactly-once");
// this store only records what the bot did and decides whether it may keep editing. It is one JSON file
// (read with lowdb's JSONFile). lowdb has no cross-process lock, so every read–update–write holds a proper-lockfile
// lock on `<file>.lock`, and what is read is validated with zod (a clear error naming the file).
//
// It holds the referee's unrevealed secrets, so nothing of it is ever readable by another local user, not
// even for a moment: the directory the bot creates for it is 0700, every write goes through a temp file
// created 0600 (exclusive) and renamed over the store, and the lock directory is created 0700.
//
// Persistence sits behind the `Store` interface: `FileStore` for the daemon and the CLI, `MemoryStore`
// for unit tests that don't care about the file.
import * as fs from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import lockfile from 'proper-lockfile';
import { z } from 'zod';
import { processGone, thisProcess } from './liveness.ts';

export const TRIGGERS = ['boundary', 'catch-up', 'check', 'request', 'manual', 'start'] as const;
export type Trigger = (typeof TRIGGERS)[number];

export const RunKind = z.enum(['rollover', 'check', 'request', 'clear', 'referee']);
export type RunKind = z.infer<typeof RunKind>;

export const RunResult = z.enum(['running', 'changed', 'no-change', 'failed', 'unavailable', 'refused', 'skipped', 'abandoned']);
export type RunResult = z.infer<typeof RunResult>;

const Iso = z.iso.datetime({ offset: true });

export const RunRecord = z.object({
  id: z.string(),
  game: z.string(),
  kind: RunKind,
  trigger: z.enum(TRIGGERS),
  start: Iso,
  end: Iso.optional(),
  result: RunResult,
  /** Plain-words error, when result is "failed" or "unavailable" (the wiki was down or read-only: ./run-end.ts). */
  error: z.string().optional(),
  /** Number of wiki edits the run made. */
  edits: z.number().int().nonnegative().default(0),
  /** The phase boundary the run applied (rollovers). */
  boundary: Iso.optional(),
  /** Who asked (manual runs and requests). */
  actor: z.string().optional(),
  summary: z.string().optional(),
  /** The process that ran it (to tell, while it is "running", whether that process still exists). */
  pid: z.number().int().optional(),
  host: z.string().optional(),
  procStart: z.number().optional(),
});
export type RunRecord = z.infer<typeof RunRecord>;

/** A person's revert of the bot's edits (src/wiki/reverts.ts#BotRevert), as the store keeps it. */
export const RevertRecord = z.object({
  page: z.string(),
  revid: z.number().int(),
  user: z.string(),
  timestamp: z.string(),
  how: z.enum(['undo', 'rollback', 'manual revert']),
  reverted: z.array(z.number().int()),
});
export type RevertRecord = z.infer<typeof RevertRecord>;

/** The daemon's heartbeat: written on every tick; overdue once `nextExpectedBy` has passed without a new one. */
export const Heartbeat = z.object({
  pid: z.number().int(),
  host: z.string(),
  startedAt: Iso,
  lastSeen: Iso,
  nextExpectedBy: Iso,
  /** Set by a clean stop (SIGTERM, SIGINT): then it is not expected again. */
  stoppedAt: Iso.optional(),
  stopReason: z.string().optional(),
});
export type Heartbeat = z.infer<typeof Heartbeat>;

const LineOrigin = z.union([
  z.object({
    line: z.number().int().positive(),
    user: z.string(),
    revid: z.number().int(),
    timestamp: z.string(),
    restored: z.object({ by: z.string(), revid: z.number().int(), removedBy: z.string() }).optional(),
  }),
  z.object({ line: z.number().int().positive(), unknown: z.string() }),
]);

const GoneRow = z.object({
  table: z.string(),
  label: z.string(),
  revid: z.number().int(),
  cells: z.array(z.object({ column: z.string(), text: z.string() })),
});

const RulingsMemo = z.object({
  version: z.number().int().optional(),
  revid: z.number().int(),
  lookback: z.number().int(),
  allowedGroups: z.array(z.string()),
  origins: z.array(LineOrigin),
  removed: z
    .array(
      z.object({
        text: z.string(),
        line: z.number().int().positive(),
        user: z.string(),
        revid: z.number().int(),
        timestamp: z.string(),
        removedBy: z.string(),
        removedIn: z.number().int(),
        editorsSince: z.array(z.string()),
      }),
    )
    .optional(),
  groups: z.record(z.string(), z.array(z.string())),
  checkedAt: Iso,
});

export const GameRecord = z.object({
  /** When the last periodic check started (successfully or not). */
  lastCheck: Iso.optional(),
  lastRun: z.object({ id: z.string(), at: Iso, result: RunResult, kind: RunKind }).optional(),
  lastSuccess: Iso.optional(),
  lastError: z.object({ at: Iso, message: z.string(), kind: RunKind }).optional(),
  consecutiveFailures: z.number().int().nonnegative().default(0),
  /** Set after daemon.maxConsecutiveFailures: no Gamestate edit until an admin clears it. */
  halted: z.boolean().default(false),
  haltedAt: Iso.optional(),
  haltReason: z.string().optional(),
  clearedBy: z.string().optional(),
  clearedAt: Iso.optional(),
  /** Next scheduled run the daemon planned (for the status page and `croupier status`). */
  nextRun: z.object({ at: Iso, kind: RunKind }).optional(),
  /** Keys of on-wiki requests already handled (capped; the request page's "done" mark is the real record). */
  requestsHandled: z.array(z.string()).default([]),
  /** Set when a person reverted one of the bot's edits of the game's pages: no edit of them until an admin resumes. */
  paused: z.object({ at: Iso, reverts: z.array(RevertRecord).min(1) }).optional(),
  resumedBy: z.string().optional(),
  resumedAt: Iso.optional(),
  /** Per page of the game, the newest revision the revert check has looked at (src/wiki/reverts.ts). */
  revertsSeen: z.record(z.string(), z.number().int()).default({}),
  /** Per Rulings page, who added its lines at one revision and their groups (src/jobs/rulings.ts#RulingsMemo). */
  rulings: z.record(z.string(), RulingsMemo).optional(),
  /** Per Gamestate page, the rows of the bot's record people removed from it (src/jobs/record-edits.ts#GoneRows). */
  goneRows: z.record(z.string(), z.array(GoneRow)).optional(),
});
export type GameRecord = z.infer<typeof GameRecord>;

/**
 * The referee's secret of one phase of a game (src/jobs/referee.ts): drawn once, kept until the phase is
 * over and its secret revealed on the page, never logged. Losing it only stops that phase's draws.
 */
export const PhaseSecret = z.object({
  phase: z.number().int().nonnegative(),
  secret: z.string().regex(/^[0-9a-f]{64}$/, 'a secret is 64 lowercase hex digits'),
  at: Iso,
  /** When its reveal was saved: a revealed secret is never used again (a page set back to that phase gets a new one). */
  revealedAt: Iso.optional(),
  /**
   * When a save that reveals it was begun, written before that save: from then on it is never drawn with, even when
   * the run stopped before it could record the reveal (and a person then reverted the page to before it).
   */
  spentAt: Iso.optional(),
});
export type PhaseSecret = z.infer<typeof PhaseSecret>;

export const StoreData = z.object({
  version: z.literal(1),
  runs: z.array(RunRecord),
  games: z.record(z.string(), GameRecord),
  /** Game → the referee's phase secrets (the newest few). */
  secrets: z.record(z.string(), z.array(PhaseSecret)).optional(),
  /** The daemon's heartbeat (absent: no daemon ever ran on this store). */
  daemon: Heartbeat.optional(),
});
export type StoreData = z.infer<typeof StoreData>;

export const emptyStore = (): StoreData => ({ version: 1, runs: [], games: {} });

export const DEFAULT_MAX_RUNS = 500;
export const MAX_REQUESTS_REMEMBERED = 200;

/** A store file that cannot be read or does not match the schema. */
export class StoreError extends Error {
  override name = 'StoreError';
  constructor(
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface Store {
  /** Where it lives (for messages); undefined for the memory store. */
  readonly path: string | undefined;
  /** A validated snapshot. */
  read(): Promise<StoreData>;
  /**
   * Read, let `fn` mutate the data, cap the run log, write — atomically with respect to every other
   * process using the same file. Returns what `fn` returns. If `fn` throws, nothing is written.
   */
  update<T>(fn: (data: StoreData) => T): Promise<T>;
}

function capRuns(data: StoreData, maxRuns: number): void {
  if (data.runs.length > maxRuns) data.runs.splice(0, data.runs.length - maxRuns);
  for (const g of Object.values(data.games)) {
    if (g.requestsHandled.length > MAX_REQUESTS_REMEMBERED) {
      g.requestsHandled.splice(0, g.requestsHandled.length - MAX_REQUESTS_REMEMBERED);
    }
  }
}

export interface FileStoreOptions {
  /** Cap of the run log (oldest runs dropped first). */
  maxRuns?: number;
  /** How long to wait for another process's read–update–write, in ms (default 10 s). */
  lockWaitMs?: number;
}

/** proper-lockfile's file system, its lock directory created readable by the bot's user only. */
const privateLockFs = { ...fs, mkdir: (path: fs.PathLike, cb: (err: NodeJS.ErrnoException | null) => void) => fs.mkdir(path, { mode: 0o700 }, cb) };

/** `text` written to `path` atomically, through a temp file beside it that is 0600 from its creation. */
export async function writePrivate(path: string, text: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.chmod(0o600); // whatever the umask
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw err;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

export class FileStore implements Store {
  readonly path: string;
  readonly #maxRuns: number;
  readonly #lockWaitMs: number;
  // In-process queue: proper-lockfile is not re-entrant, so serialise this process's own updates first.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(path: string, opts: FileStoreOptions = {}) {
    this.path = resolve(path);
    this.#maxRuns = opts.maxRuns ?? DEFAULT_MAX_RUNS;
    this.#lockWaitMs = opts.lockWaitMs ?? 10_000;
  }

  async #load(): Promise<StoreData> {
    const db = new Low<unknown>(new JSONFile<unknown>(this.path), null);
    try {
      await db.read();
    } catch (err) {
      const why = err instanceof SyntaxError ? `it is not valid JSON (${err.message})` : String(err);
      throw new StoreError(
        this.path,
        `the store file ${this.path} cannot be read: ${why}. Fix it by hand, or restore the last "croupier store export" (moved aside without one, a new log starts and the referee's phase secrets are lost: docs/daemon.md, "The store").`,
        { cause: err },
      );
    }
    if (db.data === null) return emptyStore();
    const parsed = StoreData.safeParse(db.data);
    if (!parsed.success) {
      throw new StoreError(
        this.path,
        `the store file ${this.path} does not have the expected shape:\n${z.prettifyError(parsed.error)}\nFix it by hand, or restore the last "croupier store export".`,
      );
    }
    return parsed.data;
  }

  async #withFileLock<T>(fn: () => Promise<T>): Promise<T> {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(this.path, {
        realpath: false,
        fs: privateLockFs,
        stale: 10_000,
        retries: { retries: Math.max(1, Math.ceil(this.#lockWaitMs / 50)), minTimeout: 20, maxTimeout: 100, factor: 1.2 },
      });
    } catch (err) {
      throw new StoreError(
        this.path,
        `the store file ${this.path} stayed locked by another croupier process for more than ${Math.round(this.#lockWaitMs / 1000)} s (${(err as Error).message})`,
        { cause: err },
      );
    }
    try {
      return await fn();
    } finally {
      await release().catch(() => undefined);
    }
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  read(): Promise<StoreData> {
    return this.#serial(() => this.#withFileLock(() => this.#load()));
  }

  update<T>(fn: (data: StoreData) => T): Promise<T> {
    return this.#serial(() =>
      this.#withFileLock(async () => {
        const data = await this.#load();
        const out = fn(data);
        capRuns(data, this.#maxRuns);
        const checked = StoreData.parse(data); // never write what we could not read back
        await writePrivate(this.path, JSON.stringify(checked, null, 2));
        return out;
      }),
    );
  }
}

export class MemoryStore implements Store {
  readonly path = undefined;
  #data: StoreData;
  readonly #maxRuns: number;
  constructor(initial: StoreData = emptyStore(), opts: { maxRuns?: number } = {}) {
    this.#data = StoreData.parse(structuredClone(initial));
    this.#maxRuns = opts.maxRuns ?? DEFAULT_MAX_RUNS;
  }
  async read(): Promise<StoreData> {
    return structuredClone(this.#data);
  }
  async update<T>(fn: (data: StoreData) => T): Promise<T> {
    const draft = structuredClone(this.#data);
    const out = fn(draft);
    capRuns(draft, this.#maxRuns);
    this.#data = StoreData.parse(draft);
    return out;
  }
}

// ---- helpers over the data ------------------------------------------------------------------------

export function gameRecord(data: StoreData, game: string): GameRecord {
  let g = data.games[game];
  if (!g) {
    g = GameRecord.parse({});
    data.games[game] = g;
  }
  return g;
}

/** Secrets kept per game: enough for the phases not yet revealed, and a few after for `croupier verify`. */
export const MAX_SECRETS_KEPT = 20;

/** A secret that is, or may be, on the page: never drawn with again. */
const spent = (s: PhaseSecret) => s.revealedAt !== undefined || s.spentAt !== undefined;

/** The stored secret of a game's phase that may still be drawn with, if any. */
export async function phaseSecret(store: Store, game: string, phase: number): Promise<string | undefined> {
  return (await store.read()).secrets?.[game]?.find((s) => s.phase === phase && !spent(s))?.secret;
}

/** Records, before the save that reveals them, that these secrets of a game are never to be drawn with again. */
export async function markSecretsSpent(store: Store, game: string, phases: readonly number[], at: Date): Promise<void> {
  await store.update((d) => {
    for (const kept of d.secrets?.[game] ?? []) if (phases.includes(kept.phase)) kept.spentAt ??= at.toISOString();
  });
}

/** Records that the secret of a game's phase was revealed on the page. */
export async function markSecretRevealed(store: Store, game: string, phase: number, at: Date): Promise<void> {
  await store.update((d) => {
    const kept = d.secrets?.[game]?.find((s) => s.phase === phase);
    if (kept) kept.revealedAt ??= at.toISOString();
  });
}

/** The game's stored secrets, oldest phase first. */
export async function phaseSecrets(store: Store, game: string): Promise<PhaseSecret[]> {
  return [...((await store.read()).secrets?.[game] ?? [])].sort((a, b) => a.phase - b.phase);
}

/**
 * The secret of a game's phase: the stored one, else `fresh` is stored and returned — in one locked
 * update, so two runs never keep two secrets for one phase. A secret already revealed (or spent) is replaced.
 */
export async function ensurePhaseSecret(store: Store, game: string, phase: number, fresh: string, at: Date): Promise<string> {
  return store.update((d) => {
    const list = ((d.secrets ??= {})[game] ??= []);
    const kept = list.find((s) => s.phase === phase);
    if (kept && !spent(kept)) return kept.secret;
    if (kept) list.splice(list.indexOf(kept), 1);
    list.push({ phase, secret: fresh, at: at.toISOString() });
    list.sort((a, b) => a.phase - b.phase);
    if (list.length > MAX_SECRETS_KEPT) list.splice(0, list.length - MAX_SECRETS_KEPT);
    return fresh;
  });
}

export interface RunStart {
  game: string;
  kind: RunKind;
  trigger: Trigger;
  boundary?: Date;
  actor?: string;
  at: Date;
}

export async function startRun(store: Store, r: RunStart): Promise<string> {
  const id = `${r.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${r.game}-${r.kind}-${randomUUID().slice(0, 8)}`;
  await store.update((d) => {
    d.runs.push({
      id,
      game: r.game,
      kind: r.kind,
      trigger: r.trigger,
      start: r.at.toISOString(),
      result: 'running',
      edits: 0,
      ...thisProcess(),
      ...(r.boundary ? { boundary: r.boundary.toISOString() } : {}),
      ...(r.actor ? { actor: r.actor } : {}),
    });
    if (r.kind === 'check') gameRecord(d, r.game).lastCheck = r.at.toISOString();
  });
  return id;
}

export interface RunEnd {
  result: Exclude<RunResult, 'running'>;
  at: Date;
  edits?: number;
  error?: string;
  summary?: string;
}

export interface RunEndOutcome {
  consecutiveFailures: number;
  halted: boolean;
  /** True when this very run set the halt. */
  justHalted: boolean;
}

/**
 * Close a run and update the per-game counters. A failure increments consecutiveFailures and, at
 * `maxConsecutiveFailures`, sets the halt; a rollover or check that worked (changed or no-change)
 * resets the counter; a run the wiki could not serve (unavailable) does neither.
 */
export async function finishRun(store: Store, id: string, end: RunEnd, maxConsecutiveFailures: number): Promise<RunEndOutcome> {
  return store.update((d) => {
    const run = d.runs.find((r) => r.id === id);
    if (!run) throw new Error(`run ${id} is not in the store (was the run log trimmed during the run?)`);
    run.end = end.at.toISOString();
    run.result = end.result;
    run.edits = end.edits ?? run.edits;
    if (end.error !== undefined) run.error = end.error;
    if (end.summary !== undefined) run.summary = end.summary;
    const g = gameRecord(d, run.game);
    g.lastRun = { id, at: run.end, result: end.result, kind: run.kind };
    let justHalted = false;
    if (end.result === 'failed') {
      g.consecutiveFailures += 1;
      g.lastError = { at: run.end, message: end.error ?? 'unknown error', kind: run.kind };
      if (!g.halted && g.consecutiveFailures >= maxConsecutiveFailures) {
        g.halted = true;
        g.haltedAt = run.end;
        g.haltReason = `${g.consecutiveFailures} consecutive failed runs; the last one: ${end.error ?? 'unknown error'}`;
        justHalted = true;
      }
    } else if ((end.result === 'changed' || end.result === 'no-change') && run.kind !== 'request') {
      // Only a Gamestate job that worked resets the count (answering requests says nothing about the page).
      g.consecutiveFailures = 0;
      g.lastSuccess = run.end;
    }
    return { consecutiveFailures: g.consecutiveFailures, halted: g.halted, justHalted };
  });
}

/** Clear a halt (admin action). Returns false when the game was not halted. */
export async function clearHalt(store: Store, game: string, by: string, at: Date): Promise<boolean> {
  return store.update((d) => {
    const g = gameRecord(d, game);
    const was = g.halted;
    g.halted = false;
    g.consecutiveFailures = 0;
    delete g.haltedAt;
    delete g.haltReason;
    g.clearedBy = by;
    g.clearedAt = at.toISOString();
    return was;
  });
}

/** Whether a run still "running" was left by a process known to be gone. */
function leftByGoneProcess(r: RunRecord): boolean {
  return r.result === 'running' && r.pid !== undefined && processGone({ pid: r.pid, host: r.host ?? '', procStart: r.procStart }) === true;
}

/**
 * Runs left "running" by a process that died (crash, kill -9): mark them abandoned, and make each the
 * last run of its game when it is the latest one started. Holding the process lock (`underLock`), every
 * run still "running" is such a run (no live process owns one); without it, only those whose process is
 * known to be gone. Returns the runs marked.
 */
export async function abandonStaleRuns(store: Store, at: Date, opts: { underLock: boolean } = { underLock: true }): Promise<RunRecord[]> {
  return store.update((d) => {
    const marked: RunRecord[] = [];
    for (const r of d.runs) {
      if (r.result !== 'running' || !(opts.underLock || leftByGoneProcess(r))) continue;
      r.result = 'abandoned';
      r.end = at.toISOString();
      r.error ??=
        r.pid === undefined ? 'the process stopped before the run finished' : `its process (pid ${r.pid} on ${r.host ?? '?'}) stopped before the run finished`;
      const g = gameRecord(d, r.game);
      if (!g.lastRun || Date.parse(d.runs.find((x) => x.id === g.lastRun!.id)?.start ?? g.lastRun.at) <= Date.parse(r.start)) {
        g.lastRun = { id: r.id, at: r.end, result: r.result, kind: r.kind };
      }
      marked.push(structuredClone(r));
    }
    return marked;
  });
}

/** One line per run marked abandoned, for the log or stderr. */
export function abandonedMessages(runs: readonly RunRecord[]): string[] {
  return runs.map(
    (r) =>
      `the ${r.kind} run ${r.id} of ${r.game} (started ${r.start}${r.pid === undefined ? '' : ` by pid ${r.pid}`}) never finished: ` +
      'its process is no longer running; marked abandoned (the page is the record: the next run redoes what it did not save)',
  );
}

/**
 * Runs of a game that never finished, newest first, among its last `last` runs: abandoned ones, and ones
 * still "running" whose process is gone (not marked yet: the next run that takes the lock marks them).
 */
export function unfinishedRuns(data: StoreData, game: string, last = 10): RunRecord[] {
  return data.runs
    .filter((r) => r.game === game)
    .slice(-last)
    .reverse()
    .filter((r) => r.result === 'abandoned' || leftByGoneProcess(r));
}
