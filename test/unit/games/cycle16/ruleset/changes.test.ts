import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../../src/parse/document.ts';
import { parseCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { replaceOnce, rewriteTable } from '../../../helpers/wikitext.ts';

// A passed proposal changes the ruleset; the extraction must follow with no code change.
const original = fixture('cycle16');
const base = parseCycle16Ruleset(original);
const cardTable = () => readDocument(original).tables.find((t) => t.rule === 'Cards')!;

describe('a changed Cycle 16 ruleset', () => {
  test('a new card row in the middle of the table is a new species', () => {
    const text = replaceOnce(
      original,
      '|Select another participant. They draw 2 cards from their deck.\n',
      '|Select another participant. They draw 2 cards from their deck.\n|-\n|Twin Stars\n|7, 8\n|Stars\n|Blue, Red\n|Special, Rare\n|A new card.\n',
    );
    const r = parseCycle16Ruleset(text);
    expect(r.cards).toHaveLength(43);
    expect(r.cards[1]).toEqual({
      name: 'Twin Stars',
      values: [7, 8],
      suits: ['Stars'],
      colours: ['Blue', 'Red'],
      types: ['Special', 'Rare'],
      effect: 'A new card.',
    });
  });

  test('a new card row first or last in the table is a new species too', () => {
    const first = parseCycle16Ruleset(replaceOnce(original, '! Effect(s)\n|-\n', '! Effect(s)\n|-\n|First\n|5\n|Spades\n|Black\n|Special\n|Hi.\n|-\n'));
    expect(first.cards).toHaveLength(43);
    expect(first.cards[0]).toEqual({ name: 'First', values: [5], suits: ['Spades'], colours: ['Black'], types: ['Special'], effect: 'Hi.' });
    expect(first.cards.slice(1)).toEqual(base.cards);
    // The table's last row is "1 | 1 | - | - | - | -", right before "|}".
    const last = parseCycle16Ruleset(
      replaceOnce(original, '|1\n|1\n| -\n| -\n| -\n| -\n|}', '|1\n|1\n| -\n| -\n| -\n| -\n|-\n|Last\n|3, 4\n|Hearts\n|Red\n|Face\n|End.\n|}'),
    );
    expect(last.cards).toHaveLength(43);
    expect(last.cards.at(-1)).toEqual({ name: 'Last', values: [3, 4], suits: ['Hearts'], colours: ['Red'], types: ['Face'], effect: 'End.' });
    expect(last.warnings.map((w) => w.message)).toEqual(base.warnings.map((w) => w.message));
  });

  test('reordered columns written inline give the same cards', () => {
    const text = rewriteTable(original, cardTable(), {
      labels: ['Effect(s)', 'Type(s)', 'Name', 'Colour(s)', 'Suit(s)', 'Value(s)'],
      inline: true,
    });
    expect(text).toContain('| Select another participant. They draw 2 cards from their deck. || Special, Rare || Ace || - || - || 1');
    expect(parseCycle16Ruleset(text).cards).toEqual(base.cards);
  });

  test('inline cells instead of one per line give the same cards', () => {
    const labels = ['Name', 'Value(s)', 'Suit(s)', 'Colour(s)', 'Type(s)', 'Effect(s)'];
    const text = rewriteTable(original, cardTable(), { labels, inline: true });
    expect(parseCycle16Ruleset(text).cards).toEqual(base.cards);
  });

  test('a 15th scenario is read with its dice', () => {
    const text = replaceOnce(
      original,
      'You may explore, then explore again.\n',
      'You may explore, then explore again.\n# A fountain of bones. Do you drink? If yes, grant yourself 3d6 vertebrae.\n',
    );
    const r = parseCycle16Ruleset(text);
    expect(r.scenarios).toHaveLength(15);
    expect(r.scenarios[14]).toMatchObject({ number: 15, grants: [{ amount: { count: 3, sides: 6 }, item: 'Vertebrae', branch: 'yes' }] });
  });

  test('scenarios written as a bulleted list, as before the formatting fix, are still read', () => {
    const text = original.replace(/^#(\*?) /gm, '*$1 ');
    const r = parseCycle16Ruleset(text);
    expect(r.scenarios.map((s) => s.text)).toEqual(base.scenarios.map((s) => s.text));
  });

  test('a new price and a new item, written with 🝬 and Vb, are in Vertebrae', () => {
    let text = replaceOnce(original, '| Deck Pack || 18 Vertebrae', '| Deck Pack || 20🝬');
    text = replaceOnce(text, '| 1 Chip || 25 Vertebrae\n', '| 1 Chip || 25 Vertebrae\n|-\n| Lucky Charm || 7 Vb\n');
    const r = parseCycle16Ruleset(text);
    expect(r.shop.find((s) => s.item === 'Deck Pack')?.cost).toEqual({ amount: 20, unit: 'Vertebrae' });
    expect(r.shop.at(-1)).toEqual({ item: 'Lucky Charm', cost: { amount: 7, unit: 'Vertebrae' } });
  });

  test('a price written with a thousands separator is read whole, and a cost with no unit is a warning', () => {
    let text = replaceOnce(original, '| Legendary Pack || 50 Vertebrae', '| Legendary Pack || 1,000 Vertebrae');
    text = replaceOnce(text, '| Handy Pack || 12 Vertebrae', '| Handy Pack || 12');
    const r = parseCycle16Ruleset(text);
    expect(r.shop.find((s) => s.item === 'Legendary Pack')?.cost).toEqual({ amount: 1000, unit: 'Vertebrae' });
    expect(r.shop.some((s) => s.item === 'Handy Pack')).toBe(false);
    expect(r.warnings.map((w) => w.message)).toContain('Shop item "Handy Pack" has no readable cost: "12"');
  });

  test('different phase days are read from the rule text', () => {
    const text = replaceOnce(
      original,
      '* Rest Phase: Monday, Tuesday and Wednesday\n* Battle Phase: Thursday, Friday, Saturday, and Sunday\n',
      '* Rest Phase: Monday to Thursday\n* Battle Phase: Fri–Sun\n',
    );
    const r = parseCycle16Ruleset(text);
    expect(r.phases.map((p) => [p.name, p.days])).toEqual([
      ['Rest Phase', [1, 2, 3, 4]],
      ['Battle Phase', [5, 6, 7]],
    ]);
    // No new warning: the only one is the ruleset's own "Gold Plated" typo.
    expect(r.warnings.map((w) => w.message)).toEqual([expect.stringContaining('"Gold Plated"')]);
  });

  test('a week with a day in no phase is warned about', () => {
    const text = replaceOnce(original, 'Battle Phase: Thursday, Friday, Saturday, and Sunday', 'Battle Phase: Thursday, Friday and Saturday');
    expect(parseCycle16Ruleset(text).warnings.map((w) => w.message)).toContain('No phase covers Sunday');
  });

  test('a new pack rule is a new pack', () => {
    const text = replaceOnce(
      original,
      '== Reconfiguration Tokens ==',
      '=== Mega Pack ===\nMega Pack is a card pack. When opened, that player gains five random rare cards.\n\n== Reconfiguration Tokens ==',
    );
    const r = parseCycle16Ruleset(text);
    expect(r.packs.at(-1)).toMatchObject({ name: 'Mega Pack', grants: [{ count: 5, rare: true }] });
  });

  test('fixing the typo to "Gold Plating" leaves no warning', () => {
    expect(parseCycle16Ruleset(replaceOnce(original, 'Gold Plated', 'Gold Plating')).warnings).toEqual([]);
  });
});

describe('warnings on a damaged Cycle 16 ruleset', () => {
  test('a value that is not a number is warned about, naming card, table, row and column', () => {
    const r = parseCycle16Ruleset(replaceOnce(original, '|Ace\n|1\n', '|Ace\n|one\n'), 'Cycle 16/Ruleset');
    const warning = r.warnings.find((w) => w.message.includes('not a number'));
    expect(warning?.message).toBe('Card "Ace" has a value that is not a number: "one"');
    expect(warning?.location).toMatchObject({ page: 'Cycle 16/Ruleset', rule: 'Cards', row: 1, column: 'value' });
    expect(r.cards[0]?.values).toEqual([]);
  });

  test('a card row with too few cells is still read, and warned about by its first cell', () => {
    const r = parseCycle16Ruleset(
      replaceOnce(original, '|Special, Rare\n|Select another participant. They draw 2 cards from their deck.\n', '|Special, Rare\n'),
    );
    expect(r.cards[0]).toMatchObject({ name: 'Ace', types: ['Special', 'Rare'], effect: null });
    expect(r.warnings.map((w) => w.message)).toContain(
      'Row 1 (`Ace`) of table "The table below describes the obtainable species of cards." has 5 cells; its header has 6',
    );
  });

  test('a shop table whose end is missing is still read, the next rule kept, and warned about', () => {
    const text = replaceOnce(original, '| 1 Chip || 25 Vertebrae\n|}\n', '| 1 Chip || 25 Vertebrae\n');
    const r = parseCycle16Ruleset(text);
    expect(r.shop).toEqual(base.shop);
    expect(r.rules.map((rule) => rule.title)).toEqual(base.rules.map((rule) => rule.title));
    expect(r.scenarios).toHaveLength(14);
    expect(r.warnings.map((w) => w.message)).toContain('Table "Items that can be purchased from The Croupier." has no end ("|}" is missing)');
  });

  test('a ruleset without its tables yields warnings, not a crash', () => {
    const r = parseCycle16Ruleset('== Cards ==\nNo table here.\n');
    expect(r.cards).toEqual([]);
    expect(r.shop).toEqual([]);
    expect(r.scenarios).toEqual([]);
    expect(r.phases).toEqual([]);
    // One warning per missing piece, each saying what was looked for.
    expect(r.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^No card species table found/),
        expect.stringMatching(/^No modifier table found/),
        expect.stringMatching(/^No modifier collection table found/),
        expect.stringMatching(/^No shop table found/),
        expect.stringMatching(/^No exploration scenarios found/),
        expect.stringMatching(/^No phases found/),
        expect.stringMatching(/^No "Victory" rule found/),
      ]),
    );
  });
});
