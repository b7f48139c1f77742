import { randomBytes } from 'node:crypto';
import { parseAction, type ActionOutcome, type ActionRequest, type GameReferee, type Replay } from '../games/actions.ts';
import type { EnginePage, KindedRuleset } from '../games/engine.ts';
import { readEngineRuleset, refereeFor } from '../games/registry.ts';
import type { ChosenReadings } from '../games/shared/readings.ts';
import { readGameRulings, type RulingsWiki } from './rulings.ts';
import { escapeWikitext } from '../parse/escape.ts';
import { replaceRegion } from '../parse/regions.ts';
import { commitmentOf, DrawStream, seedMessage, seedOf } from '../sim/referee.ts';
import type { Change } from '../sim/trail.ts';
import type { PageRevision, ReadOptions } from '../wiki/pages.ts';
import type { SaveOptions, SaveResult, Transform } from '../wiki/save.ts';
import { applyMark, markLine, pendingRequests, requestKey, whoAdded, type RequestPageRevision, type Verdict } from './request-lines.ts';
import { namesRequest } from './rollover.ts';

// The referee job: players' requests on the game's actions page (`* open 1 Handy Pack`), resolved with
// draws nobody can predict and anyone can verify (commit–reveal, src/sim/referee.ts).
//
//  1. reveal   every stored secret of a phase the page has left is published (a "Secret revealed" History row);
//  2. commit   (for a game whose actions page exists) the current phase's secret is drawn (once: kept in the store) and its SHA-256 published — a
//              "Draws committed" History row, and the Status page — in an edit of its own, before any
//              request of the phase is resolved. A page that shows a commitment the store's secret does
//              not match (the store was lost) gets no draw in this phase: the requests wait;
//  3. resolve  each pending line: its author is the account of the revision that added it (as for the
//              admins' requests, src/cron/requests.ts), who must be a player's wiki account; the game's action
//              checks the request against the rules and the page, then draws from HMAC(secret, game|key|revision)
//              and writes its changes and History rows, which name the request's key — in ONE Gamestate
//              edit: the page records that the request was done (exactly once, as for rollovers). The line
//              is then marked, with the result or the reason for a refusal. An action that checks an earlier
//              request's History rows (the luck reroll) is handed that request replayed first (`replayRequest`).

export interface RefereeWiki {
  readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>>;
  save(title: string, transform: Transform, opts?: SaveOptions): Promise<SaveResult>;
  /** The page's revisions, newest first, with content (none when the page does not exist). */
  history(title: string, limit: number): Promise<RequestPageRevision[]>;
  /** User groups, to read the Rulings page with its authors (games with readings; absent: the defaults). */
  userGroups?: RulingsWiki['userGroups'];
}

/** Where the referee keeps the phases' secrets (the store: src/cron/store.ts). */
export interface SecretKeeper {
  /** The phase's secret, drawing and keeping `fresh` if there is none yet. */
  ensure(game: string, phase: number, fresh: string): Promise<string>;
  get(game: string, phase: number): Promise<string | undefined>;
  /** Every kept secret of the game, oldest phase first. */
  list(game: string): Promise<{ phase: number; secret: string; revealed: boolean }[]>;
  /** The secret's reveal is on the page: it is never used again. */
  revealed(game: string, phase: number): Promise<void>;
}

export interface RefereeGame {
  id: string;
  kind?: string;
  ruleset: string;
  gamestate: string;
  actionsPage: string;
  statusPage?: string;
  /** Revisions of the actions page read to find who added a line. */
  lookback: number;
  /** The Judge's rulings on the game's readings (as for rollovers); read when the game has readings. */
  rulingsPage?: string;
  allowedGroups?: readonly string[];
}

export type RefereeStep = 'revealed' | 'committed' | 'resolved' | 'marked';

export interface RefereeContext {
  wiki: RefereeWiki;
  secrets: SecretKeeper;
  now?: () => Date;
  /** A fresh secret (default: 32 bytes from the system's CSPRNG). */
  newSecret?: () => string;
  /** After each step (tests throw from it to simulate a crash there). */
  checkpoint?: (step: RefereeStep, detail?: string) => void | Promise<void>;
}

export interface RefereeSummary {
  phase: number;
  commitment: string | undefined;
  revealed: number[];
  done: number;
  refused: number;
  failed: number;
  /** Lines left for a later run (the phase's secret is missing). */
  waiting: number;
  edits: number;
  /** Why requests wait, when they do. */
  problem?: string;
}

export const COMMIT_EVENT = 'Draws committed';
export const REVEAL_EVENT = 'Secret revealed';
const COMMIT_RE = /phase (\d+): commitment ([0-9a-f]{64})/g;
const REVEAL_RE = /phase (\d+): secret ([0-9a-f]{64})/g;

/** Commitments a page (or History text) shows, by phase. */
export function commitmentsIn(text: string): Map<number, string> {
  return new Map([...text.matchAll(COMMIT_RE)].map((m) => [Number(m[1]), m[2]!]));
}

/** Secrets a page (or History text) reveals, by phase. */
export function revealsIn(text: string): Map<number, string> {
  return new Map([...text.matchAll(REVEAL_RE)].map((m) => [Number(m[1]), m[2]!]));
}

/** Why requests wait when a rollover saved the page during the run. */
const phaseMoved = (read: number, now: number) => `the Gamestate page moved from phase ${read} to phase ${now} during the run (a rollover): the requests wait for the next run, which resolves them with phase ${now}'s committed secret`;

/** A rollover saved the Gamestate page between the run's read and a request's save: the request waits. */
class PhaseMoved extends Error {}

const SCHEME = 'HMAC-SHA256(secret, "game|request key|revision") seeds every draw of the phase; docs/referee.md';

export function commitRow(phase: number, commitment: string, at: Date): Change {
  return {
    at, phase, event: COMMIT_EVENT, player: '-',
    change: `phase ${phase}: commitment ${commitment}`,
    reason: { rule: `Referee: the SHA-256 of phase ${phase}'s secret, published before any of its draws; the secret is revealed once the phase is over`, inputs: { scheme: SCHEME } },
  };
}

export function revealRow(phase: number, secret: string, at: Date, current: number): Change {
  return {
    at, phase: current, event: REVEAL_EVENT, player: '-',
    change: `phase ${phase}: secret ${secret}`,
    reason: { rule: `Referee: phase ${phase} is over; the SHA-256 of this secret is the commitment published for it`, inputs: { commitment: commitmentOf(secret) } },
  };
}

/** The Status page's referee region: the current commitment and the secrets revealed. */
export function renderRefereeStatus(phase: number, commitment: string | undefined, revealed: ReadonlyMap<number, string>, actionsPage: string): string {
  const lines = [
    `''Written by Croupier, the referee of players' requests on [[${actionsPage}]]: every draw is HMAC-SHA256 of the phase's secret; the secret's SHA-256 is published before the phase's first draw and the secret after the phase (how to check a draw: docs/referee.md).''`,
    '',
    commitment === undefined ? `* Phase ${phase}: no commitment yet` : `* Phase ${phase} (current): commitment <code>${commitment}</code>`,
    ...[...revealed].sort((a, b) => b[0] - a[0]).slice(0, 10).map(([p, s]) => `* Phase ${p}: secret <code>${s}</code> (SHA-256 <code>${commitmentOf(s)}</code>)`),
  ];
  return lines.join('\n');
}

/** The request's text without bullet, bold, signature or trailing dashes: "open 1 Handy Pack". */
export function requestText(line: string): string {
  return line
    .replace(/^\*\s*/, '')
    .replace(/\s*(?:~~~~|\[\[\s*(?:User|Special:Contributions)\b|—|–|--).*$/is, '')
    .replace(/'''?/g, '')
    .trim();
}

export const defaultSecret = (): string => randomBytes(32).toString('hex');

interface Loaded {
  ruleset: KindedRuleset;
  referee: GameReferee;
  gamestate: PageRevision;
  /** The readings in force for the game's actions (undefined: the game has none, or no Rulings page is read). */
  readings?: ChosenReadings;
}

/** The game's Rulings page read with its authors, as the rollover reads it; undefined when there is none to read. */
async function actionReadings(wiki: RefereeWiki, game: RefereeGame, kind: string): Promise<ChosenReadings | undefined> {
  const opts = { requestsLookback: game.lookback, ...(game.rulingsPage ? { rulingsPage: game.rulingsPage } : {}), ...(game.allowedGroups ? { allowedGroups: game.allowedGroups } : {}) };
  return (await readGameRulings(wiki, opts, kind))?.readings;
}

async function load(ctx: RefereeContext, game: RefereeGame): Promise<Loaded> {
  const pages = await ctx.wiki.readPages([game.ruleset, game.gamestate]);
  const { ruleset } = readEngineRuleset(pages.get(game.ruleset)!.text, { page: game.ruleset, kind: game.kind, game: game.id });
  const referee = refereeFor(ruleset.kind);
  if (!referee) throw new Error(`game ${game.id} (kind ${ruleset.kind}) has no actions for the referee`);
  const readings = await actionReadings(ctx.wiki, game, ruleset.kind);
  return { ruleset, referee, gamestate: pages.get(game.gamestate)!, ...(readings ? { readings } : {}) };
}

const asPage = (game: RefereeGame, p: PageRevision) => ({ title: game.gamestate, text: p.text, revid: p.revid });

export async function referee(ctx: RefereeContext, game: RefereeGame): Promise<RefereeSummary> {
  const now = ctx.now ?? (() => new Date());
  const loaded = await load(ctx, game);
  const { ruleset, referee: ref, gamestate } = loaded;
  const phase = ref.phase(ruleset, asPage(game, gamestate), now());
  const summary: RefereeSummary = { phase, commitment: undefined, revealed: [], done: 0, refused: 0, failed: 0, waiting: 0, edits: 0 };

  // 1. Reveal the secrets of the phases the page has left (never the current one's).
  const kept = await ctx.secrets.list(game.id);
  const toReveal = kept.filter((s) => s.phase < phase && !revealsIn(gamestate.text).has(s.phase) && commitmentsIn(gamestate.text).get(s.phase) === commitmentOf(s.secret));
  if (toReveal.length > 0) {
    const saved = await ctx.wiki.save(game.gamestate, (page) => {
      const shown = revealsIn(page.text);
      const current = ref.phase(ruleset, asPage(game, page), now());
      const rows = toReveal.filter((s) => s.phase < current && !shown.has(s.phase)).map((s) => revealRow(s.phase, s.secret, now(), current));
      if (rows.length === 0) return null;
      return { text: ref.appendRows(ruleset, asPage(game, page), rows), summary: `Croupier: referee secret of phase ${rows.map((r) => r.change.split(':')[0]!.slice(6)).join(', ')} revealed` };
    }, {});
    if (saved.changed) summary.edits++;
    summary.revealed = toReveal.map((s) => s.phase);
  }
  // Reveals the page shows (this run's or an earlier one's whose record was lost): those secrets are spent.
  const shownReveals = toReveal.length > 0 ? revealsIn((await ctx.wiki.readPages([game.gamestate])).get(game.gamestate)!.text) : revealsIn(gamestate.text);
  for (const s of kept) if (!s.revealed && shownReveals.get(s.phase) === s.secret) await ctx.secrets.revealed(game.id, s.phase);
  await ctx.checkpoint?.('revealed');

  // A game without an actions page does not use the referee: nothing to commit.
  const revisions = await ctx.wiki.history(game.actionsPage, game.lookback);
  const latest = revisions[0];
  if (!latest) return summary;

  // 2. The current phase's commitment, before any of its draws.
  let current = (await ctx.wiki.readPages([game.gamestate])).get(game.gamestate)!;
  const shown = commitmentsIn(current.text).get(phase);
  let secret: string | undefined;
  if (shown === undefined) {
    secret = await ctx.secrets.ensure(game.id, phase, (ctx.newSecret ?? defaultSecret)());
    const commitment = commitmentOf(secret);
    let moved: number | undefined;
    const saved = await ctx.wiki.save(game.gamestate, (page) => {
      if (commitmentsIn(page.text).has(phase)) return null;
      // A rollover saved since the page was read: this phase's commitment is no use any more. Its secret stays
      // in the store unrevealed (a reveal needs the commitment on the page; no draw was made with it) until newer
      // secrets push it out; the requests wait for the next run, which commits the new phase.
      moved = ref.phase(ruleset, asPage(game, page), now());
      if (moved !== phase) return null;
      return { text: ref.appendRows(ruleset, asPage(game, page), [commitRow(phase, commitment, now())]), summary: `Croupier: referee commitment for the draws of phase ${phase}` };
    }, {});
    if (saved.changed) summary.edits++;
    if (moved !== undefined && moved !== phase) {
      secret = undefined;
      summary.problem = phaseMoved(phase, moved);
    }
    current = (await ctx.wiki.readPages([game.gamestate])).get(game.gamestate)!;
  } else {
    const kept = await ctx.secrets.get(game.id, phase);
    if (kept !== undefined && commitmentOf(kept) === shown) secret = kept;
    else {
      summary.problem = kept === undefined
        ? `the page shows a commitment for phase ${phase}, but the bot's store has no secret for it (was the store lost or moved?): no draw can be made in this phase; requests wait for the next phase`
        : `the page's commitment for phase ${phase} is not the SHA-256 of the bot's secret (was the History row edited, or the store replaced?): no draw can be made in this phase; requests wait for the next phase`;
    }
  }
  const pageCommitment = commitmentsIn(current.text).get(phase);
  summary.commitment = pageCommitment;
  if (game.statusPage !== undefined) {
    const revealed = revealsIn(current.text);
    const content = renderRefereeStatus(phase, pageCommitment, revealed, game.actionsPage);
    const saved = await ctx.wiki.save(game.statusPage, (page) => {
      const r = replaceRegion(page.missing ? '' : page.text, 'referee', content, { page: game.statusPage, anyRows: true });
      return r.changed ? { text: r.text, summary: `Croupier: referee commitment for phase ${phase}` } : null;
    }, { create: true });
    if (saved.changed) summary.edits++;
  }
  await ctx.checkpoint?.('committed');

  // 3. The players' requests.
  const markedSoFar = new Map<string, number>();
  for (const p of pendingRequests(latest.text)) {
    const who = whoAdded(revisions, p.line, p.occurrence);
    const rev = who.found ? who.revision : undefined;
    const revid = rev?.revid ?? latest.revid;
    const key = requestKey(revid, p.line);
    let verdict: Verdict;
    let message: string;
    if (!who.found) {
      verdict = 'refused';
      message = `cannot tell who added this line (${who.reason}); write it again`;
    } else if (namesRequest(current.text, key)) {
      verdict = 'done';
      message = `done (see the History rows naming request ${key} on the Gamestate page)`;
    } else if (secret === undefined) {
      summary.waiting++;
      continue;
    } else {
      const request: ActionRequest = { key, text: requestText(p.line), author: rev!.user, revid, at: new Date(rev!.timestamp) };
      const r = await resolve(ctx, game, loaded, request, secret, phase, now, { gamestate: current, actions: revisions });
      if (r.verdict === 'waiting') {
        // This line and the rest are left unmarked for the next run (the new phase, its own secret).
        secret = undefined;
        summary.problem = r.message;
        summary.waiting++;
        continue;
      }
      verdict = r.verdict;
      message = r.message;
      if (r.saved) summary.edits++;
      current = (await ctx.wiki.readPages([game.gamestate])).get(game.gamestate)!;
    }
    await ctx.checkpoint?.('resolved', key);
    summary[verdict]++;
    const marked = markLine(p.line, verdict, revid, message, now());
    const nth = p.occurrence - (markedSoFar.get(p.line) ?? 0);
    markedSoFar.set(p.line, (markedSoFar.get(p.line) ?? 0) + 1);
    const saved = await ctx.wiki.save(game.actionsPage, (page) => {
      const next = applyMark(page.text, p.line, nth, marked);
      return next === null || next === page.text ? null : { text: next, summary: `Croupier: request ${verdict} (r${revid} by ${escapeWikitext(rev?.user || 'unknown')})` };
    }, {});
    if (saved.changed) summary.edits++;
    await ctx.checkpoint?.('marked', key);
  }
  return summary;
}

/** "request not understood; the requests are …" */
const notUnderstood = (ref: GameReferee) => `request not understood; the requests are ${ref.actions.map((a) => `"${a.grammar}"`).join(', ')}`;

/**
 * A request resolved on a page as the referee resolves it: its player found by the line's author, its
 * draws from HMAC(secret, game|key|revision). The same for a request and for its replay.
 */
export function resolveRequest(
  g: Pick<Loaded, 'ruleset' | 'referee' | 'readings'>, game: string, page: EnginePage, now: Date, request: ActionRequest, secret: string, original?: Replay,
): ActionOutcome & { player?: string } {
  const parsed = parseAction(g.referee, request.text);
  if (!parsed) return { ok: false, reason: notUnderstood(g.referee) };
  const who = g.referee.playerOf(g.ruleset, page, request.author);
  if ('refused' in who) return { ok: false, reason: who.refused };
  const seed = seedOf(secret, seedMessage(game, request.key, request.revid));
  return { player: who.player, ...parsed.def.resolve({
    ruleset: g.ruleset, game, page, now, request, player: who.player, ...(g.readings ? { readings: g.readings } : {}), ...(original ? { original } : {}),
    draws: () => ({ stream: new DrawStream(seed), seed }),
  }, parsed.args) };
}

/**
 * Request `key` of this phase resolved again as the referee first resolved it: its line as the revision of
 * the actions page that added it reads (the revision in the key), on the Gamestate revision before the
 * first one that names the request (the bot's edit that performed it), at that edit's time, with the
 * phase's secret. Where that cannot be done — a revision older than the lookback or deleted, a request
 * of another phase — the reason why, so that the caller refuses rather than trust the History rows.
 */
export async function replayRequest(
  ctx: RefereeContext, game: RefereeGame, g: Pick<Loaded, 'ruleset' | 'referee' | 'readings'>, key: string, secret: string, phase: number, actions: readonly RequestPageRevision[],
): Promise<Replay> {
  const unavailable = (why: string): Replay => ({ key, unavailable: why });
  const revid = Number(/^r(\d+)-/.exec(key)?.[1]);
  const added = actions.find((r) => r.revid === revid);
  if (!added) return unavailable(`revision ${revid} of ${game.actionsPage}, which added the request, is not among the ${actions.length} latest revisions the bot reads (or was deleted)`);
  const line = pendingRequests(added.text).find((p) => requestKey(revid, p.line) === key);
  if (!line || !added.user) return unavailable(`revision ${revid} of ${game.actionsPage} has no line whose key is ${key}${line ? ' (its author is hidden)' : ''}`);
  const revisions = await ctx.wiki.history(game.gamestate, game.lookback);
  // Newest first: the oldest revision naming the request is the edit that performed it.
  const first = revisions.reduce((oldest, r, i) => (namesRequest(r.text, key) ? i : oldest), -1);
  const before = revisions[first + 1];
  if (first < 0 || !before) return unavailable(`the revision of ${game.gamestate} the request was resolved on is not among its ${revisions.length} latest revisions the bot reads`);
  const page: EnginePage = { title: game.gamestate, text: before.text, revid: before.revid };
  const at = new Date(revisions[first]!.timestamp);
  let was: number;
  try {
    was = g.referee.phase(g.ruleset, page, at);
  } catch (err) {
    return unavailable(`revision ${before.revid} of ${game.gamestate}, which the request was resolved on, cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (was !== phase) return unavailable(`it was resolved in phase ${was}, and the bot holds only phase ${phase}'s secret`);
  const request: ActionRequest = { key, text: requestText(line.line), author: added.user, revid, at: new Date(added.timestamp) };
  return { key, outcome: resolveRequest(g, game.id, page, at, request, secret) };
}

/** One request: refused with a reason, or resolved in one Gamestate edit that names its key. */
async function resolve(
  ctx: RefereeContext, game: RefereeGame, g: Pick<Loaded, 'ruleset' | 'referee' | 'readings'>, request: ActionRequest, secret: string, phase: number, now: () => Date,
  read: { gamestate: PageRevision; actions: readonly RequestPageRevision[] },
): Promise<{ verdict: Verdict | 'waiting'; message: string; saved: boolean }> {
  const parsed = parseAction(g.referee, request.text);
  if (!parsed) return { verdict: 'refused', message: notUnderstood(g.referee), saved: false };
  // An action that checks an earlier request's rows (the luck reroll) gets that request replayed first.
  // (A page it cannot read here is refused by the action itself, below.)
  let original: Replay | undefined;
  if (parsed.def.replays) {
    const page = asPage(game, read.gamestate);
    const who = g.referee.playerOf(g.ruleset, page, request.author);
    let target: string | undefined;
    try {
      target = 'player' in who ? parsed.def.replays({ ruleset: g.ruleset, game: game.id, page, now: now(), request, player: who.player, ...(g.readings ? { readings: g.readings } : {}) }, parsed.args) : undefined;
    } catch {
      target = undefined;
    }
    if (target !== undefined) original = await replayRequest(ctx, game, g, target, secret, phase, read.actions);
  }
  let outcome: ReturnType<typeof resolveRequest> | undefined;
  let already = false;
  const at = now();
  try {
    const saved = await ctx.wiki.save(game.gamestate, (page) => {
      if (namesRequest(page.text, request.key)) {
        already = true;
        return null;
      }
      const p = asPage(game, page);
      const onPage = g.referee.phase(g.ruleset, p, at);
      if (onPage !== phase) throw new PhaseMoved(phaseMoved(phase, onPage));
      outcome = resolveRequest(g, game.id, p, at, request, secret, original);
      if (!outcome.ok) return null;
      if (!namesRequest(outcome.text, request.key)) throw new Error(`the ${parsed.def.name} action wrote no History row naming request ${request.key}`);
      return { text: outcome.text, summary: `Croupier: ${parsed.def.name} for ${escapeWikitext(outcome.player!)} (request ${request.key})` };
    }, {});
    if (already) return { verdict: 'done', message: `done (see the History rows naming request ${request.key} on the Gamestate page)`, saved: false };
    if (!outcome) throw new Error('the request was not resolved');
    const o: ActionOutcome = outcome;
    return o.ok ? { verdict: 'done', message: `${o.message} (request ${request.key})`, saved: saved.changed } : { verdict: 'refused', message: o.reason, saved: false };
  } catch (err) {
    if (err instanceof PhaseMoved) return { verdict: 'waiting', message: err.message, saved: false };
    // A failure after the save went through (its reply lost): the page says it was done.
    const page = (await ctx.wiki.readPages([game.gamestate])).get(game.gamestate)!;
    if (namesRequest(page.text, request.key)) return { verdict: 'done', message: `done (see the History rows naming request ${request.key}), although the bot then reported: ${err instanceof Error ? err.message : String(err)}`, saved: true };
    return { verdict: 'failed', message: `${err instanceof Error ? err.message.split('\n')[0] : String(err)}; add the request again to retry`, saved: false };
  }
}
