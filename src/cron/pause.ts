// Reverts pause the game. When a person undoes, rolls back or manually reverts one of the bot's edits of a
// game's pages (src/wiki/reverts.ts reads it from MediaWiki's change tags), the game is paused in the store —
// the bot's own record, never a page — and no trigger (daemon, CLI rollover, referee, publish-tables) edits the
// game's pages until an admin resumes it (`croupier resume --game <id>`, or `* resume` on the request page).
// After that the bot computes from the pages as the people left them. The Status page is not among the pages
// checked: it is the bot's report, rewritten from the store, and it is where the pause is announced.
import type { GameConfig } from '../config.ts';
import { formatInstant } from '../sim/trail.ts';
import { WikiError } from '../wiki/errors.ts';
import type { Requester } from '../wiki/pages.ts';
import { findBotReverts, type BotRevert } from '../wiki/reverts.ts';
import { computedSubpages } from '../games/computed-blocks.ts';
import { gameRecord, type GameRecord, type RevertRecord, type Store } from './store.ts';

/**
 * The pages of a game whose bot edits a revert pauses: the Gamestate, requests, actions and tables pages, and the
 * Gamestate's bot-owned subpages (src/games/computed-blocks.ts; those that do not exist cost nothing).
 */
export function revertablePages(g: Pick<GameConfig, 'gamestate' | 'requestsPage' | 'actionsPage' | 'tablesPage'>): string[] {
  return [...new Set([g.gamestate, g.requestsPage, g.actionsPage, g.tablesPage, ...computedSubpages(g.gamestate)])];
}

export interface PauseCheck {
  paused: GameRecord['paused'];
  /** Reverts this check found (the game was just paused, or stays paused with more). */
  found: RevertRecord[];
}

/** Look for new reverts of the bot's edits of `pages`; record them (and the pause) in the store. */
export async function checkReverts(store: Store, wiki: Requester, game: string, pages: readonly string[], bot: string, now: Date): Promise<PauseCheck> {
  const seen = (await store.read()).games[game]?.revertsSeen ?? {};
  const { reverts, seen: next } = await findBotReverts(wiki, pages, bot, seen);
  return store.update((d) => {
    const g = gameRecord(d, game);
    g.revertsSeen = next;
    const known = new Set(g.paused?.reverts.map((r) => `${r.page}#${r.revid}`));
    const found = reverts
      .filter((r) => !known.has(`${r.page}#${r.revid}`))
      .map(({ page, revid, user, timestamp, how, reverted }) => ({ page, revid, user, timestamp, how, reverted }));
    if (found.length > 0) g.paused = { at: g.paused?.at ?? now.toISOString(), reverts: [...(g.paused?.reverts ?? []), ...found] };
    return { paused: g.paused, found };
  });
}

/**
 * Let `client`'s saves go over the reverts the revert check has already seen (the game was paused for them, and
 * resumed or not: the pause decides); a revert it has not seen stops the save (src/wiki/save.ts).
 */
export function knowReverts(client: { knownRevert?: (r: BotRevert) => Promise<boolean> }, store: Store): void {
  client.knownRevert = async (r) => Object.values((await store.read()).games).some((g) => (g.revertsSeen[r.page] ?? 0) >= r.revid);
}

/** Lift a pause (admin action). Returns the pause lifted, or undefined when the game was not paused. */
export async function resumeGame(store: Store, game: string, by: string, at: Date): Promise<GameRecord['paused']> {
  return store.update((d) => {
    const g = gameRecord(d, game);
    const was = g.paused;
    delete g.paused;
    if (was) {
      g.resumedBy = by;
      g.resumedAt = at.toISOString();
    }
    return was;
  });
}

const when = (iso: string): string => `${formatInstant(new Date(iso))} UTC`;

/** "Admin undid the bot's revision 12 of "Cycle 16/Gamestate" (revision 13, 2026-11-25 18:00 UTC)" */
export function describeRevert(r: RevertRecord): string {
  const verb = r.how === 'undo' ? 'undid' : r.how === 'rollback' ? 'rolled back' : 'manually reverted';
  const revs = `${r.reverted.length === 1 ? 'revision' : 'revisions'} ${r.reverted.join(', ')}`;
  return `${r.user || 'a hidden user'} ${verb} the bot's ${revs} of "${r.page}" (revision ${r.revid}, ${when(r.timestamp)})`;
}

/** How an admin resumes a game. */
export const resumeHow = (game: string): string => `add a line "* resume" to the request page, or run "croupier resume --game ${game}"`;

/** The pause in one sentence, for logs, the CLI and the Status page (escape it for wikitext). */
export function describePause(game: string, p: NonNullable<GameRecord['paused']>): string {
  return `paused since ${when(p.at)}: ${p.reverts.map(describeRevert).join('; ')}. The bot makes no edit to the game's pages until an admin resumes it: ${resumeHow(game)}; it then computes from the pages as they are`;
}

/** The refusal a CLI run gets on a paused game (exit code 4, as every guard). */
export function pausedError(game: string, p: NonNullable<GameRecord['paused']>): WikiError {
  return new WikiError({ code: 'paused', page: p.reverts[0]?.page, message: `${game} is ${describePause(game, p)}; no edit` });
}

/** For a CLI run that edits a game: check for reverts now, and refuse (WikiError `paused`) while paused. */
export async function refuseWhilePaused(
  store: Store,
  wiki: Requester & { names: readonly string[]; knownRevert?: (r: BotRevert) => Promise<boolean> },
  game: GameConfig,
  now = new Date(),
): Promise<void> {
  knowReverts(wiki, store);
  const bot = wiki.names[0];
  const check =
    bot === undefined ? { paused: (await store.read()).games[game.id]?.paused } : await checkReverts(store, wiki, game.id, revertablePages(game), bot, now);
  if (check.paused) throw pausedError(game.id, check.paused);
}
