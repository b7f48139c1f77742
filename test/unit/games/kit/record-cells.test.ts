// Which cells of each game's example Gamestate are the bot's record (src/games/kit/record-cells.ts): the clock and what
// the rules granted, as each game's columns declare them, named by table, row and column.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGames, readEngineRuleset } from '../../../../src/games/registry.ts';
import { fixture } from '../../helpers/fixtures.ts';

beforeAll(() => loadGames());

/** The record's columns on the game's example page, table by table, each with the rows that hold it. */
function recordColumns(kind: string): Record<string, number> {
  const { engine, ruleset } = readEngineRuleset(fixture(kind), { page: 'Ruleset', kind });
  const out: Record<string, number> = {};
  for (const c of engine.records(ruleset, fixture(kind, 'gamestate'), 'Gamestate').values()) {
    const key = `${c.table} / ${c.column}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe("the bot's record on each game's example page", () => {
  it('Cycle 16: the clock, the players’ grants and statuses, the Fragile cards’ battles, the battles’ and gifts’ statuses', () => {
    // The page's 12 players, 51 cards, 3 battles and 4 gifts; a column the page lacks yet (Phase start, Removals granted,
    // Decks: the bot adds them) is read as empty in each row, so that a column a person removes is a change too.
    expect(recordColumns('cycle16')).toEqual({
      'Phase / Cycle start (UTC)': 1,
      'Phase / Phase number': 1,
      'Phase / Winner': 1,
      'Phase / Phase start (UTC)': 1,
      'Players / Reputability grant': 12,
      'Players / Status': 12,
      'Players / Removals granted': 12,
      'Cards / Battles': 51,
      'Battles / Status': 3,
      'Battles / Decks': 3,
      'Gifts / Status': 4,
    });
  });

  it("Round 10: the clock and each player's Income paid", () => {
    expect(recordColumns('round10')).toEqual({ 'Round / Phase number': 1, 'Round / Winner': 1, 'Players / Income paid (UTC)': 4 });
  });

  it('Cycle 15 and Nomicoup: their clocks', () => {
    expect(recordColumns('cycle15')).toEqual({ 'Phase / Cycle start (UTC)': 1, 'Phase / Phase number': 1, 'Phase / Winner': 1 });
    expect(recordColumns('nomicoup')).toEqual({ 'Game / Round': 1, 'Game / Turn': 1, 'Game / Winner': 1 });
  });
});
