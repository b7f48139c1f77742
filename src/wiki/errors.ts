// The one error type of the wiki layer, and the one place that decides what is retried.
//
// `code` is MediaWiki's error code when the API gave one (`editconflict`, `maxlag`, `ratelimited`,
// `missingtitle`, `protectedpage`, …), a network error code (`ECONNREFUSED`, …), `http-<status>`, or one of
// Croupier's own codes below. `page` names the page concerned, when there is one. The message is plain words.
// The pure region functions (src/parse/regions.ts) throw RegionError, with the same codes as WikiError's
// region-markers / region-shrink / page-shrink: both are refusals (exit 4), and toWikiError converts one.
import { RegionError } from '../parse/regions.ts';

/** Croupier's own codes (MediaWiki's are passed through unchanged). */
export type LocalCode =
  | 'login-failed' // wrong bot password / user name
  | 'missing' // page does not exist
  | 'redirect' // page is a redirect
  | 'invalid-title'
  | 'shutoff' // the shutoff page does not hold the run word
  | 'bots-excluded' // {{nobots}} / {{bots|deny=…}}
  | 'cannot-edit' // the wiki said at the read that it would refuse the edit (the page protected, the bot blocked)
  | 'region-markers' // missing / doubled / unmatched region marker
  | 'region-shrink' // a region would lose more than half its table rows
  | 'page-shrink' // the page would shrink by more than wiki.maxShrinkShare
  | 'conflict-retries' // still conflicting after maxConflictRetries re-reads
  | 'merge-uncorrected' // MediaWiki merged the bot's edit with another and the bot could not correct the result
  | 'bad-response' // the API answered something unexpected
  | 'page-too-large' // a page above limits.pageBytes: refused before it is parsed
  | 'unrecorded' // a fresh revision whose change tags MediaWiki has not written yet (src/wiki/recording.ts)
  | 'history-too-long' // more revisions saved since an instant than a run reads back (revisionsInForce)
  | 'paused' // a person reverted one of the bot's edits of the game: no edit until an admin resumes it (src/cron/pause.ts)
  | 'gave-way' // a transform gave way to a concurrent edit MediaWiki merged the bot's edit with: that edit undone (save.ts, givesWay)
  | 'network'
  | 'edit-failed';

export interface WikiErrorInit {
  code: LocalCode | (string & {});
  message: string;
  page?: string;
  /** MediaWiki's own `info` text, when the API gave one. */
  info?: string;
  /** HTTP status of the response, when there was one. */
  status?: number;
  /** Seconds from a Retry-After header. */
  retryAfter?: number;
  cause?: unknown;
}

export class WikiError extends Error {
  override name = 'WikiError';
  readonly code: string;
  readonly page?: string;
  readonly info?: string;
  readonly status?: number;
  readonly retryAfter?: number;

  constructor(init: WikiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.page = init.page;
    this.info = init.info;
    this.status = init.status;
    this.retryAfter = init.retryAfter;
  }

  /** A copy naming `page` (and saying so in the message) if it names none yet. */
  withPage(page: string): WikiError {
    if (this.page !== undefined) return this;
    return new WikiError({ ...this.init(), page, message: `"${page}": ${this.message}` });
  }

  private init(): WikiErrorInit {
    return { code: this.code, message: this.message, page: this.page, info: this.info, status: this.status, retryAfter: this.retryAfter, cause: this.cause };
  }
}

/** Refusals: the bot deliberately made no edit (a guard said no). The CLI exits with code 4. */
export const REFUSAL_CODES: ReadonlySet<string> = new Set([
  'shutoff',
  'bots-excluded',
  'cannot-edit',
  'region-markers',
  'region-shrink',
  'page-shrink',
  'paused',
]);

export function isRefusal(err: unknown): err is WikiError | RegionError {
  return (err instanceof WikiError || err instanceof RegionError) && REFUSAL_CODES.has(err.code);
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ECONNABORTED',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
]);
/** The wiki did not answer at all (refused, timed out, unknown host…), as opposed to answering with an error. */
export function isUnreachable(err: WikiError): boolean {
  return NETWORK_CODES.has(err.code) || err.code === 'ENOTFOUND' || err.code === 'network';
}

/**
 * The wiki is down or closed for now — it does not answer, its gateway says the service is unavailable, it is
 * read-only (an admin's maintenance lock) or its database is lagged or unreachable — so the retries gave up on it.
 * Not a fault of the page or of the bot, and a later run may find it back: the daemon does not count such a run
 * toward halting its game (src/cron/run-end.ts). An HTTP 500, a rate limit or a refused edit still counts.
 */
export function isWikiUnavailable(err: unknown): err is WikiError {
  if (!(err instanceof WikiError)) return false;
  const c = err.code;
  return (
    NETWORK_CODES.has(c) ||
    c === 'readonly' ||
    c === 'maxlag' ||
    UNAVAILABLE_STATUS.has(c) ||
    c.startsWith('internal_api_error_DBConnectionError') ||
    c.startsWith('internal_api_error_DBReadOnlyError')
  );
}
const UNAVAILABLE_STATUS = new Set(['http-502', 'http-503', 'http-504']);

/**
 * An edit request sent whose answer never came or cannot be read (a gateway's 5xx, a cut connection, a page that is
 * not the API's JSON, an exception of MediaWiki's): the wiki may have saved it all the same (./edit-attempt.ts).
 */
export function answerLost(err: WikiError): boolean {
  return /^http-5\d\d$/.test(err.code) || isUnreachable(err) || err.code === 'bad-response' || err.code.startsWith('internal_api_error_');
}

const RETRY_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Plain words for the codes a bot operator meets most. */
function explain(code: string, info: string): string {
  switch (code) {
    case 'maxlag':
      return `the wiki's database is lagged (${info}); the bot waits and retries`;
    case 'ratelimited':
      return 'the wiki rate-limited the bot (too many edits in a short time)';
    case 'editconflict':
      return 'edit conflict: someone else edited the same lines';
    case 'missingtitle':
      return 'the page does not exist';
    case 'protectedpage':
      return "the page is protected against the bot's edits";
    case 'assertbotfailed':
      return 'the session is not logged in as a bot (assert=bot failed)';
    case 'assertuserfailed':
      return 'the session is not logged in (assert=user failed)';
    case 'badtoken':
      return 'the edit token was refused (session lost?)';
    case 'readonly':
      return `the wiki is read-only (${info})`;
    case 'blocked':
      return 'the bot account is blocked';
    default:
      return info ? `${code}: ${info}` : code;
  }
}

/** Anything thrown by mwn or axios → WikiError (a WikiError is returned unchanged). */
export function toWikiError(err: unknown, page?: string): WikiError {
  if (err instanceof WikiError) return page === undefined ? err : err.withPage(page);
  if (err instanceof RegionError) {
    const e = new WikiError({ code: err.code, page: err.page, message: err.message, cause: err });
    return page === undefined ? e : e.withPage(page);
  }
  const e = (err ?? {}) as {
    code?: unknown;
    info?: unknown;
    message?: unknown;
    /** MediaWiki's reason for a read-only wiki (what its admin set), beside the generic `info`. */
    readonlyreason?: unknown;
    response?: { status?: number; headers?: Record<string, unknown> };
  };
  const status = typeof e.response?.status === 'number' ? e.response.status : undefined;
  const ra = e.response?.headers?.['retry-after'];
  const retryAfter = ra === undefined ? undefined : Number.parseInt(String(ra), 10);
  const base = { page, status, retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined, cause: err };
  const where = page === undefined ? '' : `"${page}": `;
  let code = typeof e.code === 'string' ? e.code : '';
  const info = typeof e.info === 'string' ? e.info : '';

  if (code === 'mwn_failedlogin') {
    return new WikiError({ ...base, code: 'login-failed', info, message: `login failed: ${info || 'rejected by the wiki'}` });
  }
  if (code && info && !code.startsWith('ERR_') && !NETWORK_CODES.has(code)) {
    // An API error (MwnError carries code + info)
    if (code.startsWith('mwn_')) code = 'bad-response';
    const why = code === 'readonly' && typeof e.readonlyreason === 'string' && e.readonlyreason ? e.readonlyreason : info;
    return new WikiError({ ...base, code, info, message: `${where}${explain(code, why)}` });
  }
  const msg = typeof e.message === 'string' ? e.message : String(err);
  if (code && (NETWORK_CODES.has(code) || code.startsWith('ERR_') || code.startsWith('E'))) {
    if (status !== undefined) return new WikiError({ ...base, code: `http-${status}`, message: `${where}HTTP ${status} from the wiki (${msg})` });
    return new WikiError({ ...base, code, message: `${where}cannot reach the wiki: ${msg}` });
  }
  if (status !== undefined) return new WikiError({ ...base, code: `http-${status}`, message: `${where}HTTP ${status} from the wiki (${msg})` });
  return new WikiError({ ...base, code: code || 'network', message: `${where}${msg}` });
}

// ------------------------------------------------------------------ retry policy

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Base pause in ms. */
  retryPauseMs: number;
  /** Cap of one pause in ms (default 60 s). */
  maxPauseMs?: number;
}

export type RetryDecision =
  | { retry: false; reason: string }
  /** `before`: log in again / fetch a new token before retrying. */
  | { retry: true; delayMs: number; before?: 'login' | 'token'; reason: string };

/**
 * The one decision of what is retried, after how long. `attempt` counts the retries already made (0 after
 * the first failure). Edit conflicts are not retried here: the save re-reads and re-runs its transform.
 */
export function retryDecision(err: WikiError, attempt: number, policy: RetryPolicy): RetryDecision {
  if (attempt >= policy.maxRetries) return { retry: false, reason: `gave up after ${attempt + 1} attempts` };
  const cap = policy.maxPauseMs ?? 60_000;
  const backoff = Math.min(cap, policy.retryPauseMs * 2 ** attempt);
  const code = err.code;
  switch (code) {
    case 'maxlag':
      return { retry: true, delayMs: Math.min(cap, err.retryAfter !== undefined ? err.retryAfter * 1000 : policy.retryPauseMs), reason: 'maxlag' };
    case 'ratelimited':
      return { retry: true, delayMs: backoff, reason: 'rate limited: backing off' };
    case 'readonly':
      return { retry: true, delayMs: policy.retryPauseMs, reason: 'wiki read-only' };
    case 'badtoken':
      return { retry: true, delayMs: 0, before: 'token', reason: 'bad token: fetching a new one' };
    case 'assertbotfailed':
    case 'assertuserfailed':
      return { retry: true, delayMs: 0, before: 'login', reason: 'session lost: logging in again' };
  }
  if (code.startsWith('internal_api_error_DB')) return { retry: true, delayMs: backoff, reason: 'database error on the wiki' };
  if (code.startsWith('http-')) {
    const status = Number(code.slice(5));
    if (RETRY_STATUS.has(status))
      return { retry: true, delayMs: err.retryAfter !== undefined ? Math.min(cap, err.retryAfter * 1000) : backoff, reason: `HTTP ${status}` };
    return { retry: false, reason: `HTTP ${status}` };
  }
  if (NETWORK_CODES.has(code) || code === 'network') return { retry: true, delayMs: backoff, reason: 'network error' };
  return { retry: false, reason: `${code} is not retryable` };
}
