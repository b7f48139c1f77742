import type { CellKind } from './shaped-runs.ts';

/** Cells of a row's shape (row-shapes.ts), offsets relative to the shape's text; null when they are not plain cells. */
export type ShapeCells = { kinds: CellKind[]; bounds: { start: number; end: number }[] } | null;

/**
 * A row's shape read without wikiparser-node, where its syntax is the simplest one: a `|-` line alone, then lines of
 * cells (`|` cells split by `||`, `!` cells by `!!`) and lines of words (or blank) continuing the cell before them.
 * Undefined for any other shape, which wikiparser-node reads: attributes, captions, indented lines, lines starting
 * with anything else. A first read of a Ruleset meets mostly shapes of their own (each row's words), and parsing each
 * took most of a cold `croupier parse`. `test/unit/parse/shape-cells.test.ts` compares it with wikiparser-node's
 * reading on every fixture's rows and thousands of random ones.
 */
export function plainShapeCells(shape: string): ShapeCells | undefined {
  const lines = shape.split('\n');
  if (!/^\|-+$/.test(lines[0]!)) return undefined;
  const cells: NonNullable<ShapeCells> = { kinds: [], bounds: [] };
  let lineStart = lines[0]!.length + 1;
  for (const line of lines.slice(1)) {
    const marker = line[0];
    if (marker === '|' || marker === '!') {
      // A `|` line's cells split at `||`; a single `|` left in one is its attributes. A `!` line's split at `!!`.
      const separator = marker === '|' ? '||' : '!!';
      if (/^\|[-+}]/.test(line) || line.includes(marker === '|' ? '!!' : '|')) return undefined;
      let from = lineStart + 1;
      for (const part of line.slice(1).split(separator)) {
        if (part.includes(marker)) return undefined;
        cells.kinds.push(marker === '|' ? 'td' : 'th');
        cells.bounds.push({ start: from, end: from + part.length });
        from += part.length + separator.length;
      }
    } else if (cells.kinds.length > 0 && (line === '' || line[0] === 'a')) {
      cells.bounds[cells.bounds.length - 1]!.end = lineStart + line.length;
    } else return undefined;
    lineStart += line.length + 1;
  }
  return cells.kinds.length > 0 ? cells : undefined;
}
