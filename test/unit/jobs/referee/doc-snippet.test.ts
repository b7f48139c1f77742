import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commitmentOf, DrawStream, seedMessage, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { removeDir } from '../../../temp-dir.ts';

// docs/referee.md promises that a player can check a draw with its few lines of JavaScript: this runs that
// very snippet (cut from the document) against the bot's own draws.

const doc = readFileSync(new URL('../../../../docs/referee.md', import.meta.url), 'utf8');
const snippet = /<!-- snippet:verify -->\n```js\n([\s\S]*?)```\n<!-- \/snippet:verify -->/.exec(doc)![1]!;

async function loadSnippet(): Promise<{ check: (secret: string, commitment: string, message: string, seed: string, draws: [number, number][]) => string }> {
  const dir = mkdtempSync(join(tmpdir(), 'croupier-snippet-'));
  try {
    const file = join(dir, 'check.mjs');
    writeFileSync(file, snippet);
    return await import(pathToFileURL(file).href);
  } finally {
    removeDir(dir);
  }
}

describe("the documentation's snippet for players", () => {
  it('agrees with the referee on every draw of a stream, dice of 2 to 2^32 sides included, and on the commitment and seed', async () => {
    const { check } = await loadSnippet();
    const secret = '5e'.repeat(32);
    const message = seedMessage('cycle16', 'r1234-0a1b2c3d', 1234);
    const seed = seedOf(secret, message);
    const stream = new DrawStream(seed);
    // Large dice make the rejection step happen (u ≥ N·⌊2³²/N⌋ is likely for N just above 2³¹).
    const sides = [41, 5, 20, 8, 4, 14, 3, 3, 100, 2, 3_000_000_000, 2 ** 31 + 1, 2 ** 32, 7];
    const draws = sides.map((n) => [n, stream.roll(n, '')] as [number, number]);
    expect(check(secret, commitmentOf(secret), message, seed, draws)).toBe('every draw matches');
    const altered = draws.map(([n, v], i) => (i === 3 ? [n, (v % n) + 1] : [n, v]) as [number, number]);
    expect(check(secret, commitmentOf(secret), message, seed, altered)).toBe(`draw #4 does not match: the stream gives ${draws[3]![1]}`);
    expect(check(secret, commitmentOf('00'.repeat(32)), message, seed, draws)).toBe('the secret does not match the commitment');
    expect(check(secret, commitmentOf(secret), 'cycle16|r1234-0a1b2c3d|1235', seed, draws)).toBe('the seed is not HMAC(secret, message)');
  });
});
