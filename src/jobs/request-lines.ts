import { createHash } from 'node:crypto';
import { escapeWikitext } from '../parse/escape.ts';
import { formatInstant } from '../sim/trail.ts';

// The lines of a page people write requests on (the requests page, the referee's actions page, the
// Rulings page): which `*` lines are pending, who added one (from the page's history, never its text),
// the request's key, and the bot's mark appended to a line it answered. Pure; the wiki is read by callers.

export const VERBS = ['rollover', 'check', 'clear', 'resume'] as const;
export type Verb = (typeof VERBS)[number];

/** Who may ask (games[].allowedGroups) when the config says nothing. */
export const DEFAULT_ALLOWED_GROUPS: readonly string[] = ['sysop'];
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
  text: string;
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

function countPending(text: string, line: string): number {
  let n = 0;
  for (const raw of text.split('\n')) if (raw.replace(/\r$/, '') === line && isPending(line)) n++;
  return n;
}

export type Attribution =
  | { found: true; revision: RequestPageRevision }
  | { found: false; reason: string };

/**
 * The revision that added the `occurrence`-th copy of `line`: walking back from the newest revision,
 * the oldest one of the unbroken run of revisions that contain at least that many copies.
 */
export function whoAdded(revisions: RequestPageRevision[], line: string, occurrence: number): Attribution {
  let i = -1;
  for (let k = 0; k < revisions.length; k++) {
    if (countPending(revisions[k]!.text, line) >= occurrence) i = k;
    else break;
  }
  if (i < 0) return { found: false, reason: 'the line is not in the latest revision of the page' };
  const rev = revisions[i]!;
  if (i === revisions.length - 1 && rev.parentid !== 0) {
    return { found: false, reason: `the line is older than the ${revisions.length} most recent revisions the bot reads` };
  }
  return { found: true, revision: rev };
}

export function requestKey(revid: number, line: string): string {
  return `r${revid}-${createHash('sha1').update(line).digest('hex').slice(0, 8)}`;
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
