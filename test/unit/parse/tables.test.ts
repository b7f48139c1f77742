import { describe, expect, test } from 'vitest';
import { cellValue, findTable, normaliseHeader, readDocument } from '../../../src/parse/document.ts';

const PER_LINE = `== Cards ==
{| class="wikitable"
|+The table below describes the obtainable species of cards.
!Name
!Value(s)
! Suit(s)
|-
|Ace
|1
| -
|-
|Lotto Ticket
|1000000
|Diamonds
|}
`;

const INLINE_REORDERED = `== Cards ==
{| class="wikitable"
! Suit(s) !! Name !! Value(s)
|-
| - || Ace || 1
|-
| Diamonds || Lotto Ticket || 1000000
|}
`;

describe('tables', () => {
  test('headers are normalised: parentheses, case and spaces do not matter', () => {
    expect(normaliseHeader('Value(s)')).toBe('value');
    expect(normaliseHeader(' Effect(s) ')).toBe('effect');
    expect(normaliseHeader('Last action (UTC)')).toBe('last action');
  });

  test('column order and cell style do not change the records', () => {
    const records = (text: string) =>
      readDocument(text).tables[0]!.rows.map((r) => ({ name: cellValue(r, 'name'), value: cellValue(r, 'Value(s)'), suit: cellValue(r, 'suit') }));
    expect(records(INLINE_REORDERED)).toEqual(records(PER_LINE));
    expect(records(PER_LINE)).toEqual([
      { name: 'Ace', value: '1', suit: undefined },
      { name: 'Lotto Ticket', value: '1000000', suit: 'Diamonds' },
    ]);
  });

  test('a table knows its caption, its rule and its labels as written', () => {
    const table = readDocument(PER_LINE).tables[0]!;
    expect(table.caption).toBe('The table below describes the obtainable species of cards.');
    expect(table.rule).toBe('Cards');
    expect(table.labels).toEqual(['Name', 'Value(s)', 'Suit(s)']);
    expect(table.headers).toEqual(['name', 'value', 'suit']);
    expect(table.closed).toBe(true);
  });

  test('cell offsets slice exactly the cell content, so values can be spliced back', () => {
    const doc = readDocument(INLINE_REORDERED);
    for (const row of doc.tables[0]!.rows) {
      for (const cell of Object.values(row.cells)) expect(doc.text.slice(cell.start, cell.end)).toBe(cell.raw);
    }
    expect(doc.tables[0]!.rows[1]!.cells.value!.raw).toBe('1000000');
    const table = doc.tables[0]!;
    expect(doc.text.slice(table.start, table.end)).toMatch(/^\{\|[\s\S]*\|\}$/);
  });

  test('findTable finds a table by rule, caption or headers', () => {
    const doc = readDocument(`${PER_LINE}== Shop ==\n{| class="wikitable"\n|+ Items for sale\n! Item(s) !! Cost\n|-\n| Deck Pack || 18 Vertebrae\n|}\n`);
    expect(findTable(doc, { rule: 'shop' })?.caption).toBe('Items for sale');
    expect(findTable(doc, { caption: 'species of cards' })?.rule).toBe('Cards');
    expect(findTable(doc, { headers: ['Item(s)', 'cost'] })?.rule).toBe('Shop');
    expect(findTable(doc, { rule: 'Cards', headers: ['cost'] })).toBeUndefined();
  });

  test('a colspan cell fills every column it spans', () => {
    const doc = readDocument('{| class="wikitable"\n! A !! B !! C\n|-\n| colspan="2" | wide || c\n|}\n');
    const row = doc.tables[0]!.rows[0]!;
    expect([row.cells.a?.text, row.cells.b?.text, row.cells.c?.text]).toEqual(['wide', 'wide', 'c']);
    expect(doc.warnings).toEqual([]);
  });

  test('a rowspan cell carries into the rows below', () => {
    const doc = readDocument('{| class="wikitable"\n! A !! B\n|-\n| rowspan="2" | tall || 1\n|-\n| 2\n|}\n');
    const rows = doc.tables[0]!.rows;
    expect(rows.map((r) => [r.cells.a?.text, r.cells.b?.text])).toEqual([
      ['tall', '1'],
      ['tall', '2'],
    ]);
  });

  test('a row with too few cells is read and warned about, naming the table and row', () => {
    const doc = readDocument(PER_LINE.replace('|Lotto Ticket\n|1000000\n|Diamonds\n', '|Lotto Ticket\n|1000000\n'), { page: 'Cycle 16/Ruleset' });
    expect(cellValue(doc.tables[0]!.rows[1]!, 'name')).toBe('Lotto Ticket');
    expect(doc.warnings).toHaveLength(1);
    expect(doc.warnings[0]!.message).toMatch(/Row 2 .*species of cards.* 2 cells; its header has 3/);
    expect(doc.warnings[0]!.location).toMatchObject({ page: 'Cycle 16/Ruleset', rule: 'Cards', row: 2 });
  });

  test('a damaged row is named by its first cell as well as its number (a missing |- joins two rows)', () => {
    const doc = readDocument(PER_LINE.replace('| -\n|-\n|Lotto Ticket', '| -\n|Lotto Ticket'), { page: 'Cycle 16/Ruleset' });
    expect(doc.warnings.map((w) => w.message)).toEqual([
      'Row 1 (`Ace`) of table "The table below describes the obtainable species of cards." has 6 cells; its header has 3 (extra cells ignored)',
    ]);
    expect(doc.warnings[0]!.location).toMatchObject({ page: 'Cycle 16/Ruleset', rule: 'Cards', row: 1 });
  });

  test('a table whose end is missing stops at the next heading, which still makes a rule', () => {
    const text = PER_LINE.replace('|}\n', '') + '== Shop ==\nBuy things.\n* a list\n';
    const doc = readDocument(text);
    const table = doc.tables[0]!;
    expect(table.closed).toBe(false);
    expect(table.rows).toHaveLength(2);
    expect(cellValue(table.rows[1]!, 'suit')).toBe('Diamonds');
    expect(doc.rules.map((r) => r.title)).toEqual(['Cards', 'Shop']);
    expect(doc.rules[1]!.text).toBe('Buy things.\n* a list');
    expect(doc.lists[0]!.rule).toBe('Shop');
    expect(doc.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/has no end/)]);
  });

  test('an empty caption is no caption, and a headerless table numbers its columns', () => {
    const table = readDocument('{| class="wikitable"\n|+\n| a || b\n|}\n').tables[0]!;
    expect(table.caption).toBeUndefined();
    expect(table.headers).toEqual(['1', '2']);
    expect(table.rows[0]!.cells['2']!.text).toBe('b');
  });
});
