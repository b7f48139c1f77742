// Issue 15 §1: every page Croupier writes, as a reader sees it — rendered by the local MediaWiki and
// opened in headless Chromium (Debian's package, see browser.ts). From the DOM: each table the bot wrote
// is a real <table> with the rows and columns the data gives, names full of markup show as written in
// the right cells, no wikitext shows as text, no MediaWiki error box. Screenshots: artifacts/screenshots/.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { FileStore } from '../../src/cron/store.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { removeDir } from '../temp-dir.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { historyTable } from '../../src/games/cycle16/gamestate/tables.ts';
import { findStateTable } from '../../src/games/shared/read-tables.ts';
import { publishTables } from '../../src/jobs/publish-tables.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { readDocument, type Table } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import {
  cellUnder,
  DESKTOP,
  junkWords,
  launchChromium,
  leakedMarkup,
  measureChart,
  measureLayout,
  PHONE,
  tableWithHeaders,
  viewPage,
  type Chromium,
  type SeenChart,
  type SeenPage,
  type SeenTable,
} from './browser.ts';
import { DEMO_GAMESTATES } from './page-report.ts';
import { STANDINGS_REGION } from '../../src/games/shared/standings.ts';
import { findTable } from '../../src/parse/document.ts';
import type { Gamestate, Player } from '../../src/games/cycle16/gamestate/schema.ts';
import { RACE_CHART } from '../../src/games/cycle16/gamestate/race-chart.ts';
import { subpageContent } from '../../src/games/computed-blocks.ts';
import { findRegion } from '../../src/parse/regions.ts';
import { bot, devEnv, human, put, root, uniquePrefix } from './helpers.ts';
import { DEMO_PAGE, DEMO_WIKI_DIR, wikiEnv } from './wiki-dirs.ts';

/** A player whose name is markup everywhere it could be: a pipe, a template end, a link, a tag. */
const PLAYER = 'A|b}}[[c]]<d>';
/** A card species with a cell separator, a template end, a link, a tag, an ampersand, a signature, a magic word and an emoji. */
const SPECIES = 'Princess|of||Stars}}[[x]]<y>&z ~~~~ __NOTOC__ 🃏';
/** How an editor writes them: inside <nowiki> (Croupier reads them as shown). */
const written = (s: string) => `<nowiki>${s}</nowiki>`;
/** The phases' names, which the status page and the request answers quote. */
const REST = 'R|{{x}}[[y]]<p>&q __NOTOC__ Rest Phase';
const BATTLE = 'B||{{x}}[[y]]<p>&q ~~~~ 🂡 Battle Phase';
const LITERALS = [PLAYER, SPECIES, REST, BATTLE];

const RULESET = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')
  .replace('|Princess of Stars\n', `|${written(SPECIES)}\n`)
  .replace('* Rest Phase:', `* ${written(REST.replace(' Rest Phase', ''))} Rest Phase:`)
  .replace('* Battle Phase:', `* ${written(BATTLE.replace(' Battle Phase', ''))} Battle Phase:`);
const GAMESTATE = readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8')
  .replaceAll('Kestrel', written(PLAYER))
  .replaceAll('Princess of Stars', written(SPECIES));
const ruleset = readCycle16Ruleset(readDocument(RULESET));
const BOUNDARY = { now: new Date('2026-11-19T00:00Z'), trigger: 'browser test' };

let b: WikiClient;
let chromium: Chromium;
const P = uniquePrefix('rendered');
const game = { id: 'cycle16', kind: 'cycle16', ruleset: `${P}/Ruleset`, gamestate: `${P}/Gamestate`, historyLimit: 200 };

const url = (title: string) => `${devEnv().CROUPIER_API_URL!.replace(/api\.php$/, 'index.php')}?title=${encodeURIComponent(title.replaceAll(' ', '_'))}`;
const view = (title: string, name: string) => viewPage(chromium.browser, url(title), name);

beforeAll(async () => {
  b = await bot();
  chromium = await launchChromium();
  await put(b, `${P}/Shutoff`, 'run');
  await put(b, game.ruleset, RULESET);
  await put(b, game.gamestate, GAMESTATE);
}, 900_000); // a fresh machine installs Chromium first

let dir: string | undefined;
afterAll(async () => {
  await chromium?.close();
  if (dir) removeDir(dir);
});

/** A table as the page's wikitext writes it, read by the project's reader: its labels and each cell's text. */
function written_(table: Table): string[][] {
  return [table.labels.map((l) => l.replace(/\s+/g, ' ').trim()), ...table.rows.map((r) => r.list.map((c) => c.text.replace(/\s+/g, ' ').trim()))];
}

/**
 * The rendered table of `table` (found by its header row): a real table whose every row has as many
 * cells as the header, and whose cells show the text the wikitext holds, cell by cell.
 */
function expectRendered(seen: SeenPage, table: Table, rows: number, what: string): SeenTable {
  const shown = tableWithHeaders(seen.tables, table.labels);
  expect(shown, `${what}: a <table> with the header ${table.labels.join(' | ')}`).toBeDefined();
  expect(shown!.rows, `${what}: rows (header included)`).toHaveLength(rows + 1);
  for (const [i, row] of shown!.rows.entries()) expect(row.length, `${what}: cells of row ${i}`).toBe(table.labels.length);
  expect(
    shown!.rows.map((r) => r.map((c) => c.text)),
    `${what}: every cell as written`,
  ).toEqual(written_(table));
  return shown!;
}

function expectClean(seen: SeenPage): void {
  expect(seen.status).toBe(200);
  expect(seen.errors, 'MediaWiki error boxes').toEqual([]);
  expect(leakedMarkup(seen.text, LITERALS), 'wikitext shown as text').toEqual([]);
}

/**
 * The race chart as a reader sees it: within the window, a real table per count (Chips, Vertebrae) with a
 * row per player of `state` (three cells: player, bars, now), the count now as the Players table holds it,
 * every player's bar now visible and as high as their count on one scale, the dashed line at the threshold.
 */
function expectChart(seen: SeenPage & { measured: SeenChart | null }, state: Gamestate, where: string): void {
  const goal = ruleset.victory?.threshold ?? 10;
  const chart = seen.measured!;
  expect(chart, 'the chart').not.toBeNull();
  // It fits the window, and nothing in it is wider than itself.
  expect(chart.left).toBeGreaterThanOrEqual(0);
  expect(chart.right).toBeLessThanOrEqual(chart.windowWidth);
  expect(chart.overflow, 'content wider than the chart (1 px: rounding of the table border)').toBeLessThanOrEqual(1);
  expect(chart.series.map((s) => s.title)).toEqual(['Chips', 'Vertebrae']);
  // Real tables: a header and a row per player, three cells each (player, bars, now).
  const tables = seen.tables.filter((t) => t.region === RACE_CHART);
  expect(tables.map((t) => t.rows.length)).toEqual([state.players.length + 1, state.players.length + 1]);
  expect(tables.every((t) => t.rows.every((r) => r.length === 3))).toBe(true);
  for (const [series, count] of [
    [chart.series[0]!, (p: Player) => p.chips],
    [chart.series[1]!, (p: Player) => p.vertebrae],
  ] as const) {
    // A row per player of the Players table, in its order, with the count the Players table holds now.
    expect(series.rows.map((r) => r.name)).toEqual(state.players.map((p) => p.name));
    expect(series.rows.map((r) => r.now)).toEqual(state.players.map((p) => String(count(p))));
    // The last bar (now) of every player is as high as their count on one scale (1 px of rounding).
    const pxPerUnit =
      Math.max(...series.rows.map((r) => r.height)) /
      Math.max(
        series.title === 'Chips' ? goal : 1,
        ...series.rows.map((r) => Number(r.now)),
        ...series.rows.flatMap((r) => r.bars.map((x) => Number(/: (\d+)$/.exec(x.title)?.[1] ?? 0))),
      );
    for (const [i, row] of series.rows.entries()) {
      const now = count(state.players[i]!);
      const last = row.bars.at(-1)!;
      expect(last.width, `${series.title} of ${row.name}: its bar now is visible (${where})`).toBeGreaterThan(0);
      expect(Math.abs(last.height - now * pxPerUnit), `${series.title} of ${row.name}: bar height ${last.height} px for ${now} (${where})`).toBeLessThanOrEqual(
        1.5,
      );
      if (now > 0) expect(last.height).toBeGreaterThan(0);
      if (series.title === 'Chips') expect(Math.abs(row.goal! - goal * pxPerUnit), `the dashed line at ${goal} Chips`).toBeLessThanOrEqual(1.5);
    }
  }
}

describe('the pages Croupier writes, rendered by MediaWiki and read in Chromium', () => {
  it(`the Gamestate page after a real rollover shows each of its tables whole, with ${PLAYER} and ${SPECIES} in their cells`, async () => {
    const before = readGamestate(GAMESTATE, game.gamestate, ruleset);
    const beforeRows = findStateTable(readDocument(GAMESTATE), historyTable)!.rows;
    const beforeHistory = beforeRows.length;
    const summary = await rollover({ wiki: b }, game, BOUNDARY);
    expect(summary.save.changed).toBe(true);

    const text = (await b.readPage(game.gamestate)).text;
    const doc = readDocument(text);
    const seen = await view(game.gamestate, 'gamestate-desktop');
    expectClean(seen);

    // Rows from the data: the players and battles the page had, its cards less those this run's History rows
    // say were destroyed, its History plus this run's rows.
    const table = (identify: readonly string[]) => findStateTable(doc, { identify })!;
    // This run's rows: those the page did not have (each in its place in time, docs/gamestate-format.md "History").
    const rowText = (r: Table['rows'][number]) => r.list.map((c) => c.text).join('\u0000');
    const old = new Set(beforeRows.map(rowText));
    const runRows = findStateTable(doc, historyTable)!
      .rows.filter((r) => !old.has(rowText(r)))
      .map((r) => r.cells.change?.text ?? '');
    expect(runRows).toHaveLength(summary.changes);
    const destroyed = runRows.filter((c) => /^card #\d+ .* destroyed\b/.test(c)).length;
    const players = expectRendered(seen, table(['Player', 'Joined']), before.players.length, 'Players');
    const cards = expectRendered(seen, table(['Owner', 'Card']), before.cards.length - destroyed, 'Cards');
    const battles = expectRendered(seen, table(['Participants', 'Winner']), before.battles.length, 'Battles');
    expectRendered(seen, table(['Giver', 'Receiver']), before.gifts.length, 'Gifts');
    expectRendered(seen, table(['Cycle start', 'Phase number']), 1, 'Phase');
    const history = expectRendered(seen, table(historyTable.identify), beforeHistory + summary.changes, 'History');

    // The names, literally, in the cells that hold them.
    const kestrel = before.players.find((p) => p.name === PLAYER)!;
    expect(players.rows.slice(1).map((r) => cellUnder(players, r, 'Player'))).toContain(PLAYER);
    const owned = before.cards.filter((c) => c.owner === PLAYER);
    expect(cards.rows.slice(1).filter((r) => cellUnder(cards, r, 'Owner') === PLAYER)).toHaveLength(owned.length);
    const princess = before.cards.filter((c) => c.species === SPECIES);
    expect(princess.length).toBeGreaterThan(0);
    expect(cards.rows.slice(1).filter((r) => cellUnder(cards, r, 'Card') === SPECIES)).toHaveLength(princess.length);
    const hand = before.battles.flatMap((x) => x.participants).find((h) => h.player === PLAYER)!;
    expect(battles.rows.slice(1).map((r) => cellUnder(battles, r, 'Participants (hand)'))).toContainEqual(expect.stringContaining(`${PLAYER} (${hand.cards})`));
    // This run's History rows about the player name them as written (the reputability grant: “grant them 20 + 5⌈X/2⌉ Vertebrae”).
    expect(kestrel.grant).toBeNull();
    const rows = history.rows.slice(1).filter((r) => cellUnder(history, r, 'Player') === PLAYER);
    expect(rows.map((r) => cellUnder(history, r, 'Event'))).toContain('Reputability');
  });

  it(`the race chart on that page shows a table of bars per count (Chips, Vertebrae), a row per player, bars in proportion to the counts, within a desktop and a ${PHONE.width} px wide screen`, async () => {
    const text = (await b.readPage(game.gamestate)).text;
    const state = readGamestate(text, game.gamestate, ruleset);
    // The chart alone on a page of its own (from its section under the standings): nothing else on it may widen the page.
    const alone = `${P}/Race chart`;
    const underStandings = subpageContent((await b.readPage(`${game.gamestate}/Standings`)).text);
    await put(b, alone, underStandings.slice(underStandings.indexOf(`<div data-croupier="${RACE_CHART}"`)));
    // The skin's own width at that size (Vector's tabs and search box may not fit a phone): a page of one word.
    const word = `${P}/One word`;
    await put(b, word, 'Word.');
    for (const [viewport, where] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const seen = await viewPage(chromium.browser, url(game.gamestate), `gamestate-${where}`, viewport, (page) => measureChart(page, RACE_CHART));
      expectClean(seen);
      expectChart(seen, state, where);
      const page = await viewPage(chromium.browser, url(alone), `race-chart-${where}`, viewport, (p) => measureChart(p, RACE_CHART));
      expectClean(page);
      const skin = await viewPage(chromium.browser, url(word), `one-word-${where}`, viewport);
      expect(page.overflow, `the page holding only the chart is no wider than a page of one word (${where})`).toBeLessThanOrEqual(Math.max(0, skin.overflow));
    }
  });

  it(`the demo's Gamestate page (npm run demo) shows the race chart at desktop and ${PHONE.width} px widths (only read: the demo's wiki gets no edit)`, async () => {
    const api = wikiEnv(DEMO_WIKI_DIR)?.CROUPIER_API_URL;
    expect(api, `the demo's wiki in ${DEMO_WIKI_DIR} (the integration setup runs the demo on a fresh clone)`).toBeDefined();
    const demoUrl = `${api!.replace(/api\.php$/, 'index.php')}?title=${encodeURIComponent(DEMO_PAGE.replaceAll(' ', '_'))}`;
    const text = await (await fetch(`${demoUrl}&action=raw`)).text();
    const standings = await (
      await fetch(`${api!.replace(/api\.php$/, 'index.php')}?title=${encodeURIComponent(`${DEMO_PAGE}/Standings`.replaceAll(' ', '_'))}&action=raw`)
    ).text();
    expect(
      findRegion(text, STANDINGS_REGION) && standings.includes(`data-croupier="${RACE_CHART}"`),
      `the demo's page has a race chart under its standings (a demo run by an older Croupier has none: run \`npm run demo\` again)`,
    ).toBe(true);
    const demoRuleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));
    const state = readGamestate(text, DEMO_PAGE, demoRuleset);
    for (const [viewport, where] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const seen = await viewPage(chromium.browser, demoUrl, `demo-gamestate-${where}`, viewport, (page) => measureChart(page, RACE_CHART));
      expectClean(seen);
      expectChart(seen, state, where);
    }
  });

  it(`the demo's five Gamestate pages after their real rollovers (npm run demo), the four games' and a generic one's: standings ranked by each game's victory measure as the page's own tables give it, no null/undefined/NaN, no red link, History in time order, every table within the content at 1280 px, and at ${PHONE.width} px every ranked row shown and every table within the content or scrolling in a box of its own`, async () => {
    const api = wikiEnv(DEMO_WIKI_DIR)?.CROUPIER_API_URL;
    expect(api, `the demo's wiki in ${DEMO_WIKI_DIR}`).toBeDefined();
    const index = api!.replace(/api\.php$/, 'index.php');
    const cell = (r: Table['rows'][number], key: string) => r.cells[key]?.text.trim() ?? '';
    /** Each game's measure, per player, from its page's tables as written (the victory rules' counts). */
    const measures: Record<keyof typeof DEMO_GAMESTATES, (doc: ReturnType<typeof readDocument>) => Map<string, number[]>> = {
      // “If a player possesses at least 10 Chips in their inventory…”: bets in a battle not yet rewarded are out of it.
      cycle16: (doc) => {
        const bets = new Map<string, number>();
        for (const r of findTable(doc, { headers: ['Participants (hand)', 'Bets'] })!.rows) {
          if (/^(rewarded|cancelled)$/.test(cell(r, 'status'))) continue;
          for (const m of cell(r, 'bets').matchAll(/([^;]+?) (\d+) Chips?/g)) bets.set(m[1]!.trim(), (bets.get(m[1]!.trim()) ?? 0) + Number(m[2]));
        }
        const players = findTable(doc, { headers: ['Player', 'Chips', 'Vertebrae'] })!.rows;
        return new Map(players.map((r) => [cell(r, 'player'), [Number(cell(r, 'chips')) - (bets.get(cell(r, 'player')) ?? 0)]]));
      },
      // “If a player has 10 Gold Stars …”; wealth orders those with as many.
      round10: (doc) =>
        new Map(
          findTable(doc, { headers: ['Player', 'Gold Stars', 'Wealth'] })!.rows.map((r) => [
            cell(r, 'player'),
            [Number(cell(r, 'gold stars')), Number(cell(r, 'wealth'))],
          ]),
        ),
      // Crystals of the players still playing.
      cycle15: (doc) =>
        new Map(
          findTable(doc, { headers: ['Player', 'Crystals', 'Left (UTC)'] })!
            .rows.filter((r) => /^-?$/.test(cell(r, 'left')))
            .map((r) => [cell(r, 'player'), [Number(cell(r, 'crystals'))]]),
        ),
      // No count wins: influence, then credits, of the players still in the game.
      nomicoup: (doc) =>
        new Map(
          findTable(doc, { headers: ['Seat', 'Player', 'Influence'] })!
            .rows.filter((r) => cell(r, 'status') === 'active')
            .map((r) => [cell(r, 'player'), [Number(cell(r, 'influence')), Number(cell(r, 'credits'))]]),
        ),
      // Cycle 17 (kind generic): the Ore its admin's victory declaration names, of every miner.
      cycle17: (doc) => new Map(findTable(doc, { headers: ['Miner', 'Ore'] })!.rows.map((r) => [cell(r, 'miner'), [Number(cell(r, 'ore'))]])),
    };
    for (const [game, title] of Object.entries(DEMO_GAMESTATES) as [keyof typeof DEMO_GAMESTATES, string][]) {
      const pageUrl = `${index}?title=${encodeURIComponent(title.replaceAll(' ', '_'))}`;
      const doc = readDocument(await (await fetch(`${pageUrl}&action=raw`)).text());
      const want = measures[game](doc);
      for (const [viewport, where] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const seen = await viewPage(chromium.browser, pageUrl, `after-${game}-${where}`, viewport, measureLayout);
        expect(seen.errors, `${title}: MediaWiki error boxes`).toEqual([]);
        expect(junkWords(seen.text), `${title}: words of a missing value`).toEqual([]);
        // People's signatures link to their user pages, which the local wiki lacks (Cycle 17's Notes are signed by Ada): not the bot's links.
        const redLinks = seen.measured.redLinks.filter((l) => !/^User( talk)?:/.test(l));
        expect(redLinks, `${title}: links to pages that do not exist`).toEqual([]);
        // The standings: every ranked player once, in the order of the measure (highest first), the numbers as the page's tables give them.
        const table = seen.tables.find((t) => t.region === STANDINGS_REGION)!;
        expect(table, `${title}: the standings table`).toBeDefined();
        const rows = table.rows.slice(1).map((r) => ({ name: r[1]!.text, values: want.get(r[1]!.text) }));
        expect(rows.map((r) => r.name).sort(), `${title}: the players ranked`).toEqual([...want.keys()].sort());
        for (const [i, r] of rows.entries()) {
          expect(
            table.rows[i + 1]!.slice(2, 2 + r.values!.length).map((c) => Number(c.text)),
            `${title}: ${r.name}'s numbers`,
          ).toEqual(r.values);
          if (i === 0) continue;
          const [a, b] = [rows[i - 1]!.values!, r.values!];
          const cmp = a.map((v, k) => v - b[k]!).find((d) => d !== 0) ?? 0;
          expect(cmp, `${title}: ${rows[i - 1]!.name} ranked above ${r.name}`).toBeGreaterThanOrEqual(0);
        }
        // Every table of the page — people's, the bot's blocks, the History (whose commitments and hashes are 64
        // characters without a space) — at 1280 px fits the content box: its right edge and its content's (rounding:
        // 1 px). At a phone's width, where the skin leaves under 200 px for the content, a table that does not fit
        // scrolls inside a box of its own that does, so nothing in the article widens it (the skin's own title may:
        // "Nomicoup/Gamestate" is one word). docs/gamestate-format.md, "Pages that fit".
        const tables = seen.measured.tables;
        expect(
          tables.filter((t) => / Event Player Change Reason$/.test(t.header)),
          `${title}: the History table`,
        ).toHaveLength(1);
        for (const t of tables) {
          if (where === 'desktop') {
            expect(t.overflow, `${title} (${where}): ${t.header}`).toBeLessThanOrEqual(1);
          } else if (t.overflow > 1) {
            expect(t.box, `${title} (${where}): ${t.header} runs ${t.overflow} px past the content and has no box to scroll in`).not.toBeNull();
            expect(t.box!.overflow, `${title} (${where}): the box of ${t.header}`).toBeLessThanOrEqual(1);
          }
        }
        expect(seen.measured.contentOverflow, `${title} (${where}): the article is wider than its content box (px)`).toBeLessThanOrEqual(1);
      }
      // The History, oldest first by its Time column (docs/gamestate-format.md, "History").
      const times = findTable(doc, { headers: ['Event', 'Reason'] })!.rows.map((r) => r.list[0]!.text.trim());
      expect(times, `${title}: History in time order`).toEqual([...times].sort());
    }
  });

  it(`the computed card tables (publish-tables) show one row per species, pack and shop offer, ${SPECIES} among the species`, async () => {
    const config = parseConfig({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${P}/Shutoff`, runWord: 'run' } },
      games: [{ id: 'c16', kind: 'cycle16', ruleset: game.ruleset, gamestate: game.gamestate, tablesPage: `${P}/Card tables` }],
    });
    const result = await publishTables({ config, client: b }, config.games[0]!, { trigger: 'browser test' });
    expect(result.save.changed).toBe(true);
    const doc = readDocument((await b.readPage(`${P}/Card tables`)).text);
    const seen = await view(`${P}/Card tables`, 'card-tables-desktop');
    expectClean(seen);

    const byFirstLabel = (label: string) => doc.tables.find((t) => t.labels[0]?.trim() === label)!;
    const species = expectRendered(seen, byFirstLabel('Species'), ruleset.cards.length, 'Card species');
    expect(species.rows.slice(1).map((r) => r[0]!.text)).toEqual(ruleset.cards.map((c) => c.name));
    expect(species.rows.slice(1).map((r) => r[0]!.text)).toContain(SPECIES);
    expectRendered(seen, byFirstLabel('Pack'), ruleset.packs.length, 'Card packs');
    const offers = ruleset.scenarios.reduce((n, s) => n + s.offers.length, 0);
    expectRendered(seen, byFirstLabel('Item'), ruleset.shop.length + offers, 'Shop');
    const exploration = byFirstLabel('Scenario');
    expectRendered(seen, exploration, exploration.rows.length, 'Exploration');
    expect(doc.tables).toHaveLength(4);
  });

  it(`the status page and the request page's answers (a daemon run: a request done, one refused; a run failed on a page whose cell holds ${PLAYER}) show their tables and messages as written`, async () => {
    dir = mkdtempSync(join(tmpdir(), 'croupier-rendered-'));
    const admin = await human('ADMIN');
    const player = await human('PLAYER');
    // A second game whose Gamestate is broken at a cell holding the name: its error is quoted on both pages.
    const broken = `${P}/Broken/Gamestate`;
    await put(b, broken, GAMESTATE.replace(/\|41\n/, `|${written(PLAYER)}\n`));
    const ask = async (who: WikiClient, page: string, line: string) =>
      who.save(page, (p) => ({ text: `${p.missing ? 'Requests to Croupier, one a line.\n' : p.text.trimEnd()}\n${line}\n`, summary: `request: ${line}` }), {
        create: true,
      });
    await ask(admin, `${game.gamestate}/Requests`, '* rollover now');
    await ask(player, `${game.gamestate}/Requests`, '* check');
    const config = parseConfig({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${P}/Shutoff`, runWord: 'run' } },
      store: { path: join(dir, 'store.json') },
      games: [
        { id: 'good', kind: 'cycle16', ruleset: game.ruleset, gamestate: game.gamestate },
        { id: 'broken', kind: 'cycle16', ruleset: game.ruleset, gamestate: broken },
      ],
    });
    const daemon = await startDaemon(daemonOptions({ config, client: b, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 60_000 }));
    await daemon.scheduler.idle();
    await daemon.stop('browser test over');
    const store = await new FileStore(config.store.path).read();

    // The status pages: the fields, one row each (a header cell and its value), and the recent runs, one row a run.
    const FIELDS = ['Game', 'Daemon', 'State', 'Last run', 'Result', 'Next scheduled run', 'Last error', 'Last success', 'Consecutive failures'];
    for (const id of ['good', 'broken'] as const) {
      const g = config.games.find((x) => x.id === id)!;
      const seen = await view(g.statusPage, `status-${id}-desktop`);
      expectClean(seen);
      const [fields, recent] = seen.tables;
      expect(seen.tables).toHaveLength(2);
      expect(fields!.rows.map((r) => r.map((c) => c.header))).toEqual(FIELDS.map(() => [true, false]));
      expect(fields!.rows.map((r) => r[0]!.text)).toEqual(FIELDS);
      const runs = store.runs.filter((r) => r.game === id);
      expect(recent!.rows).toHaveLength(Math.min(10, runs.length) + 1);
      expect(recent!.rows.every((r) => r.length === 5)).toBe(true);
      if (id === 'broken') {
        const error = store.games.broken!.lastError!.message;
        expect(error).toContain(`"${PLAYER}" is not a whole number`);
        const shownError = fields!.rows[FIELDS.indexOf('Last error')]![1]!.text;
        expect(shownError).toContain(error.replace(/\s+/g, ' '));
        expect(recent!.rows.slice(1).map((r) => r[4]!.text)).toContainEqual(error.replace(/\s+/g, ' '));
      }
    }

    // The request page: each line keeps the request and shows the bot's answer as text.
    const good = await view(`${game.gamestate}/Requests`, 'requests-good-desktop');
    expectClean(good);
    const lines = good.text.split('\n').filter((l) => /^(rollover now|check)\b/.test(l.trim()));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^rollover now → Done \(Croupier, \d{4}-\d\d-\d\d \d\d:\d\d UTC\): .*\(requested by Admin\)$/);
    // The answer names the phase it rolled over to, as the Ruleset names it.
    expect([REST, BATTLE].some((name) => lines[0]!.includes(`(${name})`))).toBe(true);
    expect(lines[1]).toMatch(
      /^check → Refused \(Croupier, .* UTC\): Player, who added this line in revision \d+, is not in an allowed group \(sysop\); their groups: [^;]*\buser\b[^;]*$/,
    );
  });
});
