// Nomicoup's standings (src/games/nomicoup/rules/standings.ts): its rules name no count that wins, so players
// still in the game are ranked by influence, then credits, with no gap to a win.
import { describe, expect, test } from 'vitest';
import { standings } from '../../../../src/games/nomicoup/rules/standings.ts';
import { rank, renderStandings } from '../../../../src/games/shared/standings.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { nomicoupEngine } from '../../../../src/games/nomicoup/index.ts';

const ruleset = nomicoupEngine.readRuleset(readDocument(fixture('nomicoup'), { page: 'Nomicoup/Ruleset' }));
const state = nomicoupEngine.readGamestate(fixture('nomicoup', 'gamestate'), 'Nomicoup/Gamestate', ruleset);

describe("Nomicoup's standings", () => {
  test('players are ranked by influence, then credits; the table has no To win column', () => {
    const s = standings(state);
    const expected = [...state.players].sort((a, b) => b.influence - a.influence || b.credits - a.credits).map((p) => [p.name, p.influence, p.credits]);
    expect(rank(s.players).map((p) => [p.name, ...p.values])).toEqual(expected);
    expect(readDocument(renderStandings(s)).tables[0]!.labels).toEqual(['Rank', 'Player', 'Influence', 'Credits']);
  });

  test('a player who forfeited is not ranked', () => {
    const gone = structuredClone(state);
    gone.players[0]!.status = 'forfeited';
    expect(standings(gone).players.map((p) => p.name)).toEqual(state.players.slice(1).map((p) => p.name));
  });
});
