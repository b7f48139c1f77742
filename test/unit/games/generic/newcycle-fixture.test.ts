import { join } from 'node:path';
import Parser from 'wikiparser-node';
import { afterAll, describe, expect, test } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { croupier, root, tempDir } from '../../cli/run-cli.ts';

// The new-cycle fixture (fixtures/newcycle, Cycle 17 "The Deep Vein"): a ruleset none of the four games'
// modules knows, read through the CLI as an admin would on day one. Expectations come from its text.
const cwd = tempDir();
afterAll(() => cwd.remove());

describe('croupier parse of the new-cycle ruleset', () => {
  test('gives its three phases, its cycle start, its phase-number rule, its dice and its tables, without a warning', async () => {
    const run = await croupier(['parse', join(root, 'fixtures/newcycle/ruleset.wikitext'), '--json'], { cwd: cwd.dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const r = JSON.parse(run.stdout) as Record<string, unknown> & {
      phases: { name: string; days: number[]; start: unknown; lengthDays: number }[];
      dice: { text: string; count: number; sides: number; modifier: number; location: { rule: string; offset: number } }[];
      tables: { caption: string; rule: string; headers: string[]; rows: unknown[] }[];
    };
    expect(r.kind).toBe('generic');
    // "* Planning Phase: Monday and Tuesday", "The Expedition Phase runs from Wednesday to Friday.", "Saturday and Sunday are the Market Phase."
    expect(r.phases.map((p) => [p.name, p.days, p.start, p.lengthDays])).toEqual([
      ['Planning Phase', [1, 2], { day: 1, weekday: 'Monday', time: '00:00' }, 2],
      ['Expedition Phase', [3, 4, 5], { day: 3, weekday: 'Wednesday', time: '00:00' }, 3],
      ['Market Phase', [6, 7], { day: 6, weekday: 'Saturday', time: '00:00' }, 2],
    ]);
    expect(r.cycleStart).toMatchObject({ instant: '2026-12-07T00:00:00.000Z', location: { rule: 'Time' } });
    expect(r.phaseNumber).toMatchObject({ first: 0, location: { rule: 'Phases' } });
    // Delving's 1d8 and the encounters' 1d4, 2d6, 3d6+2, "2d6 and add 3"; the map's d8; the loan's 1d6; the tie's 1d20.
    expect(r.dice.map((d) => [d.text, d.count, d.sides, d.modifier, d.location.rule])).toEqual([
      ['1d8', 1, 8, 0, 'Delving'],
      ['1d4', 1, 4, 0, 'Delving'],
      ['2d6', 2, 6, 0, 'Delving'],
      ['3d6+2', 3, 6, 2, 'Delving'],
      ['2d6 and add 3', 2, 6, 3, 'Delving'],
      ['d8', 1, 8, 0, 'Trading at the Market'],
      ['1d6', 1, 6, 0, 'Asking the Guild'],
      ['1d20', 1, 20, 0, 'Victory'],
    ]);
    const text = fixture('newcycle');
    for (const d of r.dice) expect(text.slice(d.location.offset, d.location.offset + d.text.length)).toBe(d.text);
    expect(r.tables.map((t) => [t.caption, t.rule, t.headers, t.rows.length])).toEqual([
      ['Encounter table', 'Delving', ['roll', 'encounter', 'effect'], 8],
      ['Price list', 'Trading at the Market', ['item', 'price', 'effect'], 4],
    ]);
    expect(r.warnings).toEqual([]);
  }, 120_000);

  test('the summary counts them', async () => {
    const run = await croupier(['parse', join(root, 'fixtures/newcycle/ruleset.wikitext')], { cwd: cwd.dir });
    expect(run.stdout).toBe('generic: 10 rules, 3 phases, 8 dice expressions, 2 tables, 0 warning(s)\n');
  }, 120_000);
});

test("the new-cycle Gamestate page is hand-kept: a players table with the fixture's resources, free notes, no bot regions", () => {
  const page = fixture('newcycle', 'gamestate');
  expect(page).not.toContain('croupier:');
  const miners = readDocument(page).tables[0]!;
  expect(miners.headers.slice(0, 4)).toEqual(['miner', 'ore', 'favour', 'lanterns']);
  expect(miners.rows).toHaveLength(3);
});

test.each(['ruleset', 'gamestate'])('the new-cycle %s page round-trips through wikiparser-node and reads without warnings', (page) => {
  const text = fixture('newcycle', page);
  expect(String(Parser.parse(text))).toBe(text);
  expect(readDocument(text).warnings).toEqual([]);
});
