import { describe, expect, test } from 'vitest';
import { WikiError } from '../../../src/wiki/errors.ts';
import { findBotReverts, revertOfBot } from '../../../src/wiki/reverts.ts';
import { withFinalTags } from '../../../src/wiki/recording.ts';

// MediaWiki writes an edit's recent-changes row and change tags after answering it: a fresh revision may be
// read before its tags exist. These fakes answer as the API does in that moment, then after it.
const P = 'Cycle 16/Gamestate';
const NOW = '2026-11-26T03:00:10Z';
const BOT_EDIT = { revid: 2, parentid: 1, user: 'Bot', timestamp: '2026-11-26T02:00:00Z', sha1: 'b', tags: [] as string[] };
const SEED = { revid: 1, parentid: 0, user: 'Admin', timestamp: '2026-11-26T01:00:00Z', sha1: 'a', tags: [] as string[] };
/** The admin's undo of the bot's edit, saved 2 s before NOW: it restores the seed's text. */
const UNDO = { revid: 3, parentid: 2, user: 'Admin', timestamp: '2026-11-26T03:00:08Z', sha1: 'a', tags: [] as string[] };

/** A wiki where the undo's row (and with it its tag) is written after `recordedAfter` requests. */
function wiki(recordedAfter: number) {
  const asked: Record<string, unknown>[] = [];
  const rows = () =>
    asked.length > recordedAfter
      ? [
          { revid: 3, tags: ['mw-undo'] },
          { revid: 2, tags: [] },
        ]
      : [{ revid: 2, tags: [] }];
  return {
    asked,
    async request(p: Record<string, unknown>): Promise<unknown> {
      asked.push(p);
      const recentchanges = p.list === 'recentchanges' ? rows() : undefined;
      if (p.prop === undefined) return { query: { recentchanges } };
      const revisions = p.rvlimit === undefined ? [UNDO] : [UNDO, BOT_EDIT, SEED];
      return { curtimestamp: NOW, query: { pages: [{ title: P, revisions }], recentchanges } };
    },
  };
}
const noWait = async () => {};

describe('a fresh revision is trusted to be no revert only once MediaWiki has recorded its tags', () => {
  test('a revision listed with its recent-changes row takes the tags of the row', async () => {
    const w = wiki(0);
    const [r] = await withFinalTags(w, P, [UNDO], new Map([[3, ['mw-undo']]]), NOW, noWait);
    expect(r!.tags).toEqual(['mw-undo']);
    expect(w.asked).toHaveLength(0);
  });

  test("a fresh revision with no row is waited for, then read with the row's tags", async () => {
    const w = wiki(2);
    const waits: number[] = [];
    const [r] = await withFinalTags(w, P, [UNDO], new Map(), NOW, async (ms) => void waits.push(ms));
    expect(r!.tags).toEqual(['mw-undo']);
    expect(waits).toEqual([100, 200, 400]);
    expect(w.asked.every((p) => p.rctitle === P)).toBe(true);
  });

  test('a fresh revision never recorded fails the read (no edit this time) rather than be taken as an ordinary edit', async () => {
    const err = await withFinalTags(wiki(Number.POSITIVE_INFINITY), P, [UNDO], new Map(), NOW, noWait).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WikiError);
    expect(err).toMatchObject({ code: 'unrecorded', page: P });
    expect((err as Error).message).toContain('revision 3');
  });

  test('a revision older than a minute needs no row (an import, a row expired from recent changes)', async () => {
    const w = wiki(Number.POSITIVE_INFINITY);
    const [r] = await withFinalTags(w, P, [SEED], new Map(), NOW, noWait);
    expect(r).toEqual(SEED);
    expect(w.asked).toHaveLength(0);
  });

  test("the save's look at the page: an untagged fresh revision not yet recorded is read again and found to revert the bot", async () => {
    const w = wiki(2);
    const page = { title: P, revid: 3, user: 'Admin', tags: [], recorded: false };
    expect(await revertOfBot(w, page, 'Bot')).toMatchObject({ revid: 3, how: 'undo', reverted: [2] });
    // Recorded and untagged: an ordinary edit, no request.
    const asked = wiki(0);
    expect(await revertOfBot(asked, { ...page, recorded: true }, 'Bot')).toBeUndefined();
    expect(asked.asked).toHaveLength(0);
  });

  test("the daemon's check: a revert read before its tags is found once they are written, and the check does not move past it", async () => {
    const w = wiki(3);
    const { reverts, seen } = await findBotReverts(w, [P], 'Bot', { [P]: 2 });
    expect(reverts).toMatchObject([{ revid: 3, user: 'Admin', how: 'undo', reverted: [2] }]);
    expect(seen).toEqual({ [P]: 3 });
  });
});
