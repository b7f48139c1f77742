// A light Gamestate page on the real local MediaWiki (issue 23 §4): what the bot computes for players (the race
// chart, the card tables) lives on bot-owned subpages, each transcluded by one line; the rendered page still shows
// them; a second run edits nothing; a page an older Croupier wrote inline is migrated; a person's edit of a subpage
// is written over by the next run, saying so; a person's undo of a subpage edit pauses the game.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config, type GameConfig } from '../../src/config.ts';
import { COMPUTED_BLOCKS, subpageContent, transclusion } from '../../src/games/computed-blocks.ts';
import { publishTables } from '../../src/jobs/publish-tables.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { findRegion } from '../../src/parse/regions.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { bot, human, put, root, runCli, uniquePrefix } from './helpers.ts';

const RULESET = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8');
const GAMESTATE = readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8');
// The fixture's page is at phase 4 (Rest Phase) until 2026-11-19 00:00, then 5 (Battle Phase) until the 23rd.
const BOUNDARY = new Date('2026-11-19T00:00Z');
const NEXT = new Date('2026-11-23T00:00Z');
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

let b: WikiClient;
let admin: WikiClient;
let player: WikiClient;
let dir: string;

beforeAll(async () => {
  [b, admin, player] = await Promise.all([bot(), human('ADMIN'), human()]);
  dir = mkdtempSync(join(tmpdir(), 'croupier-light-'));
});
afterAll(() => removeDir(dir));

interface Game {
  config: Config;
  game: GameConfig;
  configFile: string;
  prefix: string;
}

async function freshGame(what: string): Promise<Game> {
  const prefix = uniquePrefix(`light-${what}`);
  await put(admin, `${prefix}/Shutoff`, 'run');
  await put(admin, `${prefix}/Ruleset`, RULESET);
  await put(admin, `${prefix}/Gamestate`, GAMESTATE);
  const input = {
    wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${prefix}/Shutoff`, runWord: 'run' } },
    store: { path: join(dir, `${what}.json`) },
    games: [{ id: 'light', kind: 'cycle16', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate` }],
  };
  const configFile = join(dir, `${what}.config.json`);
  writeFileSync(configFile, JSON.stringify(input));
  const config = parseConfig(input);
  return { config, game: config.games[0]!, configFile, prefix };
}

const client = (g: Game) => bot({ shutoff: g.config.wiki.shutoff });
/** What a daemon's pass does: the card tables, then everything due up to `now`. */
async function pass(g: Game, now: Date, c?: WikiClient) {
  const wiki = c ?? (await client(g));
  const tables = await publishTables({ config: g.config, client: wiki }, g.game, { trigger: 'test' });
  const roll = await rollover({ wiki }, { ...g.game, historyLimit: 200 }, { now, trigger: 'test' });
  return { tables, roll };
}

const RACE = COMPUTED_BLOCKS.find((x) => x.region === 'race-chart')!;
const TABLES = COMPUTED_BLOCKS.find((x) => x.region === 'card-tables')!;
const STANDINGS = COMPUTED_BLOCKS.find((x) => x.region === 'standings')!;
/** The bytes of the page that the computed blocks take: their regions (markers and transclusion lines), and the headings they bring. */
const blockBytes = (text: string) =>
  bytes('== Standings ==\n== Race ==\n') +
  [STANDINGS, RACE, TABLES].reduce((n, x) => {
    const r = findRegion(text, x.region)!;
    return n + bytes(text.slice(r.start, r.end));
  }, 0);

describe('a light Gamestate page', () => {
  let g: Game;
  let light: string;

  beforeAll(async () => {
    g = await freshGame('rollover');
    await pass(g, BOUNDARY);
    light = (await b.readPage(g.game.gamestate)).text;
  });

  it('after publish-tables and a rollover the page holds one transclusion line per computed block (at most 1 KB in all), and the subpages hold them', async () => {
    for (const x of [STANDINGS, RACE, TABLES]) expect(findRegion(light, x.region)!.content).toBe(`\n${transclusion(g.game.gamestate, x)}\n`);
    expect(blockBytes(light)).toBeLessThanOrEqual(1000);
    expect(subpageContent((await b.readPage(`${g.game.gamestate}/Standings`)).text)).toContain('data-croupier="standings"');
    const chart = subpageContent((await b.readPage(`${g.game.gamestate}/Race chart`)).text);
    expect(chart).toContain('data-croupier="race-chart"');
    expect(chart).toContain('Cosima'); // a player's row
    const tables = subpageContent((await b.readPage(`${g.game.gamestate}/Card tables`)).text);
    expect(tables).toContain('{| class="wikitable sortable"');
    expect(tables).toContain('Princess of Stars');
    // Only the History rows and cells grew: the page is the fixture, its History and the ~0.5 KB of blocks.
    expect(bytes(light) - bytes(GAMESTATE)).toBeLessThan(8000);
  });

  it('the rendered page shows the race chart and the card tables, from its subpages', async () => {
    const parsed = (await b.request({ action: 'parse', page: g.game.gamestate, prop: 'text|templates', formatversion: 2 })) as {
      parse: { text: string; templates: { title: string }[] };
    };
    const html = parsed.parse.text;
    expect(parsed.parse.templates.map((t) => t.title)).toEqual(expect.arrayContaining([`${g.game.gamestate}/Race chart`, `${g.game.gamestate}/Card tables`]));
    expect(html).toContain('data-croupier="race-chart"');
    expect((html.match(/<table/g) ?? []).length).toBeGreaterThanOrEqual(6 + 2 + 4); // the page's six, the chart's two, the four card tables
    expect(html).toMatch(/>\s*Princess of Stars\s*</);
    // The subpages' notes are theirs alone, and no wikitext shows as text.
    expect(html).not.toContain('This page is written by Croupier');
    expect(html).not.toMatch(/\{\{:|croupier:begin/);
  });

  it('a second pass makes no edit', async () => {
    const c = await client(g);
    const again = await pass(g, BOUNDARY, c);
    expect(again.roll.save.changed).toBe(false);
    expect(again.roll.subpages).toEqual([]);
    expect(again.tables.subpages).toEqual([]);
    expect(c.stats.edits).toBe(0);
  });

  it("a person's edit of a subpage is written over by the next run that computes it, its summary naming their revision", async () => {
    const title = `${g.game.gamestate}/Card tables`;
    const before = await b.readPage(title);
    const theirs = await put(player, title, `${before.text}\nMy own note.`, 'a note');
    const r = await publishTables({ config: g.config, client: await client(g) }, g.game, { trigger: 'test' });
    expect(r.save.changed).toBe(false); // the Gamestate keeps its transclusion line
    expect(r.subpages.map((s) => s.title)).toEqual([title]);
    const after = await b.readPage(title);
    expect(after.text).toBe(before.text);
    expect(after.comment).toMatch(new RegExp(`replaces revision ${theirs} by Player: this page is computed`));
  });

  it("a dry run of the next rollover prints the diff of the Gamestate, then of the race chart's subpage, and writes nothing", async () => {
    const chart = await b.readPage(`${g.game.gamestate}/Race chart`);
    const r = await runCli(['rollover', '--game', 'light', '--now', NEXT.toISOString(), '--dry-run', '--diff', 'unified', '--config', g.configFile]);
    expect(r.code, r.stderr).toBe(0);
    const [page, sub] = [r.stdout.indexOf(`--- a/${g.game.gamestate}\trevision`), r.stdout.indexOf(`--- a/${chart.title}\trevision ${chart.revid}`)];
    expect(page).toBeGreaterThan(-1);
    expect(sub).toBeGreaterThan(page);
    expect(r.stdout).toContain(`dry run: ${chart.title} would be saved (diff below)`);
    expect((await b.readPage(chart.title)).revid).toBe(chart.revid);
  });

  it("the next rollover edits the Gamestate, the standings and the race chart subpage (one phase more), and an admin's undo of that subpage edit pauses the game: no edit of any page until resumed", async () => {
    const s = await rollover({ wiki: await client(g) }, { ...g.game, historyLimit: 200 }, { now: NEXT, trigger: 'test' });
    expect(s.save.changed).toBe(true);
    // The standings (their "since" line names the new rows) and the chart; the card tables did not change.
    expect(s.subpages.map((p) => p.title)).toEqual([`${g.game.gamestate}/Standings`, `${g.game.gamestate}/Race chart`]);
    const chart = `${g.game.gamestate}/Race chart`;
    await admin.request({ action: 'edit', title: chart, undo: s.subpages[1]!.revid, summary: '' }, { page: chart, edit: true });
    const undone = await b.readPage(chart);
    const gamestate = await b.readPage(g.game.gamestate);
    const r = await runCli(['rollover', '--game', 'light', '--now', '2026-11-24T12:00Z', '--config', g.configFile]);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/light is paused since .*Admin undid the bot's revision \d+ of ".*\/Gamestate\/Race chart"/);
    expect((await b.readPage(chart)).revid).toBe(undone.revid);
    expect((await b.readPage(g.game.gamestate)).revid).toBe(gamestate.revid);
  });
});

describe('a page an older Croupier wrote with its blocks inline', () => {
  it('is migrated by the next run, even one with nothing due: the blocks go to the subpages, the page keeps their transclusions, the shrink guard counts them as moved', async () => {
    // A light page of a first game, with its blocks put back inline: what Croupier 0.2 left on the demo's page.
    const first = await freshGame('source');
    await pass(first, BOUNDARY);
    let inline = (await b.readPage(first.game.gamestate)).text;
    const contents = new Map<string, string>();
    for (const x of [STANDINGS, RACE, TABLES]) {
      const content = subpageContent((await b.readPage(`${first.game.gamestate}/${x.subpage}`)).text);
      contents.set(x.subpage, content);
      inline = inline.replace(transclusion(first.game.gamestate, x), content);
    }
    const g = await freshGame('migrate');
    await put(admin, g.game.gamestate, inline.replaceAll(first.prefix, g.prefix));
    const before = (await b.readPage(g.game.gamestate)).text;
    const c = await client(g);
    const s = await rollover({ wiki: c }, { ...g.game, historyLimit: 200 }, { now: BOUNDARY, trigger: 'test' });
    expect(s.changes).toBe(0); // nothing due: only the migration
    expect(s.save.summary).toMatch(
      /the standings, the race chart and the card tables moved to \[\[.*\/Gamestate\/Standings\]\], \[\[.*\/Gamestate\/Race chart\]\], \[\[.*\/Gamestate\/Card tables\]\], transcluded/,
    );
    expect(c.stats.edits).toBe(4); // the Gamestate, then the three subpages
    const after = (await b.readPage(g.game.gamestate)).text;
    for (const x of [STANDINGS, RACE, TABLES]) {
      expect(findRegion(after, x.region)!.content).toBe(`\n${transclusion(g.game.gamestate, x)}\n`);
      expect(subpageContent((await b.readPage(`${g.game.gamestate}/${x.subpage}`)).text)).toBe(contents.get(x.subpage)!.replaceAll(first.prefix, g.prefix));
    }
    // More than half of the page left it (the guard would refuse that shrink), every byte outside the regions stayed.
    expect(bytes(after) * 2).toBeLessThan(bytes(before));
    const moved = (subpage: string) => contents.get(subpage)!.replaceAll(first.prefix, g.prefix);
    expect(after).toBe(
      before
        .replace(moved('Standings'), transclusion(g.game.gamestate, STANDINGS))
        .replace(moved('Race chart'), transclusion(g.game.gamestate, RACE))
        .replace(moved('Card tables'), transclusion(g.game.gamestate, TABLES)),
    );
    // And then nothing more.
    const c2 = await client(g);
    await pass(g, BOUNDARY, c2);
    expect(c2.stats.edits).toBe(0);
  });
});
