// The simplest row shapes are read without wikiparser-node (src/parse/shape-cells.ts). That is only allowed if every
// shape it reads gets the cells wikiparser-node gives it: kinds, and where each one's content starts and ends.
import { describe, expect, test } from 'vitest';
import { syntheticGamestate } from '../../../bench/engine.ts';
import { parseWikitext } from '../../../src/parse/parser.ts';
import { parsedShapeCells } from '../../../src/parse/row-shapes.ts';
import { plainShapeCells } from '../../../src/parse/shape-cells.ts';
import { fixturePages, fixtureText } from '../../fixture-pages.ts';
import { randomPages } from '../../random-pages.ts';

/** The shapes of a page's table rows, as row-shapes.ts makes them: each run of ASCII letters and digits an `a`. */
function rowShapes(text: string): string[] {
  return [...text.matchAll(/^\|-[^\n]*(?:\n(?![ \t]*\|[-}])[^\n]*)*/gm)].map((m) => m[0].replace(/[A-Za-z0-9]+/g, 'a'));
}

/** How many of `shapes` are read without wikiparser-node; each one that is must read as wikiparser-node reads it. */
function expectSameCells(shapes: readonly string[]): number {
  let read = 0;
  for (const shape of shapes) {
    const own = plainShapeCells(shape);
    if (own === undefined) continue;
    read++;
    expect({ shape, cells: own }).toEqual({ shape, cells: parsedShapeCells(shape, parseWikitext) });
  }
  return read;
}

describe('the simplest row shapes are read as wikiparser-node reads them', () => {
  test('every row of every fixture, and of the benchmark Gamestate page; most without wikiparser-node', () => {
    const shapes = [...fixturePages.map(fixtureText), syntheticGamestate(9, 7)].flatMap(rowShapes);
    expect(shapes.length).toBeGreaterThan(300);
    expect(expectSameCells(shapes)).toBeGreaterThan(shapes.length * 0.8);
  });

  test('random rows of cell lines, continued lines and other syntax', () => {
    // The syntax it reads, often; what it leaves to wikiparser-node, now and then.
    const simple = ['\n|a', '\n| a ', ' || a', '||', '\n!a', '\n! a a', ' !! a', '\na a', '\n', 'a', ' ', '.', '-'];
    const other = ['|a', '!', '\n a', '\n|+a', '\n|-', '\n*a', '\n:a', '\n=a=', '\t', '\n|}'];
    const pieces = [...simple, ...simple, ...simple, ...other];
    const rows = randomPages({ seed: 99, count: 3000, pieces, head: (random) => `${random() < 0.8 ? '|-' : '|--'}\n|`, min: 1, spread: 10 });
    // Not vacuous: many random rows are read without it.
    expect(expectSameCells(rows)).toBeGreaterThan(600);
  });

  test('a shape with attributes, a caption or an indented line is left to wikiparser-node', () => {
    for (const shape of ['|- a="a"\n|a', '|-\n| a="a" | a', '|-\n|+a', '|-\n |a', '|-\n!a || a', '|-\n|a !! a', '|-\n*a', '|-']) {
      expect(plainShapeCells(shape)).toBeUndefined();
    }
    // A cell's content runs to the newline before the next line of cells: its continued and blank lines are its own.
    const shape = '|-\n|a\na a\n\n! a !! a';
    const cells = {
      kinds: ['td', 'th', 'th'],
      bounds: [
        { start: 4, end: 10 },
        { start: 12, end: 15 },
        { start: 17, end: 19 },
      ],
    };
    expect(plainShapeCells(shape)).toEqual(cells);
    expect(parsedShapeCells(shape, parseWikitext)).toEqual(cells);
  });
});
