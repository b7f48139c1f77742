import { describe, expect, test } from 'vitest';
import { Draws, hashSeed, seedText } from '../../../src/sim/rng.ts';

describe('seeded draws from public data', () => {
  test('the seed text names the game, the phase number and what is drawn for, nothing about the run', () => {
    expect(seedText({ game: 'cycle16', phase: 5, subject: 'battle 3' })).toBe('cycle16/phase 5/battle 3');
  });

  test('the seed is FNV-1a (32 bits) of the seed text, so anyone can recompute it', () => {
    // FNV-1a of the empty string is the offset basis 0x811c9dc5; of "a" it is 0xe40c292c.
    expect(hashSeed('') >>> 0).toBe(0x811c9dc5);
    expect(hashSeed('a') >>> 0).toBe(0xe40c292c);
  });

  test('the same seed text gives the same draws; another battle gives others', () => {
    const a = new Draws('cycle16/phase 5/battle 3');
    const b = new Draws('cycle16/phase 5/battle 3');
    const c = new Draws('cycle16/phase 5/battle 4');
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
    const players = ['Alice', 'Bram', 'Cosima', 'Dmitri'];
    const orders = Array.from({ length: 240 }, (_, i) => new Draws(`turn order ${i}`).shuffle(players, 'tie in hand sizes'));
    for (const order of orders) expect([...order].sort()).toEqual(players);
    // "determined randomly": over 240 seeds, every one of the 4! = 24 orders turns up, none more than 3 times as often as
    // its fair share of 10 (a loose bound: a uniform shuffle exceeds it with negligible probability for these fixed seeds).
    const counts = new Map<string, number>();
    for (const order of orders) counts.set(order.join(), (counts.get(order.join()) ?? 0) + 1);
    expect(counts.size).toBe(24);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(30);
    // Each swap is a recorded draw: 3 for 4 players (Fisher–Yates draws for positions 3, 2 and 1).
    const d = new Draws('turn order');
    d.shuffle(players, 'tie in hand sizes');
    expect(d.draws.map((x) => [x.from, x.to, x.why])).toEqual([
      [0, 3, 'tie in hand sizes'],
      [0, 2, 'tie in hand sizes'],
      [0, 1, 'tie in hand sizes'],
    ]);
  });
});
