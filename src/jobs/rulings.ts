import {
  DEFAULT_ALLOWED_GROUPS,
  DEFAULT_REQUESTS_LOOKBACK,
  inGroups,
  lineHistory,
  notRestorable,
  type RequestPageRevision,
  type Restoration,
} from './request-lines.ts';
import { declarationsFor, readingsFor } from '../games/registry.ts';
import type { KindedRuleset } from '../games/engine-contract.ts';
import { ChosenReadings, rulingLines, type DeclaredLine, type ReadingDef, type Ruling } from '../games/shared/readings.ts';
import { WikiError } from '../wiki/errors.ts';

// The Rulings page of a game (games[].rulingsPage, default `<gamestate>/Rulings`): the Judge's
// rulings on the readings, one line each:
//
//   * tax-rounding = ceil      (anything after the value, a signature, is ignored: `— ~~~~`)
//
// As for requests (src/cron/requests.ts), who wrote a line is never read from its text: the bot
// finds the revision that first added the line (a revert that puts it back is not its author:
// src/jobs/request-lines.ts) and asks the API for its author's groups. Only lines by
// users in the game's allowedGroups count; others are ignored with a warning. A reading ruled twice
// takes the most recently added line (src/games/shared/readings.ts). The bot never edits this page.
// A game that takes declarations (generic: src/games/generic/declarations.ts) reads its admins' declaration
// lines from the same page, by the same rule: only lines added by users in the allowed groups count.
// Finding who added each line walks the page's history (its last `lookback` revisions, with their text) and asks
// for the authors' groups: a rollover given the bot's memo (RulingsMemo, kept in its store) skips both while the
// page's revision is the one attributed and the groups were asked less than RULINGS_GROUPS_TTL_MS ago.

export interface RulingsWiki {
  /** The page's revisions, newest first, with content; at most `limit`. */
  history(title: string, limit: number): Promise<RequestPageRevision[]>;
  /** Groups of each named user (implicit ones included); users that do not exist are absent. */
  userGroups(users: string[]): Promise<Map<string, string[]>>;
}

export interface ReadRulings {
  page: string;
  /** The readings in force: the defaults, with the valid rulings applied. */
  readings: ChosenReadings;
  /** Lines that do not count, and why (page and line named). */
  warnings: string[];
  /** The declaration lines by allowed users, in page order (games that take declarations). */
  declared: DeclaredLine[];
}

export interface RulingsOptions {
  page: string;
  defs: readonly ReadingDef[];
  allowedGroups?: readonly string[];
  lookback?: number;
  /** What begins a declaration line, for a game that takes declarations (other lines but rulings are prose). */
  declarationLine?: RegExp;
}

/** Who added one ruling line (its origin, src/jobs/request-lines.ts#lineHistory), as the bot's memo keeps it. */
export type LineOrigin = { line: number; user: string; revid: number; timestamp: string; restored?: Restoration } | { line: number; unknown: string };

/**
 * A ruling or declaration line the page no longer has: who added it, and who removed it in which revision (`line`:
 * where it was in the revision before). Removed by someone who may not withdraw it, it still counts.
 */
export interface RemovedOrigin {
  text: string;
  line: number;
  user: string;
  revid: number;
  timestamp: string;
  removedBy: string;
  removedIn: number;
  /** Who saved the page since: a user of the allowed groups among them accepted the page without it. */
  editorsSince: string[];
}

/** The memo's shape: a memo of another (an older bot's, without who put a line back or removed one) is made again. */
export const RULINGS_MEMO_VERSION = 2;

/**
 * The bot's memo of a Rulings revision, kept in its own store (never read from a page): who added each ruling line
 * of revision `revid` (found by walking the history once), and the authors' groups as asked at `checkedAt`.
 */
export interface RulingsMemo {
  version?: number;
  revid: number;
  lookback: number;
  allowedGroups: string[];
  origins: LineOrigin[];
  /** The ruling and declaration lines removed since they were added (within `lookback`). */
  removed?: RemovedOrigin[];
  groups: Record<string, string[]>;
  checkedAt: string;
}

/** Where the memo is kept (src/cron/rulings-memo.ts: the store, per game and page). */
export interface RulingsCache {
  get(page: string): Promise<RulingsMemo | undefined>;
  set(page: string, memo: RulingsMemo): Promise<void>;
}

/**
 * How long the authors' groups asked for a Rulings revision are trusted: a user removed from the allowed groups
 * stops counting at the first run after this, or at once when the page changes (a new revision is attributed again).
 */
export const RULINGS_GROUPS_TTL_MS = 60 * 60_000;

/** The memo, and the page's latest revision as the run's batched read found it. */
export interface RulingsMemoUse {
  cache: RulingsCache;
  latest: { revid: number; text: string; missing?: boolean };
  /** The clock (default: now). */
  now?: Date;
}

/**
 * The Rulings page read with each line's author; a page that does not exist means the defaults. With `memo`, a
 * revision already attributed costs no history request, and its authors' groups no request while fresh.
 */
export async function readRulings(wiki: RulingsWiki, opts: RulingsOptions, memo?: RulingsMemoUse): Promise<ReadRulings> {
  const allowed = opts.allowedGroups ?? DEFAULT_ALLOWED_GROUPS;
  const lookback = opts.lookback ?? DEFAULT_REQUESTS_LOOKBACK;
  const now = memo?.now ?? new Date();
  if (memo?.latest.missing) return none(opts);
  const kept = memo ? await memo.cache.get(opts.page) : undefined;
  if (
    memo &&
    kept &&
    kept.version === RULINGS_MEMO_VERSION &&
    kept.revid === memo.latest.revid &&
    kept.lookback === lookback &&
    sameSet(kept.allowedGroups, allowed)
  ) {
    const present = linesOf(memo.latest.text, kept.origins, opts.declarationLine);
    if (present) {
      const lines = [...present, ...removedOf(kept.removed ?? [], opts.declarationLine)];
      if (now.getTime() - Date.parse(kept.checkedAt) < RULINGS_GROUPS_TTL_MS) return judge(opts, allowed, lines, new Map(Object.entries(kept.groups)));
      const groups = await groupsOf(wiki, lines);
      await memo.cache.set(opts.page, { ...kept, groups: Object.fromEntries(groups), checkedAt: now.toISOString() });
      return judge(opts, allowed, lines, groups);
    }
  }
  let revisions: RequestPageRevision[];
  try {
    revisions = await wiki.history(opts.page, lookback);
  } catch (err) {
    if (err instanceof WikiError && err.code === 'missing') revisions = [];
    else throw err;
  }
  const latest = revisions[0];
  if (latest === undefined) return none(opts);
  // Each line with the revision that first added it (one that restores it by a revert is not its author).
  // The bot answers no line of this page: a mark typed on a line removes it, as deleting it does.
  const { authors: found, removed: gone } = lineHistory(revisions, () => false);
  const origins = pageLines(latest.text, opts.declarationLine).map(({ line }): LineOrigin => {
    const who = found[line - 1]!;
    if (!who.found) return { line, unknown: who.reason };
    const { user, revid, timestamp } = who.revision;
    return { line, user, revid, timestamp, ...(who.restored ? { restored: who.restored } : {}) };
  });
  // And the lines removed since: a ruling a player deleted is still the Judge's (judge).
  const removed = gone.flatMap((r): RemovedOrigin[] =>
    pageLines(r.text, opts.declarationLine).length === 1
      ? [
          {
            text: r.text,
            line: r.line,
            user: r.who.revision.user,
            revid: r.who.revision.revid,
            timestamp: r.who.revision.timestamp,
            removedBy: r.removedBy,
            removedIn: r.removedIn,
            editorsSince: r.editorsSince,
          },
        ]
      : [],
  );
  const lines = [...linesOf(latest.text, origins, opts.declarationLine)!, ...removedOf(removed, opts.declarationLine)];
  const groups = await groupsOf(wiki, lines);
  await memo?.cache.set(opts.page, {
    version: RULINGS_MEMO_VERSION,
    revid: latest.revid,
    lookback,
    allowedGroups: [...allowed],
    origins,
    removed,
    groups: Object.fromEntries(groups),
    checkedAt: now.toISOString(),
  });
  return judge(opts, allowed, lines, groups);
}

/** The page does not exist: the defaults, nothing declared. */
const none = (opts: RulingsOptions): ReadRulings => ({ page: opts.page, readings: new ChosenReadings(opts.defs), warnings: [], declared: [] });

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

/** A line of the page the bot attributes: a ruling (`reading = value`), or a declaration (`reading` null). */
interface PageLine {
  reading: string | null;
  value: string;
  line: number;
}

/** The ruling lines and, when the game takes them, the declaration lines of a Rulings page, in page order. */
function pageLines(text: string, declarationLine: RegExp | undefined): PageLine[] {
  const rulings: PageLine[] = rulingLines(text);
  if (declarationLine === undefined) return rulings;
  const declarations = text.split('\n').flatMap((raw, i): PageLine[] => (declarationLine.test(raw) ? [{ reading: null, value: '', line: i + 1 }] : []));
  return [...rulings, ...declarations].sort((a, b) => a.line - b.line);
}

interface AttributedLine extends PageLine {
  /** The line as written. */
  text: string;
  origin: LineOrigin;
  /** A line the page no longer has: who removed it, in which revision, and who saved the page since. */
  removed?: { by: string; in: number; since: string[] };
}

/** The removed lines as the judge reads them. */
function removedOf(removed: readonly RemovedOrigin[], declarationLine: RegExp | undefined): AttributedLine[] {
  return removed.flatMap((r) =>
    pageLines(r.text, declarationLine).map((l) => ({
      ...l,
      line: r.line,
      text: r.text,
      origin: { line: r.line, user: r.user, revid: r.revid, timestamp: r.timestamp },
      removed: { by: r.removedBy, in: r.removedIn, since: r.editorsSince },
    })),
  );
}

/** The attributed lines of `text` with their origins; undefined when one has none (the memo is not this text's). */
function linesOf(text: string, origins: readonly LineOrigin[], declarationLine: RegExp | undefined): AttributedLine[] | undefined {
  const raw = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const lines = pageLines(text, declarationLine);
  if (lines.length !== origins.length) return undefined;
  const out: AttributedLine[] = [];
  for (const l of lines) {
    const origin = origins.find((o) => o.line === l.line);
    if (!origin) return undefined;
    out.push({ ...l, text: raw[l.line - 1]!, origin });
  }
  return out;
}

async function groupsOf(wiki: RulingsWiki, lines: readonly AttributedLine[]): Promise<Map<string, string[]>> {
  // The authors, and for a line put back by a revert who put it back and who had removed it (notRestorable).
  const named = (l: AttributedLine) =>
    'user' in l.origin
      ? [l.origin.user, l.origin.restored?.by ?? '', l.origin.restored?.removedBy ?? '', l.removed?.by ?? '', ...(l.removed?.since ?? [])]
      : [];
  const authors = [...new Set(lines.flatMap(named).filter((u) => u !== ''))];
  return authors.length > 0 ? wiki.userGroups(authors) : new Map<string, string[]>();
}

/** The readings in force: only lines whose author is in an allowed group count. */
function judge(opts: RulingsOptions, allowed: readonly string[], lines: readonly AttributedLine[], groups: ReadonlyMap<string, string[]>): ReadRulings {
  const warnings: string[] = [];
  const where = (l: { line: number; text: string }) => lineOf(opts.page, l);
  const rulings: Ruling[] = [];
  const sources = new Map<Ruling, AttributedLine>();
  const declared: DeclaredLine[] = [];
  for (const l of lines) {
    const o = l.origin;
    if ('unknown' in o) {
      warnings.push(`${where(l)}: cannot tell who added the line (${o.unknown}); the line is ignored`);
      continue;
    }
    const inAllowed = inGroups(groups, allowed);
    let by = o.user;
    if (l.removed) {
      // Removed: withdrawn when its author or an allowed user removed it, or an allowed user saved the page since (their
      // edit accepts it as it is): nothing to say. Else a player deleted a ruling: it still counts.
      const { by: remover, in: revid, since } = l.removed;
      const may = (user: string) => user !== '' && (user === o.user || inAllowed(user));
      if (!o.user || !inAllowed(o.user) || may(remover) || since.some(may)) continue;
      const who = remover || 'a hidden revision';
      warnings.push(
        `${where(l)}: added by ${o.user} in revision ${o.revid}, removed by ${who}, who is not in an allowed group (${allowed.join(', ')}); it still counts until a user of an allowed group saves the page (their edit accepts it without the line)`,
      );
      by = `${o.user} (removed in revision ${revid} by ${who}, who may not: still in force)`;
    }
    if (!o.user || !inAllowed(o.user)) {
      warnings.push(
        `${where(l)}: added by ${o.user || 'a hidden user'} in revision ${o.revid}, who is not in an allowed group (${allowed.join(', ')}); the line is ignored`,
      );
      continue;
    }
    const withdrawn = notRestorable(o.user, o.restored, inAllowed);
    if (withdrawn !== undefined) {
      warnings.push(`${where(l)}: added by ${o.user} in revision ${o.revid}, ${withdrawn}; the line is ignored`);
      continue;
    }
    if (l.reading === null) declared.push({ line: l.line, text: l.text, by, at: new Date(o.timestamp) });
    else sources.set(rulings[rulings.push({ reading: l.reading, value: l.value, line: l.line, by, at: new Date(o.timestamp) }) - 1]!, l);
  }
  return chosen(opts, rulings, declared, warnings, sources);
}

/** `Game/Rulings, line 3 ("* tax-rounding = ceil")`: where a warning's line is (a removed one: in the revision before). */
const lineOf = (page: string, l: { line: number; text: string; removed?: { in: number } }): string =>
  l.removed ? `${page}, line ${l.line} ("${l.text}") of the revision before ${l.removed.in}, which removed it` : `${page}, line ${l.line} ("${l.text}")`;

/** The readings the rulings choose, with a warning per ruling that chooses nothing (`sources`: each ruling's line). */
function chosen(
  opts: RulingsOptions,
  rulings: Ruling[],
  declared: DeclaredLine[],
  warnings: string[],
  sources: ReadonlyMap<Ruling, { line: number; text: string; removed?: { in: number } }>,
): ReadRulings {
  const readings = new ChosenReadings(opts.defs, rulings);
  for (const { ruling, why } of readings.ignored) warnings.push(`${lineOf(opts.page, sources.get(ruling)!)}: ${why}; the line is ignored`);
  return { page: opts.page, readings, warnings, declared };
}

/**
 * A Rulings page kept in a file (offline runs): every line counts, as the admin's own, dated `at`. The game's
 * ruleset with its declarations, as readGameRulings gives it.
 */
export function fileRulings<R extends KindedRuleset>(text: string, file: string, ruleset: R, at: Date): GameRulings<R> {
  const declarations = declarationsFor(ruleset.kind);
  const opts: RulingsOptions = { page: file, defs: readingsFor(ruleset.kind), ...(declarations ? { declarationLine: declarations.line } : {}) };
  const raw = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const by = `the file ${file}`;
  const lines = pageLines(text, opts.declarationLine).map((l) => ({
    ...l,
    text: raw[l.line - 1]!,
    origin: { line: l.line, user: by, revid: 0, timestamp: at.toISOString() },
  }));
  const sources = new Map(lines.flatMap((l) => (l.reading === null ? [] : [[{ reading: l.reading, value: l.value, line: l.line, by, at }, l] as const])));
  const declared = lines.flatMap((l) => (l.reading === null ? [{ line: l.line, text: l.text, by, at }] : []));
  return withDeclarations(chosen(opts, [...sources.keys()], declared, [], sources), ruleset);
}

/** The ruleset of a game that takes declarations, with those read (and a warning per line ignored). */
export function withDeclarations<R extends KindedRuleset>(read: ReadRulings, ruleset: R): GameRulings<R> {
  const declarations = declarationsFor(ruleset.kind);
  if (declarations === undefined) return { ...read, ruleset };
  const declared = declarations.declare(ruleset, read.declared, read.page);
  return { ...read, ruleset: declared.ruleset as R, warnings: [...read.warnings, ...declared.warnings] };
}

/** Where a game's rulings are, as a job knows it (games[] in the config). */
export interface RulingsGame {
  rulingsPage?: string;
  /** Who may rule there (as for requests); default sysop. */
  allowedGroups?: readonly string[];
  requestsLookback?: number;
}

/** The Rulings page as a game reads it: with `ruleset`, the game's ruleset with what its admins declared there. */
export interface GameRulings<R extends KindedRuleset> extends ReadRulings {
  ruleset: R;
}

/**
 * The Rulings page of a game with readings or declarations, read with its authors; undefined when there is none
 * to read. A game that takes declarations gets them in its ruleset (and a warning per line ignored).
 */
export async function readGameRulings<R extends KindedRuleset>(
  wiki: Partial<RulingsWiki>,
  game: RulingsGame,
  ruleset: R,
  memo?: RulingsMemoUse,
): Promise<GameRulings<R> | undefined> {
  const defs = readingsFor(ruleset.kind);
  const declarations = declarationsFor(ruleset.kind);
  if ((defs.length === 0 && declarations === undefined) || game.rulingsPage === undefined || !wiki.history || !wiki.userGroups) return undefined;
  const read = await readRulings(
    { history: wiki.history.bind(wiki), userGroups: wiki.userGroups.bind(wiki) },
    {
      page: game.rulingsPage,
      defs,
      ...(game.allowedGroups ? { allowedGroups: game.allowedGroups } : {}),
      ...(game.requestsLookback ? { lookback: game.requestsLookback } : {}),
      ...(declarations ? { declarationLine: declarations.line } : {}),
    },
    memo,
  );
  return withDeclarations(read, ruleset);
}
