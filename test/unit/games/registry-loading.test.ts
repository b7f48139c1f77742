// The registry loads a game's module only when a command needs it: `parse <file>` loads the page's own game
// (and those detection tries before it), not the whole list: a game's schemas are most of a cold start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { gameKinds } from '../../../src/games/kinds.ts';

type Registry = typeof import('../../../src/games/registry.ts');
let registry: Registry;

// A registry of its own, with nothing loaded (the test setup loads every game into the shared one).
beforeEach(async () => {
  vi.resetModules();
  registry = await import('../../../src/games/registry.ts');
});

const ruleset = (game: string) => readFileSync(join(import.meta.dirname, '../../../fixtures', game, 'ruleset.wikitext'), 'utf8');

/** The kinds whose module is loaded: asking for another says it is not. */
const loadedKinds = () =>
  gameKinds.filter((k) => {
    try {
      return registry.gameFor(k) !== undefined;
    } catch (err) {
      expect((err as Error).message).toBe(`the game "${k}" is not loaded (the registry needs loadGames() first)`);
      return false;
    }
  });

describe('games loaded on demand', () => {
  test('before anything is loaded, a game is refused by name, and an unknown kind is no game at all', () => {
    expect(loadedKinds()).toEqual([]);
    expect(registry.gameFor('poker')).toBeUndefined();
    expect(() => registry.games()).toThrow('the game "cycle16" is not loaded');
  });

  test("a Cycle 16 page is read with Cycle 16's module alone, the first of the list", async () => {
    const read = await registry.loadAndParseRuleset(ruleset('cycle16'));
    expect(read.kind).toBe('cycle16');
    expect(loadedKinds()).toEqual(['cycle16']);
  });

  test('a page of a later game loads the games detection tries before it, in the order of the list, and stops at its own', async () => {
    expect((await registry.loadAndParseRuleset(ruleset('cycle15'))).kind).toBe('cycle15');
    expect(loadedKinds()).toEqual(gameKinds.slice(0, gameKinds.indexOf('cycle15') + 1));
  });

  test('a page no game claims is tried against every game, and read as generic', async () => {
    expect((await registry.loadAndParseRuleset('== Rules ==\nBe nice to each other.\n')).kind).toBe('generic');
    expect(loadedKinds()).toEqual([...gameKinds]);
  });

  test('a kind given loads that game alone, whatever the page', async () => {
    expect((await registry.loadAndParseRuleset(ruleset('cycle16'), { kind: 'nomicoup' })).kind).toBe('nomicoup');
    expect(loadedKinds()).toEqual(['nomicoup']);
  });

  test('the read is the one of the whole list loaded', async () => {
    const lazily = await registry.loadAndParseRuleset(ruleset('round10'), { page: 'Round 10/Ruleset' });
    await registry.loadGames();
    expect(loadedKinds()).toEqual([...gameKinds]);
    expect(registry.parseRuleset(ruleset('round10'), { page: 'Round 10/Ruleset' })).toEqual(lazily);
  });
});
