import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import * as document from '../../../src/parse/document.ts';
import { gameStatus } from '../../../src/jobs/status.ts';
import { FakeWiki } from '../cycle16-engine/fake-wiki.ts';

// `croupier status` reads the game once: one read request for the Ruleset and the Gamestate, and the
// Gamestate parsed once (the rollover's read state gives the schedule).

vi.mock('../../../src/parse/document.ts', async (original) => {
  const actual = await original<typeof document>();
  return { ...actual, readDocument: vi.fn(actual.readDocument) };
});

const fixture = (game: string, page: string) => readFileSync(new URL(`../../../fixtures/${game}/${page}.wikitext`, import.meta.url), 'utf8');

/** The fake wiki, counting its read requests. */
class CountingWiki extends FakeWiki {
  reads = 0;
  override async readPages(...args: Parameters<FakeWiki['readPages']>) {
    this.reads++;
    return super.readPages(...args);
  }
}

describe('croupier status reads the game once', () => {
  for (const [kind, now] of [['cycle16', '2026-11-19T00:00Z'], ['round10', '2026-11-15T12:00Z'], ['cycle15', '2026-11-16T00:00Z']] as const) {
    test(`${kind}: one read request for the Ruleset and the Gamestate, and the Gamestate page parsed once`, async () => {
      const gamestate = fixture(kind, 'gamestate');
      const wiki = new CountingWiki({ [`${kind}/Ruleset`]: fixture(kind, 'ruleset'), [`${kind}/Gamestate`]: gamestate });
      const parse = vi.mocked(document.readDocument);
      parse.mockClear();
      const s = await gameStatus(wiki, { id: kind, kind, ruleset: `${kind}/Ruleset`, gamestate: `${kind}/Gamestate`, historyLimit: 1000 }, new Date(now));
      expect(s.game).toBe(kind);
      expect(wiki.reads).toBe(1);
      expect(parse.mock.calls.filter(([text]) => text === gamestate)).toHaveLength(1);
    });
  }
});
