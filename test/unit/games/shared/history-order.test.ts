// The History's one order (src/games/shared/history.ts, historyAppend): by its Time column, oldest first; a row
// a run catches up on goes to its place in time, never below a later event, and no written row moves.
import { describe, expect, test } from 'vitest';
import { historyAppend } from '../../../../src/games/shared/history.ts';
import { applyEdits, type Edit } from '../../../../src/games/shared/render-tables.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import type { Change } from '../../../../src/sim/trail.ts';

const PAGE = [
  '== History ==',
  '{| class="wikitable"',
  '! Time (UTC) !! Phase !! Event !! Player !! Change !! Reason',
  '|-',
  '| 2026-11-16 00:00 || 4 || Rollover || - || Phase 3 → 4 || r',
  '|-',
  '| 2026-11-18 12:00 || 4 || Gift || Farah || +3 Pack || r',
  '|}',
  '',
].join('\n');
const change = (at: string, phase: number, event: string): Change => ({
  at: new Date(`${at}Z`),
  phase,
  event,
  player: '-',
  change: event,
  reason: { rule: 'r', inputs: {} },
});
const times = (text: string) => readDocument(text).tables[0]!.rows.map((r) => `${r.cells.time!.text} ${r.cells.event!.text}`);
const append = (changes: Change[]) => {
  const edits: Edit[] = [];
  historyAppend(readDocument(PAGE), changes, 'G', edits);
  return applyEdits(PAGE, edits);
};

describe('the History is in time order', () => {
  test('rows later than every row go at the end, in the order written', () => {
    expect(times(append([change('2026-11-19T00:00', 5, 'Rollover'), change('2026-11-19T00:00', 5, 'Limits reset')]))).toEqual([
      '2026-11-16 00:00 Rollover',
      '2026-11-18 12:00 Gift',
      '2026-11-19 00:00 Rollover',
      '2026-11-19 00:00 Limits reset',
    ]);
  });

  test('an event a run catches up on (a battle of phase 3 rewarded at its end) goes before the later rows, and the rows already written keep their text', () => {
    const text = append([
      change('2026-11-15T23:59', 3, 'Battle won'),
      change('2026-11-19T00:00', 5, 'Rollover'),
      change('2026-11-17T13:00', 4, 'Reputability'),
    ]);
    expect(times(text)).toEqual([
      '2026-11-15 23:59 Battle won',
      '2026-11-16 00:00 Rollover',
      '2026-11-17 13:00 Reputability',
      '2026-11-18 12:00 Gift',
      '2026-11-19 00:00 Rollover',
    ]);
    for (const line of PAGE.split('\n')) expect(text.split('\n')).toContain(line);
  });

  test('a row of the same minute as a written row goes after it', () => {
    expect(times(append([change('2026-11-18T12:00', 4, 'Gift bonus')]))).toEqual([
      '2026-11-16 00:00 Rollover',
      '2026-11-18 12:00 Gift',
      '2026-11-18 12:00 Gift bonus',
    ]);
  });
});
