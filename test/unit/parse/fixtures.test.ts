import Parser from 'wikiparser-node';
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../src/parse/document.ts';
import { RULESETS, fixture } from '../helpers/fixtures.ts';

describe.each(RULESETS)('the %s fixture', (game) => {
  const text = fixture(game);

  test('round-trips through wikiparser-node unchanged', () => {
    expect(String(Parser.parse(text))).toBe(text);
  });

  test('reads without warnings into rules whose offsets match the text', () => {
    const doc = readDocument(text, { page: game });
    expect(doc.warnings).toEqual([]);
    // An independent reading of the page: it has no comments, <nowiki> or <pre>, so every line written
    // "== Title ==" is a heading, and every line starting "{|" a table.
    expect(text).not.toMatch(/<!--|<nowiki|<pre/);
    const headings = text.split('\n').flatMap((line) => /^(=+)\s*(.*?)\s*\1\s*$/.exec(line)?.[2] ?? []);
    expect(doc.rules.map((r) => r.title)).toEqual(headings);
    expect(doc.tables).toHaveLength(text.split('\n').filter((line) => line.startsWith('{|')).length);
    for (const rule of doc.rules) expect(doc.text.slice(rule.start, rule.bodyStart)).toMatch(/^=+[^\n]*=+\s*$/);
    for (const table of doc.tables) {
      for (const row of table.rows) for (const cell of row.list) expect(doc.text.slice(cell.start, cell.end)).toBe(cell.raw);
    }
  });
});

test('the Cycle 16 Gamestate page reads as tables keyed by header under their sections', () => {
  const doc = readDocument(fixture('cycle16', 'gamestate'), { page: 'Cycle 16/Gamestate' });
  const players = doc.tables.find((t) => t.rule === 'Players');
  expect(players?.headers).toEqual(expect.arrayContaining(['player', 'vertebrae', 'chips', 'last action']));
  expect(doc.warnings).toEqual([]);
});
