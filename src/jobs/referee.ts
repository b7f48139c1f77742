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
import { applyMark, attributeRevisions, botAddedLines, lineAuthors, markLine, pendingRequests, requestKey, type Attribution, type RequestLine, type RequestPageRevision, type Verdict } from './request-lines.ts';
import { namesRequest } from './rollover.ts';

// The referee job: players' requests on the game's actions page (`* open 1 Handy Pack`), resolved with
// draws nobody can predict and anyone can verify (commit–reveal, src/sim/referee.ts).
//
//  1. reveal   every stored secret of a phase that is over — by the Ruleset's calendar, or by a rollover the bot
//              itself saved — is published (a "Secret revealed" History row); a Phase number typed ahead is not;
//  2. commit   (for a game whose actions page exists) the current phase's secret is drawn (once: kept in the store)
//              and its SHA-256 published — a "Draws committed" History row, and the Status page — in the same
//              edit as the reveals, before any request of the phase is resolved. A commitment the bot published
//              (its record) that the store's secret does not match (the store was lost) stops the phase's draws;
//  3. resolve  every pending line (at most MAX_REQUESTS_PER_AUTHOR per author): its author is the account of the
//              revision that first added it (a revert is not its author: src/jobs/request-lines.ts), who must be a
//              player's wiki account; the game's action checks the request against the rules and the page, then
//              draws from HMAC(secret, game|key|revision) and writes its changes and History rows, which name
//              the request's key — all the pass's requests in ONE Gamestate edit (exactly once: the bot's record
//              says which were done). Then every line is answered in ONE edit of the actions page.
//
// "The bot's record" is what revisions saved by the bot's account added to the Gamestate page (botAddedLines):
// never a key, commitment or rollover a person typed (docs/referee.md, "The threat model").

export interface RefereeWiki {
  /** The names the bot's own revisions are saved under (its account): only what they added is the bot's record. */
  readonly botNames: readonly string[];
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

const SCHEME = 'HMAC-SHA256(secret, "game|request key|revision") seeds every draw of the phase; the command croupier verify recomputes each one';

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
    `''Written by Croupier, the referee of players' requests on [[${actionsPage}]]: every draw is HMAC-SHA256 of the phase's secret; the secret's SHA-256 is published before the phase's first draw and the secret after the phase (anyone can check every draw with <code>croupier verify</code>).''`,
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

/** How many requests of one author a pass takes; the rest are answered (refused: write them again). */
export const MAX_REQUESTS_PER_AUTHOR = 10;

/** The page's rollovers, as the games' History rows write them: "Phase 4 → 5". */
const ROLLOVER_RE = /\bPhase (\d+) → (\d+)\b/g;
const leftPhases = (text: string): number[] => [...text.matchAll(ROLLOVER_RE)].map((m) => Number(m[1]));

/** One pending line of the actions page, attributed. */
interface Line {
  p: RequestLine;
  who: Attribution;
  key: string;
  revid: number;
  verdict?: Verdict;
  message?: string;
}

export async function referee(ctx: RefereeContext, game: RefereeGame): Promise<RefereeSummary> {
  const now = ctx.now ?? (() => new Date());
  const isBot = (user: string) => ctx.wiki.botNames.includes(user);
  const loaded = await load(ctx, game);
  const { ruleset, referee: ref, gamestate } = loaded;
  const phase = ref.phase(ruleset, asPage(game, gamestate), now());
  const calendar = ref.calendarPhase(ruleset, asPage(game, gamestate), now());
  const summary: RefereeSummary = { phase, commitment: undefined, revealed: [], done: 0, refused: 0, failed: 0, waiting: 0, edits: 0 };
  // The bot's record of the Gamestate page, read when the page alone cannot tell (after each of its saves, again).
  let record: Promise<string> | undefined;
  const bot = () => (record ??= ctx.wiki.history(game.gamestate, game.lookback).then((revs) => botAddedLines(revs, isBot)));
  const readGamestate = async () => {
    record = undefined;
    return (await ctx.wiki.readPages([game.gamestate])).get(game.gamestate)!;
  };
  const shows = (text: string, p: number, secret: string) => [...text.matchAll(COMMIT_RE)].some((m) => Number(m[1]) === p && m[2] === commitmentOf(secret));
  // A phase is over by the calendar, or by a rollover the bot itself saved (a Phase number typed ahead is not).
  const over = async (p: number) => calendar > p || (await bot().then(leftPhases)).some((from) => from >= p);

  // 1. Reveal the secrets of the phases that are over (never the current one's), if the bot published their commitment.
  const kept = await ctx.secrets.list(game.id);
  const toReveal: typeof kept = [];
  for (const s of kept) {
    if (s.revealed || s.phase >= phase || revealsIn(gamestate.text).get(s.phase) === s.secret) continue;
    if (!(await over(s.phase))) continue;
    if (shows(gamestate.text, s.phase, s.secret) || shows(await bot(), s.phase, s.secret)) toReveal.push(s);
  }
  // A phase whose number the page shows ahead of the calendar, with no rollover of the bot's to it: no draw.
  const forged = phase > calendar && !(await bot().then(leftPhases)).some((from) => from >= phase - 1);
  // 2. The current phase's commitment, before any of its draws: in the same edit as the reveals.
  let secret: string | undefined;
  let commitment: string | undefined;
  const revisions = await ctx.wiki.history(game.actionsPage, game.lookback);
  const latest = revisions[0];
  if (forged) {
    summary.problem = `the page's Phase number ${phase} is ahead of the calendar (phase ${calendar} now) and no rollover saved by the bot brought it there: no draw is made and no secret revealed until the calendar reaches it or the page is set back`;
  } else if (latest) {
    const stored = await ctx.secrets.get(game.id, phase);
    const committed = stored !== undefined && shows(gamestate.text, phase, stored) ? [] : [...(await bot()).matchAll(COMMIT_RE)].filter((m) => Number(m[1]) === phase).map((m) => m[2]!);
    if (stored !== undefined && (shows(gamestate.text, phase, stored) || committed.includes(commitmentOf(stored)))) secret = stored;
    else if (committed.length > 0) {
      summary.commitment = committed.at(-1);
      summary.problem = stored === undefined
        ? `the bot published a commitment for phase ${phase}, but its store has no secret for it (was the store lost or moved?): no draw can be made in this phase; requests wait for the next phase`
        : `the commitment the bot published for phase ${phase} is not the SHA-256 of the secret in its store (was the store replaced?): no draw can be made in this phase; requests wait for the next phase`;
    } else {
      secret = await ctx.secrets.ensure(game.id, phase, (ctx.newSecret ?? defaultSecret)());
      commitment = commitmentOf(secret);
    }
  }
  if (toReveal.length > 0 || commitment !== undefined) {
    let moved: number | undefined;
    const saved = await ctx.wiki.save(game.gamestate, (page) => {
      const current = ref.phase(ruleset, asPage(game, page), now());
      const reveals = toReveal.filter((s) => s.phase < current && revealsIn(page.text).get(s.phase) !== s.secret).map((s) => revealRow(s.phase, s.secret, now(), current));
      // A rollover saved since the page was read: this phase's commitment is no use any more. Its secret stays
      // in the store unrevealed (no draw was made with it) until newer secrets push it out; the requests wait
      // for the next run, which commits the new phase.
      moved = current;
      const commit = commitment !== undefined && current === phase && !shows(page.text, phase, secret!) ? [commitRow(phase, commitment, now())] : [];
      if (reveals.length + commit.length === 0) return null;
      const what = [...(reveals.length ? [`secret of phase ${reveals.map((r) => r.change.split(':')[0]!.slice(6)).join(', ')} revealed`] : []), ...(commit.length ? [`commitment for the draws of phase ${phase}`] : [])];
      return { text: ref.appendRows(ruleset, asPage(game, page), [...reveals, ...commit]), summary: `Croupier: referee ${what.join('; ')}` };
    }, {});
    if (saved.changed) summary.edits++;
    summary.revealed = toReveal.map((s) => s.phase);
    if (moved !== undefined && moved !== phase && commitment !== undefined) {
      secret = undefined;
      summary.problem = phaseMoved(phase, moved);
    }
  }
  let current = toReveal.length > 0 || commitment !== undefined ? await readGamestate() : gamestate;
  // The reveals the page shows (this run's or an earlier one's whose record was lost): those secrets are spent.
  for (const s of kept) if (!s.revealed && revealsIn(current.text).get(s.phase) === s.secret) await ctx.secrets.revealed(game.id, s.phase);
  await ctx.checkpoint?.('revealed');
  // A game without an actions page does not use the referee: nothing more.
  if (!latest) return summary;

  if (secret !== undefined) summary.commitment = commitmentOf(secret);
  if (game.statusPage !== undefined) {
    // What the store says the bot published, never what a person typed on the page.
    const revealed = new Map((await ctx.secrets.list(game.id)).filter((s) => s.revealed).map((s) => [s.phase, s.secret] as const));
    const content = renderRefereeStatus(phase, summary.commitment, revealed, game.actionsPage);
    const saved = await ctx.wiki.save(game.statusPage, (page) => {
      const r = replaceRegion(page.missing ? '' : page.text, 'referee', content, { page: game.statusPage, anyRows: true });
      return r.changed ? { text: r.text, summary: `Croupier: referee commitment for phase ${phase}` } : null;
    }, { create: true });
    if (saved.changed) summary.edits++;
  }
  await ctx.checkpoint?.('committed');

  // 3. The players' requests: each line's author the account of the revision that first added it.
  const authors = lineAuthors(revisions);
  const lines: Line[] = pendingRequests(latest.text).map((p) => {
    const who = authors[p.lineNo]!;
    const revid = who.found ? who.revision.revid : latest.revid;
    return { p, who, revid, key: requestKey(revid, p.line, who.found ? who.copy : 1) };
  });
  const perAuthor = new Map<string, number>();
  const todo: Line[] = [];
  for (const l of lines) {
    if (!l.who.found) {
      [l.verdict, l.message] = ['refused', `cannot tell who added this line (${l.who.reason}); write it again`];
      continue;
    }
    const user = l.who.revision.user;
    const n = (perAuthor.get(user) ?? 0) + 1;
    perAuthor.set(user, n);
    if (n > MAX_REQUESTS_PER_AUTHOR) [l.verdict, l.message] = ['refused', `${user || 'a hidden user'} has more than ${MAX_REQUESTS_PER_AUTHOR} requests waiting in this pass: only the first ${MAX_REQUESTS_PER_AUTHOR} are taken; write this one again`];
    else if (namesRequest(await bot(), l.key)) [l.verdict, l.message] = ['done', `done (see the History rows naming request ${l.key} on the Gamestate page)`];
    else if (secret === undefined) summary.waiting++;
    else todo.push(l);
  }
  if (todo.length > 0) {
    const r = await resolveAll(ctx, game, loaded, todo, secret!, phase, now, { gamestate: current, actions: revisions }, bot);
    if (r.saved) summary.edits++;
    if (r.waiting !== undefined) {
      summary.problem = r.waiting;
      summary.waiting += todo.length;
    }
  }
  await ctx.checkpoint?.('resolved');

  // 4. Every answer in one edit of the actions page.
  const answered = lines.filter((l) => l.verdict !== undefined);
  for (const l of answered) summary[l.verdict!]++;
  if (answered.length > 0) {
    const at = now();
    const saved = await ctx.wiki.save(game.actionsPage, (page) => {
      let text = page.text;
      const markedSoFar = new Map<string, number>();
      for (const l of answered) {
        // Identical lines marked earlier in this edit no longer count as copies of this one.
        const nth = l.p.occurrence - (markedSoFar.get(l.p.line) ?? 0);
        markedSoFar.set(l.p.line, (markedSoFar.get(l.p.line) ?? 0) + 1);
        text = applyMark(text, l.p.line, nth, markLine(l.p.line, l.verdict!, l.revid, l.message!, at)) ?? text;
      }
      const counts = (['done', 'refused', 'failed'] as const).map((v) => [v, answered.filter((l) => l.verdict === v).length] as const).filter(([, n]) => n > 0);
      return text === page.text ? null : { text, summary: `Croupier: ${answered.length} request(s) answered (${counts.map(([v, n]) => `${n} ${v}`).join(', ')})` };
    }, {});
    if (saved.changed) summary.edits++;
  }
  await ctx.checkpoint?.('marked');
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

/** The requests of the actions page's revisions, by key: each line with the revision that first added it. */
function requestsByKey(actions: readonly RequestPageRevision[]): Map<string, ActionRequest> {
  const out = new Map<string, ActionRequest>();
  const attributed = attributeRevisions(actions);
  for (const rev of actions) {
    const who = attributed.get(rev.revid)!;
    for (const p of pendingRequests(rev.text)) {
      const w = who[p.lineNo];
      if (!w?.found || w.revision !== rev) continue;
      const key = requestKey(rev.revid, p.line, w.copy);
      out.set(key, { key, text: requestText(p.line), author: rev.user, revid: rev.revid, at: new Date(rev.timestamp) });
    }
  }
  return out;
}

const KEY_RE = /\brequest (r\d+-[0-9a-f]{8})(?![\w-])/g;

/**
 * Request `key` of this phase resolved again as the referee first resolved it: its line as the revision of
 * the actions page that added it reads (the revision in the key), on the Gamestate revision before the
 * bot's edit that performed it (the oldest of the bot's revisions adding a row that names it), at that edit's
 * time, with the phase's secret — after the requests that same edit resolved before it, replayed the same way
 * (one edit performs a whole pass). Where that cannot be done — a revision older than the lookback or
 * deleted, a request of another phase — the reason why, so that the caller refuses rather than trust the rows.
 */
export async function replayRequest(
  ctx: RefereeContext, game: RefereeGame, g: Pick<Loaded, 'ruleset' | 'referee' | 'readings'>, key: string, secret: string, phase: number, actions: readonly RequestPageRevision[],
): Promise<Replay> {
  const unavailable = (why: string): Replay => ({ key, unavailable: why });
  const revid = Number(/^r(\d+)-/.exec(key)?.[1]);
  if (!actions.some((r) => r.revid === revid)) return unavailable(`revision ${revid} of ${game.actionsPage}, which added the request, is not among the ${actions.length} latest revisions the bot reads (or was deleted)`);
  const requests = requestsByKey(actions);
  const request = requests.get(key);
  if (!request || !request.author) return unavailable(`revision ${revid} of ${game.actionsPage} has no line whose key is ${key}${request ? ' (its author is hidden)' : ''}`);
  const revisions = await ctx.wiki.history(game.gamestate, game.lookback);
  const isBot = (user: string) => ctx.wiki.botNames.includes(user);
  // Newest first: the oldest of the bot's revisions that added a row naming the request performed it.
  let first = -1;
  let added = '';
  for (let i = revisions.length - 2; i >= 0 && first < 0; i--) {
    added = botAddedLines(revisions.slice(i, i + 2), isBot);
    if (namesRequest(added, key)) first = i;
  }
  const before = revisions[first + 1];
  if (first < 0 || !before) return unavailable(`the revision of ${game.gamestate} the request was resolved on is not among its ${revisions.length} latest revisions the bot reads`);
  let page: EnginePage = { title: game.gamestate, text: before.text, revid: before.revid };
  const at = new Date(revisions[first]!.timestamp);
  let was: number;
  try {
    was = g.referee.phase(g.ruleset, page, at);
  } catch (err) {
    return unavailable(`revision ${before.revid} of ${game.gamestate}, which the request was resolved on, cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (was !== phase) return unavailable(`it was resolved in phase ${was}, and the bot holds only phase ${phase}'s secret`);
  // The requests the edit resolved, in the order of their rows (a key the page named before is an earlier request's, e.g. a rerolled one).
  const chain = [...new Set([...added.matchAll(KEY_RE)].map((m) => m[1]!))].filter((k) => !namesRequest(before.text, k));
  for (const k of chain.slice(0, chain.indexOf(key) + 1)) {
    const r = requests.get(k);
    if (!r) return unavailable(`request ${k}, resolved before it in the same edit, is not among the lines of the ${actions.length} latest revisions of ${game.actionsPage}`);
    if (k !== key && parseAction(g.referee, r.text)?.def.replays) return unavailable(`request ${k}, resolved before it in the same edit, is itself a reroll`);
    const outcome = resolveRequest(g, game.id, page, at, r, secret);
    if (k === key) return { key, outcome };
    if (outcome.ok) page = { ...page, text: outcome.text };
  }
  return unavailable(`the bot's edit that performed it (revision ${revisions[first]!.revid} of ${game.gamestate}) cannot be replayed`);
}

const namings = (text: string, key: string) => text.split('\n').filter((l) => namesRequest(l, key)).length;

/** The request a pending line asks for (its author found). */
const requestOf = (l: Line): ActionRequest => {
  const rev = (l.who as Extract<Attribution, { found: true }>).revision;
  return { key: l.key, text: requestText(l.p.line), author: rev.user, revid: l.revid, at: new Date(rev.timestamp) };
};

/**
 * The pass's requests resolved one after the other on the page, each refused with a reason or done, and
 * all that are done saved in ONE Gamestate edit whose rows name their keys (exactly once: the page records
 * the whole pass, or none of it). Each line gets its verdict; `waiting` when a rollover moved the page.
 */
async function resolveAll(
  ctx: RefereeContext, game: RefereeGame, g: Pick<Loaded, 'ruleset' | 'referee' | 'readings'>, todo: readonly Line[], secret: string, phase: number, now: () => Date,
  read: { gamestate: PageRevision; actions: readonly RequestPageRevision[] }, record: () => Promise<string>,
): Promise<{ saved: boolean; waiting?: string }> {
  // An action that checks an earlier request's rows (the luck reroll) gets that request replayed first.
  // (A page it cannot read here is refused by the action itself, below.)
  const originals = new Map<string, Replay>();
  for (const l of todo) {
    const request = requestOf(l);
    const parsed = parseAction(g.referee, request.text);
    if (!parsed?.def.replays) continue;
    const page = asPage(game, read.gamestate);
    const who = g.referee.playerOf(g.ruleset, page, request.author);
    let target: string | undefined;
    try {
      target = 'player' in who ? parsed.def.replays({ ruleset: g.ruleset, game: game.id, page, now: now(), request, player: who.player, ...(g.readings ? { readings: g.readings } : {}) }, parsed.args) : undefined;
    } catch {
      target = undefined;
    }
    if (target !== undefined) originals.set(l.key, await replayRequest(ctx, game, g, target, secret, phase, read.actions));
  }
  const at = now();
  let outcomes = new Map<string, { verdict: Verdict; message: string }>();
  try {
    const saved = await ctx.wiki.save(game.gamestate, (page) => {
      outcomes = new Map();
      const onPage = g.referee.phase(g.ruleset, asPage(game, page), at);
      if (onPage !== phase) throw new PhaseMoved(phaseMoved(phase, onPage));
      let text = page.text;
      const done: string[] = [];
      for (const l of todo) {
        let verdict: Verdict;
        let message: string;
        try {
          const o = resolveRequest(g, game.id, { ...asPage(game, page), text }, at, requestOf(l), secret, originals.get(l.key));
          if (o.ok && namings(o.text, l.key) <= namings(text, l.key)) throw new Error(`the action wrote no History row naming request ${l.key}`);
          if (o.ok) {
            text = o.text;
            done.push(`${o.player} (request ${l.key})`);
          }
          [verdict, message] = o.ok ? ['done', `${o.message} (request ${l.key})`] : ['refused', o.reason];
        } catch (err) {
          if (err instanceof PhaseMoved) throw err;
          [verdict, message] = ['failed', `${err instanceof Error ? err.message.split('\n')[0] : String(err)}; add the request again to retry`];
        }
        outcomes.set(l.key, { verdict, message });
      }
      if (done.length === 0) return null;
      const shown = done.slice(0, 5).map(escapeWikitext).join('; ');
      return { text, summary: `Croupier: ${done.length} request(s) resolved: ${shown}${done.length > 5 ? '; …' : ''}` };
    }, {});
    for (const l of todo) Object.assign(l, outcomes.get(l.key));
    return { saved: saved.changed };
  } catch (err) {
    if (err instanceof PhaseMoved) return { saved: false, waiting: err.message };
    // A failure after the save went through (its reply lost): the bot's record says it was done.
    const reported = err instanceof Error ? err.message.split('\n')[0] : String(err);
    const mine = await record();
    for (const l of todo) {
      const o = outcomes.get(l.key);
      if (o?.verdict === 'done' && namesRequest(mine, l.key)) Object.assign(l, { verdict: 'done', message: `${o.message}, although the bot then reported: ${reported}` });
      else Object.assign(l, { verdict: 'failed', message: `${reported}; add the request again to retry` });
    }
    return { saved: mine !== '' && todo.some((l) => l.verdict === 'done') };
  }
}
