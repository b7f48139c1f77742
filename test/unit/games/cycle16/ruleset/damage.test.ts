import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { expect, test } from 'vitest';
import { readDocument } from '../../../../../src/parse/document.ts';
import { parseCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import { Cycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/schema.ts';
import { fixture } from '../../../helpers/fixtures.ts';

// Whatever an edit does to the page, reading it gives data and warnings, never an exception.
const original = fixture('cycle16');
const FRAGMENTS = [
  '\n',
  '|',
  '||',
  '!',
  '{|',
  '|}',
  '|-',
  '|+',
  '== X ==',
  '[[',
  ']]',
  '{{',
  '}}',
  "'''",
  '<!--',
  '-->',
  '<nowiki>',
  '#',
  '*',
  'colspan=2 |',
  '🝬',
];

function damaged(seed: number): string {
  const rng = xoroshiro128plus(seed);
  const int = (max: number) => uniformInt(rng, 0, max);
  let text = original;
  for (let edit = 0; edit < 8; edit++) {
    const at = int(text.length);
    const kind = int(2);
    if (kind === 0) text = text.slice(0, at) + text.slice(at + int(400));
    else if (kind === 1) text = text.slice(0, at) + FRAGMENTS[int(FRAGMENTS.length - 1)]! + text.slice(at);
    else {
      const from = int(text.length - 1);
      text = text.slice(0, at) + text.slice(from, from + int(400)) + text.slice(at);
    }
  }
  return text;
}

test('damaged copies of the Cycle 16 ruleset read without exceptions, with offsets that still match', () => {
  for (let seed = 1; seed <= 30; seed++) {
    const text = damaged(seed);
    const doc = readDocument(text);
    for (const rule of doc.rules) expect(doc.text.slice(rule.start, rule.bodyStart).startsWith('=')).toBe(true);
    for (const table of doc.tables) {
      for (const row of table.rows) for (const cell of row.list) expect(doc.text.slice(cell.start, cell.end)).toBe(cell.raw);
    }
    expect(() => Cycle16Ruleset.parse(parseCycle16Ruleset(text))).not.toThrow();
  }
});
