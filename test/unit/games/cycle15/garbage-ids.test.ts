import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { fillGarbageIds } from '../../../../src/games/cycle15/ruleset/garbage-ids.ts';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { amendRuleset } from '../../../../src/games/registry.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';

// “If an ID is not assigned to a garbage item, it is automatically assigned the lowest positive
// integer that is not the ID of another garbage item.” — written into the Ruleset's own table.
const original = fixture('cycle15');
const lastRow = '|Shady Sands Shuffle\n|Select a player and an item in their inventory. If they can, they use that item.\n| 98\n';
const fill = (text: string) => fillGarbageIds(readDocument(text, { page: 'Cycle 15/Ruleset' }));

describe('the Garbage ID rule on the Ruleset page', () => {
  test('a page where every item has its ID needs no edit', () => {
    expect(fill(original)).toBeNull();
    expect(amendRuleset(original, { kind: 'cycle15' })).toBeNull();
  });

  test('a 99th item added with an empty ID cell gets 99 written into that cell, and nothing else changes', () => {
    const added = replaceOnce(original, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n|\n`);
    const r = fill(added)!;
    expect(r.changes).toEqual(['row 99 "Lint": ID 99']);
    expect(r.text).toBe(replaceOnce(original, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n|99\n`));
    expect(r.rule).toContain('the lowest positive integer that is not the ID of another garbage item');
    // The filled page reads the same items, now with the ID written; filling again changes nothing.
    expect(parseCycle15Ruleset(r.text).garbage[98]).toMatchObject({ name: 'Lint', writtenId: 99, id: 99 });
    expect(fill(r.text)).toBeNull();
  });

  test('a row written without its ID cell gets one, in the row\'s style; a "-" cell is replaced', () => {
    const noCell = replaceOnce(original, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n`);
    expect(fill(noCell)!.text).toBe(replaceOnce(original, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n| 99\n`));
    const dash = replaceOnce(original, '|Duck\n|YOU GET NOTHING! YOU LOSE! GOOD DAY, SIR!\n|5\n', '|Duck\n|YOU GET NOTHING! YOU LOSE! GOOD DAY, SIR!\n| -\n');
    const r = fill(dash)!;
    expect(r.changes).toEqual(['row 5 "Duck": ID 5']);
    expect(r.text).toBe(original.replace('|5\n', '| 5\n'));
  });

  test('two items without IDs take the lowest free IDs in table order', () => {
    let text = replaceOnce(original, '|Duck\n|YOU GET NOTHING! YOU LOSE! GOOD DAY, SIR!\n|5\n', '|Duck\n|YOU GET NOTHING! YOU LOSE! GOOD DAY, SIR!\n|\n');
    text = replaceOnce(text, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n|\n`);
    expect(fill(text)!.changes).toEqual(['row 5 "Duck": ID 5', 'row 99 "Lint": ID 99']);
  });

  test("an ID cell with words in it is the editor's: never overwritten", () => {
    const text = replaceOnce(original, lastRow, `${lastRow}|-\n|Lint\n|It is lint.\n|soon\n`);
    expect(fill(text)).toBeNull();
    expect(parseCycle15Ruleset(text).warnings.some((w) => /The ID "soon" is not a positive integer/.test(w.message))).toBe(true);
  });

  test('a game without the rule (Cycle 16) amends nothing', () => {
    expect(amendRuleset(fixture('cycle16'), { kind: 'cycle16' })).toBeNull();
  });
});
