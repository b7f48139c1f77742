import { describe, expect, test } from 'vitest';
import { parseCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { Cycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/schema.ts';
import { fixture } from '../../../helpers/fixtures.ts';

// Expected values come from reading the Cycle 16 ruleset, not from the program's output.
const ruleset = parseCycle16Ruleset(fixture('cycle16'), 'Cycle 16/Ruleset');
const card = (name: string) => ruleset.cards.find((c) => c.name === name);

describe('the Cycle 16 ruleset', () => {
  test('validates against its schema', () => {
    expect(() => Cycle16Ruleset.parse(ruleset)).not.toThrow();
  });

  // Counted by hand in the ruleset: 42 rows in the Cards table, 37 in the Modifiers table, 7 in the Modifier
  // Collections table, 5 in the Croupier's table, 14 "#" items under Exploration, 2 phases under Time/Phases.
  test('has 42 card species, 37 modifiers, 7 collections, 5 shop items, 14 scenarios and 2 phases', () => {
    expect(ruleset.cards).toHaveLength(42);
    expect(ruleset.modifiers).toHaveLength(37);
    expect(ruleset.collections).toHaveLength(7);
    expect(ruleset.shop).toHaveLength(5);
    expect(ruleset.scenarios).toHaveLength(14);
    expect(ruleset.phases).toHaveLength(2);
  });

  test('Credit Card has every natural number as value, no suit, Green, Special and Rare', () => {
    expect(card('Credit Card')).toMatchObject({
      values: { kind: 'allNaturals' },
      suits: [],
      colours: ['Green'],
      types: ['Special', 'Rare'],
    });
  });

  test('Lotto Ticket is worth 1000000, Diamonds, Cyan', () => {
    expect(card('Lotto Ticket')).toMatchObject({ values: [1000000], suits: ['Diamonds'], colours: ['Cyan'] });
    expect(card('Lotto Ticket')?.effect).toBe('Roll 1d100. If 1, you forfeit. If 100, you win the game of Exoptosis.');
  });

  test('Duality of Life is 0 with two suits and two colours', () => {
    expect(card('Duality of Life')).toMatchObject({
      values: [0],
      suits: ['Blight', 'Vitality'],
      colours: ['Magenta', 'Green'],
      types: ['Special', 'Rare'],
    });
  });

  test('dashes are empty: Joker has no value, suit or colour; Amalgam is Null with no effect', () => {
    expect(card('Joker')).toMatchObject({ values: [], suits: [], colours: [] });
    expect(card('Amalgam')).toMatchObject({ types: ['Null'], effect: null });
    expect(card('-1 of Blight')?.values).toEqual([-1]);
    expect(card('Orb of Blight')?.values).toEqual([-3]);
  });

  test('modifiers carry their effects', () => {
    const modifier = (name: string) => ruleset.modifiers.find((m) => m.name === name)?.effect;
    expect(modifier('Holographic')).toBe('Grant the player who plays the card 1 vertebrae.');
    expect(modifier('Gold Plating')).toBe('Gain a number of Vertebrae equal to thrice the number of chips betted.');
    expect(modifier('Stars Seal')).toBe('This card gains the Stars suit. This modifier is then removed.');
  });

  test('collections keep duplicate elements and read their chance as a fraction', () => {
    const rare = ruleset.collections.find((c) => c.name === 'Rare')!;
    expect(rare.elements.filter((e) => e === 'Holographic')).toHaveLength(3);
    // The collection writes "Gold Plated"; it is read as the modifier "Gold Plating" (see below).
    expect(rare.elements).toEqual(['Holographic', 'Holographic', 'Holographic', 'Gold Plating', 'Silvery']);
    expect(rare.chance).toMatchObject({ numerator: 1, denominator: 20 });
    expect(ruleset.collections.find((c) => c.name === 'Common')).toMatchObject({ chance: { numerator: 1, denominator: 5 } });
    // Common lists 10 Basic-like names, 4 suit modifiers, 8 coatings, 3 defects and 4 more suit modifiers: 29.
    expect(ruleset.collections.find((c) => c.name === 'Common')?.elements).toHaveLength(10 + 4 + 8 + 3 + 4);
    expect(ruleset.collections.map((c) => [c.name, c.chance && c.chance.numerator / c.chance.denominator])).toEqual([
      ['Basic', 0.1],
      ['Rare', 0.05],
      ['Colours', 0.1],
      ['Defective', 0.05],
      ['Cursed', 0.05],
      ['Common', 0.2],
      ['Suits', 0.1],
    ]);
  });

  test('"Gold Plated" is flagged as naming no modifier, with "Gold Plating" suggested', () => {
    const warning = ruleset.warnings.find((w) => w.message.includes('Gold Plated'));
    expect(warning?.message).toContain('did you mean "Gold Plating"');
    expect(warning?.location).toMatchObject({ page: 'Cycle 16/Ruleset', rule: 'Random Cards', row: 2, column: 'elements' });
  });

  test("the Rare collection's “Holographic, Holographic, Holographic, Gold Plated, Silvery” is read as the modifier “Gold Plating” (“Gain a number of Vertebrae equal to thrice the number of chips betted.”), the only one it differs from in word endings alone; the warning says so, and the modifier keeps the spelling", () => {
    expect(ruleset.warnings.find((w) => w.message.includes('Gold Plated'))?.message).toBe(
      'Collection "Rare" lists "Gold Plated", which is not a modifier (did you mean "Gold Plating"?); read as "Gold Plating", the one modifier it differs from only in word endings',
    );
    expect(ruleset.modifiers.find((m) => m.name === 'Gold Plating')).toMatchObject({ alsoWritten: ['Gold Plated'] });
  });

  test('a name that is not an inflection of one modifier is only warned about, never read as another: "Golden Plate" stays as written', () => {
    const r = parseCycle16Ruleset(fixture('cycle16').replace('Gold Plated, Silvery', 'Golden Plate, Silvery'));
    expect(r.collections.find((c) => c.name === 'Rare')!.elements).toContain('Golden Plate');
    expect(r.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^Collection "Rare" lists "Golden Plate", which is not a modifier( \(did you mean "[^"]+"\?\))?$/),
    ]);
    expect(r.modifiers.every((m) => m.alsoWritten === undefined)).toBe(true);
  });

  test('colour opposites are the five pairs of the Colours list', () => {
    expect(ruleset.colourOpposites).toEqual([
      ['Red', 'Black'],
      ['Black', 'White'],
      ['Red', 'Cyan'],
      ['Yellow', 'Blue'],
      ['Green', 'Magenta'],
    ]);
  });

  test('the types table lists Special and Face', () => {
    expect(ruleset.types.map((t) => t.name)).toEqual(['Special', 'Face']);
  });

  test('random cards default to the Common and Rare collections, exclude Null, and fill colour and suit', () => {
    expect(ruleset.randomCards).toEqual({
      defaultCollections: ['Common', 'Rare'],
      excludedTypes: ['Null'],
      fillers: [
        { missing: 'colour', collection: 'Colours' },
        { missing: 'suit', collection: 'Suits' },
      ],
    });
  });

  test('shop prices are in Vertebrae', () => {
    expect(ruleset.shop).toEqual([
      { item: 'Already-opened Pack', cost: { amount: 5, unit: 'Vertebrae' } },
      { item: 'Handy Pack', cost: { amount: 12, unit: 'Vertebrae' } },
      { item: 'Deck Pack', cost: { amount: 18, unit: 'Vertebrae' } },
      { item: 'Legendary Pack', cost: { amount: 50, unit: 'Vertebrae' } },
      { item: '1 Chip', cost: { amount: 25, unit: 'Vertebrae' } },
    ]);
  });

  test('the Rest Phase is Monday to Wednesday and the Battle Phase Thursday to Sunday', () => {
    expect(ruleset.phases).toMatchObject([
      { name: 'Rest Phase', days: [1, 2, 3], dayNames: ['Monday', 'Tuesday', 'Wednesday'], location: { rule: 'Phases' } },
      { name: 'Battle Phase', days: [4, 5, 6, 7], dayNames: ['Thursday', 'Friday', 'Saturday', 'Sunday'], location: { rule: 'Phases' } },
    ]);
  });

  test('victory needs at least 10 Chips', () => {
    expect(ruleset.victory).toMatchObject({ threshold: 10, item: 'Chips' });
  });

  test('the one warning is the Gold Plated one', () => {
    // The Rare collection lists "Gold Plated"; the Modifiers table names it "Gold Plating". Nothing else is inconsistent.
    expect(ruleset.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/"Gold Plated".*did you mean "Gold Plating"/)]);
  });
});

describe('Cycle 16 packs', () => {
  const pack = (name: string) => ruleset.packs.find((p) => p.name === name)!;
  const grants = (name: string) => pack(name).grants.map((g) => [g.count, g.rare]);

  test('four packs, named by their rules', () => {
    expect(ruleset.packs.map((p) => p.name)).toEqual(['Already-opened Pack', 'Handy Pack', 'Deck Pack', 'Legendary Pack']);
  });

  test('a Handy Pack holds 2 random cards and 1 random rare card with default modifiers', () => {
    expect(grants('Handy Pack')).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(pack('Handy Pack').grants.every((g) => g.defaultModifiers)).toBe(true);
  });

  test("an Already-opened Pack draws from Common at the table's chance and Rare at 10%", () => {
    expect(pack('Already-opened Pack').grants).toMatchObject([
      {
        count: 1,
        rare: false,
        modifiers: [
          { collection: 'Common', chance: null },
          { collection: 'Rare', chance: { numerator: 1, denominator: 10 } },
        ],
      },
    ]);
  });

  test('a Legendary Pack holds three clauses with their own collections', () => {
    const [first, second, third] = pack('Legendary Pack').grants;
    expect(first).toMatchObject({
      count: 3,
      rare: false,
      modifiers: [
        { collection: 'Common', chance: { numerator: 2, denominator: 5 } },
        { collection: 'Rare', chance: { numerator: 1, denominator: 10 } },
      ],
    });
    expect(second).toMatchObject({ count: 2, rare: true, defaultModifiers: true });
    expect(third).toMatchObject({ count: 2, rare: false, modifiers: [{ collection: 'Rare', chance: { numerator: 1, denominator: 1 } }] });
  });
});

describe('Cycle 16 exploration scenarios', () => {
  const scenario = (n: number) => ruleset.scenarios[n - 1]!;

  test('are numbered in list order and keep their full text', () => {
    expect(ruleset.scenarios.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(scenario(1).text).toBe(
      'You find a hidden door covered by wallpaper. Do you enter? If yes, create a new exploration proposal to add a new scenario to this list.',
    );
  });

  test('scenario 2 grants 2d3 Vertebrae on yes and an Already-opened pack on no', () => {
    expect(scenario(2).grants).toMatchObject([
      { amount: { count: 2, sides: 3 }, item: 'Vertebrae', branch: 'yes' },
      { amount: 1, item: 'Already-opened pack', branch: 'no' },
    ]);
  });

  test('scenarios 4 and 5 roll 4d5 and 2d8, each under its condition', () => {
    expect(scenario(4).dice).toMatchObject([{ count: 4, sides: 5 }]);
    expect(scenario(4).grants[0]?.condition).toBe('If you have 3 cards with all the same, suit, colour and value');
    expect(scenario(11).grants).toMatchObject([{ amount: 1, item: 'Handy pack', condition: 'If yes' }]);
    expect(scenario(5).grants).toMatchObject([
      { amount: 1, item: 'Gem Key', branch: 'yes' },
      { amount: { count: 2, sides: 8 }, item: 'Vertebrae', branch: 'no' },
    ]);
  });

  test("the slot machine's table is Nothing 70%, a Legendary pack 5%, two Deck packs 10%, six packs 15%", () => {
    expect(scenario(7).outcomes.map((o) => [o.label, o.chance.text])).toEqual([
      ['Nothing', '70%'],
      ['One legendary card pack', '5%'],
      ['Two Deck packs', '10%'],
      ['Six already-opened packs', '15%'],
    ]);
  });

  test("the discount shop's options and prices are read", () => {
    expect(scenario(13).options).toHaveLength(4);
    expect(scenario(13).offers).toEqual([
      { item: 'Handy Pack', cost: { amount: 6, unit: 'Vertebrae' } },
      { item: 'Deck Pack', cost: { amount: 9, unit: 'Vertebrae' } },
      { item: 'Legendary Pack', cost: { amount: 25, unit: 'Vertebrae' } },
    ]);
    expect(scenario(13).grants).toMatchObject([{ amount: 2, item: 'Reconfiguration tokens' }]);
  });
});
