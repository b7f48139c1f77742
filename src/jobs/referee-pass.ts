// One referee pass's shared state: the game's pages as read, the phase by the page and by the calendar, the
// summary the steps fill in, and the bot's own record of the Gamestate page (read once, again after its saves).
import type { GameReferee } from '../games/actions.ts';
import type { Table } from '../parse/model.ts';
import type { KindedRuleset } from '../games/engine-contract.ts';
import { readEngineRuleset, refereeFor } from '../games/registry.ts';
import type { ChosenReadings } from '../games/shared/readings.ts';
import type { PageRevision, ReadOptions } from '../wiki/pages.ts';
import type { SaveOptions, SaveResult, Transform } from '../wiki/save.ts';
import { botAddedLines, DEFAULT_ALLOWED_GROUPS, inGroups, standingRecord, type RequestPageRevision } from './request-lines.ts';
import type { ComputedPagesWiki } from './computed-pages.ts';
import { readGameRulings, type RulingsCache, type RulingsMemoUse, type RulingsWiki } from './rulings.ts';

export interface RefereeWiki {
  /** The names the bot's own revisions are saved under (its account): only what they added is the bot's record. */
  readonly botNames: readonly string[];
  readPages(titles: readonly string[], opts?: ReadOptions): Promise<Map<string, PageRevision>>;
  save(title: string, transform: Transform, opts?: SaveOptions): Promise<SaveResult>;
  /** The page's revisions, newest first, with content (none when the page does not exist). */
  history(title: string, limit: number): Promise<RequestPageRevision[]>;
  /** User groups, to read the Rulings page with its authors (games with readings; absent: the defaults). */
  userGroups?: RulingsWiki['userGroups'];
  /** Render a page again (the Gamestate, after the referee changed its subpages). */
  purge(titles: readonly string[]): Promise<void>;
}

/** The referee's wiki as a Gamestate save wants it (its computed blocks go to their subpages: src/jobs/computed-pages.ts). */
export const gamestateWiki = (wiki: RefereeWiki): ComputedPagesWiki => ({
  names: wiki.botNames,
  readPages: (titles, o) => wiki.readPages(titles, o),
  save: (title, transform, o) => wiki.save(title, transform, o),
  purge: (titles) => wiki.purge(titles),
});

/** Where the referee keeps the phases' secrets (the store: src/cron/store.ts). */
export interface SecretKeeper {
  /** The phase's secret, drawing and keeping `fresh` if there is none yet. */
  ensure(game: string, phase: number, fresh: string): Promise<string>;
  get(game: string, phase: number): Promise<string | undefined>;
  /** Every kept secret of the game, oldest phase first. `spent`: revealed, or a save revealing it was begun. */
  list(game: string): Promise<{ phase: number; secret: string; revealed: boolean; spent: boolean }[]>;
  /** The secret's reveal is on the page: it is never used again. */
  revealed(game: string, phase: number): Promise<void>;
  /** A save that reveals these secrets is about to be made: they are never used again, whatever its outcome. */
  spending(game: string, phases: readonly number[]): Promise<void>;
}

export interface RefereeGame {
  id: string;
  kind?: string;
  ruleset: string;
  gamestate: string;
  actionsPage: string;
  statusPage?: string;
  /** Revisions of the actions page read to find who added a line. */
  lookback: number;
  /** The Judge's rulings on the game's readings (as for rollovers); read when the game has readings. */
  rulingsPage?: string;
  allowedGroups?: readonly string[];
}

export type RefereeStep = 'revealed' | 'committed' | 'resolved' | 'marked';

export interface RefereeContext {
  wiki: RefereeWiki;
  secrets: SecretKeeper;
  now?: () => Date;
  /** A fresh secret (default: 32 bytes from the system's CSPRNG). */
  newSecret?: () => string;
  /** After each step (tests throw from it to simulate a crash there). */
  checkpoint?: (step: RefereeStep, detail?: string) => void | Promise<void>;
  /** The bot's memo of who added the Rulings page's lines (its store), as the rollover's: the page is then read with the others. */
  rulingsCache?: RulingsCache;
  /** Reads the Ruleset revision (the daemon's cache parses each revision once); default readEngineRuleset. */
  readRuleset?: (page: PageRevision, o: { page: string; kind?: string; game: string }) => ReturnType<typeof readEngineRuleset>;
  /**
   * The bot's record of each game's Gamestate page, by the latest revision it was read at (the daemon's, kept across
   * its passes): a pass that finds the page unchanged reads no history for it.
   */
  records?: Map<string, BotRecord>;
}

export interface BotRecord {
  revid: number;
  /** What the bot's revisions added (botAddedLines); `standing`, with what an admin changed of it (standingRecord), once asked. */
  lines: string;
  standing?: string;
}

export interface RefereeSummary {
  phase: number;
  commitment: string | undefined;
  revealed: number[];
  done: number;
  refused: number;
  failed: number;
  /** Lines left for a later run (the phase's secret is missing). */
  waiting: number;
  edits: number;
  /** Why requests wait, when they do. */
  problem?: string;
}

export interface Loaded {
  ruleset: KindedRuleset;
  referee: GameReferee;
  gamestate: PageRevision;
  /** The readings in force for the game's actions (undefined: the game has none, or no Rulings page is read). */
  readings?: ChosenReadings;
  /** The Ruleset page's tables, what a draw names (src/games/kit/chance.ts). */
  tables?: readonly Table[];
}

/** What the steps of one pass share. */
export interface Pass {
  ctx: RefereeContext;
  game: RefereeGame;
  loaded: Loaded;
  ruleset: KindedRuleset;
  ref: GameReferee;
  /** The Gamestate page as the pass first read it. */
  gamestate: PageRevision;
  /** The phase the page records, and the calendar's at the pass's time. */
  phase: number;
  calendar: number;
  /** The winners the page records: the game is over when there is one. */
  winners: readonly string[];
  summary: RefereeSummary;
  now: () => Date;
  /** The bot's record of the Gamestate page (what its revisions added), read when the page alone cannot tell. */
  bot(): Promise<string>;
  /** The record as it stands: with what the game's admins added and removed (an action's checks read it: a use made, a roll it entitles). */
  standing(): Promise<string>;
  /** Which of `users` are the game's admins: each user's groups asked of the wiki once per pass. */
  admins(users: string[]): Promise<ReadonlySet<string>>;
  /** Whether `user` is the bot's account (its revisions are its record, its marks its answers). */
  isBot(user: string): boolean;
  /** The Gamestate page read again (after the pass's own save: the record is read again too). */
  readGamestate(): Promise<PageRevision>;
}

/** The game's Rulings page read with its authors, as the rollover reads it; undefined when there is none to read. */
async function actionRulings(wiki: RefereeWiki, game: RefereeGame, ruleset: KindedRuleset, memo: RulingsMemoUse | undefined) {
  const opts = {
    requestsLookback: game.lookback,
    ...(game.rulingsPage ? { rulingsPage: game.rulingsPage } : {}),
    ...(game.allowedGroups ? { allowedGroups: game.allowedGroups } : {}),
  };
  return readGameRulings(wiki, opts, ruleset, memo);
}

async function load(ctx: RefereeContext, game: RefereeGame): Promise<Loaded> {
  // With the bot's memo, the Rulings page is read with the others (a revision the memo attributed asks no history).
  const rulingsPage = ctx.rulingsCache ? game.rulingsPage : undefined;
  const pages = await ctx.wiki.readPages(
    [game.ruleset, game.gamestate, ...(rulingsPage === undefined ? [] : [rulingsPage])],
    rulingsPage === undefined ? {} : { allowMissing: [rulingsPage] },
  );
  const readOpts = { page: game.ruleset, kind: game.kind, game: game.id };
  const rulesetPage = pages.get(game.ruleset)!;
  const read = ctx.readRuleset ? ctx.readRuleset(rulesetPage, readOpts) : readEngineRuleset(rulesetPage.text, readOpts);
  const referee = refereeFor(read.ruleset.kind);
  if (!referee) throw new Error(`game ${game.id} (kind ${read.ruleset.kind}) has no actions for the referee`);
  const latest = rulingsPage === undefined ? undefined : pages.get(rulingsPage);
  const rulings = await actionRulings(ctx.wiki, game, read.ruleset, latest && ctx.rulingsCache ? { cache: ctx.rulingsCache, latest } : undefined);
  const ruleset = rulings?.ruleset ?? read.ruleset;
  return { ruleset, referee, gamestate: pages.get(game.gamestate)!, tables: read.tables, ...(rulings ? { readings: rulings.readings } : {}) };
}

export const asPage = (game: RefereeGame, p: PageRevision) => ({ title: game.gamestate, text: p.text, revid: p.revid });

/** The pass's start: the pages read, the phase by the page and by the calendar. */
export async function startPass(ctx: RefereeContext, game: RefereeGame): Promise<Pass> {
  const now = ctx.now ?? (() => new Date());
  const isBot = (user: string) => ctx.wiki.botNames.includes(user);
  const loaded = await load(ctx, game);
  const { ruleset, referee: ref, gamestate } = loaded;
  const phase = ref.phase(ruleset, asPage(game, gamestate), now());
  const calendar = ref.calendarPhase(ruleset, asPage(game, gamestate), now());
  const winners = ref.winners(ruleset, asPage(game, gamestate));
  const summary: RefereeSummary = { phase, commitment: undefined, revealed: [], done: 0, refused: 0, failed: 0, waiting: 0, edits: 0 };
  // A reroll's replay reads the record as it stood then, beside the record as it stands: one question for both.
  const admins = adminsOnce(adminsOf(ctx, game));
  // The bot's record of the Gamestate page, read when the page alone cannot tell (after each of its saves, again).
  type Read = { lines: string; standing: () => Promise<string> };
  let record: Promise<Read> | undefined;
  let latest = gamestate.revid;
  const readHistory = async (): Promise<Read> => {
    const revs = await ctx.wiki.history(game.gamestate, game.lookback);
    const memo: BotRecord = { revid: revs[0]?.revid ?? 0, lines: botAddedLines(revs, isBot) };
    if (revs[0]) ctx.records?.set(game.id, memo);
    // Asked only by an action's checks: the groups of the page's editors are a request more.
    let standing: Promise<string> | undefined;
    return { lines: memo.lines, standing: () => (standing ??= standingRecord(revs, isBot, admins).then((s) => (memo.standing = s))) };
  };
  const readRecord = async (): Promise<Read> => {
    const kept = ctx.records?.get(game.id);
    if (kept?.revid !== latest) return readHistory();
    return { lines: kept.lines, standing: async () => kept.standing ?? (await readHistory()).standing() };
  };
  const bot = async () => (await (record ??= readRecord())).lines;
  const standing = async () => (await (record ??= readRecord())).standing();
  const readGamestate = async () => {
    record = undefined;
    const page = (await ctx.wiki.readPages([game.gamestate])).get(game.gamestate)!;
    latest = page.revid;
    return page;
  };
  return { ctx, game, loaded, ruleset, ref, gamestate, phase, calendar, winners, summary, now, bot, standing, admins, isBot, readGamestate };
}

/** `ask`, asked only of the users it was not asked of before. */
function adminsOnce(ask: (users: string[]) => Promise<ReadonlySet<string>>): (users: string[]) => Promise<ReadonlySet<string>> {
  const known = new Map<string, boolean>();
  return async (users) => {
    const unknown = users.filter((u) => !known.has(u));
    if (unknown.length > 0) {
      const admins = await ask(unknown);
      for (const u of unknown) known.set(u, admins.has(u));
    }
    return new Set(users.filter((u) => known.get(u)));
  };
}

/** Which of `users` are the game's admins (its allowedGroups); nobody when the wiki cannot tell. */
const adminsOf =
  (ctx: RefereeContext, game: RefereeGame) =>
  async (users: string[]): Promise<ReadonlySet<string>> => {
    if (!ctx.wiki.userGroups) return new Set();
    const groups = await ctx.wiki.userGroups(users);
    return new Set(users.filter(inGroups(groups, game.allowedGroups ?? DEFAULT_ALLOWED_GROUPS)));
  };
