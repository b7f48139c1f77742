// The race chart's parts: counts per phase rebuilt from History rows (src/games/shared/count-history.ts)
// and the chart's wikitext (src/games/shared/chart.ts), read back with the project's own reader.
import { describe, expect, test } from 'vitest';
import { renderChart, runsOf, type ChartSeries } from '../../../../src/games/shared/chart.ts';
import { countChangesIn, countsByPhase } from '../../../../src/games/shared/count-history.ts';
import { readDocument } from '../../../../src/parse/document.ts';

describe('counts at the end of each phase, from the History', () => {
  const changes = [
    { phase: 1, player: 'Alice', before: 2, after: 3 },
    { phase: 3, player: 'Alice', before: 5, after: 4 },
    { phase: 3, player: 'Alice', before: 4, after: 6 },
    { phase: 2, player: 'Bram', before: 0, after: 1 },
  ];

  test("a phase shows the last count a row wrote by its end; before the first row, that row's count before; the current phase, the count now", () => {
    const alice = countsByPhase(5, [{ name: 'Alice', now: 9 }], changes).get('Alice');
    // phase 0: before the first row (2); 1–2: after it (3); 3–4: after the last row of phase 3 (6), the
    // hand-made change from 3 to 5 shown from that row on; 5 (current): the Players table's 9.
    expect(alice).toEqual([2, 3, 3, 6, 6, 9]);
  });

  test('a player with no row shows the count now in every phase, and nothing before the phase they joined', () => {
    const counts = countsByPhase(
      3,
      [
        { name: 'Cosima', now: 4, joinedPhase: 2 },
        { name: 'Bram', now: 1, joinedPhase: 1 },
      ],
      changes,
    );
    expect(counts.get('Cosima')).toEqual([null, null, 4, 4]);
    expect(counts.get('Bram')).toEqual([null, 0, 1, 1]);
  });

  test('the changes of one count are read from a Change cell, other counts left out', () => {
    expect(countChangesIn('+30 Vertebrae (3 → 33); reputable since 2026-11-17 12:00', ['Vertebrae'])).toEqual([{ before: 3, after: 33 }]);
    expect(countChangesIn('-1 Chip (3 → 2) (battle 1)', ['Chip', 'Chips'])).toEqual([{ before: 3, after: 2 }]);
    expect(countChangesIn('+2 Chips (0 → 2) (battle 2)', ['Chip', 'Chips'])).toEqual([{ before: 0, after: 2 }]);
    expect(countChangesIn('+3 Already-opened Pack (0 → 3) from Dmitri', ['Chip', 'Chips'])).toEqual([]);
    expect(countChangesIn('+1 Vertebrae (9 → 10)', ['Chip', 'Chips'])).toEqual([]);
  });
});

describe('the chart as wikitext', () => {
  const hostile = 'A|b}}[[c]]<d>';
  const series: ChartSeries = {
    title: 'Chips',
    note: 'at least 10 Chips wins',
    phases: [0, 1, 2, 3],
    goal: 10,
    rows: [
      { name: hostile, values: [null, 2, 5, 5] },
      { name: 'Bram', values: [1, 1, 12, 12] },
    ],
  };
  const text = renderChart('race-chart', 'The race.', [series]);
  const doc = readDocument(text);

  test('one table per series, a row per player whose name reads back as written, the past values written under the bars (no hover needed), the value now in the last column', () => {
    expect(doc.tables).toHaveLength(1);
    const [table] = doc.tables;
    expect(table!.rows.map((r) => r.list.map((c) => c.text))).toEqual([
      [hostile, 'phase 0: not playing; phase 1: 2; phases 2–3: 5', '5'],
      ['Bram', 'phases 0–1: 1; phases 2–3: 12', '12'],
    ]);
    expect(table!.labels.map((l) => l.trim())).toEqual(['Player', 'Chips, phases 0–3', 'Now']);
  });

  test('a bar per run of equal values: as wide as its phases, as high as its value over the largest value or the goal, in the goal colour from the goal on', () => {
    expect(runsOf(series, [null, 2, 5, 5])).toEqual([
      [0, 0, null],
      [1, 1, 2],
      [2, 3, 5],
    ]);
    const bars = [...doc.tables[0]!.rows[1]!.list[1]!.raw.matchAll(/<span title="([^"]*)" style="flex:(\d+)(?:;height:([\d.]+)%;background:(#\w+))?"/g)];
    // Bram: 1 in phases 0–1, 12 in phases 2–3; the scale is the largest value, 12 (above the goal, 10).
    expect(bars.map((m) => [m[1], Number(m[2]), Number(m[3]), m[4]])).toEqual([
      ['phases 0–1: 1', 2, Math.round((1 / 12) * 1000) / 10, '#36c'],
      ['phases 2–3: 12', 2, 100, '#d33'],
    ]);
    expect(text).toContain(`bottom:${Math.round((10 / 12) * 1000) / 10}%;border-top:1px dashed`);
  });

  test('the same numbers give the same text, other numbers another', () => {
    expect(renderChart('race-chart', 'The race.', [structuredClone(series)])).toBe(text);
    expect(renderChart('race-chart', 'The race.', [{ ...series, rows: [series.rows[0]!, { name: 'Bram', values: [1, 1, 12, 13] }] }])).not.toBe(text);
  });
});
