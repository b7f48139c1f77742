import { DEFAULT_ALLOWED_GROUPS, DEFAULT_REQUESTS_LOOKBACK, whoAdded, type RequestPageRevision } from '../cron/requests.ts';
import { ChosenReadings, type ReadingDef, type Ruling } from '../games/shared/readings.ts';
import { WikiError } from '../wiki/errors.ts';

// The Rulings page of a game (games[].rulingsPage, default `<gamestate>/Rulings`): the Judge's
// rulings on the readings, one line each:
//
//   * tax-rounding = ceil      (anything after the value, a signature, is ignored: `— ~~~~`)
//
// As for requests (src/cron/requests.ts), who wrote a line is never read from its text: the bot
// finds the revision that added the line and asks the API for its author's groups. Only lines by
// users in the game's allowedGroups count; others are ignored with a warning. A reading ruled twice
// takes the most recently added line. The bot never edits this page.

export interface RulingsWiki {
  /** The page's revisions, newest first, with content; at most `limit`. */
  history(title: string, limit: number): Promise<RequestPageRevision[]>;
  /** Groups of each named user (implicit ones included); users that do not exist are absent. */
  userGroups(users: string[]): Promise<Map<string, string[]>>;
}

export interface RulingLine {
  /** 1-based line number on the page. */
  line: number;
  text: string;
  id: string;
  value: string;
  occurrence: number;
}

const LINE = /^\*(?!\*)\s*([a-z0-9][a-z0-9-]*)\s*=\s*([^\s<]+)/i;

/** The `* <id> = <value>` lines of a Rulings page, in page order. */
export function rulingLines(text: string): RulingLine[] {
  const seen = new Map<string, number>();
  return text.split('\n').flatMap((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const m = LINE.exec(line);
    if (!m) return [];
    const occurrence = (seen.get(line) ?? 0) + 1;
    seen.set(line, occurrence);
    return [{ line: i + 1, text: line, id: m[1]!.toLowerCase(), value: m[2]!, occurrence }];
  });
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
  const lines = rulingLines(latest.text);
  const attributed = lines.map((l) => ({ l, who: whoAdded(revisions, l.text, l.occurrence) }));
  const authors = [...new Set(attributed.flatMap((a) => (a.who.found && a.who.revision.user ? [a.who.revision.user] : [])))];
  const groups = authors.length > 0 ? await wiki.userGroups(authors) : new Map<string, string[]>();
  const warnings: string[] = [];
  const chosen = new Map<string, Ruling & { revid: number; line: number }>();
  for (const { l, who } of attributed) {
    const where = `${opts.page}, line ${l.line} ("${l.text}")`;
    const def = opts.defs.find((d) => d.id === l.id);
    if (def === undefined) {
      warnings.push(`${where}: there is no reading "${l.id}" (the readings are ${opts.defs.map((d) => d.id).join(', ')}); the line is ignored`);
      continue;
    }
    if (!def.alternatives.some((a) => a.value === l.value)) {
      warnings.push(`${where}: "${l.value}" is not a value of ${l.id} (${def.alternatives.map((a) => a.value).join(', ')}); the line is ignored`);
      continue;
    }
    if (!who.found) {
      warnings.push(`${where}: cannot tell who added the line (${who.reason}); the line is ignored`);
      continue;
    }
    const rev = who.revision;
    if (!rev.user || !(groups.get(rev.user) ?? []).some((g) => allowed.includes(g))) {
      warnings.push(`${where}: added by ${rev.user || 'a hidden user'} in revision ${rev.revid}, who is not in an allowed group (${allowed.join(', ')}); the line is ignored`);
      continue;
    }
    const previous = chosen.get(l.id);
    if (previous === undefined || rev.revid > previous.revid || (rev.revid === previous.revid && l.line > previous.line)) {
      chosen.set(l.id, { id: l.id, value: l.value, by: rev.user, at: new Date(rev.timestamp), revid: rev.revid, line: l.line });
    }
  }
  const rulings = [...chosen.values()].map(({ id, value, by, at }) => ({ id, value, by, at }));
  return { page: opts.page, readings: new ChosenReadings(opts.defs, rulings), warnings };
}
