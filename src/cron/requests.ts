// The on-wiki request page (games[].requestsPage): admins ask the bot to act by adding a line.
//
//   * rollover now      roll over to the next phase now, even before its boundary (recorded as manual)
//   * check             run the periodic check now (reputability, recorded battles and gifts, …)
//   * clear             clear a halt after repeated failures; the bot edits the Gamestate page again
//   * resume            resume a game paused because a person reverted one of the bot's edits (./pause.ts)
//
// Anything may follow the verb on the line (a reason, a signature: `* rollover now — the boundary was missed ~~~~`).
// Only top-level `*` lines count; other lines (headings, prose, `**` replies) are ignored.
//
// Who asked is never read from the text: the bot walks the page's revision history to find the revision
// that first ADDED the line (a revert that restores it is not its author: src/jobs/request-lines.ts),
// and asks the API for that revision author's groups (list=users&usprop=groups).
// The line is honoured only if the author is in one of the game's allowedGroups (default: sysop);
// otherwise it is answered on the page as refused, with the reason. Either way the bot appends a mark
// to the line (`<!-- croupier:done r123 -->` / `<!-- croupier:refused r123 -->` + a sentence) and a
// History row on the Gamestate page names the request's key (revision that added the line + a hash of it).
// The lines refused without acting (an author not allowed or unknown, a verb not understood) are answered
// together at the end of the pass: one edit of the Gamestate (their History rows), one of the request page
// (their marks), however many there are — a flood of junk lines costs two edits, never two per line.
// Exactly once, from the pages alone: the Gamestate save that performs a request (the forced rollover,
// the check) carries its key in that same edit (src/jobs/rollover.ts), so before acting the bot asks the
// Gamestate History; a key already there means "done" (the bot stopped after the save, before the
// mark): the line is only marked. A crash before that save left nothing, so the request is simply done
// then. The store is not consulted.
import { escapeWikitext } from '../parse/escape.ts';
import {
  applyMark,
  botAddedLines,
  DEFAULT_REQUESTS_LOOKBACK,
  inGroups,
  lineHistory,
  markLine,
  notRestorable,
  pendingRequests,
  requestKey,
  takenAway,
  takenAwayWords,
  withAnswerAdded,
  type Attribution,
  type IsBot,
  type RequestLine,
  type RequestPageRevision,
  type TakenAway,
  type Verdict,
} from '../jobs/request-lines.ts';
import type { ActionResult, RequestActions, RequestRef, RequestsProcessor, RequestsSummary } from './ports.ts';

// The lines' vocabulary (pure, shared with the referee and the Rulings page) lives in src/jobs/request-lines.ts.
export * from '../jobs/request-lines.ts';

export interface RequestsWiki {
  /** The page's revisions, newest first, with content; at most `limit`. */
  history(title: string, limit: number): Promise<RequestPageRevision[]>;
  /** Groups of each named user (implicit ones included); users that do not exist are absent. */
  userGroups(users: string[]): Promise<Map<string, string[]>>;
  /** Conflict-safe edit; `transform` is pure and may run again; null = no edit. */
  save(title: string, transform: (text: string) => { text: string; summary: string } | null): Promise<{ changed: boolean }>;
}

export interface RequestHistoryEntry {
  request: RequestRef;
  verdict: Verdict;
  /** What was done, or why not, in plain words. */
  message: string;
  at: Date;
}

/**
 * Where a request stands, as the Gamestate page's History says: a row names its key ("done", or
 * "failed" when its only rows say it failed), or none does ("new": nothing was saved for it yet).
 */
export type RequestState = 'done' | 'failed' | 'new';

/** History rows on the Gamestate page for requests (see ./game-jobs.ts for the real one). */
export interface RequestsHistory {
  state(game: string, key: string): Promise<RequestState>;
  /** Append the rows in one edit, but those whose key a row already names (e.g. the save that performed it). */
  record(game: string, entries: readonly RequestHistoryEntry[]): Promise<{ changed: boolean }>;
}

export interface RequestsOptions {
  wiki: RequestsWiki;
  history: RequestsHistory;
  /** Request page of a game (undefined: the game takes no requests). */
  pageFor(game: string): string | undefined;
  allowedGroupsFor(game: string): readonly string[];
  /** Whether a user is the bot's account: only its revisions answer a line (a mark typed by anyone else is no answer). */
  isBot: IsBot;
  /** How many revisions of a game's request page to read (default DEFAULT_REQUESTS_LOOKBACK). */
  lookbackFor?(game: string): number;
  now?: () => Date;
}

function refusalReason(author: string, revid: number, groups: string[] | undefined, allowed: readonly string[]): string {
  if (!author) return `the author of revision ${revid}, which added this line, is hidden; only members of ${allowed.join(', ')} may make requests`;
  if (!groups) return `${author}, who added this line in revision ${revid}, is not a registered user; only members of ${allowed.join(', ')} may make requests`;
  const shown = groups.filter((g) => g !== '*');
  return `${author}, who added this line in revision ${revid}, is not in an allowed group (${allowed.join(', ')}); their groups: ${shown.join(', ') || 'none'}`;
}

const NOT_UNDERSTOOD = 'request not understood; the requests are "rollover now", "check", "clear" and "resume"';

/** A pending line and who added it (from one history snapshot, before any edit). */
/** A pending line, attributed; or a request someone took off the page who may not withdraw it (`removed`: answered by a line the bot adds). */
type Attributed = { p: RequestLine; who: Attribution; removed?: TakenAway };
type Refusal = { a: Attributed; ref: RequestRef; message: string };
type Verdict3 = { verdict: Verdict; message: string; acted: boolean };

/** The request a line makes: its key, from the revision that added it (or the latest one when nobody can be found). */
function requestOf(page: string, { p, who }: Attributed, latest: { revid: number; timestamp: string }): RequestRef {
  const rev = who.found ? who.revision : undefined;
  const revid = rev?.revid ?? latest.revid;
  return {
    key: requestKey(revid, p.line, who.found ? who.copy : 1),
    line: p.line,
    verb: p.verb ?? 'unknown',
    page,
    revid,
    timestamp: rev?.timestamp ?? latest.timestamp,
    author: rev?.user ?? '',
  };
}

/**
 * What an allowed request comes to: what the page already records of it (the bot stopped after the save that did
 * it, before its mark: only marked), or the action performed now; 'wait' while the game is halted (answered once an
 * admin clears the halt).
 */
async function perform(
  opts: RequestsOptions,
  game: string,
  ref: RequestRef,
  verb: NonNullable<Attributed['p']['verb']>,
  actions: RequestActions,
): Promise<Verdict3 | 'wait'> {
  const state: RequestState = await opts.history.state(game, ref.key);
  if (state !== 'new') {
    const message =
      state === 'done'
        ? `done (see the History row for request ${ref.key} on the Gamestate page)`
        : `failed (see the History row for request ${ref.key} on the Gamestate page); add the request again to retry`;
    return { verdict: state, message, acted: false };
  }
  if (verb !== 'clear' && verb !== 'resume' && (await actions.halted())) return 'wait';
  let r: ActionResult;
  try {
    r = await actions[verb](ref);
  } catch (err) {
    r = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  // A failure after the save went through (e.g. its reply was lost): the page says it was done.
  if (!r.ok && verb !== 'clear' && verb !== 'resume' && (await opts.history.state(game, ref.key)) === 'done') {
    r = { ok: true, message: `done, although the bot then reported: ${r.message}` };
  }
  return {
    verdict: r.ok ? 'done' : 'failed',
    message: r.ok ? `${r.message} (requested by ${ref.author})` : `${r.message}; add the request again to retry`,
    acted: true,
  };
}

/**
 * The page with a request answered: its pending line replaced by its marked form (`nth`: its place among the pending
 * copies of its text, taken now), or, for one taken off the page, the marked line added at the end; null if it is gone.
 */
function answerOf(
  a: Attributed,
  nthPending: (p: { line: string; occurrence: number }) => number,
  verdict: Verdict,
  revid: number,
  message: string,
  at: Date,
): (text: string) => string | null {
  if (a.removed) {
    const said = `${takenAwayWords(a.removed, 'its author or a user of an allowed group')}; ${message}`;
    return (text) => withAnswerAdded(text, markLine(a.p.line, verdict, revid, said, at));
  }
  const [nth, mark] = [nthPending(a.p), markLine(a.p.line, verdict, revid, message, at)];
  return (text) => applyMark(text, a.p.line, nth, mark);
}

/** The requests processor the scheduler runs on each check. */
export function makeRequestsProcessor(opts: RequestsOptions): RequestsProcessor {
  const now = opts.now ?? (() => new Date());
  /** Each page's latest revision found with nothing to answer. */
  const quiet = new Map<string, number>();

  return async (game: string, _at: Date, actions: RequestActions): Promise<RequestsSummary> => {
    const summary: RequestsSummary = { handled: 0, waiting: 0, edits: 0 };
    const page = opts.pageFor(game);
    if (!page) return summary;
    const revisions = await opts.wiki.history(page, opts.lookbackFor?.(game) ?? DEFAULT_REQUESTS_LOOKBACK);
    const latest = revisions[0];
    if (!latest) return summary; // the page does not exist yet: no requests
    if (quiet.get(page) === latest.revid) return summary;
    const allowed = opts.allowedGroupsFor(game);

    // Attribute every pending line from the same history snapshot, before any edit; and the requests someone took
    // off the page who may not withdraw them (neither their author nor a user of the allowed groups): still theirs.
    const { authors: origins, removed } = lineHistory(revisions, opts.isBot);
    const onPage: Attributed[] = pendingRequests(latest.text).map((p) => ({ p, who: origins[p.lineNo]! }));
    const away = await takenAway(removed, {
      onPage: onPage.map((a) => ({ line: a.p.line, who: a.who })),
      isBot: opts.isBot,
      answered: () => botAddedLines(revisions, opts.isBot),
      entitled: async (users) => new Set(users.filter(inGroups(await opts.wiki.userGroups(users), allowed))),
    });
    const attributed: Attributed[] = [...away.map((t) => ({ p: t.p, who: t.who, removed: t })), ...onPage];
    if (attributed.length === 0) {
      quiet.set(page, latest.revid); // nothing to answer until the page changes: its history is not walked again
      return summary;
    }
    // The authors, and for a line put back by a revert who put it back and who had removed it (notRestorable).
    const named = ({ who }: Attributed) => (who.found ? [who.revision.user, who.restored?.by ?? '', who.restored?.removedBy ?? ''] : []);
    const authors = [...new Set(attributed.flatMap(named).filter((u) => u !== ''))];
    const groups = authors.length ? await opts.wiki.userGroups(authors) : new Map<string, string[]>();

    // `resume` and `clear` first: they may lift a pause or a halt that holds the other requests back.
    const rank = (v: string | undefined) => (v === 'resume' ? 2 : v === 'clear' ? 1 : 0);
    const order = [...attributed].sort((a, b) => rank(b.p.verb) - rank(a.p.verb));

    // The copies of each line marked so far in this pass, by occurrence: a copy's place among the pending copies
    // of its text is its occurrence less the copies before it that were marked.
    const marked = new Map<string, number[]>();
    const nthPending = (p: { line: string; occurrence: number }): number => {
      const done = marked.get(p.line) ?? [];
      marked.set(p.line, [...done, p.occurrence]);
      return p.occurrence - done.filter((o) => o < p.occurrence).length;
    };
    const refusals: Refusal[] = [];
    for (const a of order) {
      const { p, who } = a;
      const ref = requestOf(page, a, latest);
      const inAllowed = inGroups(groups, allowed);
      const withdrawn = who.found ? notRestorable(ref.author, who.restored, inAllowed) : undefined;
      const allowedAuthor = who.found && ref.author !== '' && inAllowed(ref.author) && withdrawn === undefined;
      // Paused: no edit at all (no answer, no refusal) but a resume by an allowed user.
      if (!(allowedAuthor && p.verb === 'resume') && (await actions.paused())) {
        summary.waiting++;
        continue;
      }
      const refusal = !who.found
        ? `cannot tell who added this line (${who.reason}); write it again`
        : ref.author === '' || !inAllowed(ref.author)
          ? refusalReason(ref.author, ref.revid, groups.get(ref.author), allowed)
          : withdrawn !== undefined
            ? `${ref.author} added this line in revision ${ref.revid}; it was ${withdrawn}`
            : !p.verb
              ? NOT_UNDERSTOOD
              : undefined;
      if (refusal !== undefined || !p.verb) {
        refusals.push({ a, ref, message: refusal ?? NOT_UNDERSTOOD });
        continue;
      }
      const done = await perform(opts, game, ref, p.verb, actions);
      if (done === 'wait') {
        summary.waiting++;
        continue;
      }
      let { message } = done;
      const at = now();
      // The History row (none when the save that performed it carried it), then the mark: a crash in
      // between re-marks, never re-acts.
      if (!(done.acted && done.verdict === 'failed' && (await actions.halted()))) {
        try {
          const h = await opts.history.record(game, [{ request: ref, verdict: done.verdict, message, at }]);
          if (h.changed) summary.edits++;
        } catch (err) {
          // E.g. the Gamestate page is still broken after a `clear`: answer anyway, and say so.
          if (!done.acted) throw err; // nothing done yet: leave the line for the next pass
          message += `; its History row could not be written (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`;
        }
      }
      const answer = answerOf(a, nthPending, done.verdict, ref.revid, message, at);
      const saved = await opts.wiki.save(page, (text) => {
        const next = answer(text);
        return next === null || next === text
          ? null
          : {
              text: next,
              summary: `Croupier: request ${done.verdict} (${p.verb ?? 'not understood'}, r${ref.revid} by ${escapeWikitext(ref.author || 'unknown')})`,
            };
      });
      if (saved.changed) summary.edits++;
      summary.handled++;
      await actions.between?.(); // the line is answered: another game's boundary may go first (./queue.ts)
    }
    if (refusals.length > 0) await answerRefusals(opts, game, page, refusals, nthPending, now(), actions, summary);
    return summary;
  };
}

/**
 * The refusals of a pass, together: their History rows in one edit (a crash after them re-marks, never writes a
 * row twice), then their marks, in the order of the page, in one edit.
 */
async function answerRefusals(
  opts: RequestsOptions,
  game: string,
  page: string,
  refusals: readonly Refusal[],
  nthPending: (p: { line: string; occurrence: number }) => number,
  at: Date,
  actions: RequestActions,
  summary: RequestsSummary,
): Promise<void> {
  const h = await opts.history.record(
    game,
    refusals.map((r) => ({ request: r.ref, verdict: 'refused' as const, message: r.message, at })),
  );
  if (h.changed) summary.edits++;
  await actions.between?.();
  const marks = [...refusals].sort((a, b) => a.a.p.lineNo - b.a.p.lineNo).map((r) => answerOf(r.a, nthPending, 'refused', r.ref.revid, r.message, at));
  const authors = [...new Set(refusals.map((r) => escapeWikitext(r.ref.author || 'unknown')))];
  const saved = await opts.wiki.save(page, (text) => {
    let next = text;
    for (const m of marks) next = m(next) ?? next;
    const what =
      refusals.length === 1
        ? `request refused (${refusals[0]!.a.p.verb ?? 'not understood'}, r${refusals[0]!.ref.revid}`
        : `${refusals.length} requests refused (`;
    return next === text ? null : { text: next, summary: `Croupier: ${what} by ${authors.join(', ')})` };
  });
  if (saved.changed) summary.edits++;
  summary.handled += refusals.length;
}
