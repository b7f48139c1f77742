import { describe, expect, test } from 'vitest';
import { clonePlain } from '../../../src/sim/clone.ts';
import { readGamestate } from '../../../src/games/cycle16/gamestate/read.ts';
import { GAMESTATE, ruleset } from '../games/cycle16/engine/build.ts';

/** Every object reachable from `value`. */
function objects(value: unknown, out = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !out.has(value)) {
    out.add(value);
    for (const v of Object.values(value)) objects(v, out);
  }
  return out;
}

describe('clonePlain', () => {
  test('gives what structuredClone gives for a read Gamestate, sharing no object with it', () => {
    const state = readGamestate(GAMESTATE, 'Cycle 16/Gamestate', ruleset);
    const copy = clonePlain(state);
    expect(copy).toEqual(structuredClone(state));
    const mine = objects(state);
    expect([...objects(copy)].filter((o) => mine.has(o))).toEqual([]);
  });

  test('keeps dates, nulls, undefined properties, nested arrays and empty objects', () => {
    const value = { at: new Date('2026-11-02T00:00Z'), none: null, gone: undefined, grid: [[1, 'a'], []], empty: {} };
    const copy = clonePlain(value);
    expect(copy).toStrictEqual(structuredClone(value));
    expect(copy.at).not.toBe(value.at);
    expect(Object.keys(copy)).toEqual(Object.keys(value));
  });

  test('refuses what is not plain data rather than copying it wrong', () => {
    expect(() => clonePlain({ players: new Map() })).toThrow(/plain data only, not a Map/);
  });
});
