import type { Change } from '../sim/trail.ts';
import { formatInstant } from '../sim/trail.ts';
import type { EngineRollover, GameEngine, KindedRuleset } from '../games/engine-contract.ts';
import { appendToArchive, archiveRowCount, archiveTitle, linkedArchives, planArchive, removeArchivedRows, type ArchivePlan } from '../games/history-archive.ts';
import { engineFor, readEngineRuleset } from '../games/registry.ts';
import type { ChosenReadings } from '../games/shared/readings.ts';
import { readGameRulings, type RulingsCache, type RulingsWiki } from './rulings.ts';
import type { PageRevision, ReadOptions } from '../wiki/pages.ts';
import { findRegion, findRegions } from '../parse/regions.ts';
import { escapeWikitext } from '../parse/escape.ts';
import type { MergeContext, SaveOptions, SaveResult, Transform } from '../wiki/save.ts';
import { describeMerge } from '../wiki/merged.ts';
import { WikiError } from '../wiki/errors.ts';
import { GamestateError } from '../games/shared/gamestate-error.ts';
import { withSinceRedrawn } from '../games/shared/standings.ts';
import { computedSubpages, lighten } from '../games/computed-blocks.ts';
import { RULESET_REVISION } from '../games/kit/readings.ts';
import { saveGamestate } from './computed-pages.ts';
import { rulesetRevisionsRow, rulesetsForRun, type RulesetRevisionsWiki, type RulesetsInForce } from './ruleset-revisions.ts';
import { concurrentLateEdits, lateEdits, lateEditsRow, LateEditsRefusal, type LateEdits, type RollOn } from './late-edits.ts';
import {
  type BelievedRecords,
  concurrentRecordEdits,
  type GoneRows,
  RecordEditsRefusal,
  RecordEditsWhileSaving,
  recordEdits,
  type RecordEditsWiki,
} from './record-edits.ts';

// The rollover job: one batched read of the Ruleset, the Gamestate and the shutoff page (and the Rulings page when
// the bot keeps a memo of it), the engine, one save
// (which checks the shutoff page it was handed, without reading anything again).
// The engine is the game's own (src/games/engine-contract.ts), found through the registry by its kind.
//
// Exactly once: the Gamestate save is the commit point. The transform computes everything from the
// page text it is given — which records what was already applied (phase number, statuses, grants)
// — so it is idempotent, and on an edit conflict it runs again on the newer text. A crash before
// the save loses nothing; a crash after it leaves nothing to redo. See docs/gamestate-format.md.

export interface RolloverWiki {
  /** The client's shutoff page (checked before every edit): read in the job's batched read. */
  readonly settings?: { readonly shutoff: { readonly page: string } | null };
  /** The bot's account names (src/jobs/computed-pages.ts). */
  readonly names?: readonly string[];
  readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>>;
  save(title: string, transform: Transform, opts: SaveOptions): Promise<SaveResult>;
  /** Render a page again (the Gamestate, after its subpages changed: src/jobs/computed-pages.ts). */
  purge(titles: readonly string[]): Promise<void>;
  /** The Ruleset's revisions in force over a span (./ruleset-revisions.ts). */
  revisionsInForce: RulesetRevisionsWiki['revisionsInForce'];
  /** Page history and user groups, to read the Rulings page with its authors (games with readings). */
  history?: RulingsWiki['history'];
  userGroups?: RulingsWiki['userGroups'];
  /** A page's revisions, to tell who changed the bot's record on the Gamestate (./record-edits.ts). */
  revisions: RecordEditsWiki['revisions'];
}

export interface RolloverGame {
  id: string;
  /** The game's kind (games[].kind in the config); detected from the Ruleset page when omitted. */
  kind?: string;
  ruleset: string;
  gamestate: string;
  /** History rows kept on the page; older ones move to `<gamestate>/History/N`. */
  historyLimit: number;
  /** The Judge's rulings on the game's readings (src/jobs/rulings.ts); read when the game has readings. */
  rulingsPage?: string;
  /** Who may rule there (as for requests); default sysop. */
  allowedGroups?: readonly string[];
  requestsLookback?: number;
}

export type RolloverStep = 'read' | 'computed' | 'archived' | 'saved';

export interface RolloverContext {
  wiki: RolloverWiki;
  /** Called after each step; tests throw from it to simulate a crash there. */
  checkpoint?: (step: RolloverStep) => void | Promise<void>;
  /** Passed to the Gamestate save (tests use `beforeEdit` to edit the page during the run, `afterEdit` to stop the process after its edit). */
  saveOptions?: Pick<SaveOptions, 'beforeEdit' | 'afterEdit'>;
  /** The bot's memo of who added the Rulings page's lines (its store): the page is then read in the job's batched read. */
  rulingsCache?: RulingsCache;
  /** The daemon's memo of the Gamestate revisions found to hold the bot's record (./record-edits.ts). */
  believedRecords?: BelievedRecords;
  /** The rows of the bot's record people removed from the Gamestate (its store; ./record-edits.ts). */
  goneRows?: GoneRows;
  /** Reads the Ruleset revision (the daemon's cache parses each revision once); default readEngineRuleset. */
  readRuleset?: (page: PageRevision, o: { page: string; kind?: string; game: string }) => { engine: GameEngine; ruleset: KindedRuleset };
}

export interface RolloverOptions {
  now: Date;
  dryRun?: boolean;
  /** Manual rollover to the next phase now. */
  force?: boolean;
  /**
   * When the admin asked for the manual rollover (the request's revision): if a phase boundary has passed
   * since, the boundary already gave the new phase and the engine forces nothing (never a skipped phase).
   */
  requestedAt?: Date;
  /** What started the run: "cli", "schedule", "request"… */
  trigger: string;
  /** Who: the operator, or the admin whose request it is. */
  actor?: string;
  /**
   * The on-wiki request this run answers (a `* rollover now` or `* check` line): its key goes into the
   * run's own Gamestate edit — a "Request" History row, and the "Manual rollover" row of a forced one —
   * so the page records that the request was done. The caller passes it only while the bot's own record of
   * the page (the lines its revisions added, src/cron/game-jobs.ts) does not name the key: a copy of the key a
   * person types onto the page blocks nothing.
   */
  request?: RolloverRequest;
  /** The readings in force (the job reads them from the Rulings page); absent: the engine's defaults. */
  readings?: ChosenReadings;
  /**
   * The Ruleset revisions in force at the instants the run applies, when the page was edited since the first of them
   * (./ruleset-revisions.ts): what falls due before each older revision's `until` is applied with its rules, the rest
   * with the run's ruleset (`current`'s); a History row names them. Absent: the run's ruleset for everything.
   */
  inForce?: RulesetsInForce;
  /** Edits of the Gamestate saved after the first instant the run applies (./late-edits.ts): a History row names them. */
  lateEdits?: LateEdits;
}

/** An on-wiki request, as the rollover job records it (src/cron/requests.ts makes them). */
export interface RolloverRequest {
  /** Stable key (revision that added the line + a hash of the line), e.g. "r1234-0a1b2c3d". */
  key: string;
  /** Author of the revision that added the line ("" if hidden). */
  by: string;
  /** "rollover", "check"… */
  verb: string;
  page?: string;
  revid?: number;
  /** When the line was added (ISO). */
  timestamp?: string;
}

/** The History row of an on-wiki request: `"verb" verdict: message`, its key in the reason. */
export function requestRow(req: RolloverRequest, o: { at: Date; phase: number; verdict: string; message: string }): Change {
  const inputs: Record<string, string | number> = {};
  if (req.page !== undefined) inputs.page = req.page;
  if (req.revid !== undefined) inputs.revision = req.revid;
  inputs['added by'] = req.by || 'hidden';
  if (req.timestamp) inputs.at = req.timestamp;
  return {
    at: o.at,
    phase: o.phase,
    event: 'Request',
    player: req.by || '-',
    change: `"${req.verb}" ${o.verdict}: ${o.message}`,
    reason: { rule: `on-wiki request ${req.key}`, inputs },
  };
}

export interface RolloverSummary {
  game: string;
  gamestate: string;
  rulesetRevid: number;
  gamestateRevid: number;
  fromPhase: number;
  toPhase: number;
  phaseName: string;
  /** What the game's periods are called: "phase" or "turn". */
  period: GameEngine['period'];
  nextRollover: string | null;
  winner: string[];
  changes: number;
  /** Event → how many History rows. */
  events: Record<string, number>;
  pending: { at: string | null; what: string }[];
  archived: { title: string; rows: number }[];
  save: SaveResult;
  /** The saves of the Gamestate's bot-owned subpages that changed (src/jobs/computed-pages.ts). */
  subpages: SaveResult[];
  /** The Rulings page read for this run: the rulings applied (labels) and the lines ignored, with why. */
  rulings?: { page: string; applied: string[]; warnings: string[] };
}

export type Computed = EngineRollover;

/** The History row of a run recomputed because MediaWiki merged its edit with a concurrent one (src/wiki/merged.ts). */
export function mergeRow(merge: MergeContext, o: { at: Date; phase: number }): Change {
  return {
    at: o.at,
    phase: o.phase,
    event: 'Concurrent edit',
    player: '-',
    change: describeMerge(merge),
    reason: {
      rule: 'the page is the serial outcome: this run applies to the edits the wiki recorded before it, so the merged revision is replaced',
      inputs: { 'merged revision': merge.merged.join(', '), 'recomputed on revision': merge.on },
    },
  };
}

/**
 * The pure heart of the job: page text in, new page text out (no archiving), by the engine of the
 * ruleset's kind (`engine` when the caller already has it). `merge`: the run is recomputed because
 * MediaWiki merged its edit with a concurrent one; a History row says so. With `opts.inForce`, what fell due
 * under older Ruleset revisions is applied first with each one's rules, up to the next one's save.
 */
export function computeRollover(
  ruleset: KindedRuleset,
  game: Pick<RolloverGame, 'id' | 'gamestate'>,
  page: Pick<PageRevision, 'text' | 'revid'> & { timestamp?: string },
  opts: RolloverOptions,
  engine: GameEngine = engineFor(ruleset.kind),
  merge?: MergeContext,
): Computed {
  findRegions(page.text, game.gamestate); // refuse a page whose bot-managed markers are broken
  const { request, force, inForce, lateEdits } = opts;
  const readings = opts.readings ? { readings: opts.readings } : {};
  // When the page was saved: a catch-up applies instants before it, and the Last actions typed since are no future.
  const on = (text: string) => ({ title: game.gamestate, text, revid: page.revid, ...(page.timestamp ? { timestamp: page.timestamp } : {}) });
  // Each older revision's rules up to the instant before the next one was saved (a revision saved at an instant applies at it).
  const before: Computed[] = [];
  for (const e of inForce?.earlier ?? []) {
    const text = before.at(-1)?.text ?? page.text;
    try {
      before.push(engine.rollover(e.ruleset, game.id, on(text), { now: new Date(e.until.getTime() - 1), trigger: opts.trigger, ...readings }));
    } catch (err) {
      if (!(err instanceof GamestateError)) throw err;
      // The page as it is now, read with rules older than some of it (a card a later proposal added, a moved calendar).
      const why = `the instants this run missed before ${formatInstant(e.until)} are applied with Ruleset revision ${e.revid}, in force then (${inForce!.label}), which refuses the page as below; a Judge's ruling "* ${RULESET_REVISION} = latest" on the Rulings page applies the current Ruleset to them instead`;
      throw new GamestateError([{ message: why, location: { page: game.gamestate } }, ...err.problems]);
    }
  }
  const earlier = before.flatMap((b) => b.result.changes);
  const fromPhase = before[0]?.fromPhase;
  // The run's own rows, in the same edit: the Ruleset revisions', the request's and the merge's.
  const rows = (r: Computed['result'], from: number): Change[] => [
    ...(inForce ? [rulesetRevisionsRow(inForce, { at: opts.now, phase: r.state.phase.number, changes: r.changes })] : []),
    ...(lateEdits ? [lateEditsRow(lateEdits, { at: opts.now, phase: r.state.phase.number })] : []),
    ...(request
      ? [
          requestRow(request, {
            at: opts.now,
            phase: r.state.phase.number,
            verdict: 'honoured',
            message: requestOutcome(r.state.phase, fromPhase ?? from, earlier.length + r.changes.length, engine.period),
          }),
        ]
      : []),
    ...(merge ? [mergeRow(merge, { at: opts.now, phase: r.state.phase.number })] : []),
  ];
  const c = engine.rollover(ruleset, game.id, on(before.at(-1)?.text ?? page.text), {
    now: opts.now,
    trigger: opts.trigger,
    force: force
      ? { by: opts.actor ?? 'an admin', ...(opts.requestedAt ? { requestedAt: opts.requestedAt } : {}), ...(request ? { request: request.key } : {}) }
      : undefined,
    ...(request || merge || inForce || lateEdits ? { rows } : {}),
    ...readings,
  });
  const joined = (x: Computed, owed: readonly Change[] = []): Computed =>
    before.length === 0 && owed.length === 0
      ? x
      : {
          ...x,
          fromPhase: fromPhase ?? x.fromPhase,
          read: before[0]?.read ?? x.read,
          historyRows: x.historyRows + owed.length,
          result: { ...x.result, changes: [...earlier, ...x.result.changes, ...owed] },
        };
  // The engine adds the rows to a run whose own rules changed something; else they are owed when the older revisions
  // did (the revisions' and the request's), and after a merge (the merged revision is still replaced, and its row says why).
  if (c.result.changes.length > 0 || (earlier.length === 0 && !merge)) return joined(c);
  const owed = rows({ ...c.result, changes: [] }, c.fromPhase).filter((row) => earlier.length > 0 || row.event === 'Concurrent edit');
  return joined({ ...c, text: engine.renderGamestate(c.text, c.result.state, owed, ruleset) }, owed);
}

/** computeRollover of another text in the run's place (src/jobs/late-edits.ts): its changes, or undefined where the rules refuse it. */
export function rollOn(...[ruleset, game, page, opts, engine]: Parameters<typeof computeRollover>): RollOn {
  return (text) => {
    try {
      return computeRollover(ruleset, game, { ...page, text }, opts, engine).result.changes;
    } catch (err) {
      if (err instanceof GamestateError) return undefined;
      throw err;
    }
  };
}

/**
 * computeRollover for a page the run will save: the page it would write, rolled over again at the same instant, must
 * be left as it is. A page that is not — a value written where the next run reads something else, as a cell whose
 * column the page lacks — would be edited again at every run, a History row each time, for ever (three such faults
 * were found by the fuzz test). It is refused instead, with no edit, naming the first line that would change: the
 * daemon counts the refusal as a failure and, after `maxConsecutiveFailures`, halts the game and alerts its admins.
 * Both are compared as the wiki will hold them, their computed blocks on their subpages (src/games/computed-blocks.ts):
 * the next run reads that page. Costs a second run of the engine on the runs that change the page, none on the others.
 */
export function stableRollover(...args: Parameters<typeof computeRollover>): Computed {
  const c = computeRollover(...args);
  const [ruleset, game, page, opts, engine = engineFor(ruleset.kind)] = args;
  const mine = lighten(c.text, game.gamestate);
  // The same page: its blocks, drawn from it, are too (a subpage whose block changed is saved, once).
  if (mine.text === page.text) return c;
  const unstable = (what: string) =>
    new GamestateError([
      {
        message: `the page this run would write is not stable: ${what}, so every run would edit it again. No edit made. A table, column or cell may be read otherwise than Croupier writes it (a header renamed by hand?); if the page looks right, this is a fault of Croupier's: please report it`,
        location: { page: game.gamestate },
      },
    ]);
  let again: ReturnType<typeof lighten>;
  try {
    const next = engine.rollover(
      ruleset,
      game.id,
      { title: game.gamestate, text: mine.text, revid: page.revid, ...(page.timestamp ? { timestamp: page.timestamp } : {}) },
      { now: opts.now, trigger: opts.trigger, ...(opts.readings ? { readings: opts.readings } : {}) },
    );
    again = lighten(next.text, game.gamestate);
  } catch (err) {
    throw unstable(`the next run at the same instant would refuse it (${err instanceof Error ? err.message.split('\n').join(' ') : String(err)})`);
  }
  // A block the next run draws otherwise (one it leaves as it is, as the card tables a rollover does not draw, stays
  // on its subpage as this run saves it).
  const drawnAgain = again.moved.map((m) => ({ m, was: mine.moved.find((x) => x.block === m.block) }));
  const block = drawnAgain.find(({ m, was }) => was !== undefined && was.content !== m.content);
  if (again.text === mine.text && block === undefined) return c;
  const [where, before, after] =
    again.text !== mine.text ? ['', mine.text, again.text] : [` of its ${block!.m.block.what}`, block!.was!.content, block!.m.content];
  const [a, b] = [before.split('\n'), after.split('\n')];
  const line = a.findIndex((l, i) => l !== b[i]);
  const at = line < 0 ? a.length : line;
  const quote = (l: string | undefined) => (l === undefined ? 'nothing' : `"${l.length > 120 ? `${l.slice(0, 119)}…` : l}"`);
  throw unstable(`the next run at the same instant would change it again (line ${at + 1}${where}: ${quote(a[at])} → ${quote(b[at])})`);
}

function requestOutcome(now: { number: number; name: string }, fromPhase: number, changes: number, period: GameEngine['period']): string {
  const { number, name } = now;
  const phase = number !== fromPhase ? `${period} ${fromPhase} → ${number} (${name})` : `${period} ${number} (${name})`;
  return `${phase}, ${changes} change(s) in this edit`;
}

export function countEvents(changes: readonly Change[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of changes) out[c.event] = (out[c.event] ?? 0) + 1;
  return out;
}

/** `period`: what the game's periods are called (GameEngine.period). */
export function editSummary(c: Computed, rulesetRevid: number, opts: RolloverOptions, period: GameEngine['period'] = 'phase'): string {
  const { state, changes } = c.result;
  const events = Object.entries(countEvents(changes))
    .map(([e, n]) => `${n} ${e}`)
    .join(', ');
  const what =
    state.phase.number !== c.fromPhase
      ? `${period} ${c.fromPhase} → ${state.phase.number} (${escapeWikitext(state.phase.name)})`
      : changes.length > 0
        ? `${period} ${state.phase.number}`
        : 'computed columns';
  const by = escapeWikitext(opts.actor === undefined ? opts.trigger : `${opts.trigger} by ${opts.actor}`);
  const revs = opts.inForce ? `revs ${[...opts.inForce.earlier.map((e) => e.revid), rulesetRevid].join(', ')}` : `rev ${rulesetRevid}`;
  return `Croupier: ${what}${events ? `; ${events}` : ''} — from Ruleset ${revs}; ${by}`;
}

/**
 * Which rows to archive where. The linked archive pages and a few after them are read: an
 * interrupted run may have created one the page does not link yet.
 */
async function planArchives(ctx: RolloverContext, game: RolloverGame, engine: GameEngine, text: string): Promise<ArchivePlan> {
  const region = findRegion(text, 'history-archives', game.gamestate);
  const linked = Math.max(0, ...(region === undefined ? [] : linkedArchives(region.content, game.gamestate)));
  const titles = Array.from({ length: 5 }, (_, i) => archiveTitle(game.gamestate, Math.max(1, linked) + i));
  const existing = [...(await ctx.wiki.readPages(titles, { allowMissing: true })).values()].filter((p) => !p.missing);
  return planArchive(
    text,
    game.gamestate,
    game.historyLimit,
    {
      count: Math.max(linked, ...existing.map((p) => Number(p.title.split('/').at(-1)))),
      lastRows: archiveRowCount(existing.at(-1)?.text, engine.history),
      has: (row) => existing.some((p) => p.text.includes(row.trimEnd())),
    },
    engine.history,
  );
}

export async function rollover(ctx: RolloverContext, game: RolloverGame, opts: RolloverOptions): Promise<RolloverSummary> {
  try {
    return await rolloverOnce(ctx, game, opts);
  } catch (err) {
    // A cell of the bot's record changed while it saved, and no edit landed: who changed it (an admin?) is read by
    // the run from the start, once.
    if (!(err instanceof RecordEditsWhileSaving)) throw err;
    return rolloverOnce(ctx, game, opts);
  }
}

async function rolloverOnce(ctx: RolloverContext, game: RolloverGame, opts: RolloverOptions): Promise<RolloverSummary> {
  // One read: the shutoff page and the bot-owned subpages too, so that the saves check them without reading them
  // again, and the Rulings page when the bot keeps a memo of its authors.
  const shutoff = ctx.wiki.settings?.shutoff?.page;
  const rulingsPage = ctx.rulingsCache ? game.rulingsPage : undefined;
  const optional = [...computedSubpages(game.gamestate), shutoff, rulingsPage].filter((t) => t !== undefined);
  const pages = await ctx.wiki.readPages([game.ruleset, game.gamestate, ...optional], { allowMissing: optional });
  const rulesetPage = pages.get(game.ruleset)!;
  const gamestatePage = pages.get(game.gamestate)!;
  // The Ruleset is read once, by the game's engine, for every computation of this run.
  const readOpts = { page: game.ruleset, kind: game.kind, game: game.id };
  const read = ctx.readRuleset ? ctx.readRuleset(rulesetPage, readOpts) : readEngineRuleset(rulesetPage.text, readOpts);
  const { engine } = read;
  const rulingsRead = rulingsPage === undefined ? undefined : pages.get(rulingsPage);
  const rulings = await readGameRulings(
    ctx.wiki,
    game,
    read.ruleset,
    rulingsRead && ctx.rulingsCache ? { cache: ctx.rulingsCache, latest: rulingsRead } : undefined,
  );
  if (rulings) opts = { ...opts, readings: rulings.readings };
  // The ruleset with what the game's admins declared on the Rulings page (a generic game's resets, grants…).
  let ruleset = rulings?.ruleset ?? read.ruleset;

  // The page as read may hold a killed run's merge the save corrects first, computing on the human's revision
  // under it: a page the rules refuse is refused when the save's transform meets it (the same page), not before.
  let first: Computed | undefined;
  let refused: GamestateError | undefined;
  const compute = () => {
    try {
      first = stableRollover(ruleset, game, gamestatePage, opts, engine);
    } catch (err) {
      if (!(err instanceof GamestateError)) throw err;
      refused = err;
    }
  };
  compute();
  // The Ruleset edited since the first instant this run applies: each instant with the revision in force at it.
  if (first) {
    const inForce = await rulesetsForRun(ctx.wiki, {
      game,
      engine,
      latest: rulesetPage,
      ruleset,
      read: first.read,
      now: opts.now,
      ...(opts.readings ? { readings: opts.readings } : {}),
      ...(rulings ? { rulings } : {}),
      ...(ctx.readRuleset ? { readRuleset: ctx.readRuleset } : {}),
    });
    if (inForce) {
      [ruleset, opts, first] = [inForce.current.ruleset, { ...opts, inForce }, undefined];
      compute();
    }
  }
  // The bot's record on the page (the Phase number, a grant given) as its latest rollover saved it or an admin changed it.
  const records = (text: string) => engine.records(ruleset, text, game.gamestate);
  if (first) {
    const groups = game.allowedGroups ? { allowedGroups: game.allowedGroups } : {};
    const believed = ctx.believedRecords ? { believed: ctx.believedRecords } : {};
    // A dry run reads what the store keeps, and keeps nothing.
    const kept = ctx.goneRows;
    const gone = kept ? { gone: opts.dryRun ? { get: (title: string) => kept.get(title) } : kept } : {};
    await recordEdits(ctx.wiki, {
      title: game.gamestate,
      bot: ctx.wiki.names?.[0],
      latest: gamestatePage,
      computed: first.text,
      records,
      ...groups,
      ...believed,
      ...gone,
    });
  }
  // The Gamestate edited after the first instant this run applies: named, and refused where the run would change what they changed.
  if (first) {
    const late = await lateEdits(ctx.wiki, {
      title: game.gamestate,
      bot: ctx.wiki.names?.[0],
      latest: gamestatePage,
      instant: engine.schedule(ruleset, first.read, opts.now).missed[0],
      now: opts.now,
      computed: first.text,
      changes: first.result.changes,
      rollOn: rollOn(ruleset, game, gamestatePage, opts, engine),
      ...(opts.readings ? { readings: opts.readings } : {}),
    });
    if (late) {
      [opts, first] = [{ ...opts, lateEdits: late }, undefined];
      compute();
    }
  }
  await ctx.checkpoint?.('read');
  await ctx.checkpoint?.('computed');

  // Archive pages first: idempotent appends, so a crash before the Gamestate save is harmless.
  const plan = first && first.historyRows > game.historyLimit ? await planArchives(ctx, game, engine, first.text) : undefined;
  const archived = new Set(plan?.rows);
  if (plan && !opts.dryRun) {
    for (const p of plan.pages) {
      await ctx.wiki.save(
        p.title,
        (page) => ({
          text: appendToArchive(page.missing ? undefined : page.text, game.gamestate, p.rows, engine.history),
          summary: `Croupier: ${p.rows.length} History rows archived from [[${game.gamestate}]]`,
        }),
        { create: true },
      );
    }
  }
  await ctx.checkpoint?.('archived');

  let computed = first;
  const rulesetRevid = opts.inForce?.current.revid ?? rulesetPage.revid;
  const transform: Transform = (page, merge, read) => {
    const asRead = !merge && page.revid === gamestatePage.revid && page.text === gamestatePage.text;
    if (asRead && refused) throw refused;
    computed = asRead ? first! : stableRollover(ruleset, game, page, opts, engine, merge);
    // An edit saved since the read (an edit conflict, a merge; or since a killed run's read, whose merge this run
    // corrects): late too, and refused where the run changes what it changed.
    if (!asRead) {
      const instant = engine.schedule(ruleset, computed.read, opts.now).missed[0];
      const readings = opts.readings ? { readings: opts.readings } : {};
      const met = { title: game.gamestate, bot: ctx.wiki.names?.[0], read: read ?? gamestatePage, met: page };
      concurrentLateEdits({ ...met, instant, computed: computed.text, ...readings });
      concurrentRecordEdits({ ...met, read: met.read.text, records });
    }
    let text = computed.text;
    if (plan && archived.size > 0) {
      text = removeArchivedRows(text, game.gamestate, archived, plan.total, engine.history);
      // What the page draws from its History is drawn from the rows it keeps.
      text = withSinceRedrawn(text, game.gamestate, computed.result.state.phase.number, engine.period);
      if (engine.redraw) text = engine.redraw(ruleset, text, game.gamestate);
    }
    return text === page.text ? null : { text, summary: editSummary(computed, rulesetRevid, opts, engine.period) };
  };
  const givesWay = (err: unknown) => err instanceof LateEditsRefusal || err instanceof RecordEditsRefusal;
  const save = await saveGamestate(ctx.wiki, game.gamestate, transform, { dryRun: opts.dryRun, prefetched: pages, givesWay, ...ctx.saveOptions }).catch(
    (err: unknown) => {
      // The refusal, with what became of the bot's edit MediaWiki had merged with the late edit.
      if (!(err instanceof WikiError && err.code === 'gave-way' && err.cause instanceof GamestateError)) throw err;
      throw new GamestateError([...err.cause.problems, { message: err.message, location: { page: game.gamestate } }]);
    },
  );
  await ctx.checkpoint?.('saved');
  if (!computed) throw refused!; // no transform ran on a page it could compute

  const { state, changes, due } = computed.result;
  return {
    game: game.id,
    gamestate: game.gamestate,
    rulesetRevid,
    gamestateRevid: save.revid ?? gamestatePage.revid,
    fromPhase: computed.fromPhase,
    toPhase: state.phase.number,
    phaseName: state.phase.name,
    period: engine.period,
    nextRollover: state.phase.nextRollover === null ? null : formatInstant(state.phase.nextRollover),
    winner: state.phase.winner,
    changes: changes.length,
    events: countEvents(changes),
    pending: due.pending.map((p) => ({ at: p.at === null ? null : formatInstant(p.at), what: p.what })),
    archived: opts.dryRun || !plan ? [] : plan.pages.map((p) => ({ title: p.title, rows: p.rows.length })),
    save,
    subpages: save.subpages,
    ...(rulings ? { rulings: { page: rulings.page, applied: appliedRulings(rulings.readings), warnings: rulings.warnings } } : {}),
  };
}

/** The labels of the readings a ruling chose (the defaults are not listed). */
export function appliedRulings(readings: ChosenReadings): string[] {
  return readings
    .all()
    .filter((c) => c.ruling !== null)
    .map((c) => readings.label(c.def.id));
}

export function describeSummary(s: RolloverSummary): string {
  const lines = [
    `${s.game}: ${s.period} ${s.fromPhase} → ${s.toPhase} (${s.phaseName}); next rollover ${s.nextRollover ?? '-'}${s.winner.length ? `; winner ${s.winner.join(', ')}` : ''}`,
    `${s.changes} change(s)${
      s.changes
        ? `: ${Object.entries(s.events)
            .map(([e, n]) => `${n} ${e}`)
            .join(', ')}`
        : ''
    }`,
    s.save.dryRun
      ? s.save.changed
        ? 'dry run: the diff below would be saved'
        : 'dry run: no edit needed'
      : s.save.changed
        ? `saved ${s.gamestate} (revision ${s.save.revid})`
        : `no edit: ${s.gamestate} is up to date`,
  ];
  const m = s.save.merged;
  if (m)
    lines.push(
      `${describeMerge(m)}: ${m.corrected ? `corrected by revision ${s.save.revid}` : 'the merged page was already that result, no correction needed'}`,
    );
  for (const p of s.subpages) lines.push(p.dryRun ? `dry run: ${p.title} would be saved (diff below)` : `saved ${p.title} (revision ${p.revid})`);
  for (const a of s.archived) lines.push(`archived ${a.rows} History rows to ${a.title}`);
  for (const r of s.rulings?.applied ?? []) lines.push(`reading ${r}`);
  for (const w of s.rulings?.warnings ?? []) lines.push(`warning: ${w}`);
  for (const p of s.pending.slice(0, 10)) lines.push(`pending: ${p.at ?? 'when recorded'} — ${p.what}`);
  return lines.join('\n');
}
