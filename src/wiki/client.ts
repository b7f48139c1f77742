// The wiki client: an mwn session with Croupier's policies.
//
// - Login with a bot password (`User@BotName`); every request carries `assert=bot` (so a lost session is
//   noticed) and `maxlag`.
// - mwn's own retries are off (maxRetries 0): every request goes through `request()`, which asks
//   errors.ts#retryDecision — the one place deciding what is retried (maxlag honouring Retry-After,
//   `ratelimited` with backoff — mwn does not handle it —, network errors and 5xx, lost sessions, bad tokens).
// - An edit throttle: at least `editThrottleMs` between two edits of this client.
// - `readPages()` (one request for several pages) and `save()` (conflict-safe) — see pages.ts and save.ts.
// - A kept session (session.ts, `session`): a process whose account's cookies were kept skips the login; its
//   first read also asks for the edit token (and siteinfo, unless kept with the session for less than a day), so an
//   editing run is read + edit + its merge check.
// - At login, what the wiki says of itself (site.ts): its version — a warning in the log when it is outside
//   the tested range — and its largest page, the default of the page-size limit.
import { Mwn } from 'mwn';
import type { Logger } from 'pino';
import type { Config, Secrets } from '../config.ts';
import { cuttingScope, currentScope, inSave, pause, type RequestScope } from './cancel.ts';
import { answerLost, WikiError, isUnreachable, retryDecision, toWikiError, type RetryPolicy } from './errors.ts';
import type { EditRequestContext } from './edit-attempt.ts';
import { botNames, type ShutoffSettings } from './guards.ts';
import { readPages as readPagesIn, type PageRevision, type ReadOptions } from './pages.ts';
import { croupierVersion as pkgVersion, mwnVersion } from '../version.ts';
import { savePage, type SaveOptions, type SaveResult, type Transform } from './save.ts';
import { type BotRevert, isRevert, REVERT_RADIUS, restoredBy, revertedAmong } from './reverts.ts';
import { DEFAULT_MAX_PAGE_BYTES } from '../parse/source.ts';
import { siteInfoOf, versionWarning, type SiteInfo } from './site.ts';
import { type KeptSite, keptSession, restoreSession, type SessionKeeper } from './session.ts';

export type { PageRevision, ReadOptions } from './pages.ts';
export type { Edit, SaveOptions, SaveResult, Transform } from './save.ts';

export interface ConnectOptions {
  apiUrl: string;
  /** `User@BotName` (bot password) or a plain user name; omit for an anonymous, read-only session. */
  username?: string;
  password?: string;
  userAgent?: string;
  /** Put into the default User-Agent. */
  operatorContact?: string;
  /** The `assert` sent with every request (default: 'bot' when logged in, none when anonymous). */
  assert?: 'bot' | 'user' | null;
  maxlag?: number;
  maxRetries?: number;
  retryPauseMs?: number;
  editThrottleMs?: number;
  maxConflictRetries?: number;
  maxShrinkShare?: number;
  /** The emergency shutoff page checked before every edit; null: none. */
  shutoff?: ShutoffSettings | null;
  /**
   * Pages larger than this (UTF-8 bytes) are refused when read (limits.pageBytes): it may lower the wiki's own
   * largest page (siteinfo maxarticlesize, read at login), the default; DEFAULT_MAX_PAGE_BYTES when the wiki does not say.
   */
  maxPageBytes?: number;
  logger?: Logger;
  /** Extra HTTP headers on every request (tests). */
  headers?: Record<string, string>;
  /** Told what the client is doing, in words (a progress display). */
  activity?: Activity;
  /** Where the session is kept between processes (session.ts): resumed instead of a login, kept after each login. */
  session?: SessionKeeper;
}

/** Receives each request the client starts ("reading Cycle 16/Gamestate") and its end. */
export interface Activity {
  start(what: string): void;
  done(what: string): void;
}

/** A request in words: what a person waiting on it wants to know. */
function describeRequest(p: Record<string, unknown>): string {
  const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));
  if (p.action === 'edit') return `saving ${list(p.title)}`;
  if (p.action === 'query' && p.titles !== undefined) return `reading ${list(p.titles)}`;
  if (p.action === 'query' && p.list === 'users') return 'reading user groups';
  return `asking the wiki (${String(p.action)})`;
}

export function defaultUserAgent(contact?: string): string {
  return `Croupier/${pkgVersion} (${contact ?? 'operator contact not configured'}) mwn/${mwnVersion()} Node.js/${process.versions.node}`;
}

export interface RevisionInfo {
  revid: number;
  /** 0 for the page's first revision. */
  parentid: number;
  /** '' when hidden. */
  user: string;
  timestamp: string;
  comment: string;
  /** Only when asked for ('' when hidden). */
  text?: string;
  /**
   * Its text was asked for and the wiki did not give it: an admin hid it (revision deletion) or it is lost. What the
   * revision added or removed cannot be told; its text reads as ''.
   */
  textHidden?: true;
  /** MediaWiki's change tags (`mw-undo`, `mw-rollback`, `mw-manual-revert`, `mw-reverted`…). */
  tags: string[];
  /** SHA-1 of the content ('' when hidden): a restoration has the sha1 of the revision it restores. */
  sha1: string;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class WikiClient {
  readonly bot: Mwn;
  readonly apiUrl: string;
  readonly username?: string;
  /** Names the bot answers to in {{bots|deny=…}}. */
  readonly names: string[];
  /** maxPageBytes follows the wiki once it is known (login). */
  readonly settings: { shutoff: ShutoffSettings | null; maxConflictRetries: number; maxShrinkShare: number; editThrottleMs: number; maxPageBytes: number };
  readonly policy: RetryPolicy;
  /** Extra headers on every request; mutable (tests). */
  headers: Record<string, string>;
  /** Whether a person's revert of the bot is already known to the game's pause (set by src/cron/pause.ts); see save.ts. */
  knownRevert?: (revert: BotRevert) => Promise<boolean>;
  /** HTTP requests made, and edits saved, by this client. */
  readonly stats = { requests: 0, edits: 0, retries: 0 };
  /** What the wiki said of itself at login (siteinfo); undefined before. */
  site?: SiteInfo;
  /** The warning when the wiki's version is outside the tested range (site.ts), once logged at login. */
  versionWarning?: string;
  /** What the wiki said of itself, as a session keeps it (session.ts); undefined before. */
  private keptSite?: KeptSite;
  /** Set when siteinfo came from the wiki after the session was kept: the next read keeps it with the session. */
  private siteToKeep = false;
  /** limits.pageBytes of the config, if set: it caps the wiki's own largest page. */
  private readonly configPageBytes?: number;
  private readonly password?: string;
  private readonly log?: Logger;
  private readonly activity?: Activity;
  private readonly session?: SessionKeeper;
  private lastEditAt = 0;

  constructor(opts: ConnectOptions) {
    this.apiUrl = opts.apiUrl;
    this.username = opts.username;
    this.password = opts.password;
    this.log = opts.logger;
    this.activity = opts.activity;
    this.session = opts.session;
    this.headers = { ...(opts.headers ?? {}) };
    this.names = opts.username ? botNames(opts.username) : [];
    this.settings = {
      shutoff: opts.shutoff ?? null,
      maxConflictRetries: opts.maxConflictRetries ?? 3,
      maxShrinkShare: opts.maxShrinkShare ?? 0.5,
      editThrottleMs: opts.editThrottleMs ?? 1000,
      maxPageBytes: opts.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES,
    };
    this.configPageBytes = opts.maxPageBytes;
    this.policy = { maxRetries: opts.maxRetries ?? 3, retryPauseMs: opts.retryPauseMs ?? 5000 };
    const assert = opts.assert === undefined ? (opts.username ? 'bot' : null) : opts.assert;
    this.bot = new Mwn({
      apiUrl: opts.apiUrl,
      username: opts.username,
      password: opts.password,
      userAgent: opts.userAgent ?? defaultUserAgent(opts.operatorContact),
      silent: true,
      suppressAPIWarnings: true,
      maxRetries: 0, // retries are decided by errors.ts#retryDecision, in request()
      defaultParams: { format: 'json', formatversion: '2', maxlag: opts.maxlag ?? 5, ...(assert ? { assert } : {}) },
    });
    this.bot.axiosInstance.interceptors.request.use((config) => {
      this.stats.requests++;
      for (const [k, v] of Object.entries(this.headers)) config.headers.set(k, v);
      return config;
    });
    // The first read after a login or a resumed session asks for siteinfo's `general` and the edit token with the
    // pages (readPages, loginOnly): kept, at no extra request.
    this.bot.axiosInstance.interceptors.response.use((res) => {
      const query = (res.data as { query?: { general?: Parameters<typeof siteInfoOf>[0]; tokens?: { csrftoken?: string } } } | undefined)?.query;
      if (query?.general && !this.site) {
        this.learnSite(query.general);
        this.siteToKeep = this.session !== undefined && this.username !== undefined;
      }
      if (query?.tokens?.csrftoken && query.tokens.csrftoken !== '+\\') this.bot.csrfToken = query.tokens.csrftoken;
      return res;
    });
  }

  private learnSite(general: Parameters<typeof siteInfoOf>[0], at = new Date().toISOString()): void {
    this.site = siteInfoOf(general);
    this.keptSite = {
      at,
      general: { generator: this.site.generator, ...(this.site.maxArticleBytes === undefined ? {} : { maxarticlesize: this.site.maxArticleBytes }) },
    };
    this.settings.maxPageBytes = Math.min(this.configPageBytes ?? Infinity, this.site.maxArticleBytes ?? DEFAULT_MAX_PAGE_BYTES);
    this.versionWarning = versionWarning(this.site);
    if (this.versionWarning) this.log?.warn({ generator: this.site.generator }, this.versionWarning);
  }

  /** What the wiki says of itself, for a client that did not log in (mwn reads it at login). */
  private async readSite(): Promise<void> {
    await this.request({ action: 'query', meta: 'siteinfo', siprop: 'general' });
  }

  /** Whether a kept session of this account on this wiki was restored: then no login (a lost one logs in again at its first request). */
  async resume(): Promise<boolean> {
    if (!this.session || !this.username) return false;
    const data = await this.session.load().catch((err: unknown) => {
      this.log?.warn({ err }, `the kept session could not be read: logging in`);
      return undefined;
    });
    const restored = restoreSession(this.bot, data, this.apiUrl, this.username, Date.now());
    if (restored?.site && !this.site) this.learnSite(restored.site.general, restored.site.at);
    return restored !== undefined;
  }

  /** Keep the session (and what the wiki said of itself, once known) for the next process; a failure is only logged. */
  private async keepSession(): Promise<void> {
    if (!this.session || !this.username) return;
    await this.session
      .save(keptSession(this.bot, this.apiUrl, this.username, this.keptSite))
      .catch((err: unknown) => this.log?.warn({ err }, 'the session could not be kept for the next run'));
  }

  private hasToken(): boolean {
    return this.bot.csrfToken !== undefined && this.bot.csrfToken !== '' && this.bot.csrfToken !== '%notoken%';
  }

  /** Log in (an anonymous client only reads siteinfo). Wrong credentials: WikiError `login-failed`. */
  async login(): Promise<void> {
    if (!this.username) {
      if (!this.site) await this.readSite();
      return;
    }
    for (let attempt = 0; ; attempt++) {
      try {
        this.activity?.start(`logging in to ${this.apiUrl}`);
        await loginOnly(this.bot);
        this.activity?.done(`logged in`);
        await this.keepSession();
        return;
      } catch (e) {
        const err = toWikiError(e);
        if (err.code === 'login-failed') {
          const hint = this.username.includes('@')
            ? ' (CROUPIER_USERNAME is `User@BotName` from Special:BotPasswords; a bot password is 32+ lowercase letters and digits)'
            : '';
          throw new WikiError({
            code: 'login-failed',
            info: err.info,
            cause: e,
            message: `login as "${this.username}" at ${this.apiUrl} failed: ${(err.info || 'rejected').replace(/^Failed: /, '')}${hint}`,
          });
        }
        const d = retryDecision(err, attempt, this.policy);
        if (!d.retry || d.before)
          throw isUnreachable(err)
            ? this.unreachable(err)
            : new WikiError({ code: err.code, cause: e, message: `login at ${this.apiUrl} failed: ${err.message}` });
        this.stats.retries++;
        this.log?.warn({ code: err.code, delayMs: d.delayMs }, `login: ${d.reason}; retrying`);
        await sleep(d.delayMs);
      }
    }
  }

  /**
   * One API request under the retry policy. Edits (ctx.edit) get a fresh CSRF token and wait for the throttle.
   * Errors are WikiErrors naming ctx.page. Within a cancelled RequestScope (./cancel.ts) nothing more is sent:
   * a read on the wire is cut, a pause ends, an edit already sent is awaited (and a save it landed, finished).
   */
  async request(params: Record<string, unknown>, ctx: EditRequestContext = {}): Promise<unknown> {
    const counting = currentScope();
    for (let attempt = 0; ; attempt++) {
      const scope = cuttingScope();
      scope?.check(ctx.page);
      const p = { ...params };
      if (ctx.edit) {
        if (!this.hasToken()) await this.bot.getTokens();
        p.token = this.bot.csrfToken;
        await this.throttle(scope, ctx.page);
      }
      const what = describeRequest(p);
      try {
        const send = (options = {}) => this.bot.request(p as Parameters<Mwn['request']>[0], options);
        this.activity?.start(what);
        const res = ctx.edit ? await (counting ? counting.sendEdit(ctx.page, () => send()) : send()) : await send(scope ? { signal: scope.signal } : {});
        this.activity?.done(what);
        if (ctx.edit) {
          this.lastEditAt = Date.now();
          this.stats.edits++;
        }
        return res;
      } catch (e) {
        if (scope?.cancelled && !ctx.edit) throw scope.error(ctx.page);
        const err = toWikiError(e, ctx.page);
        if (ctx.edit) this.lastEditAt = Date.now();
        if (ctx.edit && ctx.lost && answerLost(err)) ctx.lost.count++;
        const d = retryDecision(err, attempt, this.policy);
        if (!d.retry) throw isUnreachable(err) ? this.unreachable(err) : err;
        // Not the stop's error: an edit whose answer was lost may be saved, and its save looks (./edit-attempt.ts).
        if (scope?.cancelled && ctx.edit && answerLost(err)) throw err;
        scope?.check(ctx.page);
        this.stats.retries++;
        this.log?.warn({ code: err.code, page: ctx.page, attempt: attempt + 1, delayMs: d.delayMs }, `${err.message}: ${d.reason}; retrying`);
        if (d.before === 'login') {
          if (!this.username) throw err;
          await this.login();
        } else if (d.before === 'token') {
          await this.bot.getTokens();
        }
        await pause(d.delayMs, scope, ctx.page);
      }
    }
  }

  /** The error of a wiki that does not answer: which URL failed and, for a local wiki, how to start it. */
  private unreachable(err: WikiError): WikiError {
    const local = /^https?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//.test(this.apiUrl);
    const hint = local ? ' — is the local wiki running? Start it with: bash scripts/devwiki.sh start' : '';
    const detail = err.message.replace(/^(".*?": )?cannot reach the wiki: /, '');
    return new WikiError({ code: err.code, page: err.page, cause: err, message: `cannot reach the wiki at ${this.apiUrl} (${detail})${hint}` });
  }

  private async throttle(scope?: RequestScope, page?: string): Promise<void> {
    const wait = this.lastEditAt + this.settings.editThrottleMs - Date.now();
    if (wait > 0) await pause(wait, scope, page);
  }

  /**
   * The latest revisions of `titles` in ONE request, keyed by the titles as given. A client without an edit token
   * (a resumed session) or without the wiki's siteinfo asks for them in the same request.
   */
  async readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>> {
    const meta = [...(this.username && !this.hasToken() ? ['tokens'] : []), ...(this.site ? [] : ['siteinfo'])];
    const also = meta.length === 0 ? {} : { also: { meta: meta.join('|'), type: 'csrf', siprop: 'general' } };
    const pages = await readPagesIn(this, titles, { maxBytes: () => this.settings.maxPageBytes, ...also, ...opts });
    if (this.siteToKeep) {
      this.siteToKeep = false;
      await this.keepSession();
    }
    return pages;
  }

  /** Convenience: one page. */
  async readPage(title: string, opts?: ReadOptions): Promise<PageRevision> {
    return (await this.readPages([title], opts)).get(title)!;
  }

  /** Conflict-safe save; see save.ts. */
  save(title: string, transform: Transform, opts: SaveOptions = {}): Promise<SaveResult> {
    return inSave(() => savePage(this, title, transform, opts));
  }

  /**
   * Have the wiki render `titles` again, their link tables updated (a purge: no edit, no revision). A page that
   * transcludes a subpage the bot just saved then shows it at once, not when the wiki's job queue gets to it.
   */
  async purge(titles: readonly string[]): Promise<void> {
    await this.request({ action: 'purge', titles: [...titles], forcelinkupdate: true }, { page: titles.join(', ') });
  }

  /** Groups of each named user (implicit ones included); users that do not exist are absent. */
  async userGroups(users: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const list = [...new Set(users.filter((u) => u.trim() !== ''))];
    for (let i = 0; i < list.length; i += 50) {
      const batch = list.slice(i, i + 50);
      const res = (await this.request({ action: 'query', list: 'users', ususers: batch, usprop: 'groups', formatversion: 2 })) as {
        query?: { users?: { name: string; missing?: boolean; invalid?: boolean; groups?: string[] }[] };
      };
      for (const u of res.query?.users ?? []) if (!u.missing && !u.invalid) out.set(u.name, u.groups ?? []);
    }
    return out;
  }

  /**
   * Revisions of a page, newest first, at most `limit` (with their text when `content`; only `user`'s when given),
   * asked `batch` at a time (default as many as one request may give) until `enough` says so of those read.
   */
  async revisions(
    title: string,
    opts: { limit: number; content?: boolean; batch?: number; user?: string; startid?: number; enough?: (found: readonly RevisionInfo[]) => boolean },
  ): Promise<RevisionInfo[]> {
    const out: RevisionInfo[] = [];
    let cont: Record<string, string> = {};
    while (out.length < opts.limit && !(opts.enough && out.length > 0 && opts.enough(out))) {
      const res = (await this.request(
        {
          action: 'query',
          prop: 'revisions',
          titles: title,
          rvprop: `ids|timestamp|user|comment|tags|sha1${opts.content ? '|content' : ''}`,
          ...(opts.content ? { rvslots: 'main' } : {}),
          rvlimit: Math.min(opts.limit - out.length, opts.batch ?? Infinity, opts.content ? 50 : 500),
          ...(opts.user === undefined ? {} : { rvuser: opts.user }),
          ...(opts.startid === undefined ? {} : { rvstartid: opts.startid }),
          formatversion: 2,
          ...cont,
        },
        { page: title },
      )) as {
        continue?: Record<string, string>;
        query?: {
          pages?: {
            missing?: boolean;
            invalid?: boolean;
            revisions?: {
              revid: number;
              parentid: number;
              user?: string;
              timestamp: string;
              comment?: string;
              tags?: string[];
              sha1?: string;
              slots?: { main?: { content?: string; texthidden?: boolean; textmissing?: boolean } };
            }[];
          }[];
        };
      };
      const page = res.query?.pages?.[0];
      if (!page || page.missing) throw new WikiError({ code: 'missing', page: title, message: `page "${title}" does not exist on the wiki` });
      if (page.invalid) throw new WikiError({ code: 'invalid-title', page: title, message: `"${title}" is not a valid page title` });
      for (const r of page.revisions ?? []) {
        const text = r.slots?.main?.content;
        out.push({
          revid: r.revid,
          parentid: r.parentid,
          user: r.user ?? '',
          timestamp: r.timestamp,
          comment: r.comment ?? '',
          tags: r.tags ?? [],
          sha1: r.sha1 ?? '',
          ...(opts.content ? { text: text ?? '', ...(typeof text === 'string' ? {} : { textHidden: true as const }) } : {}),
        });
      }
      if (!res.continue) break;
      cont = res.continue;
    }
    return out.slice(0, opts.limit);
  }

  /** The page's revisions with content, newest first (the shape src/cron/requests.ts wants). */
  async history(
    title: string,
    limit: number,
  ): Promise<{ revid: number; parentid: number; user: string; timestamp: string; text: string; textHidden?: true; tags: string[]; sha1: string }[]> {
    return (await this.revisions(title, { limit, content: true })).map((r) => ({
      revid: r.revid,
      parentid: r.parentid,
      user: r.user,
      timestamp: r.timestamp,
      text: r.text ?? '',
      tags: r.tags,
      sha1: r.sha1,
      ...(r.textHidden ? { textHidden: true } : {}),
    }));
  }

  /**
   * The revisions of a page in force from `since` to `until`, oldest first, with their text: the one saved at or before
   * `since`, then each saved after it up to `until`; none when no revision was saved by `since` (the page's history does
   * not reach back that far). Asked newest first, a few at a time (usually one request: a page edited once
   * or twice since), at most `limit`. A revision a later one took back (a person's undo, rollback or manual revert:
   * reverts.ts), even one saved after `until`, is marked `reverted`, and is never the one in force at `since`: the one
   * it replaced is.
   */
  async revisionsInForce(title: string, since: Date, until: Date, limit = 100): Promise<(RevisionInfo & { text: string; reverted?: true })[]> {
    const saved = (r: RevisionInfo) => Date.parse(r.timestamp);
    // The newest revision saved by `since` that no later one took back (reverts.ts), once every revert saved after it
    // has its restored revision read (or MediaWiki's search radius is passed: an undo under later edits restores none).
    const inForce = (found: readonly RevisionInfo[]) => {
      const reverted = revertedAmong(found, this.names[0]);
      return { at: found.findIndex((r) => saved(r) <= since.getTime() && !reverted.has(r.revid)), reverted };
    };
    const settled = (found: readonly RevisionInfo[], at: number) =>
      found.slice(0, at).every((r, i) => !isRevert(r) || r.user === this.names[0] || restoredBy(found, i) >= 0 || found.length - i > REVERT_RADIUS);
    const enough = (found: readonly RevisionInfo[]) => {
      const { at } = inForce(found);
      return at >= 0 && settled(found, at);
    };
    // From the newest revision, not from `until`: a revert saved since then takes back what was in force at it (the
    // daemon catching up a past boundary). Read until enough, or to the page's first revision: a revert whose
    // restored revision was not found restores none.
    const found = await this.revisions(title, { limit, content: true, batch: 5, enough });
    const { at, reverted } = inForce(found);
    if (at < 0 && found.length >= limit) {
      throw new WikiError({
        code: 'history-too-long',
        page: title,
        message: `"${title}" has more than ${limit} revisions saved since ${since.toISOString()}: not read`,
      });
    }
    if (at < 0) return [];
    return found
      .slice(0, at + 1)
      .filter((r) => saved(r) <= until.getTime())
      .reverse()
      .map((r) => ({ ...r, text: r.text ?? '', ...(reverted.has(r.revid) ? { reverted: true as const } : {}) }));
  }

  /** URL of a page's view on the wiki. */
  pageUrl(title: string): string {
    return `${this.apiUrl.replace(/api\.php.*$/, 'index.php')}?title=${encodeURIComponent(title.replace(/ /g, '_'))}`;
  }
}

/**
 * mwn's login without its third request (the edit token and siteinfo, asked again by every login): the next read
 * asks for both in its own request (readPages), as after a resumed session, and an edit before any read asks for
 * its token. A token of the session before (a login again after the session was lost) is dropped.
 */
async function loginOnly(bot: Mwn): Promise<void> {
  const fetch = bot.getTokensAndSiteInfo;
  bot.getTokensAndSiteInfo = async () => {};
  try {
    await bot.login();
  } finally {
    bot.getTokensAndSiteInfo = fetch;
  }
  bot.csrfToken = '%notoken%';
}

/** A logged-in client (anonymous when no username is given). */
export async function connect(opts: ConnectOptions): Promise<WikiClient> {
  const client = new WikiClient(opts);
  if (!(await client.resume())) await client.login();
  return client;
}

/** The connect options of a config + secrets (secrets null: anonymous, read-only). */
export function clientOptions(config: Config, secrets: Secrets | null, extra: Partial<ConnectOptions> = {}): ConnectOptions {
  const w = config.wiki;
  return {
    apiUrl: secrets?.apiUrl ?? extra.apiUrl ?? '',
    username: secrets?.username,
    password: secrets?.password,
    userAgent: w.userAgent,
    operatorContact: config.operator?.contact,
    maxlag: w.maxlag,
    maxRetries: w.maxRetries,
    retryPauseMs: w.retryPauseMs,
    editThrottleMs: w.editThrottleMs,
    maxConflictRetries: w.maxConflictRetries,
    maxShrinkShare: w.maxShrinkShare,
    shutoff: w.shutoff,
    maxPageBytes: config.limits.pageBytes,
    ...extra,
  };
}
