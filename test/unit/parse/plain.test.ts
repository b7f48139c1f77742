import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/parse/document.ts';

/** The plain text of the single data cell of a one-column table. */
function cell(wikitext: string): string {
  const doc = readDocument(`{| class="wikitable"\n! Text\n|-\n| ${wikitext}\n|}`);
  return doc.tables[0]!.rows[0]!.cells.text!.text;
}

describe('plain text of a cell', () => {
  test('a link shows its label, or its target when it has none', () => {
    expect(cell('see [[Cycle 16/Ruleset#Cards|the cards]] and [[Vertebrae]]')).toBe('see the cards and Vertebrae');
  });

  test('bold, italic, comments and HTML tags are dropped, their text kept', () => {
    expect(cell("'''Ace''' of ''Hearts''<!-- note --> <strong>now</strong>")).toBe('Ace of Hearts now');
  });

  test('<br> separates words', () => {
    expect(cell('one<br>two<br />three')).toBe('one two three');
  });

  test('<nowiki> shows its content literally', () => {
    expect(cell("<nowiki>[[not a link]] ''x''</nowiki>")).toBe("[[not a link]] ''x''");
  });

  test('templates keep their wikitext, and {{!}} in prose is a pipe', () => {
    expect(cell('{{CurrentSeason}}')).toBe('{{CurrentSeason}}');
    expect(readDocument('== Rule ==\na{{!}}b\n').rules[0]!.text).toBe('a|b');
  });

  test('HTML entities are decoded (a non-breaking space is a space)', () => {
    expect(cell('a &#124; b &amp; c&nbsp;d')).toBe('a | b & c d');
  });

  test('a dash cell keeps its dash, for callers to read as none', () => {
    expect(cell('-')).toBe('-');
  });

  test('the Vertebrae symbol outside the BMP survives', () => {
    expect(cell('12🝬')).toBe('12🝬');
  });
});
