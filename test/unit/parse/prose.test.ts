// Sections of prose are read without wikiparser-node (src/parse/prose.ts). That is only allowed if it changes
// nothing: every rule (title, level, offsets, text), list and warning must be what parsing the section gives.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/parse/document.ts';
import { parseSections } from '../../../src/parse/parser.ts';
import { fixturePages, fixtureText } from '../../fixture-pages.ts';
import { randomPages } from '../../random-pages.ts';

const proseSections = (text: string) => parseSections(text).filter((s) => s.prose !== undefined).length;

function expectSameAsParsed(text: string, page = 'Test/Page'): void {
  const parsed = readDocument(text, { page, prose: false });
  expect(readDocument(text, { page })).toEqual(parsed);
  // With every row parsed as written, and with the parse let go once read (rule texts made from a second one).
  expect(readDocument(text, { page, shapes: false })).toEqual(parsed);
  expect(readDocument(text, { page, keepParse: false })).toEqual(parsed);
}

/** Each body, under a heading, is read as prose (`read`) or parsed (`parsed`), and either way as its parse reads it. */
function expectReadAndParsed(read: readonly string[], parsed: readonly string[]): void {
  for (const [bodies, sections] of [
    [read, 1],
    [parsed, 0],
  ] as const) {
    for (const body of bodies) {
      expect(proseSections(`== Rule ==\n${body}\n`), body).toBe(sections);
      expectSameAsParsed(`== Rule ==\n${body}\n`);
    }
  }
}

describe('sections of prose read as their parse does', () => {
  test.each(fixturePages)('fixture %s reads the same', (name) => {
    expectSameAsParsed(fixtureText(name), name);
  });

  test('most sections of the Cycle 16 ruleset are read as prose, not parsed', () => {
    const text = fixtureText('cycle16/ruleset.wikitext');
    expect(proseSections(text)).toBeGreaterThan(parseSections(text, { prose: false }).length / 2);
  });

  test('a section holding markup is parsed; one of sentences and lists is not', () => {
    const one = (body: string) => proseSections(`== Rule ==\n${body}\n`);
    expect(one("A player's phases: rest, battle.\n* one: two\n*# two\n# three")).toBe(1);
    for (const markup of [
      "''''four''''",
      "'''bold'' italic",
      '[[Category:Rules]]',
      '{{t}}',
      '<br>',
      'a &amp; b',
      '~~~~',
      '__NOTOC__',
      'see http://x.org',
      'mailto:a',
      'HTTPſ://x.org',
      'ISBN 0123456789',
      'Iſbn 0123456789',
      'rfc 1234',
      'a\u2028line separator',
      'no-break\u00a0space',
    ]) {
      expect(one(`Text ${markup} text.`)).toBe(0);
    }
    for (const line of [' preformatted', ': indented', '; term', '----', '*: item', '=x', '== x == trailing']) {
      expect(one(`Text.\n${line}\nMore.`)).toBe(0);
    }
    expect(proseSections('=== Unbalanced ==\nText.\n')).toBe(0);
    expect(proseSections('======= Seven =======\nText.\n')).toBe(0);
  });

  test('bold and italic whose every run wikiparser-node makes a quote token of are read; any other run is parsed', () => {
    const read = [
      "'''Bold''' and ''italic'' and '''''both'''''.",
      "* A '''Duke''' may ''tax''.\n# ''one'' and '''two'''",
      "It's '''x'''.",
      "'''Unclosed bold\nand ''unclosed italic",
      "'''a''' '''b''' ''c''",
    ];
    const parsed = [
      "''''four''''",
      "''''''six''''''",
      "'''bold'' italic", // one odd bold and one odd italic: a bold run is read as an apostrophe and italic
      "l'''amour'' x",
    ];
    expectReadAndParsed(read, parsed);
    // A heading's bold is parsed (its title is a parse of its own).
    expect(proseSections("== '''Rule''' ==\nText.\n")).toBe(0);
    expectSameAsParsed("== '''Rule''' ==\nText.\n");
    expect(readDocument("== Rule ==\nA '''Duke''' may ''tax''.\n* '''one'''\n").rules[0]!.text).toBe('A Duke may tax.\n* one'); // a rule's text keeps its list markers
  });

  test('a link to a page or a section is read, the player seeing its label or target; any other link is parsed', () => {
    const read = [
      'See [[#Cards|Cards]].',
      'See [[Cards]] and [[Card Packs|the packs]].',
      '* A [[Rule 12#Phases|phase]] ends.\n# [[2026]] [[a]]s',
      "A '''[[Duke]]''' may ''[[Tax (rule)|tax]]''.",
      '[[Main Page#A-b, c.|x y]][[b]]',
      'Its [[#Ace]], and [[Ace#x]].',
      '[[a| spaced  label ]] and [[Cards |x]]',
      '[[Björn]] and [[a|Москва]]',
      `[[${'é'.repeat(100)}]]`,
    ];
    const parsed = [
      '[[Category:Rules]]',
      '[[File:Card.png]]',
      '[[wikipedia:Nomic]]',
      '[[:Cards]]',
      '[[/Sub]]',
      '[[ Cards]]',
      '[[a|b|c]]',
      '[[a|]]',
      '[[a| ]]',
      '[[[a]]]',
      '[[a]]]',
      '[[a|<b>x</b>]]',
      "[[a|''b'']]",
      "[[Player's]]",
      '[[a|b &amp; c]]',
      '[[a|{{t}}]]',
      '[[a|x\u00a0y]]',
      '[[a_b]]',
      '[[#]]',
      '[[a#]]',
      '[[a|[b]]]',
      '[[a\nb]]',
      '[[https://x.org|x]]',
      '[[a|ISBN 0123456789]]',
      `[[${'a'.repeat(101)}]]`,
      '[[Москва]]',
      '[[a×b]]',
    ];
    expectReadAndParsed(read, parsed);
    // A heading's link is parsed (its title is a parse of its own).
    expect(proseSections('== [[Rule]] ==\nText.\n')).toBe(0);
    expectSameAsParsed('== [[Rule]] ==\nText.\n');
    expect(readDocument('== Rule ==\nSee [[#Cards|the cards]], [[Packs]].\n* [[a|one]]\n').rules[0]!.text).toBe('See the cards, Packs.\n* one');
  });

  test('headings, lists and blank lines in every spacing read the same', () => {
    const headings = ['== A ==', '==A==', '=== Three words here ===', '= One =', '====== Six ======', '==  Spaced   title  ==', '== T == \t', '== a = b =='];
    const after = ['', '\n', '\n\n', '\n\n\n', '\n \n', '\nText.', '\n\n\nText.\n\n', '\n* a\n* b', '\n#  x\n#*\ty\n*\n', '\n* last'];
    for (const h of headings) for (const a of after) for (const tail of ['', '\n', '\n== Next ==\nMore.\n']) expectSameAsParsed(`Intro line.\n${h}${a}${tail}`);
  });

  test('random pages of sentences, lists and headings read the same', () => {
    const pieces = [
      'word',
      'word:',
      ' sms:1 ',
      ' RFC 12 ',
      ' ',
      '  ',
      '\t',
      '.',
      ',',
      "'",
      '"',
      '!',
      '?',
      '|',
      '=',
      '-',
      '12',
      'Björn',
      '\n',
      '\n\n',
      '\n* ',
      '\n# ',
      '\n*#',
      '\n**',
      '\n== H ==',
      '\n=== Sub ===\n',
      '\n==H==  \n\n',
      '\n*',
      '\n: x',
      "''",
      "'''",
      "'''''",
      "''''",
      '[[a]]',
      '[[#Cards|Cards]]',
      '[[Card Packs|the packs]]',
      '[[b#c]]',
      '[[',
      ']]',
    ];
    const pages = randomPages({ seed: 424242, count: 300, pieces, head: (random) => (random() < 0.5 ? '== Start ==\n' : ''), min: 10, spread: 60 });
    pages.forEach((text, n) => expectSameAsParsed(text, `Random/${n}`));
    // Not vacuous: most pages hold sections read as prose, many of them with links.
    expect(pages.reduce((n, text) => n + proseSections(text), 0)).toBeGreaterThan(250);
    const withLinks = pages.reduce((n, text) => n + parseSections(text).filter((s) => s.prose?.includes('[[')).length, 0);
    expect(withLinks).toBeGreaterThan(50);
  });
});

describe('plain tables in a section of prose read as their parse does', () => {
  const proseTables = (text: string) => parseSections(text).reduce((n, s) => n + (s.prose === undefined ? 0 : s.tables.length), 0);
  const section = (table: string) => `== Rule ==\nA sentence.\n${table}\nAfter the table.\n* a list\n`;
  const tablesIn = (text: string) => (text.match(/^\{\|/gm) ?? []).length;

  test('every table of the Cycle 16 ruleset is read without a parse, and so is every section', () => {
    const text = fixtureText('cycle16/ruleset.wikitext');
    expect(proseTables(text)).toBe(tablesIn(text));
    expect(proseSections(text)).toBe(parseSections(text, { prose: false }).length);
  });

  test('a table of the simplest syntax is read; any other syntax has its section parsed, and both read the same', () => {
    const plain = [
      '{| class="wikitable"\n|+ Caption\n! A !! B\n|-\n| a || b\n|-\n| c || d\n|}',
      '{|class="wikitable" style="width: 50%;"\n|+\n!A\n!B\n|-\n|a\n|b\ncontinued\n\n|-\n|-\n| c ||\n|}',
      '{|\n|}',
      '{| class="wikitable"\n|- style="color: red"\n| a\n|}', // a row's attributes: wikiparser-node reads its shape
      '{| class="wikitable"\n|-\n| it\'s || 12 || -1\n|}\n{| class="wikitable"\n! x\n|}',
    ];
    const parsed = [
      '{| class="wikitable"\n|+ A | B\n|-\n| a\n|}', // a caption's attributes
      '{| class="wikitable"\n|+ A !! B\n|-\n| a\n|}',
      '{| class="wikitable"\n|+ Caption\ncontinued\n|-\n| a\n|}',
      '{| class="wikitable"\n|-\n| a\n|+ Late caption\n|}',
      '{| class=wikitable\n|-\n| a\n|}', // unquoted attributes
      '{| class="a[[b]]"\n|-\n| a\n|}',
      '{| class="wikitable"\n\n|-\n| a\n|}', // a blank line before the first row
      '{| class="wikitable"\ntext before the rows\n|-\n| a\n|}',
      '{| class="wikitable"\n|-\n| style="color: red" | a\n|}',
      '{| class="wikitable"\n|-\n| colspan="2" | a\n|}',
      '{| class="wikitable"\n|-\n| a || [[Link]]\n|}',
      '{| class="wikitable"\n|-\n| a\n* item\n|}',
      '{| class="wikitable"\n|-\n| a\n {|\n| b\n|}\n|}',
      '{| class="wikitable"\n|-\n| a\n |-\n| b\n|}', // an indented row
      '{| class="wikitable"\n|-\n| a\n|} after',
      '{| class="wikitable"\n|-\n| a\n |}',
      '{| class="wikitable"\n|-\n| a\n|}}',
      '{| class="wikitable"\n|-\n| a || http://example.org\n|}',
      '{| class="wikitable"\n|-\n| a', // no end
      ':{| class="wikitable"\n|-\n| a\n|}',
      "{| class=\"wikitable\"\n|+ ''Caption''\n|-\n| a\n|}", // a caption's italic
      "{| class=\"wikitable\"\n|-\n| '''a''' || b\n|}",
    ];
    for (const table of plain) {
      expect(proseTables(section(table)), table).toBe(tablesIn(table));
      expectSameAsParsed(section(table));
    }
    for (const table of parsed) {
      expect(proseTables(section(table)), table).toBe(0);
      expectSameAsParsed(section(table));
    }
  });

  test('bold and links beside a plain table are read with it; bold in its cells has the section parsed', () => {
    const beside = "== Rule ==\nThe '''Shop''' sells:\n{| class=\"wikitable\"\n! Item !! Cost\n|-\n| Pack || 5\n|}\n''Prices'' may change.\n";
    expect(proseTables(beside)).toBe(1);
    expectSameAsParsed(beside);
    expect(readDocument(beside).rules[0]!.text).toBe('The Shop sells:\n\nItem | Cost\nPack | 5\n\nPrices may change.');
    const linked = beside.replace("The '''Shop'''", 'The [[#Shop|Shop]]').replace('may change', 'may change ([[Prices]])');
    expect(proseTables(linked)).toBe(1);
    expectSameAsParsed(linked);
    expect(readDocument(linked).rules[0]!.text).toBe('The Shop sells:\n\nItem | Cost\nPack | 5\n\nPrices may change (Prices).');
    const inside = beside.replace('| Pack', "| '''Pack'''");
    expect(proseTables(inside)).toBe(0);
    expectSameAsParsed(inside);
  });

  test("a rule's text shows a table's caption, the cells before its first row and each row on lines of their own", () => {
    const text = '== Rule ==\nBefore.\n{| class="wikitable"\n|+ Caption\n! A !! B\n|-\n| a || b\n|}\nAfter.\n';
    expect(readDocument(text).rules[0]!.text).toBe('Before.\n\nCaption\nA | B\na | b\n\nAfter.');
    expect(readDocument(text, { prose: false }).rules[0]!.text).toBe('Before.\n\nCaption\nA | B\na | b\n\nAfter.');
  });

  test('random sections of tables, sentences and lists read the same', () => {
    let seed = 20261129;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    // Mostly the simplest syntax, with now and then a piece that makes its section parsed.
    const mostly = <T>(plain: readonly T[], other: readonly T[]): T => (random() < 0.85 ? pick(plain) : pick(other));
    const open = () => mostly(['{| class="wikitable"', '{|', '{|class="wikitable sortable"', '{| style="a:b; c"'], ['{| class=wikitable', '{| |', ' {|']);
    const caption = () => mostly(['|+ Caption', '|+Caption', '|+', '|+ two  words ', "|+ it's"], ['|+ a | b', '|+ a\nb']);
    const content = () =>
      mostly(
        ['a', 'Word', ' two words ', '', ' -1', '12', "it's", 'x\ncontinued', 'x\n\nmore', ' \tspaced  out ', 'Björn'],
        [' a !! b', 'a | b', '[[L]]', 'x\n* item', ' mailto:x'],
      );
    const cellLine = (marker: '|' | '!') => `${marker}${Array.from({ length: 1 + Math.floor(random() * 3) }, content).join(marker === '|' ? '||' : '!!')}`;
    const rows = () =>
      Array.from({ length: Math.floor(random() * 4) }, () => `${mostly(['|-', '|--'], ['|- x', ' |-'])}\n${cellLine(random() < 0.2 ? '!' : '|')}`);
    const table = () =>
      [open(), ...(random() < 0.5 ? [caption()] : []), ...(random() < 0.5 ? [cellLine('!')] : []), ...rows(), mostly(['|}'], ['|} x', ' |}'])].join('\n');
    const proseLine = () => pick(['Text.', '* item', '# step', '', 'More text here.']);
    const pages = Array.from({ length: 300 }, () => {
      const parts = ['== Rule ==', proseLine()];
      for (let i = Math.floor(random() * 3); i >= 0; i--) parts.push(table(), proseLine());
      return parts.join('\n');
    });
    pages.forEach((text, n) => expectSameAsParsed(text, `Random/${n}`));
    // Not vacuous: many pages hold tables read without a parse, and many are parsed.
    const read = pages.filter((text) => proseTables(text) > 0).length;
    expect(read).toBeGreaterThan(30);
    expect(read).toBeLessThan(270);
  });
});
