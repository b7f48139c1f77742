// `croupier init` on the real wiki: a fresh game whose shutoff, request and Rulings pages do not exist yet.
// Until init --apply, every save is refused by the missing shutoff page (exit 4); after it, the bot edits.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { bot, put, root, runCli, uniquePrefix } from './helpers.ts';

let b: WikiClient;
let prefix: string;
let dir: string;
let configFile: string;
const SLOW = 300_000;

/** The config of a game under `prefix`, its shutoff page there too; `ruleset` overrides its Ruleset's title. */
function writeConfig(file: string, ruleset = `${prefix}/Ruleset`): string {
  writeFileSync(
    file,
    JSON.stringify({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${prefix}/Shutoff`, runWord: 'run' } },
      store: { path: join(dir, 'store.json') },
      games: [{ id: 'c16', kind: 'cycle16', ruleset, gamestate: `${prefix}/Gamestate` }],
    }),
  );
  return file;
}
const cli = (args: string[], env: Record<string, string> = {}) => runCli([...args, '--config', configFile], env);
const exists = async (title: string) => !(await b.readPages([title], { allowMissing: true })).get(title)!.missing;

beforeAll(async () => {
  b = await bot();
  prefix = uniquePrefix('init');
  await put(b, `${prefix}/Ruleset`, readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8'));
  await put(b, `${prefix}/Gamestate`, readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8'));
  dir = mkdtempSync(join(tmpdir(), 'croupier-init-'));
  configFile = writeConfig(join(dir, 'config.json'));
}, SLOW);
afterAll(() => removeDir(dir));

describe('croupier init', () => {
  const pages = () => [`${prefix}/Shutoff`, `${prefix}/Gamestate/Requests`, `${prefix}/Gamestate/Rulings`];

  it(
    'by default says what it would create and writes nothing; the first save is still refused',
    async () => {
      const r = await cli(['init', '--game', 'c16']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^dry run: nothing is written; --apply creates the missing pages/);
      expect(r.stdout).toMatch(/logged in as Bot\b.*rights edit, createpage, bot: ok/);
      for (const t of pages()) expect(r.stdout).toContain(`[[${t}]]`);
      expect(r.stdout).toMatch(new RegExp(`\\[\\[${prefix}/Shutoff\\]\\] — .*: missing, would be created`));
      expect(r.stdout).toMatch(/\[\[.*\/Ruleset\]\] — .*: exists, kept as it is/);
      expect(r.stdout).toMatch(/note: no actions page .*the referee stays off for c16/);
      for (const t of pages()) expect(await exists(t)).toBe(false);
      const save = await cli(['publish-tables', '--game', 'c16']);
      expect(save.code).toBe(4);
    },
    SLOW,
  );

  it(
    "with --apply creates the shutoff page containing the run word and the game's pages, after which the bot edits; a second run changes nothing",
    async () => {
      const r = await cli(['init', '--game', 'c16', '--apply']);
      expect(r.code, r.stderr).toBe(0);
      for (const t of pages()) {
        expect(r.stdout).toMatch(new RegExp(`\\[\\[${t}\\]\\] — .*: created \\(revision \\d+\\)`));
        expect(await exists(t)).toBe(true);
      }
      expect((await b.readPage(`${prefix}/Shutoff`)).text).toMatch(/^run\n/);
      const save = await cli(['publish-tables', '--game', 'c16']);
      expect(save.code, save.stderr).toBe(0);

      const revs = await Promise.all(pages().map(async (t) => (await b.readPage(t)).revid));
      const again = await cli(['init', '--game', 'c16', '--apply']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).not.toMatch(/: created \(revision/);
      expect(await Promise.all(pages().map(async (t) => (await b.readPage(t)).revid))).toEqual(revs);
    },
    SLOW,
  );

  it(
    'keeps a shutoff page that says stop, and says the bot will not edit',
    async () => {
      await put(b, `${prefix}/Shutoff`, 'stop');
      const r = await cli(['init', '--game', 'c16', '--apply']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/shutoff: the shutoff page .* does not contain "run"/);
      expect((await b.readPage(`${prefix}/Shutoff`)).text).toBe('stop');
      await put(b, `${prefix}/Shutoff`, 'run');
    },
    SLOW,
  );

  it(
    'fails on a wrong password (exit 3) and on a Ruleset page that does not exist (exit 1), naming it',
    async () => {
      const login = await cli(['init', '--game', 'c16'], { CROUPIER_PASSWORD: 'wrong' });
      expect(login.code).toBe(3);
      expect(login.stderr).toMatch(/^croupier: login as "Bot@\S+" at \S+ failed/);
      const other = writeConfig(join(dir, 'missing.json'), `${prefix}/No such Ruleset`);
      const r = await runCli(['init', '--game', 'c16', '--config', other]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`croupier: [[${prefix}/No such Ruleset]] does not exist`);
    },
    SLOW,
  );
});
