// "Since the last rollover" (src/games/shared/since.ts): the History rows of the current period, in words.
import { describe, expect, test } from 'vitest';
import { sinceSummary, trailRows, type TrailRow } from '../../../../src/games/shared/since.ts';
import { readDocument } from '../../../../src/parse/document.ts';

const row = (period: number, event: string, player: string, change: string): TrailRow => ({ period, event, player, change });

describe('since the last rollover', () => {
  test('only the rows of the current period count, read by their period whatever their place or time', () => {
    const rows = [row(4, 'Gift', 'Alice', '+1 Chip (1 → 2)'), row(5, 'Rollover', '-', 'Phase 4 → 5'), row(4, 'Battle won', 'Bram', '+2 Chips (0 → 2)')];
    expect(sinceSummary(rows, 5)).toBe('Since phase 5 began (1 History row, the newest at the bottom of the History): Events: Rollover.');
  });

  test("a player's counts are summed from the first before to the last after, per unit, with the sign of the net change", () => {
    const rows = [
      row(5, 'Reputability', 'Hollis', '+30 Vertebrae (3 → 33)'),
      row(5, 'Purchase', 'Hollis', '-10 Vertebrae (33 → 23); +1 Chip (0 → 1)'),
      row(5, 'Bet lost', 'Ines', '-1 Chip (2 → 1)'),
      row(5, 'Inactivity', 'Jun', 'active → inactive'),
      row(5, 'Limits reset', '-', 'Used this phase cleared for 7 players'),
      row(5, 'Inactivity', 'Lior', 'active → inactive'),
    ];
    expect(sinceSummary(rows, 5)).toBe(
      'Since phase 5 began (6 History rows, the newest at the bottom of the History): Hollis +20 Vertebrae (3 → 23), +1 Chip (0 → 1); Ines −1 Chip (2 → 1). ' +
        'Also: Inactivity ×2 (Jun, Lior), Limits reset.',
    );
  });

  test('a period with no row yet says so; Nomicoup names its turns', () => {
    expect(sinceSummary([], 3, 'turn')).toBe('Since turn 3 began: nothing has changed yet.');
  });

  test("the page's History rows are read by their period column, then this run's rows follow", () => {
    const doc = readDocument(
      '{| class="wikitable"\n! Time (UTC) !! Turn !! Event !! Player !! Change !! Reason\n|-\n| 2026-11-17 09:30 || 2 || Turn || Bram || turn 2 begins || x\n|}\n',
    );
    const rows = trailRows(
      doc,
      [{ at: new Date('2026-11-19T09:30Z'), phase: 3, event: 'Turn', player: 'Cosima', change: 'turn 3 begins', reason: { rule: 'x', inputs: {} } }],
      'turn',
    );
    expect(rows).toEqual([row(2, 'Turn', 'Bram', 'turn 2 begins'), row(3, 'Turn', 'Cosima', 'turn 3 begins')]);
  });
});
