// The race chart on the Cycle 16 Gamestate page (src/games/cycle16/gamestate/race-chart.ts): drawn by the rollover
// under the standings, in their region, from the page's History and Players table, redrawn only when the numbers change.
import { describe, expect, test } from 'vitest';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { RACE_CHART } from '../../../../../src/games/cycle16/gamestate/race-chart.ts';
import { STANDINGS_REGION } from '../../../../../src/games/shared/standings.ts';
import { countChangesIn } from '../../../../../src/games/shared/count-history.ts';
import { planArchive, removeArchivedRows } from '../../../../../src/games/history-archive.ts';
import { readDocument } from '../../../../../src/parse/document.ts';
import { findRegion } from '../../../../../src/parse/regions.ts';
import { inline03 } from '../../../../croupier-03.ts';
import { GAMESTATE, ruleset, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

const PAGE = 'Cycle 16/Gamestate';
const roll = (text: string, now = utc('2026-11-19T00:00')) =>
  cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text, revid: 1 }, { now, trigger: 'test' });

/** The race section under the standings: from its heading to the end of the standings' region. */
const raceOf = (text: string) => {
  const region = findRegion(text, STANDINGS_REGION, PAGE)!;
  return region.content.slice(region.content.indexOf('== Race =='));
};

/** Per chart table (Chips, Vertebrae): each player's values by phase, from the bars' titles ("phases 0–2: 4"). */
function chart(text: string): Map<string, Map<string, (number | null)[]>> {
  const out = new Map<string, Map<string, (number | null)[]>>();
  for (const table of readDocument(raceOf(text)).tables) {
    const rows = new Map<string, (number | null)[]>();
    for (const row of table.rows) {
      const values: (number | null)[] = [];
      for (const m of row.list[1]!.raw.matchAll(/title="phases? (\d+)(?:–(\d+))?: (\d+|not playing)"/g)) {
        for (let p = Number(m[1]); p <= Number(m[2] ?? m[1]); p++) values[p] = m[3] === 'not playing' ? null : Number(m[3]);
      }
      rows.set(row.list[0]!.text, values);
    }
    out.set(table.labels[1]!.split(',')[0]!.trim(), rows);
  }
  return out;
}

describe('the race chart of the Gamestate page', () => {
  const first = roll(GAMESTATE);

  test('a rollover draws it under the standings, in their region (so on their subpage), in a section of its own before the Players; a second run at the same time leaves the page as it is', () => {
    const region = findRegion(first.text, STANDINGS_REGION, PAGE)!;
    expect(region.content).toMatch(new RegExp(`</div>\\n\\n== Race ==\\n<div data-croupier="${RACE_CHART}"[\\s\\S]*</div>\\n$`));
    expect(region.end).toBeLessThan(first.text.indexOf('== Players =='));
    expect(first.text.match(/== Race ==/g)).toHaveLength(1);
    expect(roll(first.text).text).toBe(first.text);
  });

  test('a page drawn by Croupier 0.3, its chart in a region and a section of its own, is drawn as now by the next run: the chart goes under the standings, the old region and its heading go', () => {
    const old = inline03(first.text, PAGE);
    expect(findRegion(old, 'race-chart', PAGE)).toBeDefined();
    expect(old.match(/== Race ==/g)).toHaveLength(1);
    expect(roll(old).text).toBe(first.text);
  });

  test('what a person wrote under the old Race heading stays, with the heading; only the old region goes', () => {
    const old = inline03(first.text, PAGE, 'Our own notes on the race.\n\n');
    const again = roll(old).text;
    expect(findRegion(again, 'race-chart', PAGE)).toBeUndefined();
    expect(again).toContain('== Race ==\nOur own notes on the race.\n\n== Players ==');
    expect(raceOf(again)).toBe(raceOf(first.text));
  });

  test("each player's Chips and Vertebrae: now in the current phase, and changing between phases only where a History row of that phase changes them", () => {
    const state = readGamestate(first.text, PAGE, ruleset);
    const history = readDocument(first.text).tables.find((t) => t.headers.includes('event') && t.headers.includes('reason'))!;
    const drawn = chart(first.text);
    for (const [title, units, now] of [
      ['Chips', ['Chip', 'Chips'], (p: (typeof state.players)[number]) => p.chips],
      ['Vertebrae', ['Vertebrae'], (p: (typeof state.players)[number]) => p.vertebrae],
    ] as const) {
      for (const p of state.players) {
        const values = drawn.get(title)!.get(p.name)!;
        expect(values, `${title} of ${p.name}`).toHaveLength(state.phase.number + 1);
        expect(values.at(-1), `${title} of ${p.name} now`).toBe(now(p));
        const moved = new Set(
          history.rows
            .filter((r) => r.cells.player?.text === p.name && countChangesIn(r.cells.change!.text, units).length > 0)
            .map((r) => Number(r.cells.phase!.text)),
        );
        for (let phase = 1; phase < state.phase.number; phase++) {
          if (values[phase] !== values[phase - 1] && values[phase - 1] !== null)
            expect(moved.has(phase), `${title} of ${p.name} changes in phase ${phase}`).toBe(true);
        }
      }
    }
    // The battles of phase 3 moved Chips (“The winner of the game gains all items betted.”): the chart shows it there.
    expect([...drawn.get('Chips')!.values()].some((v) => v[3] !== v[2] && v[2] !== null)).toBe(true);
  });

  test('a count changed by hand is drawn in the current phase by the next run, and only the chart and the standings change', () => {
    const alice = readGamestate(first.text, PAGE, ruleset).players.find((p) => p.name === 'Alice')!;
    const edited = first.text.replace(/(\|Alice\n(?:\|[^\n]*\n){6})\|3\n/, '$1|7\n');
    expect(alice.chips).toBe(3);
    expect(edited).not.toBe(first.text);
    const again = roll(edited);
    expect(chart(again.text).get('Chips')!.get('Alice')!.at(-1)).toBe(7);
    const outside = (t: string) => {
      const a = findRegion(t, STANDINGS_REGION)!;
      return t.slice(0, a.contentStart) + t.slice(a.contentEnd);
    };
    expect(outside(again.text)).toBe(outside(edited));
    expect(findRegion(again.text, STANDINGS_REGION)!.content).toContain('| Alice || 7 ||');
  });

  test('after History rows move to an archive page, the chart is drawn from the rows the page keeps, so the next run makes no edit', () => {
    const plan = planArchive(first.text, PAGE, 4, { count: 0, lastRows: 0, has: () => false }, cycle16Engine.history);
    expect(plan.rows.length).toBeGreaterThan(0);
    const archived = removeArchivedRows(first.text, PAGE, new Set(plan.rows), plan.total, cycle16Engine.history);
    // Drawn before the move, the chart still counted the archived rows: the next run would redraw it.
    expect(roll(archived).text).not.toBe(archived);
    const redrawn = cycle16Engine.redraw!(ruleset, archived, PAGE);
    expect(roll(redrawn).text).toBe(redrawn);
  });
});
