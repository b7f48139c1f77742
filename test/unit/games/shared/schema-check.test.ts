// The compiled predicate stands in for zod's parse only when zod would accept the value and give it
// back unchanged. Compared with zod on the fixture's and the benchmark's Gamestate and on 1,500
// seeded damaged copies of them (a wrong type, a number out of range, a missing or extra key…).
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { syntheticGamestate } from '../../../../bench/engine.ts';
import { readGamestate } from '../../../../src/games/cycle16/gamestate/read.ts';
import { Gamestate } from '../../../../src/games/cycle16/gamestate/schema.ts';
import { compileCheck, parseChecked } from '../../../../src/games/shared/schema-check.ts';
import { GAMESTATE, ruleset } from '../cycle16/engine/build.ts';
import { Random } from '../../helpers/random-text.ts';

class Thing {
  name = 'x';
}

const HOSTILE: (() => unknown)[] = [
  () => -1,
  () => 0,
  () => -0,
  () => 1.5,
  () => NaN,
  () => Infinity,
  () => 2 ** 53,
  () => 7,
  () => '',
  () => 'x',
  () => '\ud800',
  () => 'active',
  () => 'Removal',
  () => 'granted',
  () => null,
  () => undefined,
  () => true,
  () => new Date(NaN),
  () => new Date('2026-11-02T00:00Z'),
  () => [],
  () => ['a'],
  () => [1],
  () => ({}),
  () => ({ player: 'A', cards: 1 }),
  () => Object.create(null),
  () => new Thing(),
  () => ({ [Symbol('s')]: 1 }),
];

type Path = (string | number)[];

/** Every place in `value` a damage can go: each property and element, and each object (for a new key). */
function places(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    out.push(path);
    for (const [k, v] of Object.entries(value)) places(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  } else out.push(path);
  return out;
}

function damaged(state: Gamestate, r: Random): unknown {
  const copy = structuredClone(state) as unknown as Record<string, unknown>;
  const all = places(copy).filter((p) => p.length > 0);
  for (let n = r.int(1, 2); n > 0; n--) {
    const path = r.pick(all);
    const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], copy) as Record<string | number, unknown> | undefined;
    if (parent === undefined || parent === null || typeof parent !== 'object') continue;
    const key = path[path.length - 1]!;
    const what = r.int(0, 9);
    if (what === 0) delete parent[key];
    else if (what === 1 && !Array.isArray(parent)) parent[`extra${r.int(0, 9)}`] = 1;
    else if (what === 2 && !Array.isArray(parent) && typeof parent[key] === 'object' && parent[key] !== null && !Array.isArray(parent[key]))
      (parent[key] as Record<string, unknown>).extra = 1;
    else parent[key] = r.pick(HOSTILE)();
  }
  return copy;
}

describe('compileCheck: a zod schema as a predicate that never says yes where zod would not give the value back as it is', () => {
  const check = compileCheck(Gamestate)!;
  const states = [readGamestate(GAMESTATE, 'Cycle 16/Gamestate', ruleset), readGamestate(syntheticGamestate(8, 3), 'Bench/Gamestate', ruleset)];

  test('the Gamestate schema compiles, and a state as the reader builds it passes, as zod gives it back', () => {
    expect(check).not.toBeNull();
    for (const s of states) {
      expect(check(s)).toBe(true);
      expect(Gamestate.parse(s)).toStrictEqual(s);
    }
  });

  test('1,500 seeded damaged states: where the predicate says yes, zod accepts and gives back the same value; where zod refuses, the predicate says no', () => {
    let refused = 0;
    let passed = 0;
    for (let seed = 1; seed <= 1500; seed++) {
      const r = new Random(seed);
      const value = damaged(r.pick(states), r);
      const zod = Gamestate.safeParse(value);
      if (check(value)) {
        passed++;
        expect(zod.success, `seed ${seed}`).toBe(true);
        expect(zod.data, `seed ${seed}`).toStrictEqual(value);
      } else if (!zod.success) refused++;
    }
    // Both kinds are well represented: the comparison is not one-sided.
    expect(refused).toBeGreaterThan(1000);
    expect(passed).toBeGreaterThan(50);
  });

  test('parseChecked gives what safeParse gives: the value when it passes, zod’s own issues when it does not', () => {
    const s = states[0]!;
    expect(parseChecked(Gamestate, s)).toEqual({ success: true, data: s });
    const bad = { ...s, historyRows: -1 };
    expect(parseChecked(Gamestate, bad)).toEqual(Gamestate.safeParse(bad));
  });

  test('what it has no rule for compiles to null (zod decides): transforms, defaults, refinements, formats, exhaustive enum records', () => {
    expect(compileCheck(z.string().transform((s) => s.length))).toBeNull();
    expect(compileCheck(z.object({ a: z.number().default(1) }))).toBeNull();
    expect(compileCheck(z.number().refine((n) => n > 1))).toBeNull();
    expect(compileCheck(z.email())).toBeNull();
    expect(compileCheck(z.record(z.enum(['a', 'b']), z.number()))).toBeNull();
    expect(compileCheck(z.strictObject({ a: z.string() }))).toBeNull();
    expect(compileCheck(z.partialRecord(z.enum(['a', 'b']), z.number()))).not.toBeNull();
  });
});
