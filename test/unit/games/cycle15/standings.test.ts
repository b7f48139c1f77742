// Cycle 15's standings (src/games/cycle15/rules/standings.ts): “If a player owns a number of crystals greater
// than or equal to 15 and at least five more than any other player, that player wins.”
import { describe, expect, test } from 'vitest';
import { readGamestate } from '../../../../src/games/cycle15/gamestate/read.ts';
import { standings } from '../../../../src/games/cycle15/rules/standings.ts';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { fixture } from '../../helpers/fixtures.ts';

const ruleset = parseCycle15Ruleset(fixture('cycle15'), 'Cycle 15/Ruleset');
const state = readGamestate(fixture('cycle15', 'gamestate'), 'Cycle 15/Gamestate', ruleset);

describe("Cycle 15's standings", () => {
  const { crystals: line, lead } = ruleset.constants.victory.value!;
  const s = standings(state, ruleset);

  test("the rule quoted is the Ruleset's own sentence, with the numbers the engine reads from it", () => {
    expect(s.rule).toContain(`greater than or equal to ${line}`);
  });

  test('each player still playing needs enough crystals to reach the line and to lead every other player by the margin: the larger of the two', () => {
    const present = state.players.filter((p) => p.left === null);
    expect(s.players.map((p) => p.name)).toEqual(present.map((p) => p.name));
    for (const p of present) {
      const others = Math.max(0, ...present.filter((o) => o !== p).map((o) => o.crystals));
      const need = Math.max(line - p.crystals, others + lead - p.crystals);
      expect(s.players.find((x) => x.name === p.name)!.toWin).toMatch(need <= 0 ? /^the condition holds$/ : new RegExp(`^${need} more crystals \\(`));
    }
  });

  test('a player who has left is not ranked, and no longer counts as “any other player”', () => {
    const gone = structuredClone(state);
    const top = [...gone.players].sort((a, b) => b.crystals - a.crystals);
    top[0]!.left = new Date('2026-11-10T00:00Z');
    const after = standings(gone, ruleset);
    expect(after.players.map((p) => p.name)).not.toContain(top[0]!.name);
    const second = top[1]!;
    const third = top[2]!;
    expect(after.players.find((p) => p.name === second.name)!.toWin).toMatch(
      new RegExp(`^${Math.max(line - second.crystals, third.crystals + lead - second.crystals)} more crystals`),
    );
  });
});
