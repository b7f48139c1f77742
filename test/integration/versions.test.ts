// One end-to-end rollover per game, through the CLI as an operator runs it, on each MediaWiki version of the
// tests (1.39 and 1.43: helpers.ts#onEachWiki): the rollover saves once, and a second run makes no edit.
// The transitions are those the games' own tests derive from their rules (rollover.test.ts,
// cycle15-rollover.test.ts, round10.test.ts; nomicoup.test.ts starts from a later turn).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, freshCliGame, onEachWiki, type TestGame } from './helpers.ts';

const GAMES = [
  { kind: 'cycle16', now: '2026-11-19T00:00Z', says: 'phase 4 → 5' },
  { kind: 'cycle15', now: '2026-11-16T00:00Z', says: 'phase 1 → 2' },
  { kind: 'round10', now: '2026-11-15T12:00Z', says: 'phase 1 → 3' },
  // The fixture's turn 2 began 2026-11-17 09:30; turns end after 48 hours: turn 3 from 11-19, turn 4 from 11-21 09:30.
  { kind: 'nomicoup', now: '2026-11-22T11:00Z', says: 'turn 2 → 4' },
] as const;

onEachWiki((wiki) => {
  let b: WikiClient;
  const made: TestGame[] = [];
  beforeAll(async () => {
    b = await bot();
  });
  afterAll(() => made.forEach((g) => g.remove()));

  describe.each(GAMES)('$kind', ({ kind, now, says }) => {
    it(`croupier rollover saves the ${says} once on MediaWiki ${wiki.version}; run again, it makes no edit`, async () => {
      const game = await freshCliGame(b, `versions-${kind}`, kind, {}, kind);
      made.push(game);
      const gamestate = `${game.prefix}/Gamestate`;
      const before = (await b.readPage(gamestate)).revid;
      const first = await game.cli(['rollover', '--game', kind, '--now', now]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout + first.stderr).toContain(says);
      const after = await b.readPage(gamestate);
      expect(after.revid).toBeGreaterThan(before);
      expect((await b.revisions(gamestate, { limit: 1 }))[0]!.user).toBe('Bot');
      const again = await game.cli(['rollover', '--game', kind, '--now', now]);
      expect(again.code, again.stderr).toBe(0);
      expect((await b.readPage(gamestate)).revid).toBe(after.revid);
    }, 240_000);
  });
});
