import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/parse/document.ts';

describe('lists', () => {
  test('a numbered list with nested bullets reads as items with children', () => {
    const doc = readDocument('== Exploration ==\nScenarios:\n# First\n# Second\n#* option a\n#* option b\n# Third\n');
    const [list] = doc.lists;
    expect(list!.ordered).toBe(true);
    expect(list!.rule).toBe('Exploration');
    expect(list!.items.map((i) => i.text)).toEqual(['First', 'Second', 'Third']);
    expect(list!.items[1]!.children.map((i) => [i.marker, i.text])).toEqual([
      ['#*', 'option a'],
      ['#*', 'option b'],
    ]);
  });

  test('item text is plain and its raw wikitext is located by offsets', () => {
    const text = "* '''Rest Phase''': [[Monday]]\n";
    const item = readDocument(text).lists[0]!.items[0]!;
    expect(item.text).toBe('Rest Phase: Monday');
    expect(item.raw).toBe("'''Rest Phase''': [[Monday]]");
    expect(text.slice(item.start, item.end)).toBe("* '''Rest Phase''': [[Monday]]");
  });

  test('a line that is not an item ends the list', () => {
    const doc = readDocument('* a\n* b\nprose\n* c\n');
    expect(doc.lists.map((l) => l.items.map((i) => i.text))).toEqual([['a', 'b'], ['c']]);
  });

  test('bulleted lists are unordered', () => {
    expect(readDocument('* a\n').lists[0]!.ordered).toBe(false);
  });
});
