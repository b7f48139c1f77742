// Round 10's standings (src/games/round10/rules/standings.ts): “If a player has 10 Gold Stars in their
// possession at any time, they become the winner of Round 10”; wealth only orders players with as many.
import { describe, expect, test } from 'vitest';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { STANDINGS_REGION } from '../../../../src/games/shared/standings.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { findRegion } from '../../../../src/parse/regions.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';
import { round10Engine } from '../../../../src/games/round10/index.ts';

const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const page = fixture('round10', 'gamestate');
const THURSDAY = new Date('2026-11-05T06:00Z');
const run = (text: string) => round10Engine.rollover(ruleset, 'round10', { title: 'Round 10/Gamestate', text, revid: 1 }, { now: THURSDAY, trigger: 'test' });
const table = (text: string) => readDocument(findRegion(text, STANDINGS_REGION)!.content).tables[0]!.rows.map((r) => r.list.map((c) => c.text));

describe("Round 10's standings", () => {
  test('with no Gold Stars anywhere, players are ordered by their Wealth cell, each 10 Gold Stars from the win', () => {
    const goal = ruleset.constants.victoryGoldStars!;
    const r = run(page);
    const wealth = r.result.state.players.map((p) => [p.name, p.wealth] as const).sort((a, b) => b[1] - a[1]);
    expect(table(r.text).map((row) => [row[1], Number(row[3])])).toEqual(wealth);
    expect(table(r.text).every((row) => row[2] === '0' && row[4] === `${goal} more Gold Stars`)).toBe(true);
  });

  test('Gold Stars come first: Bob with 2 Gold Stars and the least wealth but one leads, 8 short of the win', () => {
    const r = run(replaceOnce(page, '| Bob || 2026-11-02 08:00 || - || 120 || 0 || 0 ||', '| Bob || 2026-11-02 08:00 || - || 120 || 0 || 2 ||'));
    const goal = ruleset.constants.victoryGoldStars!;
    expect(table(r.text)[0]!.slice(0, 3)).toEqual(['1', 'Bob', '2']);
    expect(table(r.text)[0]![4]).toBe(`${goal - 2} more Gold Stars`);
    expect(findRegion(r.text, STANDINGS_REGION)!.content).toContain(`Bob leads with 2 Gold Stars`);
  });
});
