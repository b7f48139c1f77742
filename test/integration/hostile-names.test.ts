// Issue 16 §1 on the real local MediaWiki: names full of markup survive a rollover and a second run
// that changes nothing — read back as the API's wikitext and through the project's own reader.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { findStateTable } from '../../src/games/shared/read-tables.ts';
import { historyTable } from '../../src/games/cycle16/gamestate/tables.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { subpageContent } from '../../src/games/computed-blocks.ts';
import { STANDINGS_REGION } from '../../src/games/shared/standings.ts';
import { readDocument } from '../../src/parse/document.ts';
import { findRegion } from '../../src/parse/regions.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, put, root, uniquePrefix } from './helpers.ts';

const PLAYER = 'A|b}}[[c]]<!--d&lt;e~~~~';
const PHASE = 'B|{{x}}[[y]]~~~~ Battle Phase';
/** A decomposed accent (MediaWiki stores text in NFC) and a control character (it stores none). */
const PLAYER2 = "Zoe\u0301 ''x'' \u0001 ~~~";
/** How an editor writes them: inside <nowiki>, with the "&" of "&lt;" written as "&amp;" so that it shows. */
const PLAYER_WRITTEN = '<nowiki>A|b}}[[c]]<!--d&amp;lt;e~~~~</nowiki>';
const PHASE_WRITTEN = '<nowiki>B|{{x}}[[y]]~~~~</nowiki> Battle Phase';
const PLAYER2_WRITTEN = 'Zoe&#769; &#39;&#39;x&#39;&#39; &#1; &#126;~~';

const RULESET = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8').replace('* Battle Phase:', `* ${PHASE_WRITTEN}:`);
const GAMESTATE = readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8').replaceAll('Kestrel', PLAYER_WRITTEN).replaceAll('Ines', PLAYER2_WRITTEN);
const ruleset = readCycle16Ruleset(readDocument(RULESET));
const BOUNDARY = { now: new Date('2026-11-19T00:00Z'), trigger: 'integration test' };

let b: WikiClient;
beforeAll(async () => {
  b = await bot();
});

/** A revision's edit summary as MediaWiki shows it: the API's parsedcomment HTML, as text. */
async function shownSummary(revid: number): Promise<string> {
  const r = (await b.request({ action: 'query', prop: 'revisions', revids: revid, rvprop: 'parsedcomment', formatversion: 2 })) as {
    query: { pages: { revisions: { parsedcomment: string }[] }[] };
  };
  const html = r.query.pages[0]!.revisions[0]!.parsedcomment;
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, n: string) =>
      n[0] !== '#' ? (named[n] ?? whole) : String.fromCodePoint(n[1] === 'x' ? parseInt(n.slice(2), 16) : Number(n.slice(1))),
    );
}

describe('hostile names on the real wiki', () => {
  it(`a player named ${PLAYER} (and one with an accent and a control character) and a phase named ${PHASE} are kept intact through a rollover and a second run that changes nothing`, async () => {
    const prefix = uniquePrefix('hostile-names');
    const game = { id: 'cycle16', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate`, historyLimit: 200 };
    await put(b, game.ruleset, RULESET);
    await put(b, game.gamestate, GAMESTATE);
    const before = readDocument((await b.readPage(game.gamestate)).text);
    expect(ruleset.phases.map((p) => p.name)).toContain(PHASE);
    expect(readGamestate(before.text, game.gamestate, ruleset).players.map((p) => p.name)).toEqual(expect.arrayContaining([PLAYER, PLAYER2]));

    const first = await rollover({ wiki: b }, game, BOUNDARY);
    expect(first.save.changed).toBe(true);
    const page = await b.readPage(game.gamestate); // the API's wikitext of the saved revision
    const doc = readDocument(page.text);
    // The table keeps its shape: no table swallowed or added, no new damage found by the reader; the standings'
    // table, inline in the fixture, moved to its own subpage (transcluded in its region), where every name reads back
    // as written; the race chart's two tables are under it there, a row per player.
    expect(findRegion(page.text, STANDINGS_REGION)!.content.trim()).toBe(`{{:${game.gamestate}/Standings}}`);
    const isStandings = (t: { labels: readonly string[] }) => t.labels[0] === 'Rank';
    expect(doc.tables.map((t) => t.labels)).toEqual(before.tables.filter((t) => !isStandings(t)).map((t) => t.labels));
    const standings = readDocument(subpageContent((await b.readPage(`${game.gamestate}/Standings`)).text));
    expect(standings.tables.filter(isStandings).flatMap((t) => t.rows.map((r) => r.list[1]!.text))).toEqual(expect.arrayContaining([PLAYER, PLAYER2]));
    expect(standings.tables.filter((t) => !isStandings(t)).map((t) => t.rows.map((r) => r.list[0]!.text))).toEqual(
      [0, 1].map(() => readGamestate(page.text, game.gamestate, ruleset).players.map((p) => p.name)),
    );
    expect(doc.warnings).toEqual(before.warnings);
    // MediaWiki expanded no signature: the bot's name appears nowhere on the page.
    expect(page.text).not.toMatch(/User:Bot/i);
    const state = readGamestate(page.text, game.gamestate, ruleset);
    expect(state.phase).toMatchObject({ number: 5, name: PHASE });
    // “grant them 20 + 5⌈X/2⌉ Vertebrae, where X is the phase number”: declared reputable in phase 4, 3 Vertebrae → 33.
    expect(state.players.find((p) => p.name === PLAYER)).toMatchObject({ grant: 30, vertebrae: 33 });
    expect(state.cards.filter((c) => c.owner === PLAYER)).toHaveLength(6);
    const history = findStateTable(doc, historyTable)!;
    const rows = history.rows.map((r) => ({ event: r.cells.event?.text, player: r.cells.player?.text, change: r.cells.change?.text }));
    expect(rows.find((r) => r.event === 'Reputability' && r.player === PLAYER)?.change).toMatch(/^\+30 Vertebrae \(3 → 33\)/);
    expect(rows.some((r) => r.change?.includes(`(${PHASE})`))).toBe(true);
    expect(rows.find((r) => r.event === 'Modifier' && r.player === PLAYER2)?.change).toMatch(/gains the suit Hearts/);
    expect(state.players.map((p) => p.name)).toContain(PLAYER2);

    // The edit summary names the phase as it is: no template, no signature. The one exception is MediaWiki's:
    // its summary formatter decodes references before it finds links, so "[[y]]" shows as a link to y.
    const shown = await shownSummary(page.revid);
    expect(shown).toContain(`→ 5 (${PHASE.replace('[[y]]', 'y')})`);

    const second = await rollover({ wiki: b }, game, BOUNDARY);
    expect(second.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });
});
