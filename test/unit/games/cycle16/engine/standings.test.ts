// Cycle 16's standings (src/games/cycle16/rules/standings.ts), by rule 9: “If a player possesses at least 10
// Chips in their inventory, then the player who possesses the most Chips wins the cycle.”
import { describe, expect, test } from 'vitest';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { standings } from '../../../../../src/games/cycle16/rules/standings.ts';
import { rank, STANDINGS_REGION } from '../../../../../src/games/shared/standings.ts';
import { readDocument } from '../../../../../src/parse/document.ts';
import { findRegion } from '../../../../../src/parse/regions.ts';
import { GAMESTATE, ruleset, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

const PAGE = 'Cycle 16/Gamestate';
const roll = (text: string, now = utc('2026-11-19T00:00')) =>
  cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text, revid: 1 }, { now, trigger: 'test' });
/** The standings table of a page: [rank, player, Chips, to win] per row. */
const shown = (text: string) => readDocument(findRegion(text, STANDINGS_REGION, PAGE)!.content).tables[0]!.rows.map((r) => r.list.map((c) => c.text));

describe("Cycle 16's standings", () => {
  const state = readGamestate(GAMESTATE, PAGE, ruleset);
  const s = standings(state, ruleset);

  test("“any bet items are removed from their owner's inventory”: Chips bet in a battle not yet rewarded do not count, those of a rewarded battle do", () => {
    // Battle 2 (commenced): Cosima and Eun-ji bet 1 Chip each; battle 1 (rewarded): Alice's bet is settled.
    const chips = (name: string) => state.players.find((p) => p.name === name)!.chips;
    const counted = (name: string) => s.players.find((p) => p.name === name)!.values[0];
    expect(counted('Cosima')).toBe(chips('Cosima') - 1);
    expect(counted('Eun-ji')).toBe(chips('Eun-ji') - 1);
    expect(counted('Alice')).toBe(chips('Alice'));
  });

  test('every player is ranked, most Chips first, each with the Chips missing to the 10-Chip line', () => {
    expect(s.players).toHaveLength(state.players.length);
    const ranked = rank(s.players);
    for (const [i, p] of ranked.entries()) {
      if (i > 0) expect(p.values[0]).toBeLessThanOrEqual(ranked[i - 1]!.values[0]!);
      const missing = 10 - p.values[0]!;
      expect(p.toWin).toBe(`${missing} more ${missing === 1 ? 'Chip' : 'Chips'} to the 10-Chip line`);
    }
  });

  test('the rollover writes the block from the state it leaves, and a second run leaves the page as it is', () => {
    const first = roll(GAMESTATE);
    expect(roll(first.text).text).toBe(first.text);
    const after = first.result.state;
    const expected = rank(standings(after, ruleset).players).map((p) => p.name);
    expect(shown(first.text).map((r) => r[1])).toEqual(expected);
  });

  test('a player at the line with the most Chips is the Winner, and the block says the game is over', () => {
    // Alice's Chips cell (the 8th line of her row) set to 12: she holds at least 10 and the most.
    const lines = GAMESTATE.split('\n');
    const at = lines.indexOf('|Alice') + 7;
    lines[at] = '|12';
    const won = roll(lines.join('\n'));
    expect(won.result.state.phase.winner).toEqual(['Alice']);
    expect(findRegion(won.text, STANDINGS_REGION, PAGE)!.content).toContain("'''Winner: Alice — the game is over.'''");
    expect(shown(won.text)[0]!.slice(0, 3)).toEqual(['1', 'Alice', '12']);
  });
});
