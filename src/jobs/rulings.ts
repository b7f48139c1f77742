import { DEFAULT_ALLOWED_GROUPS, DEFAULT_REQUESTS_LOOKBACK, lineAuthors, type RequestPageRevision } from './request-lines.ts';
import { readingsFor } from '../games/registry.ts';
import { ChosenReadings, rulingLines, type ReadingDef, type Ruling } from '../games/shared/readings.ts';
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
}

export interface RulingsOptions {
  page: string;
  defs: readonly ReadingDef[];
  allowedGroups?: readonly string[];
  lookback?: number;
}

/** The Rulings page read with each line's author; a page that does not exist means the defaults. */
export async function readRulings(wiki: RulingsWiki, opts: RulingsOptions): Promise<ReadRulings> {
  const allowed = opts.allowedGroups ?? DEFAULT_ALLOWED_GROUPS;
  let revisions: RequestPageRevision[];
  try {
    revisions = await wiki.history(opts.page, opts.lookback ?? DEFAULT_REQUESTS_LOOKBACK);
  } catch (err) {
    if (err instanceof WikiError && err.code === 'missing') revisions = [];
    else throw err;
  }
  const latest = revisions[0];
  if (latest === undefined) return { page: opts.page, readings: new ChosenReadings(opts.defs), warnings: [] };
  // Each line with its raw text and the revision that first added it (one that restores it by a revert is not its author).
  const raw = latest.text.split('\n').map((l) => l.replace(/\r$/, ''));
  const origins = lineAuthors(revisions);
  const lines = rulingLines(latest.text).map((l) => ({ ...l, text: raw[l.line - 1]! }));
  const attributed = lines.map((l) => ({ l, who: origins[l.line - 1]! }));
  const authors = [...new Set(attributed.flatMap((a) => (a.who.found && a.who.revision.user ? [a.who.revision.user] : [])))];
  const groups = authors.length > 0 ? await wiki.userGroups(authors) : new Map<string, string[]>();
  const warnings: string[] = [];
  const where = (l: { line: number; text: string }) => `${opts.page}, line ${l.line} ("${l.text}")`;
  const rulings: Ruling[] = [];
  for (const { l, who } of attributed) {
    if (!who.found) {
      warnings.push(`${where(l)}: cannot tell who added the line (${who.reason}); the line is ignored`);
      continue;
    }
    const rev = who.revision;
    if (!rev.user || !(groups.get(rev.user) ?? []).some((g) => allowed.includes(g))) {
      warnings.push(`${where(l)}: added by ${rev.user || 'a hidden user'} in revision ${rev.revid}, who is not in an allowed group (${allowed.join(', ')}); the line is ignored`);
      continue;
    }
    rulings.push({ reading: l.reading, value: l.value, line: l.line, by: rev.user, at: new Date(rev.timestamp) });
  }
  const readings = new ChosenReadings(opts.defs, rulings);
  for (const { ruling, why } of readings.ignored) warnings.push(`${where(lines.find((l) => l.line === ruling.line)!)}: ${why}; the line is ignored`);
  return { page: opts.page, readings, warnings };
}

/** Where a game's rulings are, as a job knows it (games[] in the config). */
export interface RulingsGame {
  rulingsPage?: string;
  /** Who may rule there (as for requests); default sysop. */
  allowedGroups?: readonly string[];
  requestsLookback?: number;
}

/** The Rulings page of a game with readings, read with its authors; undefined when there is none to read. */
export async function readGameRulings(wiki: Partial<RulingsWiki>, game: RulingsGame, kind: string): Promise<ReadRulings | undefined> {
  const defs = readingsFor(kind);
  if (defs.length === 0 || game.rulingsPage === undefined || !wiki.history || !wiki.userGroups) return undefined;
  return readRulings({ history: wiki.history.bind(wiki), userGroups: wiki.userGroups.bind(wiki) }, {
    page: game.rulingsPage,
    defs,
    ...(game.allowedGroups ? { allowedGroups: game.allowedGroups } : {}),
    ...(game.requestsLookback ? { lookback: game.requestsLookback } : {}),
  });
}
