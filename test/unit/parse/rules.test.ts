import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/parse/document.ts';

describe('the rule tree', () => {
  test('nesting follows heading order, not absolute levels', () => {
    const doc = readDocument('= Game =\n== Time ==\n==== Phases ====\ntext\n=== Days ===\n== Cards ==\n');
    expect(doc.rules.map((r) => [r.title, r.depth, r.parent])).toEqual([
      ['Game', 0, undefined],
      ['Time', 1, 0],
      ['Phases', 2, 1],
      ['Days', 2, 1],
      ['Cards', 1, 0],
    ]);
  });

  test('a subrule moved from ==== to === keeps the same parent', () => {
    const before = readDocument('== Proposals ==\n==== Urgent ====\n== Judgement ==\n');
    const after = readDocument('== Proposals ==\n=== Urgent ===\n== Judgement ==\n');
    const shape = (d: typeof before) => d.rules.map((r) => [r.title, r.depth, r.parent]);
    expect(shape(after)).toEqual(shape(before));
  });

  test('headings inside comments and <nowiki> are not headings', () => {
    const doc = readDocument('== Real ==\n<!--\n== Commented ==\n-->\n<nowiki>\n== Escaped ==\n</nowiki>\n== Also real ==\n');
    expect(doc.rules.map((r) => r.title)).toEqual(['Real', 'Also real']);
  });

  test("a rule's text is its own body in plain text, without its subrules", () => {
    const doc = readDocument("== Cards ==\nCards are '''items'''. See [[#Modifiers|modifiers]].\n=== Colours ===\nRed.\n");
    expect(doc.rules[0]!.text).toBe('Cards are items. See modifiers.');
    expect(doc.rules[1]!.text).toBe('Red.');
  });

  test('offsets locate the heading and the body in the text', () => {
    const text = 'Intro\n== Time ==\nAll times are UTC.\n== Items ==\n';
    const [time] = readDocument(text).rules;
    expect(text.slice(time!.start, time!.bodyStart)).toBe('== Time ==');
    expect(text.slice(time!.bodyStart, time!.end)).toBe('\nAll times are UTC.\n');
  });

  test('heading titles are plain text', () => {
    expect(readDocument("== The '''Croupier''' <!-- shop --> ==\n").rules[0]!.title).toBe('The Croupier');
  });
});

describe('heading-like lines that are not headings', () => {
  test('inside <pre>, <nowiki> and comments they stay in the rule text', () => {
    const doc = readDocument('== Code ==\n<pre>\n== not a rule ==\n</pre>\n<!-- unclosed\n== also not ==\n');
    expect(doc.rules.map((r) => r.title)).toEqual(['Code']);
    expect(doc.rules[0]!.text).toContain('== not a rule ==');
  });

  test('a long page reads the same as its parts', () => {
    const part = '== Rule ==\nText with [[a link]].\n{| class="wikitable"\n! A !! B\n|-\n| 1 || 2\n|}\n* item\n';
    const doc = readDocument(part.repeat(200));
    expect(doc.rules).toHaveLength(200);
    expect(doc.tables).toHaveLength(200);
    expect(doc.lists).toHaveLength(200);
    const last = doc.tables[199]!;
    expect(doc.text.slice(last.rows[0]!.cells.b!.start, last.rows[0]!.cells.b!.end)).toBe('2');
    expect(doc.rules[199]!.text).toBe('Text with a link.\n\nA | B\n1 | 2\n\n* item');
  });
});

test('CRLF line ends are read as the wiki stores them, and offsets index the returned text', () => {
  const doc = readDocument('== Time ==\r\nAll times are UTC.\r\n== Items ==\r\n');
  expect(doc.text).toBe('== Time ==\nAll times are UTC.\n== Items ==\n');
  expect(doc.rules.map((r) => [r.title, r.text])).toEqual([
    ['Time', 'All times are UTC.'],
    ['Items', ''],
  ]);
  expect(doc.text.slice(doc.rules[1]!.start, doc.rules[1]!.bodyStart)).toBe('== Items ==');
});
