// `croupier daemon --dry-run`: one pass of what the daemon would do now, for each scheduled game —
// catch up the missed boundaries, answer the pending requests, run the check — computed against the wiki,
// writing nothing: no wiki edit (every save is a dry run that yields its unified diff), no store write
// (the scheduler runs on a MemoryStore seeded from the store file, which is only read), no process lock.
//
// Nothing is saved, yet the daemon's steps build on one another (the catch-up applies one boundary after
// the other; a request's History row is carried by the rollover that performed it). So the wiki is seen
// through an overlay (`DryRunWiki`): a page a step would have saved reads, for the following steps of
// the pass, as that step would have left it, and each diff printed is the change of its own step over
// the previous ones. Pages the pass does not touch are read from the wiki as they are.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PageRevision, ReadOptions } from '../wiki/pages.ts';
import { normalizeText, type SaveOptions, type SaveResult, type Transform } from '../wiki/save.ts';
import type { WikiClient } from '../wiki/client.ts';
import { cellDiff, type DiffFormat } from '../wiki/diff.ts';
import { formatInstant } from '../sim/trail.ts';
import { plainError } from './run-recorder.ts';
import { DEFAULT_CHECK_CRON, DEFAULT_MAX_CONSECUTIVE_FAILURES, Scheduler } from './scheduler.ts';
import type { DaemonOptions } from './daemon.ts';
import { FileStore, MemoryStore, emptyStore, type RunRecord, type Store } from './store.ts';

/** One save the pass would make. */
export interface DryRunSave {
  title: string;
  summary: string;
  /** Unified diff of this save over the page as the earlier steps of the pass left it. */
  diff: string;
  /** The page's text before and after this save (for src/wiki/diff.ts#showDiff). */
  texts?: { before: string; after: string };
  /** Whether an earlier step of the pass would already have changed the page (the diff is over that). */
  afterEarlierSteps: boolean;
  notes: string[];
}

/** What the wiki client offers that the daemon's parts use (see ./wiring.ts). */
export type DaemonWiki = Pick<WikiClient, 'settings' | 'readPages' | 'save' | 'history' | 'userGroups' | 'purge' | 'revisionsInForce' | 'revisions'> & {
  /** The bot's account names: its own revisions are its record (a test double may have none). */
  readonly names?: readonly string[];
};

const allows = (opt: ReadOptions['allowMissing'], title: string): boolean => opt === true || (Array.isArray(opt) && opt.includes(title));

/**
 * The wiki client seen by a dry run: every save is a dry run (the wiki layer's, with its guards and its
 * diff), recorded in `saves`; what a save would have written is what the next reads of that page return.
 */
export class DryRunWiki implements DaemonWiki {
  readonly saves: DryRunSave[] = [];
  readonly #client: DaemonWiki;
  /** Page text as this pass would have left it, by title. */
  readonly #wouldBe = new Map<string, string>();

  constructor(client: DaemonWiki) {
    this.#client = client;
  }

  get settings(): DaemonWiki['settings'] {
    return this.#client.settings;
  }

  /** `page`, read as `title`, as this pass would have left it. */
  #overlay(title: string, page: PageRevision): PageRevision {
    const text = this.#wouldBe.get(title) ?? this.#wouldBe.get(page.title);
    return text === undefined ? page : { ...page, text, missing: false };
  }

  async readPages(titles: readonly string[], opts: ReadOptions = {}): Promise<Map<string, PageRevision>> {
    // A page this pass would have created may not exist on the wiki yet.
    const created = titles.filter((t) => this.#wouldBe.has(t) && !allows(opts.allowMissing, t));
    const allowMissing =
      created.length === 0
        ? opts.allowMissing
        : opts.allowMissing === true
          ? true
          : [...(Array.isArray(opts.allowMissing) ? opts.allowMissing : []), ...created];
    const pages = await this.#client.readPages(titles, { ...opts, ...(allowMissing === undefined ? {} : { allowMissing }) });
    for (const [k, p] of pages) pages.set(k, this.#overlay(k, p));
    return pages;
  }

  get names(): DaemonWiki['names'] {
    return this.#client.names;
  }

  history: DaemonWiki['history'] = (title, limit) => this.#client.history(title, limit);
  userGroups: DaemonWiki['userGroups'] = (users) => this.#client.userGroups(users);
  revisionsInForce: DaemonWiki['revisionsInForce'] = (title, since, until) => this.#client.revisionsInForce(title, since, until);
  /** Asked of the wiki each time: only when a run would edit a page a person saved over the bot's revision. */
  revisions: DaemonWiki['revisions'] = (title, opts) => this.#client.revisions(title, opts);
  /** Nothing is saved in a dry run: nothing to render again. */
  purge: DaemonWiki['purge'] = async () => {};

  async save(title: string, transform: Transform, opts: SaveOptions = {}): Promise<SaveResult> {
    const shutoff = this.settings?.shutoff?.page; // (a test double may have no settings)
    const titles = shutoff === undefined ? [title] : [title, shutoff];
    // The page as the earlier steps left it (the caller's prefetched revisions came from this overlay too).
    let pages = opts.prefetched;
    if (!pages || !titles.every((t) => pages!.has(t))) {
      pages = await this.readPages(titles, { allowMissing: opts.create ? titles : shutoff === undefined ? false : [shutoff] });
    }
    const overlaid = new Map([...pages].map(([k, p]) => [k, this.#overlay(k, p)] as const));
    const earlier = this.#wouldBe.has(title);
    let text: string | undefined;
    const r = await this.#client.save(
      title,
      (page) => {
        const edit = transform(page);
        text = edit === null ? undefined : edit.text;
        return edit;
      },
      { ...opts, dryRun: true, prefetched: overlaid },
    );
    if (r.changed && text !== undefined) {
      this.#wouldBe.set(title, normalizeText(text));
      const diff = earlier ? r.diff.replace(/^(--- [^\t\n]*)(?:\t[^\n]*)?$/m, '$1\tas the earlier steps of this dry run leave it') : r.diff;
      this.saves.push({ title, summary: r.summary ?? '', diff, ...(r.texts ? { texts: r.texts } : {}), afterEarlierSteps: earlier, notes: r.notes ?? [] });
      return { ...r, diff };
    }
    return r;
  }
}

export interface DryRunReport {
  /** The shutoff page's reason not to edit (the daemon would do nothing), or null. */
  shutoff: string | null;
  games: string[];
  /** The runs the pass would record, in order. */
  runs: RunRecord[];
  /** Games halted after the pass (no Gamestate job runs until an admin clears them), with the reason. */
  halted: Record<string, string>;
  saves: DryRunSave[];
}

export interface DryRunOptions extends DaemonOptions {
  /** The overlay the options' jobs, requests and status page save through (see ./wiring.ts). */
  wiki: DryRunWiki;
}

/**
 * One pass of the daemon, for each game in turn: catch-up, requests, check (as a periodic check tick),
 * on a copy of the store in memory; nothing is written. Takes no process lock: it may run while the
 * daemon runs (the store is only read).
 */
export async function dryRunDaemon(opts: DryRunOptions): Promise<DryRunReport> {
  // No store file yet: nothing to read (and no directory or lock file made to read it).
  const seed = existsSync(resolve(opts.storePath)) ? await new FileStore(opts.storePath).read() : emptyStore();
  const store: Store = new MemoryStore(seed);
  const seen = new Set(seed.runs.map((r) => r.id));
  let shutoff: string | null = null;
  if (opts.shutoff) {
    try {
      shutoff = await opts.shutoff();
    } catch (err) {
      shutoff = `could not read the shutoff page: ${plainError(err)}`;
    }
  }
  if (shutoff === null) {
    const scheduler = new Scheduler({
      games: opts.games,
      store,
      jobs: typeof opts.jobs === 'function' ? opts.jobs(store) : opts.jobs,
      logger: opts.logger,
      checkCron: opts.checkCron ?? DEFAULT_CHECK_CRON,
      maxConsecutiveFailures: opts.maxConsecutiveFailures ?? DEFAULT_MAX_CONSECUTIVE_FAILURES,
      ...(opts.requests ? { requests: opts.requests(store) } : {}),
      ...(opts.status ? { status: opts.status(store) } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
    try {
      // The scheduler is not started (no cron task): one check tick per game, in the queue, one at a time.
      for (const g of opts.games) await scheduler.tick(g, 'check');
      await scheduler.idle();
    } finally {
      await scheduler.stop(0);
    }
  }
  const data = await store.read();
  const halted: Record<string, string> = {};
  for (const g of opts.games) {
    const rec = data.games[g];
    if (rec?.halted) halted[g] = `halted since ${rec.haltedAt ?? '?'}: ${rec.haltReason ?? 'too many failures'}`;
  }
  return { shutoff, games: [...opts.games], runs: data.runs.filter((r) => !seen.has(r.id)), halted, saves: opts.wiki.saves };
}

const RESULT: Record<RunRecord['result'], string> = {
  running: 'running',
  changed: 'would change the wiki',
  'no-change': 'nothing to change',
  failed: 'FAILED',
  unavailable: 'not done: the wiki is unavailable',
  refused: 'refused',
  skipped: 'skipped',
  abandoned: 'abandoned',
};

/** The report as the CLI prints it. */
export function describeDryRun(r: DryRunReport, format: DiffFormat = 'unified'): string {
  const out: string[] = [`dry run: one pass of the daemon for ${r.games.join(', ')}, as it would run now; nothing is written (no wiki edit, no store write).`];
  if (r.shutoff !== null) {
    out.push(`shutoff: ${r.shutoff} — the daemon would do nothing now.`);
    return out.join('\n');
  }
  out.push(
    'Each diff is the change of its own step over the earlier steps of this pass (nothing is saved between them: later steps read the pages as the earlier ones would have left them).',
  );
  for (const g of r.games) {
    const runs = r.runs.filter((x) => x.game === g);
    out.push('', `${g}:`);
    const halted = r.halted[g];
    if (halted) out.push(`  ${halted}; no Gamestate job runs until an admin clears it (croupier clear --game ${g}, or a "* clear" request)`);
    else if (runs.length === 0) out.push('  nothing to run');
    for (const x of runs) {
      const boundary = x.boundary ? ` for the boundary of ${formatInstant(new Date(x.boundary))} UTC` : '';
      const actor = x.actor ? ` asked by ${x.actor}` : '';
      const detail = x.result === 'failed' || x.result === 'unavailable' ? `: ${x.error ?? 'unknown error'}` : x.summary ? ` — ${x.summary}` : '';
      out.push(`  ${x.kind}${boundary} (${x.trigger}${actor}): ${RESULT[x.result]}${detail}`);
    }
  }
  out.push(...describeSaves(r.saves, format));
  return out.join('\n');
}

/** The saves a dry run would make, each with its summary, notes and diff (also `referee --dry-run`'s). */
export function describeSaves(saves: readonly DryRunSave[], format: DiffFormat = 'unified'): string[] {
  const out = ['', saves.length === 0 ? 'No page would be edited.' : `${saves.length} edit(s) would be made:`];
  for (const s of saves) {
    out.push('', `=== would save [[${s.title}]]: ${s.summary}`);
    for (const n of s.notes) out.push(`note: ${n}`);
    const shown =
      format === 'cells' && s.texts
        ? cellDiff(s.title, s.texts.before, s.texts.after, {
            oldLabel: s.afterEarlierSteps ? 'as the earlier steps of this dry run leave it' : 'now',
            newLabel: 'dry run',
          })
        : s.diff;
    out.push(shown.trimEnd());
  }
  return out;
}
