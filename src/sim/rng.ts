import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

// Randomness the rules ask for, drawn so that anyone can recompute it: the seed comes from public
// data that does not depend on when the bot ran (the game, the phase number, what is drawn for) and
// is written into the History row of every change that used a draw.

export interface SeedSource {
  game: string;
  phase: number;
  /** What the draws are for, as the page names it: "battle 3". */
  subject: string;
}

/** "cycle16/phase 5/battle 3", the text that is hashed (and shown) */
export function seedText(src: SeedSource): string {
  return `${src.game}/phase ${src.phase}/${src.subject}`;
}

/** FNV-1a over the UTF-8 bytes: a 32-bit seed anyone can recompute from the seed text. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h | 0;
}

export interface Draw {
  why: string;
  from: number;
  to: number;
  value: number;
}

/** A seeded stream of draws that remembers each draw and why it was made. */
export class Draws {
  readonly seed: number;
  readonly draws: Draw[] = [];
  private readonly rng;

  constructor(readonly text: string) {
    this.seed = hashSeed(text);
    this.rng = xoroshiro128plus(this.seed);
  }

  /** A uniform integer in [from, to]. */
  int(from: number, to: number, why: string): number {
    const value = uniformInt(this.rng, from, to);
    this.draws.push({ why, from, to, value });
    return value;
  }

  /** Uniformly orders `items` (Fisher–Yates), e.g. participants tied for a turn order. */
  shuffle<T>(items: readonly T[], why: string): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i, why);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
