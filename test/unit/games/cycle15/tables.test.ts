import { describe, expect, test } from 'vitest';
import { readGamestate } from '../../../../src/games/cycle15/gamestate/read.ts';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { repeatWays, sumWays } from '../../../../src/games/cycle15/tables/dice.ts';
import { renderCycle15TablesWith } from '../../../../src/games/cycle15/tables/index.ts';
import { renderTables } from '../../../../src/games/registry.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';

const ruleset = parseCycle15Ruleset(fixture('cycle15'), 'Cycle 15/Ruleset');
const gamestate = { title: 'Cycle 15/Gamestate', text: fixture('cycle15', 'gamestate') };

describe('the computed tables for Cycle 15 players', () => {
  test('2d4: the 16 outcomes give sums 2 to 8 as 1, 2, 3, 4, 3, 2, 1; doubles are the 4 outcomes of equal dice', () => {
    expect(sumWays({ count: 2, sides: 4 }).slice(2)).toEqual([1, 2, 3, 4, 3, 2, 1]);
    expect(repeatWays({ count: 2, sides: 4 })).toBe(4);
    // Three dice of 4 sides: 64 outcomes, 4 × 3 × 2 = 24 of them without a repeat.
    expect(repeatWays({ count: 3, sides: 4 })).toBe(64 - 24);
    const t = renderTables(ruleset)!;
    expect(t).toContain('| 5 || 4/16 (25%)');
    expect(t).toContain("Doubles (“If you roll multiple of the same number when moving, grant yourself a 'Time Bean Chili'”): 4/16 (25%).");
  });

  test('shards from a crystal: 10+1d10 is 11 to 20, each 1/10, 15.5 expected', () => {
    const t = renderTables(ruleset)!;
    for (let s = 11; s <= 20; s++) expect(t).toContain(`| ${s} || 1/10 (10%)`);
    expect(t).toContain('Expected: 15.5 shards.');
  });

  test('items whose text rolls dice, with the mean roll: Big wheel 1d40 → 20.5, Steering Wheel 1d4 → 2.5', () => {
    const t = renderTables(ruleset)!;
    expect(t).toContain('| Big wheel || 41 || 1d40 || 20.5 ||');
    expect(t).toContain('| Steering Wheel || 16 || 1d4 || 2.5 ||');
    expect(t).toContain('| Shard Pile (space) || - || 1d6 || 3.5 ||');
  });

  test('the board from the Gamestate: each space with its type and what landing there does', () => {
    const t = renderCycle15TablesWith(ruleset, gamestate);
    expect(t).toContain('| 1 || Crystal || - || 2 || When a player lands on or passes through a crystal space, they gain 1 crystal.');
    expect(t).toContain('| 3 || Treasure || Shard Pile || 4 || When a player lands on such a space they gain 1d6 shards.');
    expect(t.indexOf('| -3 || Stop Sign')).toBeLessThan(t.indexOf('| 0 || Blank'));
  });

  test('the tables on the Gamestate page are not taken for its Spaces table: the page still reads the same', () => {
    const t = renderCycle15TablesWith(ruleset, gamestate);
    const withTables = replaceOnce(gamestate.text, '== History ==', `== Card tables ==\n${t}\n== History ==`);
    expect(readGamestate(withTables, gamestate.title, ruleset).spaces).toEqual(readGamestate(gamestate.text, gamestate.title, ruleset).spaces);
  });

  test('a Gamestate whose Spaces cannot be read gives the other tables and a line saying why there is no board', () => {
    const t = renderCycle15TablesWith(ruleset, { ...gamestate, text: replaceOnce(gamestate.text, '| 0 || Blank || - || 1', '| zero || Blank || - || 1') });
    expect(t).toContain('== Board ==\nnone: [[Cycle 15/Gamestate]] cannot be read (1 problem: Space "zero" is not a whole number)');
    expect(t).toContain('== Movement ==');
  });
});
