// Saving a Gamestate page with its computed blocks on their bot-owned subpages (src/games/computed-blocks.ts).
//
// Every save of a Gamestate page goes through `saveGamestate`: the job's transform runs as before (its blocks
// drawn into their regions), then the blocks move out to their subpages and the page keeps one transclusion line
// each. A page that still holds a block inline (written by an older Croupier) is migrated by the next save, even
// one with nothing else to change.
//
// Order: the Gamestate save is the commit point, and a subpage whose content changed is saved after it (a
// subpage is a pure function of the page it was computed on). So a run stopped, refused or abandoned before its
// Gamestate edit has saved nothing, and no subpage ever shows a state the page does not hold; a crash between the
// two leaves a subpage one run behind, which the next run (computing the same page, no Gamestate edit) brings up
// to date. After a subpage edit the Gamestate page is purged (no edit): its rendering shows the new block at once,
// not when the wiki's job queue gets to it. When the Gamestate needs no edit, a subpage whose content changed (new
// card tables from a changed Ruleset) is saved alone. A subpage is edited only when its text differs from what it
// should hold: a rollover makes one edit of the Gamestate and one of each subpage whose block changed (the race
// chart gains a phase at every rollover; the card tables change with the Ruleset).
import { subpageContent, subpageText, lighten, type MovedBlock } from '../games/computed-blocks.ts';
import { names } from '../games/shared/standings.ts';
import { checkRegionRows } from '../parse/regions.ts';
import { afterCommit } from '../wiki/cancel.ts';
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
  const light: Transform = (page, merge) => {
    const edit = transform(page, merge);
    const out = lighten(edit?.text ?? page.text, title);
    moved = out.moved;
    why = edit?.summary.replace(/^Croupier: /, '');
    if (out.text === page.text) return null;
    const inline = inlineBlocks(page.text, title);
    const migrated = inline.reduce((n, m) => n + m.content.length, 0);
    const words =
      inline.length > 0 ? `${names(inline.map((m) => `the ${m.block.what}`))} moved to ${inline.map((m) => `[[${m.title}]]`).join(', ')}, transcluded` : '';
    const summary = edit ? `${edit.summary}${words ? `; ${words}` : ''}` : `Croupier: ${words}`;
    return { text: out.text, summary, ...(migrated > 0 ? { movedOut: migrated } : {}) };
  };

  const save = await wiki.save(title, light, opts);

  // After the Gamestate edit (or none, or a dry run): the subpages its computation draws, as read in the job's
  // batched read, or here. Once the Gamestate edit is saved, they are the rest of its save: a daemon's stop waits
  // for them, as for a save's merge check (src/wiki/cancel.ts).
  const subpages: SaveResult[] = [];
  const sync = async (): Promise<void> => {
    const shutoff = wiki.settings?.shutoff?.page;
    const titles = moved.map((m) => m.title);
    const pre = opts.prefetched;
    const read = titles.every((t) => pre?.has(t)) ? pre! : await wiki.readPages(shutoff ? [...titles, shutoff] : titles, { allowMissing: true });
    for (const m of moved) {
      const page = read.get(m.title)!;
      if (!page.missing && normalizeText(page.text) === normalizeText(subpageText(title, m))) continue;
      const prefetched = new Map([...read].filter(([t]) => t === m.title || t === shutoff));
      const r = await wiki.save(m.title, (p) => subpageEdit(p, title, m, wiki.names ?? [], why), { create: true, dryRun: save.dryRun, prefetched });
      if (r.changed) subpages.push(r);
    }
  };
  // The Gamestate's own rendering holds the subpages as they were at its save: rendered again, it shows them now.
  const syncAndPurge = async (): Promise<void> => {
    await sync();
    if (subpages.length > 0 && !save.dryRun) await wiki.purge([title]);
  };
  await (save.changed && !save.dryRun ? afterCommit(syncAndPurge) : syncAndPurge());
  return { ...save, subpages };
}
