// A light Gamestate page on the real local MediaWiki (issue 23 §4): what the bot computes for players (the standings
// with the race chart under them, the card tables) lives on bot-owned subpages, each transcluded by one line; the
// rendered page still shows them; a second run edits nothing; a page an older Croupier wrote inline is migrated, and
// so is a game Croupier 0.3 established with its race chart on a subpage of its own; a person's edit of a subpage is
// written over by the next run, saying so; a person's undo of a subpage edit pauses the game.
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
import { inline03, onWiki03 } from '../croupier-03.ts';
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

const TABLES = COMPUTED_BLOCKS.find((x) => x.region === 'card-tables')!;
const STANDINGS = COMPUTED_BLOCKS.find((x) => x.region === 'standings')!;
/** The bytes of the page that the computed blocks take: their regions (markers and transclusion lines), and the headings they bring. */
const blockBytes = (text: string) =>
  bytes('== Standings ==\n') +
  [STANDINGS, TABLES].reduce((n, x) => {
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
    for (const x of [STANDINGS, TABLES]) expect(findRegion(light, x.region)!.content).toBe(`\n${transclusion(g.game.gamestate, x)}\n`);
    expect(blockBytes(light)).toBeLessThanOrEqual(1000);
    expect(light).not.toContain('== Race ==');
    const standings = subpageContent((await b.readPage(`${g.game.gamestate}/Standings`)).text);
    expect(standings).toContain('data-croupier="standings"');
    const chart = standings.slice(standings.indexOf('\n== Race ==\n'));
    expect(chart).toContain('data-croupier="race-chart"');
    expect(chart).toContain('Cosima'); // a player's row
    const tables = subpageContent((await b.readPage(`${g.game.gamestate}/Card tables`)).text);
    expect(tables).toContain('{| class="wikitable sortable"');
    expect(tables).toContain('Princess of Stars');
    // Only the History rows and cells grew: the page is the fixture, its History and the ~0.5 KB of blocks.
    expect(bytes(light) - bytes(GAMESTATE)).toBeLessThan(8000);
  });

  it('the rendered page shows the standings, the race chart under them in its own section, and the card tables, from its subpages', async () => {
    const parsed = (await b.request({ action: 'parse', page: g.game.gamestate, prop: 'text|templates', formatversion: 2 })) as {
      parse: { text: string; templates: { title: string }[] };
    };
    const html = parsed.parse.text;
    expect(parsed.parse.templates.map((t) => t.title)).toEqual(expect.arrayContaining([`${g.game.gamestate}/Standings`, `${g.game.gamestate}/Card tables`]));
    expect(html.match(/data-croupier="race-chart"/g)).toHaveLength(1);
    // the Race heading, between the standings and the Players (MediaWiki 1.39 puts the id on a span, 1.43 on the h2)
    expect(html).toMatch(/data-croupier="standings"[\s\S]*id="Race"[\s\S]*data-croupier="race-chart"[\s\S]*id="Players"/);
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

  it('a dry run of the next rollover prints the diff of the Gamestate, then of the subpage of its standings and race chart, and writes nothing', async () => {
    const chart = await b.readPage(`${g.game.gamestate}/Standings`);
    const r = await runCli(['rollover', '--game', 'light', '--now', NEXT.toISOString(), '--dry-run', '--diff', 'unified', '--config', g.configFile]);
    expect(r.code, r.stderr).toBe(0);
    const [page, sub] = [r.stdout.indexOf(`--- a/${g.game.gamestate}\trevision`), r.stdout.indexOf(`--- a/${chart.title}\trevision ${chart.revid}`)];
    expect(page).toBeGreaterThan(-1);
    expect(sub).toBeGreaterThan(page);
    expect(r.stdout).toContain(`dry run: ${chart.title} would be saved (diff below)`);
    expect((await b.readPage(chart.title)).revid).toBe(chart.revid);
  });

  it("the next rollover edits the Gamestate and the subpage of its standings and race chart (one phase more), and an admin's undo of that subpage edit pauses the game: no edit of any page until resumed", async () => {
    const s = await rollover({ wiki: await client(g) }, { ...g.game, historyLimit: 200 }, { now: NEXT, trigger: 'test' });
    expect(s.save.changed).toBe(true);
    // The standings (their "since" line names the new rows) with the chart (one phase more); the card tables did not change.
    expect(s.subpages.map((p) => p.title)).toEqual([`${g.game.gamestate}/Standings`]);
    const chart = `${g.game.gamestate}/Standings`;
    await admin.request({ action: 'edit', title: chart, undo: s.subpages[0]!.revid, summary: '' }, { page: chart, edit: true });
    const undone = await b.readPage(chart);
    const gamestate = await b.readPage(g.game.gamestate);
    const r = await runCli(['rollover', '--game', 'light', '--now', '2026-11-24T12:00Z', '--config', g.configFile]);
    expect(r.code, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/light is paused since .*Admin undid the bot's revision \d+ of ".*\/Gamestate\/Standings"/);
    expect((await b.readPage(chart)).revid).toBe(undone.revid);
    expect((await b.readPage(g.game.gamestate)).revid).toBe(gamestate.revid);
  });
});

describe('a page put back to standings an older Croupier drew inline', () => {
  it('is saved by a run that draws no standings (publish-tables): the subpage takes them as the page holds them, not refused as a shrink; the next rollover draws them whole, the race chart under them', async () => {
    const g = await freshGame('put-back');
    await pass(g, BOUNDARY);
    const standings = `${g.game.gamestate}/Standings`;
    const drawn = subpageContent((await b.readPage(standings)).text);
    expect(drawn).toContain('data-croupier="race-chart"');
    // An admin pastes the seed back, standings inline and without the chart (a note added: not a revert of the bot).
    await put(admin, g.game.gamestate, `${GAMESTATE}\nPut back by hand.\n`);
    const tables = await publishTables({ config: g.config, client: await client(g) }, g.game, { trigger: 'test' });
    expect(tables.save.changed).toBe(true);
    const moved = subpageContent((await b.readPage(standings)).text);
    expect(moved).not.toContain('data-croupier="race-chart"');
    expect(bytes(moved) * 2).toBeLessThan(bytes(drawn)); // more than the shrink guard's half
    const roll = await rollover({ wiki: await client(g) }, { ...g.game, historyLimit: 200 }, { now: BOUNDARY, trigger: 'test' });
    expect(roll.subpages.map((p) => p.title)).toEqual([standings]);
    expect(subpageContent((await b.readPage(standings)).text)).toContain('data-croupier="race-chart"');
  });
});

describe('a page an older Croupier wrote with its blocks inline', () => {
  it('is migrated by the next run, even one with nothing due: the blocks go to the subpages (the race chart under the standings), the page keeps their transclusions, the shrink guard counts them as moved', async () => {
    // A light page of a first game, with its blocks put back inline as Croupier 0.2 left them on the demo's page:
    // the standings, the race chart in a section and a region of its own, the card tables.
    const first = await freshGame('source');
    await pass(first, BOUNDARY);
    const light = (await b.readPage(first.game.gamestate)).text;
    const contents = new Map<string, string>();
    let inline = light;
    for (const x of [STANDINGS, TABLES]) {
      const content = subpageContent((await b.readPage(`${first.game.gamestate}/${x.subpage}`)).text);
      contents.set(x.subpage, content);
      inline = inline.replace(transclusion(first.game.gamestate, x), content);
    }
    inline = inline03(inline, first.game.gamestate);
    const g = await freshGame('migrate');
    const swap = (t: string) => t.replaceAll(first.prefix, g.prefix);
    await put(admin, g.game.gamestate, swap(inline));
    const before = (await b.readPage(g.game.gamestate)).text;
    expect(findRegion(before, 'race-chart')).toBeDefined();
    const c = await client(g);
    const s = await rollover({ wiki: c }, { ...g.game, historyLimit: 200 }, { now: BOUNDARY, trigger: 'test' });
    expect(s.changes).toBe(0); // nothing due: only the migration
    expect(s.save.summary).toMatch(
      /the standings and the card tables moved to \[\[.*\/Gamestate\/Standings\]\], \[\[.*\/Gamestate\/Card tables\]\], transcluded; the race chart moved under the standings, to \[\[.*\/Gamestate\/Standings\]\] \(\[\[.*\/Gamestate\/Race chart\]\] is no longer used\) \(base rev \d+\)$/,
    );
    expect(c.stats.edits).toBe(3); // the two subpages, then the Gamestate
    // The page and its subpages are those of the game drawn now: every byte outside the regions stayed.
    const after = (await b.readPage(g.game.gamestate)).text;
    expect(after).toBe(swap(light));
    for (const x of [STANDINGS, TABLES])
      expect(subpageContent((await b.readPage(`${g.game.gamestate}/${x.subpage}`)).text)).toBe(swap(contents.get(x.subpage)!));
    // More than half of the page left it (the guard would refuse that shrink).
    expect(bytes(after) * 2).toBeLessThan(bytes(before));
    // And then nothing more.
    const c2 = await client(g);
    await pass(g, BOUNDARY, c2);
    expect(c2.stats.edits).toBe(0);
  });
});

describe('a game Croupier 0.3 established, its race chart on a subpage and in a section of its own', () => {
  it("is drawn as now by the next run, even one with nothing due: one edit of the standings' subpage (the chart under them), one of the Gamestate (the old section gone); the rendered page shows the chart once; the old subpage is left as it was; then nothing more", async () => {
    const g = await freshGame('from-03');
    await pass(g, BOUNDARY);
    const now = new Map(await Promise.all([g.game.gamestate, `${g.game.gamestate}/Standings`].map(async (t) => [t, (await b.readPage(t)).text] as const)));
    // What 0.3 left, saved by the bot as 0.3 did.
    const was = onWiki03(now.get(g.game.gamestate)!, now.get(`${g.game.gamestate}/Standings`)!, g.game.gamestate);
    for (const [t, text] of was) await put(b, t, text);
    const oldChart = await b.readPage(`${g.game.gamestate}/Race chart`);
    const c = await client(g);
    const s = await rollover({ wiki: c }, { ...g.game, historyLimit: 200 }, { now: BOUNDARY, trigger: 'test' });
    expect(s.changes).toBe(0);
    expect(s.subpages.map((p) => p.title)).toEqual([`${g.game.gamestate}/Standings`]);
    expect(c.stats.edits).toBe(2);
    expect(s.save.summary).toMatch(
      /; the race chart moved under the standings, to \[\[.*\/Gamestate\/Standings\]\] \(\[\[.*\/Gamestate\/Race chart\]\] is no longer used\) \(base rev \d+\)$/,
    );
    for (const [t, text] of now) expect((await b.readPage(t)).text, t).toBe(text);
    expect((await b.readPage(oldChart.title)).revid).toBe(oldChart.revid);
    const parsed = (await b.request({ action: 'parse', page: g.game.gamestate, prop: 'text|templates', formatversion: 2 })) as {
      parse: { text: string; templates: { title: string }[] };
    };
    expect(parsed.parse.text.match(/data-croupier="race-chart"/g)).toHaveLength(1);
    expect(parsed.parse.templates.map((t) => t.title)).not.toContain(oldChart.title);
    const c2 = await client(g);
    await pass(g, BOUNDARY, c2);
    expect(c2.stats.edits).toBe(0);
  });
});
