import Parser from 'wikiparser-node';
import { describe, expect, test } from 'vitest';
import { cellValue, findTable, readDocument, type Table } from '../../../../../src/parse/document.ts';
import { parseCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { renderCycle16Tables } from '../../../../../src/games/cycle16/tables/render.ts';
import { escapeWikitext } from '../../../../../src/parse/escape.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';

const original = fixture('cycle16');
const render = (text: string) => renderCycle16Tables(parseCycle16Ruleset(text, 'Cycle 16/Ruleset'));
const output = render(original);
const tables = readDocument(output);
const table = (rule: string) => findTable(tables, { rule })!;
/** The row whose first cell names it. */
const row = (t: Table, name: string) => t.rows.find((r) => r.list[0]?.text === name)!;
const num = (t: Table, name: string, column: string) => Number(cellValue(row(t, name), column));

// ---- Counts read by hand from the card table under "== Cards ==" of the Cycle 16 ruleset ----
// 42 rows (species). Type(s) column:
/** Species of type Null: "Amalgam | - | - | - | Null | -". */
const NULL_SPECIES = ['Amalgam'];
/** Species whose Type(s) cell contains "Rare" (every one of them is also Special). */
const RARE_SPECIES = [
  'Ace',
  'Queen',
  'King',
  'Joker',
  'Jester',
  'Credit Card',
  'Go to jail monopoly card',
  'Exploding Kitten',
  'Coup Duke',
  'Lotto Ticket',
  'Uno Reverse',
  'Quantum',
  'Orb of Blight',
  'Orb of Vitality',
  'Duality of Life',
  'Prince of Clocks',
  'Princess of Stars',
  'Goddess of Clocks',
  'God of Stars',
];
/** Drawable species (not Null) whose Colour(s) cell is "-". */
const NO_COLOUR = ['Ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'Jack', 'Queen', 'King', 'Joker', 'Jester', 'Uno Reverse', 'Two', '-1', 'Zero', '1'];
/** Drawable species whose Suit(s) cell is "-": all but Lotto Ticket (Diamonds), the 7 Blight/Vitality and the 8 Clocks/Stars species. */
const NO_SUIT = [
  ...NO_COLOUR.filter((n) => n !== 'Uno Reverse'),
  'Uno Reverse',
  'Credit Card',
  'Go to jail monopoly card',
  'Exploding Kitten',
  'Coup Duke',
  'Quantum',
];
/** Rare species with no colour / no suit (for random rare cards). */
const RARE_NO_COLOUR = RARE_SPECIES.filter((n) => NO_COLOUR.includes(n)); // Ace, Queen, King, Joker, Jester, Uno Reverse
const RARE_NO_SUIT = RARE_SPECIES.filter((n) => NO_SUIT.includes(n));

const SPECIES = 42;
const DRAWABLE = SPECIES - NULL_SPECIES.length; // "all cards … except those with the 'Null' type": 41
const RARE = RARE_SPECIES.length; // 19
// "Random Cards": a random card is one of DRAWABLE species "with equal weight"; a random rare card one of the RARE.
const P_RARE = RARE / DRAWABLE; // a plain random card turns out Rare with chance 19/41

// The collections table: Common 20%, Rare 5%. "If a random card is generated without a colour, grant it a random
// modifier from the 'Colours' collection" (same for suits): a filler modifier whenever the drawn species lacks it.
const FILL_RANDOM = (NO_COLOUR.length + NO_SUIT.length) / DRAWABLE; // (20 + 25) / 41
const FILL_RARE = (RARE_NO_COLOUR.length + RARE_NO_SUIT.length) / RARE; // (6 + 11) / 19
const DEFAULT_MODS = 0.2 + 0.05; // unspecified collections: 'Common' (20%) and 'Rare' (5%)

/** Mean of NdK: each die averages (K + 1) / 2. */
const meanOfDice = (n: number, k: number) => (n * (k + 1)) / 2;

describe('the computed Cycle 16 tables', () => {
  test('the hand counts used below agree with the extracted cards', () => {
    const cards = parseCycle16Ruleset(original).cards;
    expect(cards).toHaveLength(SPECIES);
    expect(cards.filter((c) => c.types.includes('Null')).map((c) => c.name)).toEqual(NULL_SPECIES);
    expect(
      cards
        .filter((c) => c.types.includes('Rare'))
        .map((c) => c.name)
        .sort(),
    ).toEqual([...RARE_SPECIES].sort());
    const drawable = cards.filter((c) => !c.types.includes('Null'));
    expect(
      drawable
        .filter((c) => c.colours.length === 0)
        .map((c) => c.name)
        .sort(),
    ).toEqual([...NO_COLOUR].sort());
    expect(
      drawable
        .filter((c) => c.suits.length === 0)
        .map((c) => c.name)
        .sort(),
    ).toEqual([...NO_SUIT].sort());
    expect([DRAWABLE, RARE, NO_COLOUR.length, NO_SUIT.length, RARE_NO_COLOUR.length, RARE_NO_SUIT.length]).toEqual([41, 19, 20, 25, 6, 11]);
  });

  test('are valid wikitext: lint finds no errors', () => {
    const errors = Parser.parse(output)
      .lint()
      .filter((e) => e.severity === 'error');
    expect(errors).toEqual([]);
  });

  test('are the same on every run', () => {
    expect(render(original)).toBe(output);
  });

  test('give each drawable species a chance of 1 in 41 (all but Null), and each Rare one 1 in 19 as a rare card', () => {
    const species = table('Card species');
    expect(species.rows).toHaveLength(SPECIES);
    const pct = (n: number, d: number) => `${n}/${d} (${((100 * n) / d).toFixed(2)}%)`;
    for (const r of species.rows) {
      const name = r.list[0]!.text;
      const drawable = !NULL_SPECIES.includes(name);
      const rare = RARE_SPECIES.includes(name);
      expect([name, cellValue(r, 'Chance as a random card')]).toEqual([name, drawable ? pct(1, DRAWABLE) : '0']);
      expect([name, cellValue(r, 'Chance as a random rare card')]).toEqual([name, rare ? pct(1, RARE) : '0']);
    }
    expect(cellValue(row(species, 'Ace'), 'Chance as a random card')).toBe('1/41 (2.44%)'); // 100/41 = 2.439…
    expect(cellValue(row(species, 'Ace'), 'Chance as a random rare card')).toBe('1/19 (5.26%)'); // 100/19 = 5.263…
    expect(cellValue(row(species, 'Credit Card'), 'value')).toBe('All natural numbers');
  });

  test('count the cards of each pack as its rule states them', () => {
    const packs = table('Card packs');
    // "gains 1 random card"; "2 random cards and 1 random rare card"; "4 random cards and 1 random rare cards";
    // "3 random cards …, 2 random rare cards and 2 random cards …".
    expect(['Already-opened Pack', 'Handy Pack', 'Deck Pack', 'Legendary Pack'].map((p) => num(packs, p, 'cards'))).toEqual([1, 2 + 1, 4 + 1, 3 + 2 + 2]);
  });

  test('give each pack its expected rare cards: guaranteed ones plus random cards that are Rare with chance 19/41', () => {
    const packs = table('Card packs');
    expect(num(packs, 'Already-opened Pack', 'rare cards')).toBeCloseTo(1 * P_RARE, 3);
    expect(num(packs, 'Handy Pack', 'rare cards')).toBeCloseTo(2 * P_RARE + 1, 3);
    expect(num(packs, 'Deck Pack', 'rare cards')).toBeCloseTo(4 * P_RARE + 1, 3);
    expect(num(packs, 'Legendary Pack', 'rare cards')).toBeCloseTo(3 * P_RARE + 2 + 2 * P_RARE, 3);
  });

  test("give each pack its expected modifiers: the collections' chances plus a colour and a suit for cards lacking them", () => {
    const packs = table('Card packs');
    // Already-opened: "from the Common and Rare (10% chance) collections": Common at the table's 20%, Rare at 10%.
    expect(num(packs, 'Already-opened Pack', 'modifiers')).toBeCloseTo(0.2 + 0.1 + FILL_RANDOM, 3);
    // Handy: 2 random cards and 1 random rare card, default collections.
    expect(num(packs, 'Handy Pack', 'modifiers')).toBeCloseTo(2 * (DEFAULT_MODS + FILL_RANDOM) + (DEFAULT_MODS + FILL_RARE), 3);
    expect(num(packs, 'Deck Pack', 'modifiers')).toBeCloseTo(4 * (DEFAULT_MODS + FILL_RANDOM) + (DEFAULT_MODS + FILL_RARE), 3);
    // Legendary: 3 cards with Common 40% + Rare 10%; 2 rare cards (defaults); 2 cards "with random modifiers from the Rare collection" (always).
    expect(num(packs, 'Legendary Pack', 'modifiers')).toBeCloseTo(3 * (0.4 + 0.1 + FILL_RANDOM) + 2 * (DEFAULT_MODS + FILL_RARE) + 2 * (1 + FILL_RANDOM), 3);
  });

  test('price each pack per expected card: the shop price over the cards of the pack', () => {
    const shop = table('Shop');
    const perCard = (name: string) => cellValue(shop.rows.find((r) => r.list[0]?.text === name && r.list[1]?.text === 'The Croupier')!, 'vertebrae per card');
    // Shop: Already-opened 5, Handy 12, Deck 18, Legendary 50 Vertebrae; cards 1, 3, 5, 7.
    expect(Number(perCard('Already-opened Pack'))).toBeCloseTo(5 / 1, 2);
    expect(Number(perCard('Handy Pack'))).toBeCloseTo(12 / 3, 2);
    expect(Number(perCard('Deck Pack'))).toBeCloseTo(18 / 5, 2);
    expect(Number(perCard('Legendary Pack'))).toBeCloseTo(50 / 7, 2); // 7.142…, written 7.14
    expect(perCard('1 Chip')).toBeUndefined(); // a Chip is not a card pack: the cell is "-", read as none
  });

  test("price the discount shop's packs of scenario 13 per card too", () => {
    const shop = table('Shop');
    const discount = (name: string) =>
      Number(cellValue(shop.rows.find((r) => r.list[0]?.text === name && /scenario 13/.test(r.list[1]?.text ?? ''))!, 'vertebrae per card'));
    // "pay 6🝬 for a Handy Pack", "pay 9🝬 for a Deck Pack", "pay 25🝬 for a Legendary Pack".
    expect(discount('Handy Pack')).toBeCloseTo(6 / 3, 2);
    expect(discount('Deck Pack')).toBeCloseTo(9 / 5, 2);
    expect(discount('Legendary Pack')).toBeCloseTo(25 / 7, 2);
  });

  test('give the expected Vertebrae of the dice scenarios: 2d3 → 4, 4d5 → 12, 2d8 → 9', () => {
    // Scenario 2 "If yes, grant yourself 2d3 vertebrae"; 4 "… grant yourself 4d5 vertebrae"; 5 "If no, grant yourself 2d8 vertebrae".
    // By hand: 2d3 = 2 × (1+2+3)/3 = 4; 4d5 = 4 × (1+…+5)/5 = 12; 2d8 = 2 × (1+…+8)/8 = 9.
    expect([meanOfDice(2, 3), meanOfDice(4, 5), meanOfDice(2, 8)]).toEqual([4, 12, 9]);
    const exploration = table('Exploration');
    expect(exploration.rows.map((r) => [r.list[0]?.text, r.list[1]?.text, r.list[2]?.text, Number(r.list[4]?.text)])).toEqual([
      ['2', '2d3', 'If yes', meanOfDice(2, 3)],
      ['4', '4d5', 'If you have 3 cards with all the same, suit, colour and value', meanOfDice(4, 5)],
      ['5', '2d8', 'If no', meanOfDice(2, 8)],
    ]);
  });

  test('follow a change of price', () => {
    const changed = readDocument(render(replaceOnce(original, '| Handy Pack || 12 Vertebrae', '| Handy Pack || 15 Vertebrae')));
    // 15 Vertebrae over the Handy Pack's 3 cards.
    expect(Number(cellValue(row(findTable(changed, { rule: 'Shop' })!, 'Handy Pack'), 'vertebrae per card'))).toBe(15 / 3);
  });

  test('follow a new Rare card: 42 drawable species, 20 of them Rare', () => {
    const text = replaceOnce(original, '|Zero\n', '|Twin Stars\n|7\n|Stars\n|Blue\n|Special, Rare\n|A new card.\n|-\n|Zero\n');
    const changed = readDocument(render(text));
    const species = findTable(changed, { rule: 'Card species' })!;
    expect(species.rows).toHaveLength(SPECIES + 1);
    expect(cellValue(row(species, 'Twin Stars'), 'Chance as a random card')).toBe(`1/${DRAWABLE + 1} (2.38%)`); // 100/42 = 2.38…
    expect(cellValue(row(species, 'Ace'), 'Chance as a random card')).toBe(`1/${DRAWABLE + 1} (2.38%)`);
    expect(cellValue(row(species, 'Ace'), 'Chance as a random rare card')).toMatch(new RegExp(`^1/${RARE + 1} \\(5(\\.0+)?%\\)$`)); // 100/20 = 5
    const packs = findTable(changed, { rule: 'Card packs' })!;
    expect(num(packs, 'Handy Pack', 'rare cards')).toBeCloseTo(2 * ((RARE + 1) / (DRAWABLE + 1)) + 1, 3);
  });

  test('follow a new dice scenario', () => {
    const text = replaceOnce(
      original,
      'You may explore, then explore again.\n',
      'You may explore, then explore again.\n# A fountain of bones. Do you drink? If yes, grant yourself 3d6 vertebrae.\n',
    );
    const exploration = findTable(readDocument(render(text)), { rule: 'Exploration' })!;
    expect(exploration.rows.at(-1)!.list.map((c) => c.text)).toEqual(['15', '3d6', 'If yes', 'Vertebrae', String(meanOfDice(3, 6))]); // 10.5
  });

  test('escape pipes and markup in cell text, which reads back unchanged', () => {
    const name = "Pipe | [[Link]] ''it'' {{T}} <b>x</b> ~~~~ & !!";
    const text = replaceOnce(original, '|Ace\n', `|<nowiki>${name}</nowiki>\n`);
    expect(parseCycle16Ruleset(text).cards[0]?.name).toBe(name);
    const out = render(text);
    expect(out).toContain('&#124;');
    const species = findTable(readDocument(out), { rule: 'Card species' })!;
    expect(species.rows[0]!.list[0]!.text).toBe(name);
    expect(species.rows[0]!.list).toHaveLength(7);
    expect(
      Parser.parse(out)
        .lint()
        .filter((e) => e.severity === 'error'),
    ).toEqual([]);
  });

  test('escaping leaves plain words alone', () => {
    expect(escapeWikitext("Croupier's 12🝬 Pack")).toBe("Croupier's 12🝬 Pack");
  });
});
