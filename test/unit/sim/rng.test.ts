import { describe, expect, test } from 'vitest';
import { Draws, hashSeed, seedText } from '../../../src/sim/rng.ts';

describe('seeded draws from public data', () => {
  test('the seed text names the game, the phase number and the Gamestate revision', () => {
    expect(seedText({ game: 'cycle16', phase: 5, revid: 1234 })).toBe('cycle16/phase 5/rev 1234');
  });

  test('the seed is FNV-1a (32 bits) of the seed text, so anyone can recompute it', () => {
    // FNV-1a of the empty string is the offset basis 0x811c9dc5; of "a" it is 0xe40c292c.
    expect(hashSeed('') >>> 0).toBe(0x811c9dc5);
    expect(hashSeed('a') >>> 0).toBe(0xe40c292c);
  });

  test('the same seed text gives the same draws; another revision gives others', () => {
    const a = new Draws('cycle16/phase 5/rev 1234');
    const b = new Draws('cycle16/phase 5/rev 1234');
    const c = new Draws('cycle16/phase 5/rev 1235');
    const drawsOf = (d: Draws) => Array.from({ length: 20 }, () => d.int(1, 100, 'test'));
    const first = drawsOf(a);
    expect(drawsOf(b)).toEqual(first);
    expect(drawsOf(c)).not.toEqual(first);
  });

  test('every draw is kept with why it was made, within its bounds', () => {
    const d = new Draws('x');
    for (let i = 0; i < 500; i++) d.int(1, 6, '1d6');
    expect(d.draws).toHaveLength(500);
    expect(d.draws.every((x) => x.value >= 1 && x.value <= 6 && x.why === '1d6')).toBe(true);
    expect(new Set(d.draws.map((x) => x.value)).size).toBe(6);
  });

  test('a shuffle is a permutation ("their relative turn order is determined randomly")', () => {
    const order = new Draws('turn order').shuffle(['Alice', 'Bram', 'Cosima', 'Dmitri'], 'tie in hand sizes');
    expect([...order].sort()).toEqual(['Alice', 'Bram', 'Cosima', 'Dmitri']);
  });
});
