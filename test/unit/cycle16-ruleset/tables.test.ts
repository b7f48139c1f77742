import Parser from 'wikiparser-node';
import { describe, expect, test } from 'vitest';
import { cellValue, findTable, readDocument, type Table } from '../../../src/parse/document.ts';
import { parseCycle16Ruleset } from '../../../src/games/cycle16/ruleset.ts';
import { renderCycle16Tables } from '../../../src/games/cycle16/tables.ts';
import { escapeWikitext } from '../../../src/games/cycle16/tables-wikitext.ts';
import { fixture } from '../helpers/fixtures.ts';
import { replaceOnce } from '../helpers/wikitext.ts';

const original = fixture('cycle16');
const render = (text: string) => renderCycle16Tables(parseCycle16Ruleset(text, 'Cycle 16/Ruleset'));
const output = render(original);
const tables = readDocument(output);
const table = (rule: string) => findTable(tables, { rule })!;
/** The row whose first cell names it. */
const row = (t: Table, name: string) => t.rows.find((r) => r.list[0]?.text === name)!;

describe('the computed Cycle 16 tables', () => {
  test('are valid wikitext: lint finds no errors', () => {
    const errors = Parser.parse(output).lint().filter((e) => e.severity === 'error');
    expect(errors).toEqual([]);
  });

  test('are the same on every run', () => {
    expect(render(original)).toBe(output);
  });

  test('give each species its chance: 41 species drawable (all but Null), 19 of them Rare', () => {
    const species = table('Card species');
    expect(species.rows).toHaveLength(42);
    expect(cellValue(row(species, 'Ace'), 'Chance as a random card')).toBe('1/41 (2.44%)');
    expect(cellValue(row(species, 'Ace'), 'Chance as a random rare card')).toBe('1/19 (5.26%)');
    expect(cellValue(row(species, '2'), 'Chance as a random rare card')).toBe('0');
    expect(cellValue(row(species, 'Amalgam'), 'Chance as a random card')).toBe('0');
    expect(cellValue(row(species, 'Credit Card'), 'value')).toBe('All natural numbers');
  });

  test('count the cards of each pack, and its expected rare cards', () => {
    const packs = table('Card packs');
    expect(cellValue(row(packs, 'Handy Pack'), 'cards')).toBe('3');
    expect(cellValue(row(packs, 'Legendary Pack'), 'cards')).toBe('7');
    // 1 guaranteed rare card plus 2 random cards, each Rare with chance 19/41.
    expect(Number(cellValue(row(packs, 'Handy Pack'), 'rare cards'))).toBeCloseTo(1 + (2 * 19) / 41, 3);
  });

  test("count an Already-opened Pack's modifiers: Common 20%, Rare 10%, and a colour and suit for cards lacking them", () => {
    // Of the 41 drawable species, 20 have no colour and 25 no suit.
    const expected = 0.2 + 0.1 + 20 / 41 + 25 / 41;
    expect(Number(cellValue(row(table('Card packs'), 'Already-opened Pack'), 'modifiers'))).toBeCloseTo(expected, 3);
  });

  test('price each pack per expected card', () => {
    const shop = table('Shop');
    expect(cellValue(row(shop, 'Handy Pack'), 'vertebrae per card')).toBe('4');
    expect(cellValue(row(shop, 'Deck Pack'), 'vertebrae per card')).toBe('3.6');
    expect(cellValue(row(shop, 'Legendary Pack'), 'vertebrae per card')).toBe('7.14');
    expect(cellValue(row(shop, '1 Chip'), 'vertebrae per card')).toBeUndefined();
  });

  test('give the expected Vertebrae of the dice scenarios: 2d3 → 4, 4d5 → 12, 2d8 → 9', () => {
    const exploration = table('Exploration');
    expect(exploration.rows.map((r) => [r.list[0]?.text, r.list[1]?.text, r.list[2]?.text, r.list[4]?.text])).toEqual([
      ['2', '2d3', 'If yes', '4'],
      ['4', '4d5', 'If you have 3 cards with all the same, suit, colour and value', '12'],
      ['5', '2d8', 'If no', '9'],
    ]);
  });

  test('follow a change of price', () => {
    const changed = readDocument(render(replaceOnce(original, '| Handy Pack || 12 Vertebrae', '| Handy Pack || 15 Vertebrae')));
    expect(cellValue(row(findTable(changed, { rule: 'Shop' })!, 'Handy Pack'), 'vertebrae per card')).toBe('5');
  });

  test('escape pipes and markup in cell text, which reads back unchanged', () => {
    const name = "Pipe | [[Link]] ''it'' {{T}} <b>x</b> ~~~~ & !!";
    const text = replaceOnce(original, '|Ace\n', `|<nowiki>${name}</nowiki>\n`);
    expect(parseCycle16Ruleset(text).cards[0]?.name).toBe(name);
    const out = render(text);
    expect(out).toContain('&#124;');
    const species = findTable(readDocument(out), { rule: 'Card species' })!;
    expect(species.rows[0]!.list[0]!.text).toBe(name);
    expect(Parser.parse(out).lint().filter((e) => e.severity === 'error')).toEqual([]);
  });

  test('escaping leaves plain words alone', () => {
    expect(escapeWikitext("Croupier's 12🝬 Pack")).toBe("Croupier's 12🝬 Pack");
  });
});
