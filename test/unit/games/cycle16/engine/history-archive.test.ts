import { describe, expect, test } from 'vitest';
import { planArchive, removeArchivedRows } from '../../../../../src/games/history-archive.ts';
import { GAMESTATE } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

const PAGE = 'Cycle 16/Gamestate';
const spec = cycle16Engine.history;
const none = { count: 0, lastRows: 0, has: () => false };

describe('History archiving slices the text its offsets index', () => {
  // The example page has six History rows; a limit of 4 moves the oldest two.
  const crlf = GAMESTATE.replace(/\n/g, '\r\n');

  test('a page saved with CRLF line ends archives the same two oldest rows, whole, as the same page with LF ends', () => {
    const plain = planArchive(GAMESTATE, PAGE, 4, none, spec);
    expect(plain.rows).toHaveLength(2);
    expect(plain.rows[0]).toMatch(/^\|-\n\| 2026-11-\d\d \d\d:\d\d \|\|[^\n]*\n$/);
    expect(planArchive(crlf, PAGE, 4, none, spec)).toEqual(plain);
  });

  test('removing the archived rows from a CRLF page takes out exactly those rows (nothing cut short, nothing left half)', () => {
    const plan = planArchive(GAMESTATE, PAGE, 4, none, spec);
    const archived = new Set(plan.rows);
    const fromPlain = removeArchivedRows(GAMESTATE, PAGE, archived, 1, spec);
    expect(removeArchivedRows(crlf, PAGE, archived, 1, spec)).toBe(fromPlain);
    for (const row of plan.rows) expect(fromPlain).not.toContain(row.trimEnd());
    expect(planArchive(fromPlain, PAGE, 4, none, spec).rows).toEqual([]);
  });
});
