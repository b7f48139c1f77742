// The ports of the daemon's scheduler (./scheduler.ts): what it is given to run — the jobs of a game, the
// requests processor, the referee, the status publisher — and what they answer. The scheduler decides only
// when to call them (SDZeroBot style: a job's logic apart from its triggers); ./game-jobs.ts, ./requests.ts,
// ./referee-runner.ts and ./status-page.ts are the real ones, test/unit/cron/fakes.ts the unit tests' fakes.
import type { GameRecord, Heartbeat, RunKind, RunRecord, Trigger } from './store.ts';

/** What the Gamestate page and the Ruleset say about a game's schedule, as of `now`. */
export interface Plan {
  /** Phase boundaries at or before now that the page has not applied yet, oldest first. */
  missed: Date[];
  /** The first boundary after now (null if the ruleset defines none). */
  next: Date | null;
  /** The cycle has not begun: nothing is due before this instant, its start (then `next` is it too). */
  startsAt?: Date;
  /** The engine's own next due event (a grant waiting on time, an expiry), when it comes before `next`. */
  due?: Date;
}

export interface JobOutcome {
  /** Whether the wiki was edited. */
  changed: boolean;
  edits?: number;
  /** One line for the log, the store and the status page. */
  summary?: string;
}

/** An on-wiki request, identified by the revision that added its line. */
export interface RequestRef {
  /** Stable key, written into the History row and the "done" mark (never acted on twice). */
  key: string;
  /** The request line as written. */
  line: string;
  verb: string;
  page: string;
  revid: number;
  timestamp: string;
  /** Author of the revision that added the line (from the API, never from the text). */
  author: string;
}

export interface JobOptions {
  now: Date;
  trigger: Trigger;
  actor?: string;
  /** The on-wiki request this run answers: its key is written in the run's own Gamestate edit. */
  request?: RequestRef;
  /** Aborted when the daemon is shutting down and gives up waiting: stop before the save. */
  signal?: AbortSignal;
}

export interface RolloverJobOptions extends JobOptions {
  /** The boundary being applied (scheduled and catch-up rollovers). */
  boundary?: Date;
  /** Roll over to the next phase now, before its boundary (manual rollovers). */
  force?: boolean;
  /**
   * When the manual rollover was asked for (the request's revision timestamp): a boundary passed since
   * (applied by the catch-up before the requests are read) already gave the new phase, so none is forced.
   */
  requestedAt?: Date;
}

export interface GameJobs {
  plan(game: string, now: Date): Promise<Plan>;
  rollover(game: string, opts: RolloverJobOptions): Promise<JobOutcome>;
  check(game: string, opts: JobOptions): Promise<JobOutcome>;
}

export interface ActionResult {
  ok: boolean;
  /** What was done, or why it failed / was not done. */
  message: string;
}

/** What the requests processor may do on behalf of an admin's request (each a recorded run). */
export interface RequestActions {
  /** Halted games leave requests other than `clear` waiting. */
  halted(): Promise<boolean>;
  /** Paused games (a person reverted the bot) leave every request but an allowed `resume` waiting. */
  paused(): Promise<boolean>;
  rollover(req: RequestRef): Promise<ActionResult>;
  check(req: RequestRef): Promise<ActionResult>;
  clear(req: RequestRef): Promise<ActionResult>;
  resume(req: RequestRef): Promise<ActionResult>;
  /** After each line is answered: other games' phase boundaries that wait run now (./queue.ts). */
  between?(): Promise<void>;
}

export interface RequestsSummary {
  /** Requests answered (honoured or refused) in this pass. */
  handled: number;
  /** Requests left for later (e.g. while halted). */
  waiting: number;
  edits: number;
}

export type RequestsProcessor = (game: string, now: Date, actions: RequestActions) => Promise<RequestsSummary>;

/** The referee job of a game (src/cron/referee-runner.ts); `active`: whether the game uses it (has an actions page, or a secret to reveal). */
export interface RefereeRunner {
  active(game: string): Promise<boolean>;
  /** `between`: called after each step of the pass (other games' phase boundaries that wait run then: ./queue.ts). */
  run(game: string, signal: AbortSignal, between?: () => Promise<void>): Promise<JobOutcome>;
}

export interface StatusInfo {
  game: string;
  now: Date;
  record: GameRecord;
  lastRun: RunRecord | undefined;
  /** Last failed run, if any, among the runs kept. */
  lastFailure: RunRecord | undefined;
  maxConsecutiveFailures: number;
  nextRun: { at: Date; kind: RunKind } | undefined;
  waitingRequests?: number;
  /** The game's cycle has not begun: it begins then (nothing is due before). */
  startsAt?: Date;
  /** Set once the daemon has stopped: nothing runs until it is started again. */
  stopped?: { at: Date; reason: string };
  /** Runs that never finished (abandoned, or left "running" by a process that is gone), newest first. */
  unfinished?: RunRecord[];
  /** The daemon's heartbeat as the store has it. */
  heartbeat?: Heartbeat;
}

export type StatusPublisher = (game: string, info: StatusInfo) => Promise<void>;
