// The players' requests (steps 3 and 4 of a pass, src/jobs/referee.ts): each pending line of the actions page
// attributed to the account that first added it, resolved by the game's action with draws from the phase's
// secret, all of a pass in one Gamestate edit (exactly once: the bot's record names every key it performed),
// then every line answered in one edit of the actions page.
import { parseAction, type ActionOutcome, type ActionRequest, type GameReferee, type Replay } from '../games/actions.ts';
import type { EnginePage } from '../games/engine-contract.ts';
import { escapeWikitext } from '../parse/escape.ts';
import { DrawStream, seedMessage, seedOf } from '../sim/commit-reveal.ts';
import type { PageRevision } from '../wiki/pages.ts';
import { saveGamestate } from './computed-pages.ts';
import { asPage, gamestateWiki, type Loaded, type Pass, type RefereeContext, type RefereeGame } from './referee-pass.ts';
import { PhaseMoved, phaseMoved } from './referee-secrets.ts';
import {
  applyMark,
  attributeRevisions,
  botAddedLines,
  lineHistory,
  namesRequest,
  notRestorable,
  markLine,
  pendingRequests,
  requestKey,
  standingRecord,
  type Attribution,
  type RequestLine,
  takenAway,
  takenAwayWords,
  withAnswerAdded,
  type RequestPageRevision,
  type TakenAway,
  type Verdict,
} from './request-lines.ts';
import { names } from '../games/shared/standings.ts';

/** The request's text without bullet, bold, signature or trailing dashes: "open 1 Handy Pack". */
export function requestText(line: string): string {
  return line
    .replace(/^\*\s*/, '')
    .replace(/\s*(?:~~~~|\[\[\s*(?:User|Special:Contributions)\b|—|–|--).*$/is, '')
    .replace(/'''?/g, '')
    .trim();
}

/** How many requests of one author a pass takes; the rest are answered (refused: write them again). */
export const MAX_REQUESTS_PER_AUTHOR = 10;

/** One pending line of the actions page, attributed. */
interface Line {
  p: RequestLine;
  who: Attribution;
  key: string;
  revid: number;
  verdict?: Verdict;
  message?: string;
  /** A request someone else removed from the page (takenAway): answered by a line the bot adds. */
  removed?: TakenAway;
}

/** 3. The players' requests: each line's author the account of the revision that first added it. */
export async function takeRequests(pass: Pass, revisions: RequestPageRevision[], secret: string | undefined, current: PageRevision): Promise<Line[]> {
  // 3. The players' requests: each line's author the account of the revision that first added it.
  const { ctx, game, summary, phase, now, bot } = pass;
  const latest = revisions[0]!;
  const { authors, removed } = lineHistory(revisions, pass.isBot);
  const onPage: Line[] = pendingRequests(latest.text).map((p) => {
    const who = authors[p.lineNo]!;
    const revid = who.found ? who.revision.revid : latest.revid;
    return { p, who, revid, key: requestKey(revid, p.line, who.found ? who.copy : 1) };
  });
  // Requests someone else took off the page (deleted, or marked): still their authors', answered by a line the bot adds.
  const away = await takenAway(removed, {
    onPage: onPage.map((l) => ({ line: l.p.line, who: l.who })),
    isBot: pass.isBot,
    answered: () => botAddedLines(revisions, pass.isBot),
    entitled: pass.admins,
  });
  const lines: Line[] = [...away.map((t): Line => ({ p: t.p, who: t.who, revid: t.who.revision.revid, key: t.key, removed: t })), ...onPage];
  const perAuthor = new Map<string, number>();
  const todo: Line[] = [];
  for (const l of lines) {
    if (!l.who.found) {
      [l.verdict, l.message] = ['refused', `cannot tell who added this line (${l.who.reason}); write it again`];
      continue;
    }
    const user = l.who.revision.user;
    // A request its author withdrew, put back by someone else, is not theirs to make (docs/referee.md, the threat model).
    const withdrawn = notRestorable(user, l.who.restored);
    if (withdrawn !== undefined) {
      [l.verdict, l.message] = ['refused', `${withdrawn}; write it again to make it`];
      continue;
    }
    const n = (perAuthor.get(user) ?? 0) + 1;
    perAuthor.set(user, n);
    if (n > MAX_REQUESTS_PER_AUTHOR)
      [l.verdict, l.message] = [
        'refused',
        `${user || 'a hidden user'} has more than ${MAX_REQUESTS_PER_AUTHOR} requests waiting in this pass: only the first ${MAX_REQUESTS_PER_AUTHOR} are taken; write this one again`,
      ];
    else if (namesRequest(await bot(), l.key)) [l.verdict, l.message] = ['done', `done (see the History rows naming request ${l.key} on the Gamestate page)`];
    else if (pass.winners.length > 0) [l.verdict, l.message] = ['refused', `the game is over (won by ${names(pass.winners)}): no more requests`];
    else if (secret === undefined) summary.waiting++;
    else todo.push(l);
  }
  if (todo.length > 0) {
    const r = await resolveAll(ctx, game, pass.loaded, todo, secret!, phase, now, { gamestate: current, actions: revisions }, pass);
    summary.edits += (r.saved ? 1 : 0) + (r.subpages ?? 0);
    if (r.waiting !== undefined) {
      summary.problem = r.waiting;
      summary.waiting += todo.length;
    }
  }
  return lines;
}

/** 4. Every answer in one edit of the actions page. */
export async function answerLines(pass: Pass, lines: readonly Line[]): Promise<void> {
  // 4. Every answer in one edit of the actions page.
  const { ctx, game, summary, now } = pass;
  const answered = lines.filter((l) => l.verdict !== undefined);
  for (const l of answered) summary[l.verdict!]++;
  if (answered.length > 0) {
    const at = now();
    const saved = await ctx.wiki.save(
      game.actionsPage,
      (page) => {
        let text = page.text;
        const markedSoFar = new Map<string, number>();
        for (const l of answered) {
          if (l.removed) {
            text = withAnswerAdded(text, markLine(l.p.line, l.verdict!, l.revid, `${takenAwayWords(l.removed, 'its author or an admin')}; ${l.message!}`, at));
            continue;
          }
          // Identical lines marked earlier in this edit no longer count as copies of this one.
          const nth = l.p.occurrence - (markedSoFar.get(l.p.line) ?? 0);
          markedSoFar.set(l.p.line, (markedSoFar.get(l.p.line) ?? 0) + 1);
          text = applyMark(text, l.p.line, nth, markLine(l.p.line, l.verdict!, l.revid, l.message!, at)) ?? text;
        }
        const counts = (['done', 'refused', 'failed'] as const)
          .map((v) => [v, answered.filter((l) => l.verdict === v).length] as const)
          .filter(([, n]) => n > 0);
        return text === page.text
          ? null
          : { text, summary: `Croupier: ${answered.length} request(s) answered (${counts.map(([v, n]) => `${n} ${v}`).join(', ')})` };
      },
      {},
    );
    if (saved.changed) summary.edits++;
  }
}

/** "request not understood; the requests are …" */
const notUnderstood = (ref: GameReferee) => `request not understood; the requests are ${ref.actions.map((a) => `"${a.grammar}"`).join(', ')}`;

/**
 * A request resolved on a page as the referee resolves it: its player found by the line's author, its
 * draws from HMAC(secret, game|key|revision). The same for a request and for its replay.
 */
export function resolveRequest(
  g: Pick<Loaded, 'ruleset' | 'referee' | 'readings' | 'tables'>,
  game: string,
  page: EnginePage,
  now: Date,
  request: ActionRequest,
  secret: string,
  original?: Replay,
  record?: string,
): ActionOutcome & { player?: string } {
  const parsed = parseAction(g.referee, request.text);
  if (!parsed) return { ok: false, reason: notUnderstood(g.referee) };
  const who = g.referee.playerOf(g.ruleset, page, request.author);
  if ('refused' in who) return { ok: false, reason: who.refused };
  const seed = seedOf(secret, seedMessage(game, request.key, request.revid));
  return {
    player: who.player,
    ...parsed.def.resolve(
      {
        ruleset: g.ruleset,
        game,
        page,
        now,
        request,
        player: who.player,
        ...(g.readings ? { readings: g.readings } : {}),
        ...(g.tables ? { tables: g.tables } : {}),
        ...(original ? { original } : {}),
        ...(record !== undefined && parsed.def.readsRecord ? { record } : {}),
        draws: () => ({ stream: new DrawStream(seed), seed }),
      },
      parsed.args,
    ),
  };
}

/** The requests of the actions page's revisions, by key: each line with the revision that first added it. */
function requestsByKey(actions: readonly RequestPageRevision[], isBot: (user: string) => boolean): Map<string, ActionRequest> {
  const out = new Map<string, ActionRequest>();
  const attributed = attributeRevisions(actions, isBot);
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
  ctx: RefereeContext,
  game: RefereeGame,
  g: Pick<Loaded, 'ruleset' | 'referee' | 'readings' | 'tables'>,
  key: string,
  secret: string,
  phase: number,
  actions: readonly RequestPageRevision[],
  admins: Pass['admins'],
): Promise<Replay> {
  const unavailable = (why: string): Replay => ({ key, unavailable: why });
  const revid = Number(/^r(\d+)-/.exec(key)?.[1]);
  if (!actions.some((r) => r.revid === revid))
    return unavailable(
      `revision ${revid} of ${game.actionsPage}, which added the request, is not among the ${actions.length} latest revisions the bot reads (or was deleted)`,
    );
  const isBot = (user: string) => ctx.wiki.botNames.includes(user);
  const requests = requestsByKey(actions, isBot);
  const request = requests.get(key);
  if (!request?.author)
    return unavailable(`revision ${revid} of ${game.actionsPage} has no line whose key is ${key}${request ? ' (its author is hidden)' : ''}`);
  const revisions = await ctx.wiki.history(game.gamestate, game.lookback);
  // Newest first: the oldest of the bot's revisions that added a row naming the request performed it.
  let first = -1;
  let added = '';
  for (let i = revisions.length - 2; i >= 0 && first < 0; i--) {
    added = botAddedLines(revisions.slice(i, i + 2), isBot);
    if (namesRequest(added, key)) first = i;
  }
  const before = revisions[first + 1];
  if (first < 0 || !before)
    return unavailable(
      `the revision of ${game.gamestate} the request was resolved on is not among its ${revisions.length} latest revisions the bot reads (or an admin hid its text or the text of the bot's edit after it)`,
    );
  let page: EnginePage = { title: game.gamestate, text: before.text, revid: before.revid };
  const at = new Date(revisions[first]!.timestamp);
  let was: number;
  try {
    was = g.referee.phase(g.ruleset, page, at);
  } catch (err) {
    return unavailable(
      `revision ${before.revid} of ${game.gamestate}, which the request was resolved on, cannot be read: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (was !== phase) return unavailable(`it was resolved in phase ${was}, and the bot holds only phase ${phase}'s secret`);
  // The requests the edit resolved, in the order of their rows (a key the page named before is an earlier request's, e.g. a rerolled one).
  const chain = [...new Set([...added.matchAll(KEY_RE)].map((m) => m[1]!))].filter((k) => !namesRequest(before.text, k));
  // The bot's record as it stood then: what its revisions up to the one the request was resolved on added.
  const recordThen = await standingRecord(revisions.slice(first + 1), isBot, admins);
  for (const k of chain.slice(0, chain.indexOf(key) + 1)) {
    const r = requests.get(k);
    if (!r)
      return unavailable(
        `request ${k}, resolved before it in the same edit, is not among the lines of the ${actions.length} latest revisions of ${game.actionsPage}`,
      );
    if (k !== key && parseAction(g.referee, r.text)?.def.replays) return unavailable(`request ${k}, resolved before it in the same edit, is itself a reroll`);
    const outcome = resolveRequest(g, game.id, page, at, r, secret, undefined, recordThen);
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
  ctx: RefereeContext,
  game: RefereeGame,
  g: Pick<Loaded, 'ruleset' | 'referee' | 'readings' | 'tables'>,
  todo: readonly Line[],
  secret: string,
  phase: number,
  now: () => Date,
  read: { gamestate: PageRevision; actions: readonly RequestPageRevision[] },
  record: Pick<Pass, 'bot' | 'standing' | 'admins'>,
): Promise<{ saved: boolean; subpages?: number; waiting?: string }> {
  // An action whose checks read the History as the bot's record (a roll it entitles, a draw made once) gets that
  // record as it stands (with what the game's admins added to it and took back).
  const bots = todo.some((l) => parseAction(g.referee, requestOf(l).text)?.def.readsRecord) ? await record.standing() : undefined;
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
      target =
        'player' in who
          ? parsed.def.replays(
              {
                ruleset: g.ruleset,
                game: game.id,
                page,
                now: now(),
                request,
                player: who.player,
                ...(g.readings ? { readings: g.readings } : {}),
                ...(bots !== undefined && parsed.def.readsRecord ? { record: bots } : {}),
              },
              parsed.args,
            )
          : undefined;
    } catch {
      target = undefined;
    }
    if (target !== undefined) originals.set(l.key, await replayRequest(ctx, game, g, target, secret, phase, read.actions, record.admins));
  }
  const at = now();
  let outcomes = new Map<string, { verdict: Verdict; message: string }>();
  try {
    const saved = await saveGamestate(
      gamestateWiki(ctx.wiki),
      game.gamestate,
      (page) => {
        outcomes = new Map();
        const onPage = g.referee.phase(g.ruleset, asPage(game, page), at);
        if (onPage !== phase) throw new PhaseMoved(phaseMoved(phase, onPage));
        let text = page.text;
        const done: string[] = [];
        for (const l of todo) {
          let verdict: Verdict;
          let message: string;
          try {
            const o = resolveRequest(g, game.id, { ...asPage(game, page), text }, at, requestOf(l), secret, originals.get(l.key), bots);
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
      },
      {},
    );
    for (const l of todo) Object.assign(l, outcomes.get(l.key));
    return { saved: saved.changed, subpages: saved.subpages.length };
  } catch (err) {
    if (err instanceof PhaseMoved) return { saved: false, waiting: err.message };
    // A failure after the save went through (its reply lost): the bot's record says it was done.
    const reported = err instanceof Error ? err.message.split('\n')[0] : String(err);
    const mine = await record.bot();
    for (const l of todo) {
      const o = outcomes.get(l.key);
      if (o?.verdict === 'done' && namesRequest(mine, l.key))
        Object.assign(l, { verdict: 'done', message: `${o.message}, although the bot then reported: ${reported}` });
      else Object.assign(l, { verdict: 'failed', message: `${reported}; add the request again to retry` });
    }
    return { saved: mine !== '' && todo.some((l) => l.verdict === 'done') };
  }
}
