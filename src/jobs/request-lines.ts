import { createHash } from 'node:crypto';
import { escapeWikitext } from '../parse/escape.ts';
import { escapeRegExp } from '../parse/regions.ts';
import { formatInstant } from '../sim/trail.ts';

// The lines of a page people write requests on (the requests page, the referee's actions page, the
// Rulings page): which `*` lines are pending, who added one (from the page's history, never its text),
// the request's key, and the bot's mark appended to a line it answered. Pure; the wiki is read by callers.

export const VERBS = ['rollover', 'check', 'clear', 'resume'] as const;
export type Verb = (typeof VERBS)[number];

/** Who may ask (games[].allowedGroups) when the config says nothing. */
export const DEFAULT_ALLOWED_GROUPS: readonly string[] = ['sysop'];

/** Whether a user is in one of the `allowed` groups, by `groups` (the wiki's answer for the users asked). */
export const inGroups =
  (groups: ReadonlyMap<string, readonly string[]>, allowed: readonly string[]) =>
  (user: string): boolean =>
    (groups.get(user) ?? []).some((g) => allowed.includes(g));
/** How many revisions of the request page are read (games[].requestsLookback) when the config says nothing. */
export const DEFAULT_REQUESTS_LOOKBACK = 200;

/** One revision of the request page, with its content. */
export interface RequestPageRevision {
  revid: number;
  /** 0 for the page's first revision. */
  parentid: number;
  /** Empty when the user is hidden (revision deletion): never allowed. */
  user: string;
  timestamp: string;
  /** '' when hidden. */
  text: string;
  /** Its text hidden from the bot (an admin's revision deletion): what it added or removed cannot be told. */
  textHidden?: boolean;
  /** MediaWiki's change tags (a restoration: RESTORE_TAGS). */
  tags?: readonly string[];
  /** The SHA-1 of the revision's content: equal to an earlier revision's when it restores it. */
  sha1?: string;
}

export type Verdict = 'done' | 'refused' | 'failed';

export interface RequestLine {
  /** 0-based line number in the page text. */
  lineNo: number;
  line: string;
  verb: Verb | undefined;
  /** 1-based occurrence of this exact pending line in the page (identical lines are told apart by order). */
  occurrence: number;
}

const ITEM_RE = /^\*(?!\*)\s*(.*)$/;
const MARK_RE = /<!--\s*croupier:(done|refused|failed)\b/;
const VERB_RE = /^(rollover(?:\s+now)?|check|clear|resume)\b/i;

export function parseVerb(body: string): Verb | undefined {
  const m = VERB_RE.exec(body.replace(/^'''?|'''?$/g, '').trim());
  if (!m) return undefined;
  const w = m[1]!.toLowerCase();
  return w.startsWith('rollover') ? 'rollover' : (w as Verb);
}

const isPending = (line: string): boolean => ITEM_RE.test(line) && !MARK_RE.test(line) && line.replace(/^\*+/, '').trim() !== '';

/** Pending request lines (top-level `*` items without a croupier mark), in page order. */
export function pendingRequests(text: string): RequestLine[] {
  const seen = new Map<string, number>();
  const out: RequestLine[] = [];
  text.split('\n').forEach((raw, lineNo) => {
    const line = raw.replace(/\r$/, '');
    if (!isPending(line)) return;
    const occurrence = (seen.get(line) ?? 0) + 1;
    seen.set(line, occurrence);
    out.push({ lineNo, line, verb: parseVerb(ITEM_RE.exec(line)![1]!), occurrence });
  });
  return out;
}

/** MediaWiki's tags on a revision that restores earlier content (docs/referee.md, "Who asks"). */
export const RESTORE_TAGS: readonly string[] = ['mw-undo', 'mw-rollback', 'mw-manual-revert'];

/** A revert that put a line back: who saved it, and who had removed the line before (the revision the line left the page in). */
export interface Restoration {
  by: string;
  revid: number;
  removedBy: string;
}

export type Attribution = { found: true; revision: RequestPageRevision; copy: number; restored?: Restoration } | { found: false; reason: string };

const linesOf = (text: string): string[] => text.split('\n').map((l) => l.replace(/\r$/, ''));

/** For each line of `after`, the index of the same line kept from `before` (a longest common subsequence), or -1. */
function keptFrom(before: readonly string[], after: readonly string[]): number[] {
  const kept = after.map(() => -1);
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) kept[head] = head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) {
    kept[after.length - 1 - tail] = before.length - 1 - tail;
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) kept[head + j++] = head + i++;
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

/**
 * Who added each line of each revision, oldest revision first, by the lines each revision keeps from its
 * predecessor (a line diff). A line is the work of the revision that first added it, not of one that puts it
 * back: a revision MediaWiki tags as a restoration (RESTORE_TAGS), or whose sha1 is an earlier revision's,
 * gives each line it brings back the author of the copy removed last, and says who put it back after whom
 * (`restored`: a withdrawn line is not the author's again, notRestorable). Identical lines added by one revision
 * are told apart by `copy` (1, 2, … in page order). A line of the oldest revision read, when that is not the
 * page's first, cannot be attributed. Nor can a line of the revision after one whose text is hidden (an admin's
 * revision deletion) unless it was kept from the revision before the hidden ones: it may have been added by the hidden
 * revision, whose author is not the next one's. The hidden revision's own lines are unknown.
 */
export function attributeRevisions(revisions: readonly RequestPageRevision[], isBot: IsBot): Map<number, Attribution[]> {
  return walk(revisions, isBot).out;
}

/** Whether a user is the bot's account: only its revisions answer a line (its mark is text anyone can type). */
export type IsBot = (user: string) => boolean;

/** A copy of a line removed from the page: who added it, who removed it, and where it was (1-based, in the revision before). */
interface Removal {
  who: Attribution;
  by: string;
  in: number;
  line: number;
}

function walk(revisions: readonly RequestPageRevision[], isBot: IsBot): { out: Map<number, Attribution[]>; removed: Map<string, Removal[]> } {
  const out = new Map<number, Attribution[]>();
  const chrono = [...revisions].reverse();
  const shas = new Map<string, Attribution[]>();
  // Lines removed so far and not put back, by text (the last removed last).
  const removed = new Map<string, Removal[]>();
  let before: { lines: string[]; who: Attribution[] } | undefined;
  let hidden: RequestPageRevision | undefined; // the first of the hidden revisions since `before`
  for (const rev of chrono) {
    if (rev.textHidden) {
      hidden ??= rev;
      out.set(rev.revid, []);
      continue;
    }
    const lines = linesOf(rev.text);
    const copies = new Map<string, number>();
    const added = (line: string): Attribution => {
      const copy = (copies.get(line) ?? 0) + 1;
      copies.set(line, copy);
      return { found: true, revision: rev, copy };
    };
    let who: Attribution[];
    const unknown = hidden && {
      found: false as const,
      reason: `the line may have been added by revision ${hidden.revid}, whose text an admin hid from the bot`,
    };
    if (!before) {
      const reason = `the line is older than the ${revisions.length} most recent revisions the bot reads`;
      who = lines.map((l) => (rev.parentid === 0 ? added(l) : (unknown ?? { found: false, reason })));
    } else {
      const prev = before;
      const kept = keptFrom(prev.lines, lines);
      const keptSet = new Set(kept);
      prev.lines.forEach((l, i) => {
        // Replaced by its answered form by the bot's revision (its mark appended): answered, not withdrawn by anyone. A
        // mark anyone else typed removes the line as deleting it does (its author's: a withdrawal; another's: not).
        const who = prev.who[i]!;
        const answered = (): boolean => isBot(rev.user) && lines.some((x, j) => kept[j]! < 0 && x.startsWith(l) && MARK_RE.test(x.slice(l.length)));
        if (!keptSet.has(i)) removed.set(l, [...(removed.get(l) ?? []), { who, by: hidden || answered() ? '' : rev.user, in: rev.revid, line: i + 1 }]);
      });
      const same = rev.sha1 ? shas.get(rev.sha1) : undefined;
      const restores = same !== undefined || (rev.tags ?? []).some((t) => RESTORE_TAGS.includes(t));
      // A line put back keeps its author, and says who put it back after whom (a withdrawal may not be undone by anyone: notRestorable).
      const putBack = (w: Attribution, removedBy: string): Attribution => (w.found ? { ...w, restored: { by: rev.user, revid: rev.revid, removedBy } } : w);
      who = lines.map((l, j) => {
        const back = kept[j]! < 0 && restores ? removed.get(l)?.pop() : undefined;
        if (same !== undefined && same.length === lines.length) return kept[j]! >= 0 ? same[j]! : putBack(same[j]!, back?.by ?? '');
        if (kept[j]! >= 0) return prev.who[kept[j]!]!;
        if (unknown) return unknown;
        return back ? putBack(back.who, back.by) : added(l);
      });
    }
    // The latest revision of a text is the one a revert to it restores (MediaWiki's manual revert finds the newest).
    if (rev.sha1) shas.set(rev.sha1, who);
    out.set(rev.revid, who);
    before = { lines, who };
    hidden = undefined;
  }
  return { out, removed };
}

/** A line the page had and its latest revision has not: who added it, and who removed it in which revision. */
export interface RemovedLine {
  text: string;
  /** Its line number in the revision before its removal. */
  line: number;
  who: Extract<Attribution, { found: true }>;
  removedBy: string;
  removedIn: number;
  /** Who saved the page after its removal. */
  editorsSince: string[];
}

/**
 * Who added each line of the newest revision (empty when there is none), and the copies of lines removed from the page and not
 * put back by a revert since (a copy typed again, or moved, is another line, its typer's): each with who added it,
 * who removed it ('' when that cannot be told: a hidden revision, or an answer that replaced it) and who saved the
 * page since, oldest removal first; a removed line whose author cannot be told is left out. One walk of the history.
 */
export function lineHistory(revisions: readonly RequestPageRevision[], isBot: IsBot): { authors: Attribution[]; removed: RemovedLine[] } {
  const { out, removed } = walk(revisions, isBot);
  const since = (revid: number) => [...new Set(revisions.filter((r) => r.revid > revid).map((r) => r.user))];
  return {
    authors: revisions[0] ? out.get(revisions[0].revid)! : [],
    removed: [...removed]
      .flatMap(([text, copies]) =>
        copies.flatMap((c) => (c.who.found ? [{ text, line: c.line, who: c.who, removedBy: c.by, removedIn: c.in, editorsSince: since(c.in) }] : [])),
      )
      .sort((a, b) => a.removedIn - b.removedIn),
  };
}

/** A pending request someone removed from the page who may not have withdrawn it (takenAway). */
export interface TakenAway {
  p: RequestLine;
  who: Extract<Attribution, { found: true }>;
  key: string;
  /** Who removed it (deleted it, or typed a mark after it), in which revision. */
  by: string;
  in: number;
}

/**
 * The pending requests of `removed` (lineHistory) that someone took off the page who may not withdraw them: not their
 * author, nor the bot's own revision (its undo of an edit of its own), nor a hidden user, nor one `entitled` (a game's
 * admins; asked only for the removers of such requests); not one whose author wrote the same line again since (that
 * line, on the page, is the request: `onPage`, attributed); and not one `answered` (the lines the bot's own revisions
 * added name its key: the bot answers such a request once, by a line it adds). Still their author's, as a ruling a
 * player deletes is still the Judge's. Oldest first.
 */
export async function takenAway(
  removed: readonly RemovedLine[],
  o: {
    onPage: readonly { line: string; who: Attribution }[];
    isBot: IsBot;
    answered: () => string;
    entitled: (users: string[]) => Promise<ReadonlySet<string>>;
  },
): Promise<TakenAway[]> {
  const candidates = removed.flatMap((r): TakenAway[] => {
    const p = pendingRequests(r.text)[0];
    const author = r.who.revision.user;
    if (!p || r.removedBy === '' || r.removedBy === author || o.isBot(r.removedBy)) return [];
    const again = o.onPage.some((l) => l.line === r.text && l.who.found && l.who.revision.user === author && l.who.revision.revid > r.removedIn);
    if (again) return [];
    return [{ p, who: r.who, key: requestKey(r.who.revision.revid, r.text, r.who.copy), by: r.removedBy, in: r.removedIn }];
  });
  if (candidates.length === 0) return [];
  const answered = o.answered();
  const open = candidates.filter((t) => !namesRequest(answered, t.key));
  const entitled = open.length > 0 ? await o.entitled([...new Set(open.map((t) => t.by))]) : new Set<string>();
  return open.filter((t) => !entitled.has(t.by)).sort((a, b) => a.who.revision.revid - b.who.revision.revid);
}

/** What the bot's answer to a request taken away says first: who removed it, and its key (the answer is made once). */
export const takenAwayWords = (t: TakenAway, mayWithdraw: string): string =>
  `removed in revision ${t.in} by ${t.by}, who may not withdraw it (only ${mayWithdraw} may): still request ${t.key} of ${t.who.revision.user}`;

/** The page with the bot's answer to a request taken away added at its end (the remover's text left as it is). */
export const withAnswerAdded = (text: string, marked: string): string => `${text.replace(/\n*$/, '')}\n${marked}\n`;

const NOBODY = (): boolean => false;

/**
 * Why a line put back by a revert (`restored`) does not stand for its author, or undefined when it does. A line its
 * author removed, or someone `entitled` to (a user of the allowed groups, where the page has them), was withdrawn: put
 * back by someone else, not entitled, it is that person's doing, not the author's (a player who undoes an admin's
 * withdrawal of a ruling, or another player's of their request). A line someone else removed (blanking, a mistake) is
 * the author's again, whoever puts it back.
 */
export function notRestorable(author: string, restored: Restoration | undefined, entitled: (user: string) => boolean = NOBODY): string | undefined {
  if (restored === undefined) return undefined;
  const { by, revid, removedBy } = restored;
  const may = (user: string) => user !== '' && (user === author || entitled(user));
  if (!may(removedBy) || may(by)) return undefined;
  const whom = removedBy === author ? 'its author' : removedBy;
  const who = entitled === NOBODY ? `its author (${author})` : `its author (${author}) or a user of an allowed group`;
  return `put back in revision ${revid} by ${by || 'a hidden user'} after ${whom} removed it; a line withdrawn so is put back only by ${who}`;
}

/**
 * A request's key: the revision that added the line and a hash of the line — and of its copy number, for
 * the second and later identical lines added by one revision (each is a request of its own).
 */
export function requestKey(revid: number, line: string, copy = 1): string {
  return `r${revid}-${createHash('sha1')
    .update(copy === 1 ? line : `${line}\n#${copy}`)
    .digest('hex')
    .slice(0, 8)}`;
}

/** Whether `text` (a Gamestate page, one History row, the bot's answers) names the request `key` ("…request r12-0a1b2c3d…"). */
export function namesRequest(text: string, key: string): boolean {
  return new RegExp(`\\brequest ${escapeRegExp(key)}(?![\\w-])`).test(text);
}

/** The line with the bot's answer appended. */
export function markLine(line: string, verdict: Verdict, revid: number, message: string, at: Date): string {
  const word = verdict === 'done' ? 'Done' : verdict === 'refused' ? 'Refused' : 'Failed';
  return `${line} <!-- croupier:${verdict} r${revid} --> → '''${word}''' (Croupier, ${formatInstant(at)} UTC): ${escapeWikitext(message)}`;
}

/** Replace the `occurrence`-th pending copy of `line` by its marked form (pure; null if it is gone). */
export function applyMark(text: string, line: string, occurrence: number, marked: string): string | null {
  const lines = text.split('\n');
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.replace(/\r$/, '') === line) {
      n++;
      if (n === occurrence) {
        lines[i] = marked + (lines[i]!.endsWith('\r') ? '\r' : '');
        return lines.join('\n');
      }
    }
  }
  return null;
}

/**
 * The bot's own record of a page: the lines its own revisions added (History rows, the commitment, the
 * reveals, its rollovers' rows), within the `lookback` latest revisions — never a line a person typed,
 * even a copy of one of the bot's (docs/referee.md, "The threat model"). A revision of the bot's whose text, or whose
 * parent's text, an admin hid adds nothing: a line a person typed in the hidden parent would read as the bot's. Nor
 * does one MediaWiki tags as a restoration (the bot's own undo of its merged edit): the lines it puts back are older
 * text, a person's among them, not what the bot wrote (its own are in the record from the revision that wrote them).
 */
export function botAddedLines(revisions: readonly RequestPageRevision[], isBot: (user: string) => boolean): string {
  return record(revisions, isBot, () => false);
}

/**
 * The bot's record as it stands (what an action's checks read: a use made, a roll it entitles): the lines the bot's
 * revisions added and those a user `trusted` names (the game's admins) added, less those such a user removed since.
 * An admin's revisions are the bot's record's as the Rulings page's lines are the Judge's: one who deletes the bot's
 * row, or reverts its edit, gives back what the row recorded; one who records a use by hand, or corrects a row, is
 * believed. Anyone else's edit changes nothing of it. `trusted` is asked once, for the people who edited the page.
 */
export async function standingRecord(
  revisions: readonly RequestPageRevision[],
  isBot: (user: string) => boolean,
  trusted: (users: string[]) => Promise<ReadonlySet<string>>,
): Promise<string> {
  const people = [...new Set(revisions.filter((r) => !isBot(r.user) && !r.textHidden).map((r) => r.user))];
  if (people.length === 0) return botAddedLines(revisions, isBot);
  const admins = await trusted(people);
  return record(revisions, isBot, (user) => admins.has(user));
}

/**
 * The lines the bot's revisions and a `trusted` user's added, newest revision first, less those a `trusted` user's
 * revision removed (the bot's own removals, its archiving, take nothing out of its record).
 *
 * Which copy of a line a revision removed cannot be told from the text (identical lines are identical): a removal is
 * counted first against the copies on the page that nobody trusted typed. So a player's copy of one of the bot's
 * rows, deleted by an admin, leaves the bot's row in the record; and an admin who deletes the one copy left on the
 * page, after a player deleted the bot's and typed their own, takes nothing out of the record either.
 */
function record(revisions: readonly RequestPageRevision[], isBot: (user: string) => boolean, trusted: (user: string) => boolean): string {
  const added: string[][] = revisions.map(() => []);
  const gone = revisions.map(() => new Map<string, number>());
  const standing = new Map<string, number[]>(); // a line: the revisions whose copy of it stands in the record
  const trustedOnPage = new Map<string, number>(); // a line: how many of the page's copies a trusted revision wrote
  // Without a trusted person nothing leaves the record, and the others' revisions need not be read.
  const withdrawals = revisions.some((r) => !isBot(r.user) && trusted(r.user));
  for (let i = revisions.length - 1; i >= 0; i--) {
    const rev = revisions[i]!;
    const parent = revisions[i + 1];
    const bot = isBot(rev.user);
    const counts = !rev.textHidden && !(bot && rev.tags?.some((t) => RESTORE_TAGS.includes(t))) && (bot || trusted(rev.user));
    if (!counts && !withdrawals) continue;
    if (rev.textHidden || (!parent && rev.parentid !== 0) || parent?.textHidden) continue; // what it changed is unknown
    const before = parent?.text ?? '';
    const { plus, minus } = lineChanges(before, rev.text);
    const onPage = withdrawals ? countLines(before) : undefined;
    // The trusted copies of `l` the page held before this revision: no more than it held (others' edits may have
    // removed some since), counted first as still there.
    const oursBefore = (l: string) => Math.min(trustedOnPage.get(l) ?? 0, onPage!.get(l) ?? 0);
    if (onPage) {
      for (const [l, removed] of countLines(minus)) {
        const ours = oursBefore(l);
        const ourRemoved = Math.max(0, removed - (onPage.get(l)! - ours));
        trustedOnPage.set(l, ours - ourRemoved);
        if (!counts || bot) continue;
        const held = standing.get(l) ?? [];
        for (let n = ourRemoved; n > 0 && held.length > 0; n--) {
          const j = held.pop()!;
          gone[j]!.set(l, (gone[j]!.get(l) ?? 0) + 1);
        }
      }
    }
    if (!counts) continue;
    for (const l of plus) {
      added[i]!.push(l);
      standing.set(l, [...(standing.get(l) ?? []), i]);
    }
    if (onPage) for (const [l, copies] of countLines(plus)) trustedOnPage.set(l, oursBefore(l) + copies);
  }
  return added
    .flatMap((lines, i) =>
      lines.filter((l) => {
        const n = gone[i]!.get(l) ?? 0;
        if (n > 0) gone[i]!.set(l, n - 1);
        return n === 0;
      }),
    )
    .join('\n');
}

/** How many copies of each line. */
function countLines(text: string | readonly string[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const l of typeof text === 'string' ? text.split('\n') : text) count.set(l, (count.get(l) ?? 0) + 1);
  return count;
}

/** The lines `after` has that `before` has not, and the reverse, counting copies. */
function lineChanges(before: string, after: string): { plus: string[]; minus: string[] } {
  const count = countLines(before);
  const plus: string[] = [];
  for (const l of after.split('\n')) {
    const n = count.get(l) ?? 0;
    if (n > 0) count.set(l, n - 1);
    else plus.push(l);
  }
  const minus = [...count].flatMap(([l, n]) => Array<string>(n).fill(l));
  return { plus, minus };
}
