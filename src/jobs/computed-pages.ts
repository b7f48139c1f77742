// Saving a Gamestate page with its computed blocks on their bot-owned subpages (src/games/computed-blocks.ts).
//
// Every save of a Gamestate page goes through `saveGamestate`: the job's transform runs as before (its blocks
// drawn into their regions), then the blocks move out to their subpages and the page keeps one transclusion line
// each. A page that still holds a block inline (written by an older Croupier) is migrated by the next save, even
// one with nothing else to change.
//
// Order: a subpage whose content changed is saved just before the Gamestate edit it goes with, with what that
// edit's text draws (a subpage is a pure function of the page it is computed on), so that the Gamestate's rendering,
// made at its save, shows it: no purge. Their merge checks wait and go with the Gamestate's, one request for all
// (src/wiki/revision-checks.ts). A rollover is then one read, the subpage edits, the Gamestate edit and one check.
// The Gamestate save stays the commit point:
// - a run refused or stopped before its first subpage edit has saved nothing;
// - a Gamestate edit that is then not saved (refused, conflicts without end, cut by a daemon's stop, undone giving
//   way to a person's revert) puts its subpages back to the revisions they had, if they still hold what the bot
//   wrote (a stop does not cut that): no chart is left showing a state the page does not hold;
// - a run killed between the two leaves a subpage one run ahead, and the next run, computing the same page, saves
//   the Gamestate alone;
// - a subpage edit that the one check finds merged onto a person's revert of that subpage is undone and the game
//   paused (save.ts), after the Gamestate's edit: that edit stands, as when the subpages were saved after it.
// An edit conflict runs the transform again, and its subpages are saved again before the next attempt if it draws
// them otherwise. When the Gamestate needs no edit, a subpage whose content changed (new card tables from a changed
// Ruleset) is saved alone, and the Gamestate page is then purged (no edit) so its rendering shows it at once, not
// when the wiki's job queue gets to it. A subpage is edited only when its text differs from what it should hold: a
// rollover makes one edit of the Gamestate and one of each subpage whose block changed (the standings, with Cycle
// 16's race chart under them, at every rollover; the card tables with the Ruleset).
import { absorbedBy, lighten, subpageContent, subpageText, subpageTitle, type MovedBlock } from '../games/computed-blocks.ts';
import { names } from '../games/shared/standings.ts';
import { checkRegionRows } from '../parse/regions.ts';
import { afterCommit } from '../wiki/cancel.ts';
import { WikiError } from '../wiki/errors.ts';
import { RevisionChecks } from '../wiki/revision-checks.ts';
import type { PageRevision, ReadOptions } from '../wiki/pages.ts';
import { normalizeText, type SaveOptions, type SaveResult, type Transform } from '../wiki/save.ts';

export interface ComputedPagesWiki {
  readonly settings?: { readonly shutoff: { readonly page: string } | null };
  /** The bot's account names (a subpage edit's summary names a person's revision it replaces). */
  readonly names?: readonly string[];
  readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>>;
  save(title: string, transform: Transform, opts: SaveOptions): Promise<SaveResult>;
  /** Render pages again (the Gamestate, after its subpages changed). */
  purge(titles: readonly string[]): Promise<void>;
}

export interface GamestateSave extends SaveResult {
  /** The saves of the subpages whose text changed (in a dry run: would change), with their diffs. */
  subpages: SaveResult[];
}

/** The blocks `text` holds inline (an older Croupier's): they leave the page without it shrinking. */
const inlineBlocks = (text: string, gamestate: string): MovedBlock[] => lighten(text, gamestate).moved.filter((m) => m.content !== '');

/** The edit of a subpage (null: it already holds the block). Pure. */
export function subpageEdit(
  page: PageRevision,
  gamestate: string,
  m: MovedBlock,
  bots: readonly string[],
  why?: string,
): { text: string; summary: string } | null {
  const text = subpageText(gamestate, m);
  if (!page.missing && normalizeText(page.text) === normalizeText(text)) return null;
  // The row check of a bot-managed region, on the subpage's block (a Ruleset misread must not empty the card tables).
  if (!page.missing && !m.block.anyRows) checkRegionRows(m.block.region, subpageContent(page.text), m.content, page.title);
  const theirs =
    !page.missing && page.user !== undefined && !bots.includes(page.user)
      ? `; replaces revision ${page.revid} by ${page.user || 'a hidden user'}: this page is computed`
      : '';
  return { text, summary: `Croupier: ${page.missing ? 'new page: ' : ''}the ${m.block.what} of [[${gamestate}]]${why ? ` (${why})` : ''}${theirs}` };
}

/**
 * Save the Gamestate page `title` with `transform` (as WikiClient.save), its computed blocks on their subpages.
 * `opts.prefetched` may hold the subpages (read in the job's batched read): else one read more, for them.
 */
export async function saveGamestate(wiki: ComputedPagesWiki, title: string, transform: Transform, opts: SaveOptions = {}): Promise<GamestateSave> {
  let moved: MovedBlock[] = [];
  let why: string | undefined; // the job's own summary, for the subpages' edits
  const light: Transform = (page, merge, read) => {
    const edit = transform(page, merge, read);
    const out = lighten(edit?.text ?? page.text, title);
    moved = out.moved;
    why = edit?.summary.replace(/^Croupier: /, '');
    if (out.text === page.text) return null;
    const inline = inlineBlocks(page.text, title);
    const absorbed = absorbedBy(page.text, out.text, title);
    const migrated = inline.reduce((n, m) => n + m.content.length, 0) + absorbed.reduce((n, a) => n + a.bytes, 0);
    const words = [
      ...(inline.length > 0
        ? [`${names(inline.map((m) => `the ${m.block.what}`))} moved to ${inline.map((m) => `[[${m.title}]]`).join(', ')}, transcluded`]
        : []),
      ...absorbed.map(
        (a) => `the ${a.block.what} moved under the ${a.into.what}, to [[${subpageTitle(title, a.into)}]] ([[${title}/${a.block.subpage}]] is no longer used)`,
      ),
    ].join('; ');
    const summary = edit ? `${edit.summary}${words ? `; ${words}` : ''}` : `Croupier: ${words}`;
    return { text: out.text, summary, ...(migrated > 0 ? { movedOut: migrated } : {}) };
  };

  // The subpages as last read or saved here; as they were before this call first edited them; the saves under way.
  const known = new Map(opts.prefetched ?? []);
  const before = new Map<string, { page: PageRevision; wrote: string }>();
  const subpages: SaveResult[] = [];
  const underWay: Promise<SaveResult>[] = [];
  const checks = new RevisionChecks(title);
  const shutoff = wiki.settings?.shutoff?.page;

  const read = async (titles: string[]): Promise<void> => {
    if (titles.every((t) => known.has(t))) return;
    const pages = await wiki.readPages(shutoff ? [...titles, shutoff] : titles, { allowMissing: true });
    for (const [t, p] of pages) known.set(t, p);
  };
  const saveSubpage = async (m: MovedBlock, batched: boolean): Promise<SaveResult> => {
    const prefetched = new Map([...known].filter(([t]) => t === m.title || t === shutoff));
    const edit = (p: PageRevision) => subpageEdit(p, title, m, wiki.names ?? [], why);
    // A block whose rows come and go (the standings, with Cycle 16's race chart) is computed whole from the page: its
    // subpage may shrink as much as the block does, as its rows may (an older Croupier's standings a page was put
    // back to, moved there as the page holds them until the next run draws them whole, are not refused).
    const shrink = m.block.anyRows ? { maxShrinkShare: 1 } : {};
    const r = await wiki.save(m.title, edit, { create: true, dryRun: opts.dryRun, prefetched, ...shrink, ...(batched ? { checks } : {}) });
    if (r.changed) subpages.push(r);
    if (r.page) known.set(m.title, r.page);
    else if (r.changed) known.delete(m.title); // what it holds now is not known exactly: read again if needed
    return r;
  };
  /** The subpages' saves under way end (their checks sent): the first error, if any, once all have. */
  const settle = async (): Promise<void> => {
    await checks.flush();
    const failed = (await Promise.allSettled(underWay.splice(0))).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
  const changed = (m: MovedBlock): boolean => {
    const page = known.get(m.title)!;
    return page.missing === true || normalizeText(page.text) !== normalizeText(subpageText(title, m));
  };

  // Just before the Gamestate's edit: its subpages, as that edit's text draws them, so that its rendering at its
  // save shows them. Their merge checks wait, and the Gamestate's sends them all in one request.
  const beforeEdit: SaveOptions['beforeEdit'] = async (page, edit, attempt) => {
    await settle(); // an earlier attempt's (an edit conflict: the transform ran again)
    await read(moved.map((m) => m.title));
    for (const m of moved.filter(changed)) {
      const was = known.get(m.title)!;
      const saving = saveSubpage(m, true);
      underWay.push(saving);
      saving.catch(() => {}); // its error is thrown by settle, or by the race below
      // Its edit saved, its check waiting (or its save over: a creation, or no edit after all).
      const saved = await Promise.race([checks.asked(m.title).then(() => true), saving.then((r) => r.changed)]);
      if (saved) before.set(m.title, { page: before.get(m.title)?.page ?? was, wrote: subpageText(title, m) });
    }
    await opts.beforeEdit?.(page, edit, attempt);
  };
  let edited = false;
  const afterEdit: SaveOptions['afterEdit'] = async (revid, attempt) => {
    edited = true;
    await opts.afterEdit?.(revid, attempt);
  };

  let save: SaveResult;
  try {
    save = await wiki.save(title, light, { ...opts, beforeEdit, afterEdit, checks });
    await settle();
  } catch (err) {
    // Not cut by a stop either (the Gamestate's edit may have been): the subpages' checks, and what follows.
    await afterCommit(async () => {
      await settle().catch(() => {});
      // The Gamestate's edit not saved, or undone giving way to a revert or a late edit: its subpages go back to what they held.
      const undone = err instanceof WikiError && (err.code === 'paused' || err.code === 'gave-way') && err.page === title;
      if (!edited || undone) await putBack(wiki, title, before, err);
    });
    throw err;
  }

  // After it: a subpage that still differs (the Gamestate needed no edit and a block changed with the Ruleset, or a
  // merge needed no correction, or a dry run's diffs), saved now, then the Gamestate page rendered again to show it
  // (a purge: no edit). Once the Gamestate's edit is saved, they are the rest of its save: a stop waits for them.
  const sync = async (): Promise<void> => {
    await read(moved.map((m) => m.title));
    const after = subpages.length;
    for (const m of moved.filter(changed)) await saveSubpage(m, false);
    if (subpages.length > after && !save.dryRun) await wiki.purge([title]);
  };
  await (save.changed && !save.dryRun ? afterCommit(sync) : sync());
  return { ...save, subpages };
}

/**
 * The subpages this save edited, put back to the revisions they had, when its Gamestate edit was not saved: no chart
 * of a state the page does not hold. Each only if it still holds what the bot wrote (a person's edit since stays);
 * one it created stays (there is no revision to go back to). A failure leaves it to the next run, which computes it
 * again: the Gamestate save's own error is the one thrown.
 */
async function putBack(
  wiki: ComputedPagesWiki,
  title: string,
  before: ReadonlyMap<string, { page: PageRevision; wrote: string }>,
  err: unknown,
): Promise<void> {
  const why = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 200) : String(err);
  for (const [sub, { page, wrote }] of before) {
    if (page.missing) continue;
    const back = (p: PageRevision) =>
      normalizeText(p.text) === normalizeText(wrote)
        ? { text: page.text, summary: `Croupier: back to revision ${page.revid}: the edit of [[${title}]] it was computed for was not saved (${why})` }
        : null;
    await wiki.save(sub, back, {}).catch(() => {});
  }
}
