// Shared by the integration tests: the test wiki's accounts (.devwiki-test/env, see wiki-dirs.ts), sessions,
// unique page titles, the CLI as a child process; the tests that run on each MediaWiki version (onEachWiki).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { connect, type ConnectOptions, type WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { TEST_WIKIS, root, wikiEnv, type TestWiki } from './wiki-dirs.ts';

const run = promisify(execFile);

export { root };

/** What a child process of a test is told of the wiki its parent talks to (`childEnv`): the MediaWiki version. */
const WIKI_VERSION_VAR = 'CROUPIER_TEST_WIKI_VERSION';

/** The wiki the helpers talk to: 1.39's, but for the tests in onEachWiki (and their child processes). */
let current: TestWiki = TEST_WIKIS.find((w) => w.version === process.env[WIKI_VERSION_VAR]) ?? TEST_WIKIS[0]!;

/** The environment of a child process whose helpers are to talk to the wiki this process talks to now. */
export const childEnv = (): NodeJS.ProcessEnv => ({ ...process.env, [WIKI_VERSION_VAR]: current.version });

/**
 * Declares the tests of `body` once per MediaWiki version of TEST_WIKIS, each in a describe named after it
 * ("MediaWiki 1.43"), where the helpers (devEnv, bot, human, runCli…) talk to that version's wiki. A version
 * the global setup could not start is skipped (and counted as skipped), never passed.
 */
export function onEachWiki(body: (wiki: TestWiki) => void): void {
  const unavailable = inject('unavailableWikis') ?? {};
  for (const wiki of TEST_WIKIS) {
    describe.skipIf(wiki.version in unavailable)(`MediaWiki ${wiki.version}`, () => {
      beforeAll(() => {
        current = wiki;
      });
      afterAll(() => {
        current = TEST_WIKIS[0]!;
      });
      body(wiki);
    });
  }
}

/** The test wiki's env file (written by scripts/devwiki.sh; the integration global setup starts it). */
export function devEnv(): Record<string, string> {
  const env = wikiEnv(current.dir);
  if (!env)
    throw new Error(
      `no test wiki in ${current.dir}: run the integration tests through vitest (its global setup starts it), or DEVWIKI_DIR=${current.dir}${current.version === '1.39' ? '' : ` DEVWIKI_VERSION=${current.version}`} bash scripts/devwiki.sh start`,
    );
  return env;
}

/** A unique title prefix per test file run, so concurrent runs and re-runs never share pages. */
export function uniquePrefix(what: string): string {
  return `Test/${what}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** The bot, logged in with its bot password; no throttle, short retry pauses. */
export function bot(extra: Partial<ConnectOptions> = {}): Promise<WikiClient> {
  const env = devEnv();
  return connect({
    apiUrl: env.CROUPIER_API_URL!,
    username: env.CROUPIER_USERNAME,
    password: env.CROUPIER_PASSWORD,
    editThrottleMs: 0,
    retryPauseMs: 100,
    maxRetries: 2,
    shutoff: null,
    ...extra,
  });
}

/** A human: the plain user "Player" (or Admin), logged in with a normal password. */
export function human(who: 'PLAYER' | 'ADMIN' = 'PLAYER'): Promise<WikiClient> {
  const env = devEnv();
  return connect({
    apiUrl: env.CROUPIER_API_URL!,
    username: env[`DEVWIKI_${who}_USER`],
    password: env[`DEVWIKI_${who}_PASSWORD`],
    assert: 'user',
    editThrottleMs: 0,
    retryPauseMs: 100,
    shutoff: null,
  });
}

/** Write a page as-is (create or overwrite), returning its new revid. */
export async function put(client: WikiClient, title: string, text: string, summary = 'test setup'): Promise<number> {
  const r = await client.save(title, () => ({ text, summary }), { create: true, maxShrinkShare: 1 });
  if (r.revid !== undefined) return r.revid;
  return (await client.readPage(title)).revid;
}

/**
 * Revisions of `title` saved at instants in the past (before any it has), through MediaWiki's own import
 * (`importDump.php`, scripts/devwiki.sh import-xml), which keeps a dump's timestamps: no edit through the API can
 * date a revision. Their author is the dump's (`imported>Admin`).
 */
export async function importRevisions(title: string, revisions: readonly { at: Date; text: string }[]): Promise<void> {
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const dump = [
    '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">',
    `<page><title>${xml(title)}</title><ns>0</ns>`,
    ...revisions.map(
      (r) =>
        `<revision><timestamp>${r.at.toISOString().replace(/\.\d{3}Z$/, 'Z')}</timestamp><contributor><username>Admin</username></contributor>` +
        `<model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">${xml(r.text)}</text></revision>`,
    ),
    '</page></mediawiki>',
  ].join('\n');
  const dir = mkdtempSync(join(tmpdir(), 'croupier-import-'));
  try {
    writeFileSync(join(dir, 'dump.xml'), dump);
    await run('bash', [`${root}scripts/devwiki.sh`, 'import-xml', join(dir, 'dump.xml')], { env: { ...process.env, DEVWIKI_DIR: current.dir } });
  } finally {
    removeDir(dir);
  }
}

/**
 * Runs the wiki's jobs of `type` now (the test wikis run their queue only when asked, as a wiki whose jobs run from
 * cron): `revertedTagUpdate` writes MediaWiki's `mw-reverted` tags.
 */
export async function runJobs(type: string): Promise<void> {
  await run('bash', [`${root}scripts/devwiki.sh`, 'run-jobs', type], { env: { ...process.env, DEVWIKI_DIR: current.dir } });
}

/** A fresh game for the rollover job: the fixture Ruleset and Gamestate under their own titles. */
export async function freshRolloverGame(client: WikiClient, what: string): Promise<{ id: string; ruleset: string; gamestate: string; historyLimit: number }> {
  const prefix = uniquePrefix(what);
  const game = { id: 'cycle16', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate`, historyLimit: 200 };
  await put(client, game.ruleset, readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8'));
  await put(client, game.gamestate, readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8'));
  return game;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The CLI as a user runs it: a child process whose only credentials are the bot's, from the
 * environment (never from .devwiki/env, since a --config file is given).
 */
export async function runCli(args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  const dev = devEnv();
  try {
    const r = await run(process.execPath, [`${root}bin/croupier.js`, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        CROUPIER_API_URL: dev.CROUPIER_API_URL,
        CROUPIER_USERNAME: dev.CROUPIER_USERNAME,
        CROUPIER_PASSWORD: dev.CROUPIER_PASSWORD,
        ...extraEnv,
      },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

export interface TestGame {
  /** Title prefix: `<prefix>/Ruleset`, `<prefix>/Gamestate`, `<prefix>/Shutoff`. */
  prefix: string;
  /** Its temp dir (config, store, and what the test keeps beside them), removed by remove(). */
  dir: string;
  configFile: string;
  storePath: string;
  /** The CLI with this game's config. */
  cli(args: string[]): Promise<CliResult>;
  /** Remove its temp dir (config and store): call it in the file's afterAll. */
  remove(): void;
}

/**
 * A game of its own on the wiki (Cycle 16 unless `kind` says otherwise) (the fixture Ruleset and Gamestate under a unique prefix, with
 * its own shutoff page) and a config file and store path of its own in a temp directory.
 */
export async function freshCliGame(
  client: WikiClient,
  what: string,
  id: string,
  wiki: Record<string, unknown> = {},
  kind: 'cycle16' | 'round10' | 'cycle15' | 'nomicoup' = 'cycle16',
): Promise<TestGame> {
  const prefix = uniquePrefix(what);
  await put(client, `${prefix}/Shutoff`, 'run');
  await put(client, `${prefix}/Ruleset`, readFileSync(`${root}fixtures/${kind}/ruleset.wikitext`, 'utf8'));
  await put(client, `${prefix}/Gamestate`, readFileSync(`${root}fixtures/${kind}/gamestate.wikitext`, 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), `croupier-${what}-`));
  const storePath = join(dir, 'store.json');
  const configFile = join(dir, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${prefix}/Shutoff`, runWord: 'run' }, ...wiki },
      store: { path: storePath },
      games: [{ id, kind, ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate` }],
    }),
  );
  return { prefix, dir, configFile, storePath, cli: (args) => runCli([...args, '--config', configFile]), remove: () => removeDir(dir) };
}

/** A request page (actions, requests) as its users write it: a line appended by `who`, the page created if missing. */
export async function appendLine(who: WikiClient, title: string, line: string): Promise<void> {
  await who.save(title, (page) => ({ text: `${page.missing ? '' : page.text.replace(/\s*$/, '')}\n${line}\n`, summary: `request: ${line}` }), { create: true });
}

/** The first line of a page that starts with `start` (a request and its answer). */
export async function lineStartingWith(client: WikiClient, title: string, start: string): Promise<string | undefined> {
  return (await client.readPage(title)).text.split('\n').find((l) => l.startsWith(start));
}

/** The referee's commitment for `phase` on a page, if it shows one. */
export const commitmentFor = (page: string, phase: number): string | undefined => new RegExp(`phase ${phase}: commitment ([0-9a-f]{64})`).exec(page)?.[1];

/** What a Gamestate page is given before a test plays on it, in one edit: see addWikiAccounts. */
export interface PageSetup {
  /** The page changed first (a board of the test's own). */
  edit?: (text: string) => string;
  /** Further columns of the Players table: header → `Alice=yes` pairs ("Good luck"). */
  columns?: Record<string, readonly string[]>;
}

/**
 * The Gamestate page `title` given a Wiki account column by `who` (an admin), naming who plays whom
 * (`Alice=Player`), through scripts/add-wiki-account.mjs as the demo does it; with `setup`, changed
 * first and given further columns the same way, all in one edit.
 */
export async function addWikiAccounts(who: WikiClient, title: string, pairs: readonly string[], setup: PageSetup = {}): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-wiki-account-'));
  const script = (args: readonly string[]) => execFileSync(process.execPath, [`${root}scripts/add-wiki-account.mjs`, ...args]);
  try {
    const text = (await who.readPage(title)).text;
    writeFileSync(join(dir, 'in'), setup.edit ? setup.edit(text) : text);
    script([join(dir, 'in'), join(dir, 'out'), ...pairs]);
    for (const [header, values] of Object.entries(setup.columns ?? {})) {
      renameSync(join(dir, 'out'), join(dir, 'in'));
      script(['--column', header, join(dir, 'in'), join(dir, 'out'), ...values]);
    }
    await put(who, title, readFileSync(join(dir, 'out'), 'utf8'));
  } finally {
    removeDir(dir);
  }
}

/** A referee test's game: which, who plays whom, and how it starts. */
export interface RefereeSetup<S> extends PageSetup {
  /** Names the title prefix and the temp dir. */
  what: string;
  /** The game's id in the config. */
  id: string;
  kind?: 'cycle16' | 'round10' | 'cycle15';
  /** Who plays whom: `Alice=Player` (the Players table's Wiki account column). */
  accounts: readonly string[];
  /** The --now of the rollover that brings the page to the current phase (default: the clock's). */
  now?: string;
  /** The Actions page as it starts (default: none; the first request makes it). */
  actions?: string;
  /** The game's reader of the Gamestate page (for state()). */
  read(text: string, title: string): S;
}

/** What a referee test's game is once set up: the bot and the two human accounts that play it, and its pages. */
export interface RefereePlayers {
  b: WikiClient;
  player: WikiClient;
  admin: WikiClient;
  /** The Gamestate page and its Actions page. */
  G: string;
  A: string;
}

/** A referee test's game; its methods may be taken apart before the setup has run. */
export interface RefereeGame<S> extends TestGame, RefereePlayers {
  text(title: string): Promise<string>;
  /** The Gamestate page as the game reads it now. */
  state(): Promise<S>;
  /** A request line on the Actions page, written by `who`. */
  append(who: WikiClient, line: string): Promise<void>;
  /** The first line of the Actions page that starts with `start` (a request and its answer). */
  lineOf(start: string): Promise<string>;
}

/**
 * The setup every referee test file starts from, in its own beforeAll (and its removal in its afterAll):
 * the bot, the accounts Player and Admin, a fresh game whose Gamestate names who plays whom (written by
 * Admin), brought to the current phase by a rollover first, as the daemon's catch-up does before the
 * referee. `started` gets the accounts and titles once they exist (the test file's variables).
 */
export function refereeGame<S>(setup: RefereeSetup<S>, started: (g: RefereePlayers) => void): RefereeGame<S> {
  const game = {
    text: async (title: string) => (await game.b.readPage(title)).text,
    state: async () => setup.read(await game.text(game.G), game.G),
    append: (who: WikiClient, line: string) => appendLine(who, game.A, line),
    lineOf: async (start: string) => (await lineStartingWith(game.b, game.A, start))!,
  } as RefereeGame<S>;
  beforeAll(async () => {
    const [b, player, admin] = await Promise.all([bot(), human('PLAYER'), human('ADMIN')]);
    Object.assign(game, await freshCliGame(b, setup.what, setup.id, {}, setup.kind), { b, player, admin });
    game.G = `${game.prefix}/Gamestate`;
    game.A = `${game.G}/Actions`;
    await addWikiAccounts(admin, game.G, setup.accounts, setup);
    const r = await game.cli(['rollover', '--game', setup.id, ...(setup.now === undefined ? [] : ['--now', setup.now])]);
    expect(r.code, r.stderr).toBe(0);
    if (setup.actions !== undefined) await put(admin, game.A, setup.actions);
    started(game);
  }, 400_000);
  afterAll(() => game.remove?.());
  return game;
}

/**
 * A `beforeEdit` hook (SaveOptions) that makes a human edit of `title` as `client` right before the bot's
 * first edit attempt, and never again: the page as the human reads it then, through `edit`. A setup that
 * changes nothing (the text to replace not on the page) throws, so the race the test is about really happens.
 */
export function humanEditDuringRun(
  client: WikiClient,
  title: string,
  edit: (text: string) => string,
  summary = 'human edit during the run',
): () => Promise<void> {
  let edited = false;
  return async () => {
    if (edited) return;
    edited = true;
    const page = await client.readPage(title);
    const text = edit(page.text);
    if (text === page.text) throw new Error(`the human edit of "${title}" changes nothing: the text it replaces is not on the page`);
    await client.save(title, () => ({ text, summary }), {});
  };
}
