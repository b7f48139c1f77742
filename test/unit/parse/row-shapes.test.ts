// Plain table rows are read once per shape (src/parse/row-shapes.ts) so that a Gamestate page reads in
// linear time. That is only allowed if it changes nothing: every table, cell, offset, rule text, list
// and warning must be what reading every row through its own wikiparser-node parse gives — also when the
// document lets its parse go once read (`keepParse: false`).
import { describe, expect, test } from 'vitest';
import { syntheticGamestate } from '../../../bench/engine.ts';
import { readDocument } from '../../../src/parse/document.ts';
import { parseSections } from '../../../src/parse/parser.ts';
import { shapedRun } from '../../../src/parse/shaped-runs.ts';
import { fixturePages, fixtureText } from '../../fixture-pages.ts';
import { randomPages } from '../../random-pages.ts';

/** Rows read through their shapes: in a section's parse, and in a prose section's tables (its `|-` rows). */
function shapedRows(text: string): number {
  return parseSections(text).reduce(
    (n, s) =>
      s.root === undefined
        ? n + s.tables.reduce((m, t) => m + t.rows.filter((r) => s.prose.startsWith('|-', r.start - s.start)).length, 0)
        : s.root.querySelectorAll('tr').reduce((m, tr) => m + (shapedRun(tr)?.rows.length ?? 0), n),
    0,
  );
}

function expectSameAsFullParse(text: string, page = 'Test/Page'): void {
  const shaped = readDocument(text, { page });
  const full = readDocument(text, { page, shapes: false });
  expect(shaped).toEqual(full);
  // A document that let its parse go (a Gamestate reader's) reads the same, rule texts (parsed again) included.
  expect(readDocument(text, { page, keepParse: false })).toEqual(full);
}

const TABLE_HEAD = '== Cards ==\n{| class="wikitable"\n! ID !! Owner !! Card\n';
const plainRows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `|-\n| ${from + i} || Player ${(from + i) % 7} || Ace of Spades\n`).join('');
const page = (body: string) => `Intro.\n${TABLE_HEAD}${body}|}\n== After ==\nText.\n`;

// Damaged and tricky pages: each is read both ways and must read the same.
const variants: Record<string, string> = {
  'a table whose |} is missing': `${TABLE_HEAD}${plainRows(5)}== After ==\n${plainRows(2)}`,
  'a stray |} in the middle of the rows': page(`${plainRows(3)}|}\n${plainRows(3, 4)}`),
  'a table nested in a cell': page(`${plainRows(2)}|-\n| 3 || nested ||\n{|\n! a !! b\n${plainRows(3, 10)}|}\n${plainRows(2, 4)}`),
  'a comment across rows': page(`${plainRows(2)}<!-- hidden\n${plainRows(2, 3)}-->\n${plainRows(2, 5)}`),
  'a comment opened in a cell and closed rows later': page(`|-\n| 1 || a <!-- from here\n${plainRows(3, 2)}| to here --> || b\n${plainRows(2, 6)}`),
  'an unclosed comment': page(`${plainRows(2)}|-\n| 3 || <!-- never closed\n${plainRows(3, 4)}`),
  '<nowiki> holding table rows': page(`${plainRows(1)}|-\n| 2 || <nowiki>\n${plainRows(2, 3)}</nowiki> || x\n${plainRows(2, 6)}`),
  '<pre> holding table rows': `Intro.\n<pre>\n{|\n${plainRows(3)}|}\n</pre>\n${page(plainRows(2))}`,
  'table rows outside any table': `Intro.\n${plainRows(4)}\n${page(plainRows(2))}`,
  'a heading line inside a table': page(`${plainRows(2)}== Inside ==\n${plainRows(2, 3)}`),
  'a heading the section split does not see': page(`${plainRows(2)}==Inside==<!-- c -->\n${plainRows(2, 3)}`),
  'a template spanning rows': page(`${plainRows(1)}|-\n| 2 || {{Card\n${plainRows(2, 3)}}} || x\n${plainRows(2, 6)}`),
  'a template spanning rows with {{!}}': page(`${plainRows(1)}{{Rows|\n{{!}}-\n{{!}} 2 {{!}}{{!}} b\n}}\n${plainRows(2, 6)}`),
  'a <ref> holding a table': page(`${plainRows(1)}|-\n| 2 || <ref>\n{|\n${plainRows(2, 3)}|}\n</ref> || x\n${plainRows(2, 6)}`),
  'CRLF line ends and a byte-order mark': `\uFEFF${page(plainRows(4))}`.replace(/\n/g, '\r\n'),
  'colspan, rowspan and cell attributes': page(
    `${plainRows(2)}|-\n| colspan="2" | 3 || x\n|-\n| rowspan=2 | 4 || a || b\n${plainRows(2, 5)}|-\n| style="color:red" | 7 || y || z\n`,
  ),
  'a caption and header cells among the rows': page(`${plainRows(2)}|+ Late caption\n${plainRows(1, 3)}|-\n! 4 !! head !! ers\n${plainRows(2, 5)}`),
  'cells on their own lines, continued lines and blank lines': page(`|-\n| 1\n| Player 1\n| Ace\nof Spades\n\n|-\n|2\n|Player  2 \n|\tAce\n${plainRows(2, 3)}`),
  'too many and too few cells': page(`${plainRows(1)}|-\n| 2 || a\n|-\n| 3 || a || b || c || d\n${plainRows(1, 4)}`),
  'words that are syntax: protocols, magic links, behaviour switches, entities': page(
    `${plainRows(1)}|-\n| 2 || mailto:x || ISBN 0123456789\n|-\n| 3 || __NOTOC__ || a&amp;b\n|-\n| 4 || http://example.org || RFC 1234\n${plainRows(2, 5)}`,
  ),
  'links, bold, templates and tags in cells': page(`${plainRows(1)}|-\n| 2 || [[User:A|A]] || '''B'''\n|-\n| 3 || {{Card|x}} || a<br>b\n${plainRows(2, 4)}`),
  'lists and rules inside cells, and text before the first cell': page(
    `${plainRows(1)}|-\n| 2 || a\n* item\n# other\n----\n|-\ntext before\n| 3 || b || c\n${plainRows(1, 4)}`,
  ),
  'empty rows, long row markers and indented markers': page(`|-\n|-\n${plainRows(1)}|----\n| 2 || a || b\n  |-\n  | 3 || c || d\n\t|-  \n| 4 || e || f\n`),
  'non-ASCII text and unusual whitespace': page(`|-\n| 1 || Björn || Æsir\u00a0card\n|-\n| 2 || 名前 || \u3000x\u2003y\n${plainRows(2, 3)}`),
  'a table indented with a colon and one in a list': page(`${plainRows(1)}`) + `:{|\n${plainRows(2)}|}\n* {|\n${plainRows(2)}|}\n`,
  "a table that starts on the page's first line": `{|\n! a !! b\n${plainRows(3)}|}\n`,
  'a row ending the page without a newline': `${TABLE_HEAD}${plainRows(2)}|-\n| 3 || x || y`,
  'pipes and bangs inside cells': page(`|-\n| 1 || a !! b || c\n|-\n! 2 | x || y !! z\n|-\n| 3 | | 4\n${plainRows(2, 5)}`),
};

describe('rows read through their shapes read as a full parse does', () => {
  test.each(fixturePages)('fixture %s reads the same', (name) => {
    expectSameAsFullParse(fixtureText(name), name);
  });

  test('the benchmark Gamestate page reads the same, and nearly all its rows went through shapes', () => {
    const text = syntheticGamestate(9, 7);
    expectSameAsFullParse(text, 'Bench/Gamestate');
    // The Phase row, 9 players, 63 cards, 2 battles, 4 gifts, 100 History rows: all plain rows.
    expect(shapedRows(text)).toBe(1 + 9 + 63 + 2 + 4 + 100);
  });

  test.each(Object.entries(variants))('%s reads the same', (_, text) => {
    expectSameAsFullParse(text);
  });

  test('the variants are not vacuous: most of them have rows read through shapes', () => {
    const shaped = Object.values(variants).filter((text) => shapedRows(text) > 0);
    expect(shaped.length).toBeGreaterThan(Object.keys(variants).length * 0.6);
  });

  test('a row holding markup is parsed as written, a plain one through its shape', () => {
    expect(shapedRows(page(`|-\n| 1 || [[A]] || b\n`))).toBe(0);
    expect(shapedRows(page(`|-\n| 1 || A || b\n`))).toBe(1);
  });

  test('random pages made of table syntax and plain words read the same', () => {
    const pieces = [
      '\n|-',
      '\n| ',
      ' || ',
      '\n! ',
      ' !! ',
      '\n|}',
      '\n{|',
      '\n|+ ',
      'word',
      ' 12 ',
      '  ',
      '\n',
      '<!--',
      '-->',
      '{{t|',
      '}}',
      '[[a]]',
      "''",
      "'",
      "player's",
      ':',
      '\n== H ==\n',
      '\n* ',
      'colspan=2 |',
      '<nowiki>',
      '</nowiki>',
      '\t',
      '&amp;',
    ];
    const pages = randomPages({ seed: 12345, count: 60, pieces, head: () => '== Start ==\n{|\n! a !! b !! c', min: 20, spread: 80 });
    pages.forEach((text, n) => expectSameAsFullParse(`${text}\n|}\n`, `Random/${n}`));
  });
});
