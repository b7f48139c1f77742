import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeTables, describeTableChange, tablesEdit, TABLES_REGION } from '../../../src/jobs/publish-tables.ts';
import { findRegion } from '../../../src/wiki/regions.ts';

const ruleset = readFileSync(new URL('../../../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8');
const game = { kind: 'cycle16' as const, ruleset: 'Cycle 16/Ruleset' };
const info = { ruleset: 'Cycle 16/Ruleset', rulesetRevid: 42, trigger: 'test' };
const page = (text: string) => ({ title: 'Cycle 16/Gamestate', text, revid: 7, timestamp: '2026-01-01T00:00:00Z' });

describe('publish-tables (pure parts)', () => {
  const { tables } = computeTables(ruleset, game);

  it('adds the region once, then finds nothing to do', () => {
    const first = tablesEdit(page('Intro.\n\n== History ==\nRows.'), tables, info)!;
    // Rows: 42 species + 4 packs + (5 Croupier items + 3 discount-shop offers of scenario 13) + 3 dice scenarios = 57.
    expect(first.summary).toMatch(
      /^Croupier: added the card tables \(57 rows\) in a new bot-managed region, computed from \[\[Cycle 16\/Ruleset\]\] \[\[Special:PermanentLink\/42\|r42\]\] \(trigger: test\)$/,
    );
    expect(findRegion(first.text, TABLES_REGION)!.content.trim()).toBe(tables.trim());
    expect(first.text.startsWith('Intro.\n\n<!-- croupier:begin card-tables -->')).toBe(true);
    expect(tablesEdit(page(first.text), tables, info)).toBeNull();
  });

  it('says which rows changed', () => {
    const a = '{|\n! h\n|-\n| 1\n|-\n| 2\n|-\n| 3\n|}';
    expect(describeTableChange(a, a.replace('| 2', '| two'))).toBe('updated the card tables (1 row changed)');
    expect(describeTableChange(a, a.replace('|}', '|-\n| 4\n|}'))).toBe('updated the card tables (1 added)');
    expect(describeTableChange(a, a.replace('|-\n| 3\n', ''))).toBe('updated the card tables (1 removed)');
    expect(describeTableChange(undefined, a)).toBe('added the card tables (3 rows)');
  });

  it('refuses a generic game: it has no computed tables', () => {
    expect(() => computeTables('== Rules ==\ntext', { kind: 'generic', ruleset: 'R' })).toThrow(/no computed card tables/);
  });
});
