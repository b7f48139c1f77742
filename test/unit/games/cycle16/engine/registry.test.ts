import { describe, expect, test, vi } from 'vitest';
import { engineFor, parseRuleset, readEngineRuleset, renderTables } from '../../../../../src/games/registry.ts';
import { cycle16, cycle16Engine } from '../../../../../src/games/cycle16/index.ts';
import type { Cycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/schema.ts';
import { rollover } from '../../../../../src/jobs/rollover.ts';
import { fixture } from '../../../helpers/fixtures.ts';
import { GAMESTATE } from './build.ts';
import { FakeWiki } from './fake-wiki.ts';
import { genericEngine } from '../../../../../src/games/generic/index.ts';

describe('reference tables through the registry', () => {
  test("renderTables goes to the module of the ruleset's own kind: Cycle 16's tables for a cycle16 ruleset, none for generic, none for an unknown kind", () => {
    const c16 = parseRuleset(fixture('cycle16'), { page: 'Cycle 16/Ruleset', kind: 'cycle16' });
    expect(renderTables(c16)).toBe(cycle16.renderTables!(c16 as Cycle16Ruleset));
    expect(renderTables(c16)).toContain('{|');
    expect(renderTables(parseRuleset('== Rules ==\nBe nice.', { kind: 'generic' }))).toBeUndefined();
    expect(renderTables({ kind: 'nomic-77' })).toBeUndefined();
  });
});

describe('engines through the registry', () => {
  test('cycle16 has the Cycle 16 engine, nomicoup the Nomicoup engine (turns), generic the engine of its weekly calendar (phases)', () => {
    expect(engineFor('cycle16')).toBe(cycle16Engine);
    expect(engineFor('nomicoup').period).toBe('turn');
    expect(engineFor('generic')).toBe(genericEngine);
    expect(engineFor('generic').period).toBe('phase');
  });

  test('engineFor an unknown kind fails naming the kinds there are', () => {
    expect(() => engineFor('poker')).toThrow('unknown game kind "poker" (expected cycle16 or round10 or cycle15 or nomicoup or generic)');
  });

  test('the Ruleset is read by the engine of the configured kind, or of the detected one', () => {
    expect(readEngineRuleset(fixture('cycle16'), { page: 'Cycle 16/Ruleset' }).ruleset.kind).toBe('cycle16');
    expect(readEngineRuleset(fixture('cycle16'), { page: 'Cycle 16/Ruleset', kind: 'cycle16' }).engine).toBe(cycle16Engine);
    // Configured generic, a known game's ruleset is read for what any ruleset has: its calendar.
    const generic = readEngineRuleset(fixture('cycle16'), { kind: 'generic', game: 'g' });
    expect(generic.engine).toBe(genericEngine);
    expect(generic.ruleset).toMatchObject({ kind: 'generic', phases: [{ name: 'Rest Phase' }, { name: 'Battle Phase' }] });
  });

  test('the rollover job of a generic game whose page has no Phase record refuses before any edit, naming croupier adopt', async () => {
    const game = { id: 'c17', kind: 'generic', ruleset: 'C17/Ruleset', gamestate: 'C17/Gamestate', historyLimit: 200 };
    const w = new FakeWiki({ [game.ruleset]: fixture('newcycle'), [game.gamestate]: fixture('newcycle', 'gamestate') });
    await expect(rollover({ wiki: w }, game, { now: new Date('2026-12-15T00:00:00Z'), trigger: 'test' })).rejects.toThrow(
      'no Phase record: a game of kind generic keeps its phase in the table croupier adopt adds',
    );
    expect(w.edits).toBe(0);
  });

  test('a rollover run reads the Ruleset once, through the engine', async () => {
    const game = { id: 'cycle16', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate', historyLimit: 200 };
    const w = new FakeWiki({ [game.ruleset]: fixture('cycle16'), [game.gamestate]: GAMESTATE });
    const spy = vi.spyOn(cycle16Engine, 'readRuleset');
    try {
      const s = await rollover({ wiki: w }, game, { now: new Date('2026-11-19T00:00:00Z'), trigger: 'test' });
      expect(s.toPhase).toBe(5);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
