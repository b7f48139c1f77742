// Reading pages: several pages, each with its revision id and timestamp, in ONE API request
// (action=query&prop=revisions|info&rvprop=content|ids|timestamp|user|comment|tags&rvslots=main&titles=A|B&curtimestamp=1).
// A missing page, a redirect or an invalid title is a WikiError naming the page — never mwn's swallowed errors.
import { WikiError } from './errors.ts';
import { checkPageSize, PageError } from '../parse/source.ts';
import { fresh, LATEST_ROWS, rowsOf } from './recording.ts';

/** The latest revision of a page. */
export interface PageRevision {
  /** The title as the wiki normalised it. */
  title: string;
  text: string;
  revid: number;
  /** ISO timestamp of the revision. */
  timestamp: string;
  /** Its parent revision, author ('' when hidden) and edit summary, when read by readPages. */
  parentid?: number;
  user?: string;
  comment?: string;
  /** Its change tags (src/wiki/reverts.ts reads the revert tags), when read by readPages. */
  tags?: string[];
  /** False when the revision is fresh and MediaWiki had not yet recorded its tags (src/wiki/recording.ts). */
  recorded?: boolean;
  pageid?: number;
  /** The API's `curtimestamp` of the read: the edit's `starttimestamp`. */
  readAt?: string;
  /** Only with `allowMissing`: the page does not exist (text '', revid 0). */
  missing?: boolean;
  /**
   * Why the wiki would refuse the reader's edit of the page (protection, a block: MediaWiki's own codes and words),
   * when it said so at the read; absent when it would not, or was not asked.
   */
  cannotEdit?: EditRefusal[];
}

/** One of MediaWiki's reasons not to let the reader edit a page (`intestactions=edit`, `intestactionsdetail=full`). */
export interface EditRefusal {
  code: string;
  text: string;
  /** For a block: who, why, until when. */
  block?: { by?: string; reason?: string; expiry?: string; partial?: boolean };
}

export interface ReadOptions {
  /** Titles that may be missing (true: all): they come back with `missing: true`, text '' and revid 0. */
  allowMissing?: boolean | readonly string[];
  /** Titles that may be redirects: read as they are (the redirect's own text). */
  allowRedirect?: boolean | readonly string[];
  /** A page larger than this (UTF-8 bytes) is refused (`page-too-large`) before anyone parses it (a function: read after the answer). */
  maxBytes?: number | (() => number);
  /** More of the query asked in the same request (`meta=tokens|siteinfo`: the client's edit token, what the wiki says of itself). */
  also?: Record<string, string>;
}

/** What readPages needs from a client: one API request with the client's retry policy. */
export interface Requester {
  request(params: Record<string, unknown>, ctx?: { page?: string }): Promise<unknown>;
}

interface ApiPage {
  pageid?: number;
  ns?: number;
  title: string;
  missing?: boolean;
  invalid?: boolean;
  invalidreason?: string;
  redirect?: boolean;
  actions?: { edit?: boolean | { code?: string; text?: string; data?: { blockinfo?: Record<string, unknown> } }[] };
  revisions?: {
    revid: number;
    parentid?: number;
    user?: string;
    comment?: string;
    tags?: string[];
    timestamp: string;
    slots?: { main?: { content?: string; texthidden?: boolean; contentmodel?: string } };
  }[];
}

interface QueryResponse {
  curtimestamp?: string;
  query?: { normalized?: { from: string; to: string }[]; pages?: ApiPage[] };
}

const allows = (opt: boolean | readonly string[] | undefined, title: string): boolean => opt === true || (Array.isArray(opt) && opt.includes(title));

/** The latest revisions of `titles`, keyed by the titles as given, in one request. */
export async function readPages(client: Requester, titles: readonly string[], opts: ReadOptions = {}): Promise<Map<string, PageRevision>> {
  const wanted = [...new Set(titles)];
  if (wanted.length === 0) return new Map();
  if (wanted.length > 50) throw new Error('readPages: at most 50 titles per request');
  for (const t of wanted) {
    if (t.trim() === '' || /[|#<>[\]{}\x1f]/.test(t)) {
      throw new WikiError({ code: 'invalid-title', page: t, message: `"${t}" is not a valid page title` });
    }
  }
  const res = (await client.request(
    {
      action: 'query',
      prop: 'revisions|info',
      rvprop: 'content|ids|timestamp|user|comment|tags',
      rvslots: 'main',
      titles: wanted,
      curtimestamp: true,
      // Whether the reader may edit each page, and if not why: a save refused by the wiki is then known before any
      // edit of the run (a protected Gamestate page would otherwise cost its subpages' edits and their undoing).
      intestactions: 'edit',
      intestactionsdetail: 'full',
      formatversion: 2,
      ...LATEST_ROWS,
      ...opts.also,
    },
    { page: wanted.length === 1 ? wanted[0] : undefined },
  )) as QueryResponse;
  const pages = res.query?.pages;
  if (!Array.isArray(pages)) {
    throw new WikiError({ code: 'bad-response', message: `reading ${wanted.map((t) => `"${t}"`).join(', ')}: the API answer has no pages` });
  }
  const rows = rowsOf(res);
  const normalized = new Map((res.query?.normalized ?? []).map((n) => [n.from, n.to]));
  const byTitle = new Map(pages.map((p) => [p.title, p]));
  const out = new Map<string, PageRevision>();
  const maxBytes = typeof opts.maxBytes === 'function' ? opts.maxBytes() : opts.maxBytes;
  for (const asked of wanted) {
    const norm = normalized.get(asked) ?? asked;
    const p = byTitle.get(norm);
    if (!p) throw new WikiError({ code: 'bad-response', page: asked, message: `"${asked}": missing from the API answer` });
    if (p.invalid) {
      throw new WikiError({ code: 'invalid-title', page: asked, message: `"${asked}" is not a valid page title: ${p.invalidreason ?? 'invalid'}` });
    }
    if (p.missing) {
      if (allows(opts.allowMissing, asked)) {
        out.set(asked, { title: p.title, text: '', revid: 0, timestamp: '', readAt: res.curtimestamp, missing: true, ...refusalsOf(p) });
        continue;
      }
      throw new WikiError({ code: 'missing', page: asked, message: `page "${asked}" does not exist on the wiki` });
    }
    const rev = p.revisions?.[0];
    const content = rev?.slots?.main?.content;
    if (!rev || typeof content !== 'string') {
      throw new WikiError({
        code: 'bad-response',
        page: asked,
        message: `"${asked}": the API returned no content for its latest revision${rev?.slots?.main?.texthidden ? ' (hidden)' : ''}`,
      });
    }
    if (p.redirect && !allows(opts.allowRedirect, asked)) {
      const target = /^\s*#\S+\s*:?\s*\[\[([^\]|]+)/.exec(content)?.[1]?.trim();
      throw new WikiError({
        code: 'redirect',
        page: asked,
        message: `page "${asked}" is a redirect${target ? ` to "${target}"` : ''}: point the config at the target page`,
      });
    }
    if (maxBytes !== undefined) {
      try {
        checkPageSize(content, asked, maxBytes);
      } catch (err) {
        if (!(err instanceof PageError)) throw err;
        throw new WikiError({ code: 'page-too-large', page: asked, message: err.message });
      }
    }
    const row = rows.get(rev.revid);
    const recorded = row !== undefined || !fresh(rev.timestamp, res.curtimestamp);
    const about = { parentid: rev.parentid, user: rev.user ?? '', comment: rev.comment ?? '', tags: row ?? rev.tags ?? [], recorded };
    out.set(asked, {
      title: p.title,
      text: content,
      revid: rev.revid,
      timestamp: rev.timestamp,
      ...about,
      pageid: p.pageid,
      readAt: res.curtimestamp,
      ...refusalsOf(p),
    });
  }
  return out;
}

/** The page's `cannotEdit`, from the answer's `actions.edit` (a list of errors with `intestactionsdetail=full`). */
function refusalsOf(p: ApiPage): Pick<PageRevision, 'cannotEdit'> {
  const edit = p.actions?.edit;
  if (!Array.isArray(edit) || edit.length === 0) return {};
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  return {
    cannotEdit: edit.map((e) => {
      const b = e.data?.blockinfo;
      const block = b && {
        ...(str(b.blockedby) ? { by: str(b.blockedby) } : {}),
        ...(str(b.blockreason) ? { reason: str(b.blockreason) } : {}),
        ...(str(b.blockexpiry) ? { expiry: str(b.blockexpiry) } : {}),
        partial: b.blockpartial === true,
      };
      return { code: e.code ?? 'cannot-edit', text: e.text ?? '', ...(block ? { block } : {}) };
    }),
  };
}
