// Cycle 16's example page with one cell of a player's row changed, for the tests of edits people make: its Players
// table has a line per cell, the player's name first.

/** Columns of the Players table, counted from the player's name (0). */
export const PLAYER_COLUMN = { lastAction: 4, chips: 7, other: 10, used: 11 } as const;

/** `text` with the cell `n` lines after player's name changed from `from` to `to` (each a cell's text after its `|`). */
export function withPlayerCell(text: string, player: string, n: number, from: string, to: string): string {
  const lines = text.split('\n');
  const at = lines.indexOf(`|${player}`) + n;
  if (lines[at] !== `|${from}`) throw new Error(`${player}'s cell ${n} is "${lines[at]}", not "|${from}"`);
  lines[at] = `|${to}`;
  return lines.join('\n');
}
