import { expect, test } from 'vitest';
import { describeReason, formatInstant, toHistoryRow } from '../../../src/sim/trail.ts';

test('a change becomes a History row that states the rule, the arithmetic and the inputs', () => {
  const row = toHistoryRow({
    at: new Date('2026-11-18T20:00Z'),
    phase: 4,
    event: 'Reputability',
    player: 'Ines',
    change: '+30 Vertebrae (6 → 36)',
    reason: { rule: 'Vertebrae', inputs: { X: 4 }, arithmetic: '20 + 5 × ⌈4/2⌉ = 30' },
  });
  expect(row).toEqual({
    time: '2026-11-18 20:00',
    phase: '4',
    event: 'Reputability',
    player: 'Ines',
    change: '+30 Vertebrae (6 → 36)',
    reason: 'Vertebrae: 20 + 5 × ⌈4/2⌉ = 30 (X = 4)',
  });
});

test('a reason that used random draws names its seed text', () => {
  expect(describeReason({ rule: 'Turn Order', inputs: {}, seed: 'cycle16/phase 5/battle 3' })).toBe('Turn Order [seed "cycle16/phase 5/battle 3"]');
});

test('instants are written in UTC to the minute', () => {
  expect(formatInstant(new Date('2026-11-02T00:00:59Z'))).toBe('2026-11-02 00:00');
});
