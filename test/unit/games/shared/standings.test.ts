// The standings block (src/games/shared/standings.ts): players ranked by the game's victory measure, the
// leader and the gap in words, as a table that reads back with the names as written.
import { describe, expect, test } from 'vitest';
import { headline, rank, renderStandings, STANDINGS_REGION, withSinceRedrawn, withStandings, type Standings } from '../../../../src/games/shared/standings.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { findRegion } from '../../../../src/parse/regions.ts';

const base: Standings = {
  rule: 'Victory: “the most wins.”',
  columns: ['Gold Stars', 'Wealth'],
  players: [
    { name: 'Dave', values: [1, 900], toWin: '9 more Gold Stars' },
    { name: 'Alice', values: [3, 10], toWin: '7 more Gold Stars' },
    { name: 'Bob', values: [1, 900], toWin: '9 more Gold Stars' },
    { name: 'Carol', values: [3, 40], toWin: '7 more Gold Stars' },
    { name: 'Eve', values: [0, 5000], toWin: '10 more Gold Stars' },
  ],
  winner: [],
};

describe('standings', () => {
  test('players are ranked highest first by the first value, the next values only break ties; equal players share a rank and the next rank skips (1, 2, 3, 3, 5)', () => {
    expect(rank(base.players).map((p) => [p.rank, p.name])).toEqual([
      [1, 'Carol'],
      [2, 'Alice'],
      [3, 'Dave'],
      [3, 'Bob'],
      [5, 'Eve'],
    ]);
  });

  test('the headline names the leader, the gap to the next player by the value that parts them, and what the leader needs to win', () => {
    expect(headline(base)).toBe('Carol leads with 3 Gold Stars, 40 Wealth, 30 Wealth ahead of Alice; to win: 7 more Gold Stars.');
    const apart = { ...base, players: base.players.filter((p) => p.name !== 'Carol') };
    expect(headline(apart)).toBe('Alice leads with 3 Gold Stars, 10 Wealth, 2 Gold Stars ahead of Dave; to win: 7 more Gold Stars.');
  });

  test('players sharing the lead are named together; a Winner cell ends the race; no players is said so', () => {
    const tied = {
      ...base,
      columns: ['Chips'],
      players: [
        { name: 'A', values: [1] },
        { name: 'B', values: [1] },
        { name: 'C', values: [0] },
      ],
    };
    expect(headline(tied)).toBe('A and B share the lead with 1 Chip.');
    expect(headline({ ...base, winner: ['Alice'] })).toBe('Winner: Alice — the game is over.');
    expect(headline({ ...base, players: [] })).toBe('No players yet.');
  });

  test('the table has a row per player in rank order with every number shown, and a name full of markup reads back as written', () => {
    const name = 'A|b}}[[c]]<d>';
    const text = renderStandings({ ...base, players: [...base.players, { name, values: [2, 0], toWin: '8 more Gold Stars' }] });
    const [table] = readDocument(text).tables;
    expect(table!.labels).toEqual(['Rank', 'Player', 'Gold Stars', 'Wealth', 'To win']);
    expect(table!.rows.map((r) => r.list.map((c) => c.text))).toEqual([
      ['1', 'Carol', '3', '40', '7 more Gold Stars'],
      ['2', 'Alice', '3', '10', '7 more Gold Stars'],
      ['3', name, '2', '0', '8 more Gold Stars'],
      ['4', 'Dave', '1', '900', '9 more Gold Stars'],
      ['4', 'Bob', '1', '900', '9 more Gold Stars'],
      ['6', 'Eve', '0', '5000', '10 more Gold Stars'],
    ]);
  });

  test('a game whose rules name no count that wins has no To win column', () => {
    const text = renderStandings({ ...base, players: base.players.map(({ name, values }) => ({ name, values })) });
    expect(readDocument(text).tables[0]!.labels).toEqual(['Rank', 'Player', 'Gold Stars', 'Wealth']);
  });

  test('the block goes in its own region and section before the Players, and the same numbers leave the page byte for byte', () => {
    const page = '== Phase ==\nx\n\n== Players ==\n{|\n|}\n';
    const once = withStandings(page, base);
    const region = findRegion(once, STANDINGS_REGION)!;
    expect(once.indexOf('== Phase ==')).toBeLessThan(once.indexOf('== Standings =='));
    expect(region.end).toBeLessThan(once.indexOf('== Players =='));
    expect(withStandings(once, structuredClone(base))).toBe(once);
    expect(withStandings(once, { ...base, winner: ['Carol'] })).not.toBe(once);
  });

  test('after History rows are archived, the "since" line is drawn again from the rows the page keeps, and nothing else of the block changes (its numbers are the run\'s, which a page read alone may not hold)', () => {
    const history = (rows: string[]) =>
      `== History ==\n{| class="wikitable"\n! Time (UTC) !! Phase !! Event !! Player !! Change !! Reason\n${rows.map((r) => `|-\n| ${r}\n`).join('')}|}\n`;
    const rowOf = (day: number, event: string) => `2026-11-${day} 00:00 || 3 || ${event} || Alice || x || y`;
    const all = [rowOf(16, 'Rollover'), rowOf(17, 'Auction'), rowOf(18, 'Star Price')];
    const page = (rows: string[]) => `== Phase ==\nx\n\n== Players ==\n{|\n|}\n\n${history(rows)}`;
    const drawn = withStandings(page(all), base, { doc: readDocument(page(all)), changes: [], period: 3 });
    expect(drawn).toContain('Since phase 3 began (3 History rows');
    // The oldest row moved to an archive page.
    const archived = drawn.replace(`|-\n| ${all[0]}\n`, '');
    const redrawn = withSinceRedrawn(archived, 'G', 3);
    expect(redrawn).toContain('Since phase 3 began (2 History rows');
    expect(redrawn.replace(/Since phase 3 began[^\n]*/, '')).toBe(archived.replace(/Since phase 3 began[^\n]*/, ''));
    expect(withSinceRedrawn(redrawn, 'G', 3)).toBe(redrawn);
    expect(withSinceRedrawn(page(all), 'G', 3)).toBe(page(all)); // no standings: the page as it is
  });
});
