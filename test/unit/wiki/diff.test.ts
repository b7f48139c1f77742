import { describe, expect, test } from 'vitest';
import { cellDiff, saveDiff, showDiff } from '../../../src/wiki/diff.ts';

// A Players table written one cell per line, as the Gamestate page writes it: a unified diff of it shows
// "-|56" / "+|61"; the cell diff names the table, the row and the column.
const players = (cosima: string, extra = '') => `== Players ==
{| class="wikitable"
!Player
!Vertebrae
!Chips
|-
|Alice
|41
|3
|-
|Cosima
|${cosima}
|4
${extra}|}
`;

describe('the cell diff', () => {
  test('names the table, row and column of a changed cell', () => {
    const d = cellDiff('Cycle 16/Gamestate', players('56'), players('61'));
    expect(d).toBe('[[Cycle 16/Gamestate]]: 1 cell(s) changed\n  table "Players", row 2 "Cosima", column "Vertebrae": 56 → 61\n');
    expect(showDiff('unified', 'Cycle 16/Gamestate', players('56'), players('61'))).toContain('-|56\n+|61');
  });

  test('lists an added row and a removed row with their cells', () => {
    const added = cellDiff('P', players('56'), players('56', '|-\n|Jun\n|19\n|0\n'));
    expect(added).toContain('table "Players", row 3 added: Jun | 19 | 0');
    const removed = cellDiff('P', players('56', '|-\n|Jun\n|19\n|0\n'), players('56'));
    expect(removed).toContain('table "Players", row 3 removed: Jun | 19 | 0');
  });

  test('a column added to a table is named, and its cells are changes of that column', () => {
    const phase = (extra: string) =>
      `== Phase ==\n{| class="wikitable"\n! Cycle start !! Phase number${extra ? ' !! Phase start' : ''}\n|-\n| 2026-11-02 00:00 || ${extra ? '5' : '4'}${extra ? ` || ${extra}` : ''}\n|}\n`;
    const d = cellDiff('P', phase(''), phase('2026-11-18 20:00'));
    expect(d).toContain('table "Phase": columns Cycle start | Phase number → Cycle start | Phase number | Phase start');
    expect(d).toContain('table "Phase", row 1 "2026-11-02 00:00", column "Phase number": 4 → 5');
    expect(d).toContain('table "Phase", row 1 "2026-11-02 00:00", column "Phase start": (empty) → 2026-11-18 20:00');
    expect(d).not.toMatch(/removed|added/);
  });

  test('shows what changed outside the tables as unified hunks', () => {
    const d = cellDiff('P', `Intro.\n${players('56')}`, `Intro, edited.\n${players('56')}`);
    expect(d).toContain('outside the tables:');
    expect(d).toContain('-Intro.');
    expect(d).toContain('+Intro, edited.');
  });

  test('shows the wikitext when only the markup of a cell changed', () => {
    expect(cellDiff('P', players('56'), players("'''56'''"))).toContain(`column "Vertebrae": 56 → '''56'''`);
  });

  test('is empty when nothing changed', () => {
    expect(cellDiff('P', players('56'), players('56'))).toBe('');
  });

  test('a save shows its own unified diff with --diff unified, and the cells by default', () => {
    const save = { title: 'P', diff: 'the unified diff', texts: { before: players('56'), after: players('61') }, oldRevid: 7, dryRun: true };
    expect(saveDiff(save, 'unified')).toBe('the unified diff');
    expect(saveDiff(save, 'cells')).toMatch(/^\[\[P\]\] \(revision 7 → dry run\): 1 cell\(s\) changed\n/);
  });
});
