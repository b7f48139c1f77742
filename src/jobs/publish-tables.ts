// Job: publish the computed card tables of a game's Ruleset into the bot-managed region `card-tables` of
// its tables page (default: the Gamestate page).
//
// One batched read (Ruleset + tables page + its subpages + shutoff page), one parse, one region splice: a login
// (2 requests) and the read (1, which brings the edit token) when nothing changed; when the tables changed, the
// subpage's edit, the page's when its region changes, and one merge check. Running it twice makes one edit at
// most; after the Ruleset changes, the next run updates the tables. Safe against concurrent human edits
// (WikiClient.save re-reads and re-runs the transform on edit conflicts).
import type { Logger } from 'pino';
import type { Config, GameConfig } from '../config.ts';
import { parseRuleset, renderTables, type GameKind } from '../games/registry.ts';
import type { PageRevision, SaveOptions, SaveResult, WikiClient } from '../wiki/client.ts';
import { WikiError } from '../wiki/errors.ts';
import { findRegion, replaceRegion } from '../parse/regions.ts';
import { escapeWikitext } from '../parse/escape.ts';
import { COMPUTED_BLOCKS, subpageContent, subpageTitle, transclusion } from '../games/computed-blocks.ts';
import { saveGamestate } from './computed-pages.ts';

export const TABLES_REGION = 'card-tables';

export interface JobContext {
  config: Config;
  client: WikiClient;
  logger?: Logger;
}

export interface PublishTablesOptions {
  dryRun?: boolean;
  /** What started the run, for the edit summary: "cli", "daemon", "request r123", … */
  trigger?: string;
  /** Test hook passed to WikiClient.save. */
  beforeEdit?: SaveOptions['beforeEdit'];
}

export interface PublishTablesResult {
  game: string;
  page: string;
  url: string;
  rulesetRevid: number;
  /** What changed, in words ('' when nothing). */
  change: string;
  warnings: string[];
  save: SaveResult;
  /** On the Gamestate page, the tables are on its bot-owned subpage (src/jobs/computed-pages.ts): its save, when it changed. */
  subpages: SaveResult[];
}

/** Rows of a region's tables, as lines from one `|-` to the next (for the summary). */
function rowsOf(content: string): string[] {
  return content
    .split(/\n(?=\|-)/)
    .map((r) => r.split(/\n\|\}/)[0]!.trim()) // the last row of a table ends at |}
    .filter((r) => r.startsWith('|-'));
}

/** "3 rows changed, 1 added" — from the old and new region contents. */
export function describeTableChange(before: string | undefined, after: string): string {
  if (before === undefined) return `added the card tables (${rowsOf(after).length} rows)`;
  const old = rowsOf(before);
  const now = rowsOf(after);
  const oldSet = new Set(old);
  const nowSet = new Set(now);
  const gone = old.filter((r) => !nowSet.has(r)).length;
  const fresh = now.filter((r) => !oldSet.has(r)).length;
  const changed = Math.min(gone, fresh);
  const parts: string[] = [];
  if (changed) parts.push(`${changed} row${changed === 1 ? '' : 's'} changed`);
  if (fresh > changed) parts.push(`${fresh - changed} added`);
  if (gone > changed) parts.push(`${gone - changed} removed`);
  return `updated the card tables (${parts.length ? parts.join(', ') : 'text around the tables changed'})`;
}

/** The tables wikitext of a Ruleset page's text (and its Gamestate's, for games computing tables from it); a WikiError when the game has none. */
export function computeTables(
  text: string,
  game: Pick<GameConfig, 'kind' | 'ruleset'>,
  gamestate?: { title: string; text: string },
): { tables: string; warnings: string[] } {
  const ruleset = parseRuleset(text, { page: game.ruleset, kind: game.kind as GameKind });
  const tables = renderTables(ruleset, gamestate === undefined ? undefined : { gamestate });
  if (tables === undefined) {
    throw new WikiError({ code: 'no-tables', page: game.ruleset, message: `games of kind "${game.kind}" have no computed card tables` });
  }
  return { tables, warnings: ruleset.warnings.map((w) => w.message) };
}

/** The card tables' block on the Gamestate page's subpage (src/games/computed-blocks.ts). */
const TABLES_BLOCK = COMPUTED_BLOCKS.find((b) => b.region === TABLES_REGION)!;

/**
 * The edit of the tables page for `tables` (null: already up to date). Pure. `shown`: the tables as the page's
 * subpage holds them, when its region holds their transclusion (the change is described against them).
 */
export function tablesEdit(
  page: PageRevision,
  tables: string,
  info: { ruleset: string; rulesetRevid: number; trigger: string },
  shown?: string,
): { text: string; summary: string; change: string } | null {
  const region = findRegion(page.text, TABLES_REGION, page.title);
  const before = region && shown !== undefined && region.content.trim() === transclusion(page.title, TABLES_BLOCK) ? { ...region, content: shown } : region;
  const upd = replaceRegion(page.text, TABLES_REGION, tables, { heading: 'Card tables', createHeading: false, before: ['History'], page: page.title });
  if (!upd.changed) return null;
  const after = findRegion(upd.text, TABLES_REGION, page.title)!;
  const change = describeTableChange(before?.content, after.content);
  const summary =
    `Croupier: ${change}${upd.added ? ' in a new bot-managed region' : ''}, computed from [[${info.ruleset}]] ` +
    `[[Special:PermanentLink/${info.rulesetRevid}|r${info.rulesetRevid}]] (trigger: ${escapeWikitext(info.trigger)})`;
  return { text: upd.text, summary, change };
}

export async function publishTables(ctx: JobContext, game: GameConfig, opts: PublishTablesOptions = {}): Promise<PublishTablesResult> {
  const { client } = ctx;
  const shutoff = client.settings.shutoff;
  // A separate tables page is created when missing; the Gamestate page is read too (some tables come from it), and may be missing then.
  const create = game.tablesPage !== game.gamestate;
  // On the Gamestate page, the tables go to its subpage (read here too).
  const subpage = create ? undefined : subpageTitle(game.gamestate, TABLES_BLOCK);
  const titles = [game.ruleset, game.tablesPage, ...(create ? [game.gamestate] : []), ...(subpage ? [subpage] : []), ...(shutoff ? [shutoff.page] : [])];
  const pages = await client.readPages(titles, {
    allowMissing: [...(shutoff ? [shutoff.page] : []), ...(subpage ? [subpage] : []), ...(create ? [game.tablesPage, game.gamestate] : [])],
  });
  const shown = subpage === undefined || pages.get(subpage)!.missing ? undefined : subpageContent(pages.get(subpage)!.text);
  const ruleset = pages.get(game.ruleset)!;
  const separate = create ? pages.get(game.gamestate) : undefined;
  const trigger = opts.trigger ?? 'cli';
  let change = '';
  let warnings: string[] = [];
  const transform = (page: PageRevision) => {
    // Computed in the transform: when the tables page is the Gamestate, from the revision being edited.
    const gamestate = create ? separate : page;
    const computed = computeTables(
      ruleset.text,
      game,
      gamestate === undefined || gamestate.missing ? undefined : { title: game.gamestate, text: gamestate.text },
    );
    warnings = computed.warnings;
    const tables = computed.tables;
    const edit = tablesEdit(page, tables, { ruleset: game.ruleset, rulesetRevid: ruleset.revid, trigger }, shown);
    change = edit?.change ?? '';
    return edit;
  };
  const saveOpts = { dryRun: opts.dryRun, create, prefetched: pages, beforeEdit: opts.beforeEdit };
  const save = create
    ? { ...(await client.save(game.tablesPage, transform, saveOpts)), subpages: [] }
    : await saveGamestate(client, game.tablesPage, transform, saveOpts);
  if (!save.changed && save.subpages.length === 0) change = '';
  for (const w of warnings) ctx.logger?.info({ page: game.ruleset }, `warning: ${w}`);
  ctx.logger?.info({ game: game.id, page: game.tablesPage, changed: save.changed, revid: save.revid, dryRun: save.dryRun }, change || 'card tables up to date');
  return {
    game: game.id,
    page: game.tablesPage,
    url: client.pageUrl(game.tablesPage),
    rulesetRevid: ruleset.revid,
    change,
    warnings,
    save,
    subpages: save.subpages,
  };
}

/** A Ruleset page's text and revision, for `croupier parse --title <page>` (one request). */
export async function readRulesetFromWiki(
  ctx: { client: WikiClient },
  title: string,
): Promise<{ text: string; revid: number; title: string; timestamp: string }> {
  const page = await ctx.client.readPage(title);
  return { text: page.text, revid: page.revid, title: page.title, timestamp: page.timestamp };
}
