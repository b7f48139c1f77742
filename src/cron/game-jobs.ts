// The daemon's real jobs: the glue between the scheduler (when) and the job logic (what).
//
//   plan      reads the Ruleset and the Gamestate page; the engine's schedule (GameEngine.schedule: a phase
//             calendar, or a turn clock) gives every period start after the page's current period up to now
//             (missed) and the next one;
//   rollover  the game engine's idempotent rollover job (src/jobs/rollover.ts), called once per boundary
//             with `now` = that boundary, or forced for an admin's request;
//   check     the same job with `now` = the clock: applies what is due between boundaries (reputability
//             grants, recorded gifts and battles);
//   requests  what the Gamestate History says about an on-wiki request (done when a row names its key: the
//             rollover or check that answered it wrote that row in its own save), and the request's row
//             when no such save carried it (refusals, failures, a check that changed nothing).
// The engine is the game's own, found through the registry by the game's kind (src/games/engine-contract.ts).
// One tick plans, rolls over, checks, plans again and records requests: a RulesetCache shared by them all
// (and by the rollover job, see ./wiring.ts) parses each revision of a Ruleset page once.
import type { EnginePage, EngineState, GameEngine, KindedRuleset } from '../games/engine-contract.ts';
import { lighten } from '../games/computed-blocks.ts';
import { engineFor, readEngineRuleset } from '../games/registry.ts';
import type { RulesetReader } from './ruleset-files.ts';
import { STANDINGS_REGION } from '../games/shared/standings.ts';
import { requestRow } from '../jobs/rollover.ts';
import { namesRequest } from '../jobs/request-lines.ts';
import type { Change } from '../sim/trail.ts';
import { shutoffReason, type ShutoffSettings } from '../wiki/guards.ts';
import type { GameJobs, JobOutcome, Plan, RolloverJobOptions } from './ports.ts';
import type { RequestHistoryEntry, RequestsHistory, RequestState } from './requests.ts';
import { gameRecord, type Store } from './store.ts';
import { collectGarbage } from './collect-garbage.ts';

/** The pages of one game, as the config names them. */
export interface GamePages {
  id: string;
  kind: string;
  ruleset: string;
  gamestate: string;
}

export interface PageText {
  title: string;
  text: string;
  revid: number;
}

/** What the jobs need from the wiki (src/wiki/client.ts provides it; tests may fake it). */
export interface JobsWiki {
  /** Missing pages are an error naming the page. */
  readPages(titles: string[]): Promise<Map<string, PageText>>;
  save(title: string, transform: (page: PageText) => { text: string; summary: string } | null): Promise<{ changed: boolean }>;
}

/** The engine's rollover job, adapted: applies everything due up to `now` (or forces a rollover). */
export type RolloverRunner = (game: GamePages, opts: RolloverJobOptions) => Promise<JobOutcome>;

interface Loaded {
  engine: GameEngine;
  ruleset: KindedRuleset;
  state: EngineState;
  page: EnginePage;
}

/** What a Ruleset revision reads as: the engine of its kind, the parsed rules and the page's tables (what a draw names). */
export type EngineRuleset = ReturnType<typeof readEngineRuleset>;

/**
 * Parsed Ruleset revisions, by (page, revision, kind, game): the same revision is parsed once, however many
 * jobs of a tick read it. Bounded (the most recently used `max` revisions are kept); a hit also needs the
 * same text, so a reader that reuses a revision number for other text is never served a stale parse.
 * `files`: the readings kept beside the store (./ruleset-files.ts), read and written on a miss, so the
 * CLI's commands run beside the daemon (an admin's `status`, a `referee`) find the revision it read.
 */
export class RulesetCache {
  readonly #entries = new Map<string, { text: string; value: EngineRuleset }>();
  /** How many times a Ruleset was read past this cache (tests). */
  parses = 0;

  constructor(
    readonly max = 8,
    private readonly files?: RulesetReader,
  ) {}

  read(page: { title?: string; text: string; revid: number }, o: { page: string; kind?: string; game: string }): EngineRuleset {
    const key = JSON.stringify([o.page, page.revid, o.kind ?? null, o.game]);
    const hit = this.#entries.get(key);
    if (hit && hit.text === page.text) {
      this.#entries.delete(key); // most recently used last
      this.#entries.set(key, hit);
      return hit.value;
    }
    this.parses++;
    const value = this.files ? this.files.read(page, o) : readEngineRuleset(page.text, o);
    this.#entries.delete(key);
    this.#entries.set(key, { text: page.text, value });
    while (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }
}

async function load(wiki: JobsWiki, game: GamePages, rulesets: RulesetCache): Promise<Loaded> {
  const pages = await wiki.readPages([game.ruleset, game.gamestate]);
  const r = pages.get(game.ruleset);
  const g = pages.get(game.gamestate);
  if (!r) throw new Error(`the Ruleset page "${game.ruleset}" could not be read`);
  if (!g) throw new Error(`the Gamestate page "${game.gamestate}" could not be read`);
  const { engine, ruleset } = readRuleset(game, r, rulesets);
  return { engine, ruleset, state: engine.readGamestate(g.text, game.gamestate, ruleset), page: { title: game.gamestate, text: g.text, revid: g.revid } };
}

/** The Ruleset read by the game's engine (of the configured kind), once per revision. */
function readRuleset(game: GamePages, page: PageText, rulesets: RulesetCache): EngineRuleset {
  return rulesets.read(page, { page: game.ruleset, kind: game.kind, game: game.id });
}

/** Period starts the page has not applied up to `now`, and the next one (pure; the schedule is the ruleset's engine's). */
export function planFrom(ruleset: KindedRuleset, state: EngineState, now: Date, engine: GameEngine = engineFor(ruleset.kind)): Plan {
  if (state.phase.winner.length > 0) return { missed: [], next: null }; // the game is over
  const { missed, next, recorded } = engine.schedule(ruleset, state, now);
  // Not begun: the page is at period 0 and its game starts later. Nothing is due before the start. (A later
  // period number before the start is a broken page: the run that follows reports it.)
  const start = recorded.start;
  if (state.phase.number === 0 && now.getTime() < start.getTime()) return { missed: [], next: start, startsAt: start };
  return { missed, next };
}

/** The pages of game `id` in the config, or an error naming it. */
function gameById(games: readonly GamePages[], id: string): GamePages {
  const g = games.find((x) => x.id === id);
  if (!g) throw new Error(`no game "${id}" in the config`);
  return g;
}

export interface RealJobsOptions {
  wiki: JobsWiki;
  games: GamePages[];
  rollover: RolloverRunner;
  /** Shared with the rollover runner and the requests' History (see ./wiring.ts); else the jobs' own. */
  rulesets?: RulesetCache;
}

export function makeJobs(opts: RealJobsOptions): GameJobs {
  const rulesets = opts.rulesets ?? new RulesetCache();
  const game = (id: string): GamePages => gameById(opts.games, id);
  // Each job starts with a full collection: the last job's garbage goes while little is live (./collect-garbage.ts).
  return {
    async plan(id, now) {
      const g = game(id);
      await collectGarbage();
      const { engine, ruleset, state, page } = await load(opts.wiki, g, rulesets);
      const plan = planFrom(ruleset, state, now, engine);
      if (plan.startsAt || plan.missed.length > 0 || plan.next === null) return plan;
      // The engine's next due event between boundaries (the run just before applied what was due up to now). A page
      // the engine refuses has no due event: the check that follows runs on it, and reports it or repairs it (a
      // killed run's merge is corrected by the save, on the person's revision: src/wiki/save.ts).
      let due: Date | null;
      try {
        due = engine.rollover(ruleset, g.id, page, { now, trigger: 'plan' }).result.due.next;
      } catch {
        return plan;
      }
      return due !== null && due > now && due < plan.next ? { ...plan, due } : plan;
    },
    rollover: async (id, o) => {
      await collectGarbage();
      return opts.rollover(game(id), o);
    },
    check: async (id, o) => {
      await collectGarbage();
      return opts.rollover(game(id), o);
    },
  };
}

/** The History row of a request (the key is in it, so it is written once). */
export function requestChange(entry: RequestHistoryEntry, phase: number): Change {
  const r = entry.request;
  return requestRow(
    { key: r.key, by: r.author, verb: r.verb, page: r.page, revid: r.revid, timestamp: r.timestamp },
    { at: entry.at, phase, verdict: entry.verdict === 'done' ? 'honoured' : entry.verdict, message: entry.message },
  );
}

/** What the bot's record of a Gamestate page says about a request: no row names it, or its rows say done / failed. */
export function requestStateIn(text: string, key: string): RequestState {
  if (!namesRequest(text, key)) return 'new';
  const rows = text.split('\n').filter((l) => namesRequest(l, key));
  return rows.length > 0 && rows.every((l) => /"[\w ]+" failed: /.test(l)) ? 'failed' : 'done';
}

/**
 * The requests' History on the Gamestate pages. What the bot's own revisions added to the page is the
 * record (`record`: src/jobs/request-lines.ts#botAddedLines over the page's history) — never the page's
 * text, where anyone can type a request's key; the store's `requestsHandled` is only the bot's log, never
 * read to decide anything.
 */
export function makeRequestsHistory(opts: {
  wiki: JobsWiki;
  record: (gamestate: string) => Promise<string>;
  games: GamePages[];
  store: Store;
  rulesets?: RulesetCache;
}): RequestsHistory {
  const rulesets = opts.rulesets ?? new RulesetCache();
  const game = (id: string): GamePages => gameById(opts.games, id);
  const saveRows = async (g: GamePages, entries: readonly RequestHistoryEntry[]) => {
    const rulesetPage = (await opts.wiki.readPages([g.ruleset])).get(g.ruleset);
    if (!rulesetPage) throw new Error(`the Ruleset page "${g.ruleset}" could not be read`);
    let read: EngineRuleset | undefined; // once, not again when the transform reruns
    const [first] = entries;
    const summary =
      entries.length === 1 && first
        ? `Croupier: History row for request ${first.request.key} (${first.verdict})`
        : `Croupier: History rows for ${entries.length} requests (${[...new Set(entries.map((e) => e.verdict))].join(', ')})`;
    return opts.wiki.save(g.gamestate, (page) => {
      const { engine, ruleset } = (read ??= readRuleset(g, rulesetPage, rulesets));
      const state = engine.readGamestate(page.text, g.gamestate, ruleset);
      let text = engine.renderGamestate(
        page.text,
        state,
        entries.map((e) => requestChange(e, state.phase.number)),
        ruleset,
      );
      // Standings the page holds inline (an older Croupier's, or a revert to such a page) go to their subpage with this
      // save: drawn anew from the page when the game can (Cycle 16's with the race chart under them), not copied as
      // the page held them, which would take the chart off the subpage.
      if (engine.redraw && lighten(page.text, g.gamestate).moved.some((m) => m.block.region === STANDINGS_REGION)) {
        text = engine.redraw(ruleset, text, g.gamestate);
      }
      return text === page.text ? null : { text, summary };
    });
  };
  return {
    async state(id, key): Promise<RequestState> {
      return requestStateIn(await opts.record(game(id).gamestate), key);
    },
    async record(id, entries) {
      const g = game(id);
      // The save that answered one carried its row (a rollover's own edit): not again.
      const record = await opts.record(g.gamestate);
      const fresh = entries.filter((e) => !namesRequest(record, e.request.key));
      const saved = fresh.length === 0 ? { changed: false } : await saveRows(g, fresh);
      // The bot's log only (capped): what the bot's record on the page says decides.
      await opts.store.update((d) => {
        const rec = gameRecord(d, id);
        for (const e of entries) if (!rec.requestsHandled.includes(e.request.key)) rec.requestsHandled.push(e.request.key);
      });
      return saved;
    },
  };
}

/** The shutoff check for the scheduler: null while the page holds the run word (a missing page: stop). */
export function makeShutoff(wiki: { readOptional(title: string): Promise<string | undefined> }, s: ShutoffSettings) {
  return async (): Promise<string | null> => shutoffReason(await wiki.readOptional(s.page), s);
}
