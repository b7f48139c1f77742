// `croupier publish-tables` against the real local MediaWiki: job logic and the CLI as a child process.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, testTempDir } from '../temp-dir.ts';
import { parseConfig, type Config, type GameConfig } from '../../src/config.ts';
import { publishTables, readRulesetFromWiki, TABLES_REGION } from '../../src/jobs/publish-tables.ts';
import { findRegion } from '../../src/wiki/regions.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, human, put, root, runCli, uniquePrefix } from './helpers.ts';

const P = uniquePrefix('publish');
const ruleset = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8');
const gamestate = 'Intro of the test Gamestate.\n\n== Players ==\nNobody.\n\n== History ==\nRows.\n';
// On the Gamestate page the tables are on its bot-owned subpage, transcluded (src/games/computed-blocks.ts).
const SUBPAGE = `${P}/Gamestate/Card tables`;

let b: WikiClient;
let config: Config;
let game: GameConfig;
let configDir: string;
let configFile: string;

beforeAll(async () => {
  b = await bot(); // setup and checks; the jobs run with the test's own shutoff page
  await put(b, `${P}/Shutoff`, 'run');
  await put(b, `${P}/Ruleset`, ruleset);
  await put(b, `${P}/Gamestate`, gamestate);
  const input = {
    wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${P}/Shutoff`, runWord: 'run' } },
    games: [{ id: 'test', kind: 'cycle16', ruleset: `${P}/Ruleset`, gamestate: `${P}/Gamestate` }],
  };
  config = parseConfig(input);
  game = config.games[0]!;
  configDir = mkdtempSync(join(tmpdir(), 'croupier-it-'));
  configFile = join(configDir, 'config.json');
  writeFileSync(configFile, JSON.stringify(input));
});

afterAll(() => removeDir(configDir));

const cli = runCli;

describe('publish-tables', () => {
  it('dry run: prints the diff (--diff unified: of the wikitext), writes nothing (same revision id)', async () => {
    const before = (await b.readPage(game.tablesPage)).revid;
    const r = await cli(['publish-tables', '--game', 'test', '--dry-run', '--diff', 'unified', '--config', configFile]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`--- a/${game.tablesPage}\trevision ${before}`);
    expect(r.stdout).toContain(`+<!-- croupier:begin ${TABLES_REGION} -->\n+{{:${SUBPAGE}}}\n`);
    expect(r.stdout).toContain(`--- a/${SUBPAGE}\t(new page)`);
    expect(r.stdout).toContain('+{| class="wikitable sortable"');
    expect(r.stdout).toMatch(/dry run, nothing written/);
    expect((await b.readPage(game.tablesPage)).revid).toBe(before);
  });

  it('writes the tables onto the subpage and its transclusion into a new region, two edits in 6 requests including login; a second run makes no edit', async () => {
    const c = await bot({ shutoff: { page: `${P}/Shutoff`, runWord: 'run' } });
    const first = await publishTables({ config, client: c }, game, { trigger: 'test' });
    expect(first.save).toMatchObject({ changed: true, attempts: 1 });
    expect(first.subpages).toMatchObject([{ title: SUBPAGE, changed: true }]);
    // login 2 + read 1 (with the subpage, the edit token and siteinfo) + the subpage's creation 1 + the edit 1 (its rendering shows the subpage:
    // no purge) + the saved revision's parent (was it merged?) 1
    expect(c.stats.requests).toBe(6);
    expect(c.stats.edits).toBe(2);
    const page = await b.readPage(game.tablesPage);
    const region = findRegion(page.text, TABLES_REGION)!;
    expect(region.content).toBe(`\n{{:${SUBPAGE}}}\n`);
    expect((await b.readPage(SUBPAGE)).text).toContain('{| class="wikitable sortable"');
    // the region went before History, and every human byte stayed
    expect(page.text.startsWith('Intro of the test Gamestate.\n\n== Players ==\nNobody.\n\n<!-- croupier:begin card-tables -->')).toBe(true);
    expect(page.text.endsWith('<!-- croupier:end card-tables -->\n\n== History ==\nRows.')).toBe(true);
    const [rev] = await b.revisions(game.tablesPage, { limit: 1 });
    // 57 rows: 42 species + 4 packs + (5 Croupier items + 3 discount offers of scenario 13) + 3 dice scenarios.
    expect(rev!.comment).toMatch(
      new RegExp(
        `^Croupier: added the card tables \\(57 rows\\) in a new bot-managed region, computed from \\[\\[${P}/Ruleset\\]\\] \\[\\[Special:PermanentLink/${first.rulesetRevid}\\|r${first.rulesetRevid}\\]\\] \\(trigger: test\\) \\(base rev ${rev!.parentid}\\)$`,
      ),
    ); // the revision it was computed on: its parent (not merged)

    const c2 = await bot({ shutoff: { page: `${P}/Shutoff`, runWord: 'run' } });
    const second = await publishTables({ config, client: c2 }, game, { trigger: 'test' });
    expect(second.save.changed).toBe(false);
    expect(c2.stats.edits).toBe(0);
    expect(c2.stats.requests).toBe(3); // login 2 + read 1
    expect((await b.readPage(game.tablesPage)).revid).toBe(page.revid);
  });

  it('the CLI twice: one edit at most', async () => {
    const r = await cli(['publish-tables', '--game', 'test', '--config', configFile]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/is up to date with .* no edit/);
    expect(r.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/index\.php\?title=/m);
  });

  it('updates the tables after a proposal changes the Ruleset: one edit of the subpage, the Gamestate (with a human edit) untouched', async () => {
    const admin = await human('ADMIN');
    // A proposal changes the value of the Ace on the Ruleset
    expect((await b.readPage(SUBPAGE)).text).toContain('| Ace || 1 ||');
    const edited = await admin.save(game.ruleset, (p) => ({ text: p.text.replace('|Ace\n|1\n', '|Ace\n|14\n'), summary: 'proposal passed' }));
    expect(edited.changed).toBe(true);
    const human0 = await put(admin, game.tablesPage, (await b.readPage(game.tablesPage)).text.replace('Nobody.', 'Alice joined.'));
    const c = await bot({ shutoff: { page: `${P}/Shutoff`, runWord: 'run' } });
    const r = await publishTables({ config, client: c }, game, { trigger: 'test' });
    expect(r.save.changed).toBe(false);
    expect(r.subpages.map((s) => s.title)).toEqual([SUBPAGE]);
    expect(c.stats.edits).toBe(1);
    expect(r.rulesetRevid).toBe(edited.revid);
    expect(r.change).toMatch(/^updated the card tables \(\d+ rows? changed/);
    expect((await b.readPage(game.tablesPage)).revid).toBe(human0);
    expect((await b.readPage(SUBPAGE)).text).toContain('| Ace || 14 ||');
    const [rev] = await b.revisions(SUBPAGE, { limit: 1 });
    expect(rev!.comment).toContain(`r${edited.revid}]]`);
  });

  it('refuses a page whose region lost its end marker: clear error, exit code 4, page untouched', async () => {
    const page = await b.readPage(game.tablesPage);
    const broken = page.text.replace(`<!-- croupier:end ${TABLES_REGION} -->`, '');
    const r0 = await put(b, game.tablesPage, broken);
    const r = await cli(['publish-tables', '--game', 'test', '--config', configFile]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^croupier: ".*\/Gamestate": region "card-tables" \(begun at line \d+\) has no end marker\n$/);
    expect((await b.readPage(game.tablesPage)).revid).toBe(r0);
    await put(b, game.tablesPage, page.text);
  });

  it('shutoff: no edit, says why, exit code 4', async () => {
    await put(b, `${P}/Ruleset`, `${ruleset}\n<!-- touched -->`);
    const current = (await b.readPage(SUBPAGE)).text;
    const stale = current.replace('| Ace || 14 ||', '| Ace || 99 ||');
    expect(stale).not.toBe(current);
    await put(b, SUBPAGE, stale);
    const r0 = (await b.readPage(SUBPAGE)).revid;
    await put(b, `${P}/Shutoff`, 'stop');
    const r = await cli(['publish-tables', '--game', 'test', '--config', configFile]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`croupier: emergency shutoff: the shutoff page "${P}/Shutoff" does not contain "run"`);
    expect((await b.readPage(SUBPAGE)).revid).toBe(r0);
    await put(b, `${P}/Shutoff`, 'run');
  });

  it('{{nobots}} on the page: no edit, exit code 4', async () => {
    const page = await b.readPage(game.tablesPage);
    const r0 = await put(b, game.tablesPage, `{{nobots}}\n${page.text}`);
    const r = await cli(['publish-tables', '--game', 'test', '--config', configFile]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/bot exclusion: the page contains \{\{nobots\}\}; no edit/);
    expect((await b.readPage(game.tablesPage)).revid).toBe(r0);
  });

  it('wrong password: one clear line, exit code 3', async () => {
    // A store of its own: with a session kept beside the store the command would not log in at all.
    const fresh = join(configDir, 'fresh-store.json');
    writeFileSync(fresh.replace(/\.json$/, '-config.json'), JSON.stringify({ ...JSON.parse(readFileSync(configFile, 'utf8')), store: { path: fresh } }));
    const r = await cli(['publish-tables', '--game', 'test', '--config', fresh.replace(/\.json$/, '-config.json')], { CROUPIER_PASSWORD: 'a'.repeat(32) });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^croupier: login as "Bot@croupier" at http:\/\/127\.0\.0\.1:\d+\/api\.php failed: Incorrect username or password/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr + r.stdout).not.toContain('a'.repeat(32));
  });

  it('config problems: exit code 2 with the reason', async () => {
    const bad = join(testTempDir('it'), 'bad.json');
    writeFileSync(bad, JSON.stringify({ games: [{ id: 'test', kind: 'poker' }] }));
    const r = await cli(['publish-tables', '--game', 'test', '--config', bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/invalid config file .*bad\.json/);
    expect(r.stderr).toMatch(/games\[0\]\.kind/);
    const r2 = await cli(['publish-tables', '--game', 'nope', '--config', configFile]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/no game "nope"/);
    const r3 = await cli(['publish-tables', '--game', 'test', '--config', configFile], { CROUPIER_PASSWORD: '' });
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/CROUPIER_PASSWORD/);
  });

  it('a missing Ruleset page: clear error naming the page, exit code 1', async () => {
    const f = join(testTempDir('it'), 'missing.json');
    writeFileSync(
      f,
      JSON.stringify({
        wiki: { editThrottleMs: 0, maxRetries: 0 },
        games: [{ id: 'm', kind: 'cycle16', ruleset: `${P}/No Ruleset`, gamestate: `${P}/Gamestate` }],
      }),
    );
    const r = await cli(['publish-tables', '--game', 'm', '--config', f]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`croupier: page "${P}/No Ruleset" does not exist on the wiki\n`);
  });

  it('creates a configured tables subpage when it does not exist yet', async () => {
    const sub = parseConfig({
      wiki: { editThrottleMs: 0 },
      games: [{ id: 's', kind: 'cycle16', ruleset: `${P}/Ruleset`, gamestate: `${P}/Gamestate`, tablesPage: `${P}/Tables` }],
    });
    const c = await bot({ shutoff: { page: `${P}/Shutoff`, runWord: 'run' } });
    const r = await publishTables({ config: sub, client: c }, sub.games[0]!, { trigger: 'test' });
    expect(r.save).toMatchObject({ changed: true });
    expect(findRegion((await b.readPage(`${P}/Tables`)).text, TABLES_REGION)!.content).toContain('{| class="wikitable sortable"');
  });

  it('`croupier parse --title` reads the Ruleset from the wiki as `parse <file>` reads it from disk', async () => {
    const fromWiki = await cli(['parse', '--title', `${P}/Ruleset`, '--json', '--config', configFile]);
    expect(fromWiki.code).toBe(0);
    const fromDisk = await cli(['parse', 'fixtures/cycle16/ruleset.wikitext', '--json']);
    const wiki = JSON.parse(fromWiki.stdout) as { cards: unknown[]; shop: unknown[]; warnings: { location: { page?: string } }[] };
    const disk = JSON.parse(fromDisk.stdout) as typeof wiki;
    // The wiki copy is the fixture plus a trailing comment (the shutoff test above): the same game.
    expect(wiki.cards).toHaveLength(42);
    expect(wiki.cards).toEqual(disk.cards);
    expect(wiki.shop).toEqual(disk.shop);
    expect(wiki.warnings[0]!.location.page).toBe(`${P}/Ruleset`);
  });

  it('readRulesetFromWiki: text and revision of a page (for `parse --title`)', async () => {
    const r = await readRulesetFromWiki({ client: b }, game.ruleset);
    expect(r.text).toContain('<!-- touched -->');
    expect(r.revid).toBe((await b.readPage(game.ruleset)).revid);
  });
});
