// Shared by the integration tests: the test wiki's accounts (.devwiki-test/env, see wiki-dirs.ts), sessions,
// unique page titles, the CLI as a child process.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { connect, type ConnectOptions, type WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { TEST_WIKI_DIR, root, wikiEnv } from './wiki-dirs.ts';

const run = promisify(execFile);

export { root };

/** The test wiki's env file (written by scripts/devwiki.sh; the integration global setup starts it). */
export function devEnv(): Record<string, string> {
  const env = wikiEnv(TEST_WIKI_DIR);
  if (!env) throw new Error(`no test wiki in ${TEST_WIKI_DIR}: run the integration tests through vitest (its global setup starts it), or DEVWIKI_DIR=${TEST_WIKI_DIR} bash scripts/devwiki.sh start`);
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
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CROUPIER_API_URL: dev.CROUPIER_API_URL, CROUPIER_USERNAME: dev.CROUPIER_USERNAME, CROUPIER_PASSWORD: dev.CROUPIER_PASSWORD, ...extraEnv },
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
export async function freshCliGame(client: WikiClient, what: string, id: string, wiki: Record<string, unknown> = {}, kind: 'cycle16' | 'round10' | 'cycle15' | 'nomicoup' = 'cycle16'): Promise<TestGame> {
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
  return { prefix, configFile, storePath, cli: (args) => runCli([...args, '--config', configFile]), remove: () => removeDir(dir) };
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

/**
 * The Gamestate page `title` given a Wiki account column by `who` (an admin), naming who plays whom
 * (`Alice=Player`), through scripts/add-wiki-account.mjs as the demo does it.
 */
export async function addWikiAccounts(who: WikiClient, title: string, pairs: readonly string[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-wiki-account-'));
  try {
    writeFileSync(join(dir, 'in'), (await who.readPage(title)).text);
    execFileSync(process.execPath, [`${root}scripts/add-wiki-account.mjs`, join(dir, 'in'), join(dir, 'out'), ...pairs]);
    await put(who, title, readFileSync(join(dir, 'out'), 'utf8'));
  } finally {
    removeDir(dir);
  }
}
