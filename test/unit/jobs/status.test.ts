import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';
import type { RequestPageRevision } from '../../../src/jobs/request-lines.ts';
import { replaceOnce } from '../helpers/wikitext.ts';

// `croupier status` reads the game once: one read request for the Ruleset and the Gamestate, and the
// Gamestate parsed once (the rollover's read state gives the schedule); and it computes with the readings
// the game's Rulings page chooses, as the rollover does.

vi.mock('../../../src/parse/document.ts', async (original) => {
  const actual = await original<typeof import('../../../src/parse/document.ts')>();
  return { ...actual, readDocument: vi.fn(actual.readDocument) };
});
// The test setup loaded the games, with the parser, before this file's mock: loaded again, with the mock.
vi.resetModules();
const document = await import('../../../src/parse/document.ts');
const { describeStatus, gameStatus } = await import('../../../src/jobs/status.ts');
await (await import('../../../src/games/registry.ts')).loadGames();

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
  for (const [kind, now] of [
    ['cycle16', '2026-11-19T00:00Z'],
    ['round10', '2026-11-15T12:00Z'],
    ['cycle15', '2026-11-16T00:00Z'],
  ] as const) {
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

/** The fake wiki with a Rulings page: its history (each revision adds a line, newest first) and the users' groups. */
class RulingsWiki extends CountingWiki {
  constructor(
    pages: Record<string, string>,
    private readonly rulingEdits: { user: string; add: string }[],
    private readonly groups: Record<string, string[]>,
  ) {
    super(pages);
  }
  async history(): Promise<RequestPageRevision[]> {
    let text = '';
    return this.rulingEdits
      .map((e, i) => ({ revid: 500 + i, parentid: i === 0 ? 0 : 499 + i, user: e.user, timestamp: `2026-11-1${i}T12:00:00Z`, text: (text += e.add) }))
      .reverse();
  }
  async userGroups(users: string[]): Promise<Map<string, string[]>> {
    return new Map(users.filter((u) => this.groups[u]).map((u) => [u, this.groups[u]!]));
  }
}

describe('croupier status computes with the rulings, as the rollover does', () => {
  // Victory: “If a player has 10 Gold Stars in their possession at any time, they become the winner of Round 10”;
  // the reading gold-star-victory says whether 11 is "has 10" (at-least, the default) or not (exactly).
  const gamestate = replaceOnce(
    fixture('round10', 'gamestate'),
    '| Alice || 2026-10-26 10:00 || 2026-11-02 10:00 || 400 || 3 || 0 ||',
    '| Alice || 2026-10-26 10:00 || 2026-11-02 10:00 || 400 || 3 || 11 ||',
  );
  const game = { id: 'r10', kind: 'round10', ruleset: 'R10/Ruleset', gamestate: 'R10/Gamestate', historyLimit: 1000, rulingsPage: 'R10/Gamestate/Rulings' };
  const now = new Date('2026-11-05T12:00Z');
  const pages = { 'R10/Ruleset': fixture('round10', 'ruleset'), 'R10/Gamestate': gamestate };

  test('without a ruling, 11 Gold Stars win (the default reading, at-least)', async () => {
    const s = await gameStatus(new RulingsWiki(pages, [], {}), game, now);
    expect(s.winner).toEqual(['Alice']);
    expect(s.rulings).toEqual({ page: 'R10/Gamestate/Rulings', applied: [], warnings: [] });
  });

  test('a sysop\'s ruling "gold-star-victory = exactly" makes 11 Gold Stars no win, and status names the ruling; a player\'s line is ignored with a warning', async () => {
    const wiki = new RulingsWiki(
      pages,
      [
        { user: 'Judge', add: '* gold-star-victory = exactly\n' },
        { user: 'Mallory', add: '* tax-rounding = ceil\n' },
      ],
      { Judge: ['sysop'], Mallory: ['user'] },
    );
    const s = await gameStatus(wiki, game, now);
    expect(s.winner).toEqual([]);
    expect(s.rulings!.applied).toEqual(['gold-star-victory=exactly (ruling by Judge, 2026-11-10 12:00)']);
    expect(s.rulings!.warnings).toEqual([expect.stringMatching(/line 2 \("\* tax-rounding = ceil"\): added by Mallory .*not in an allowed group/)]);
    expect(wiki.reads).toBe(1);
    expect(describeStatus(s)).toContain('rulings (R10/Gamestate/Rulings): gold-star-victory=exactly (ruling by Judge, 2026-11-10 12:00)');
  });
});
