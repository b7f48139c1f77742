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
      "'''bold'''",
      '[[Link]]',
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
      '[[a]]',
    ];
    const pages = randomPages({ seed: 424242, count: 300, pieces, head: (random) => (random() < 0.5 ? '== Start ==\n' : ''), min: 10, spread: 60 });
    pages.forEach((text, n) => expectSameAsParsed(text, `Random/${n}`));
    // Not vacuous: most pages hold sections read as prose.
    expect(pages.reduce((n, text) => n + proseSections(text), 0)).toBeGreaterThan(300);
  });
});
