import { describe, expect, test } from 'vitest';
import { botRevertsIn, botRevertsSince, revertedAmong, type TaggedRevision } from '../../../src/wiki/reverts.ts';

// A page's history, oldest first as written here (botRevertsIn takes it newest first, as the API gives it).
const rev = (revid: number, user: string, sha1: string, tags: string[] = []): TaggedRevision => ({
  revid,
  parentid: revid - 1,
  user,
  timestamp: `2026-11-25T18:00:${String(revid).padStart(2, '0')}Z`,
  sha1,
  tags,
});
const newestFirst = (...revs: TaggedRevision[]) => [...revs].reverse();
const P = 'Cycle 16/Gamestate';

describe('reverts of the bot, from the change tags', () => {
  test("an undo, a rollback and a manual revert of the bot's edit each name the person, their revision and the bot's", () => {
    for (const [tag, how] of [
      ['mw-undo', 'undo'],
      ['mw-rollback', 'rollback'],
      ['mw-manual-revert', 'manual revert'],
    ] as const) {
      const h = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Bot', 'b'), rev(3, 'Admin', 'a', [tag]));
      expect(botRevertsIn(P, h, 'Bot', 2)).toEqual([{ page: P, revid: 3, user: 'Admin', timestamp: '2026-11-25T18:00:03Z', how, reverted: [2] }]);
    }
  });

  test("a rollback of several of the bot's edits names them all, oldest first", () => {
    const h = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Bot', 'b'), rev(3, 'Bot', 'c'), rev(4, 'Admin', 'a', ['mw-rollback']));
    expect(botRevertsIn(P, h, 'Bot', 3)[0]?.reverted).toEqual([2, 3]);
  });

  test("a person's later ordinary edit is not a revert, and a revert before it still counts", () => {
    const ordinary = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Bot', 'b'), rev(3, 'Player', 'c'));
    expect(botRevertsIn(P, ordinary, 'Bot', 2)).toEqual([]);
    const later = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Bot', 'b'), rev(3, 'Admin', 'a', ['mw-undo']), rev(4, 'Player', 'd'));
    expect(botRevertsIn(P, later, 'Bot', 2).map((r) => r.revid)).toEqual([3]);
  });

  test("a revert of a player's edit only is not a revert of the bot, even right after the bot's edit", () => {
    // The bot's revision 1 is restored (not reverted) when the vandal's revision 2 is taken back.
    const h = newestFirst(rev(1, 'Bot', 'b'), rev(2, 'Vandal', 'v'), rev(3, 'Admin', 'b', ['mw-manual-revert']));
    expect(botRevertsIn(P, h, 'Bot', 1)).toEqual([]);
  });

  test("a person's undo of a player's edit under later ones does not take back the bot's revision an older revert took back", () => {
    // 2, the bot's, was rolled back by 3 (and tagged mw-reverted then); later an admin undoes a player's 4 under 5.
    const reverted = (r: TaggedRevision) => ({ ...r, tags: ['mw-reverted'] });
    const h = newestFirst(
      rev(1, 'Admin', 'a'),
      reverted(rev(2, 'Bot', 'b')),
      rev(3, 'Admin', 'a', ['mw-rollback']),
      reverted(rev(4, 'Player', 'p')),
      rev(5, 'Player', 'q'),
      rev(6, 'Admin', 'r', ['mw-undo']),
    );
    expect(botRevertsIn(P, h, 'Bot', 5)).toEqual([]);
    // Its own revert of the bot is still found, by the revision that restored the text.
    expect(botRevertsIn(P, h, 'Bot', 2).map((r) => [r.revid, r.reverted])).toEqual([[3, [2]]]);
    // And an undo of the bot's revision under later edits is one.
    const undone = newestFirst(rev(1, 'Admin', 'a'), reverted(rev(2, 'Bot', 'b')), rev(3, 'Player', 'p'), rev(4, 'Admin', 'u', ['mw-undo']));
    expect(botRevertsIn(P, undone, 'Bot', 3).map((r) => [r.revid, r.reverted])).toEqual([[4, [2]]]);
  });

  test('the bot putting back what a person removed is tagged a manual revert by MediaWiki, and is not a revert of the bot', () => {
    const h = newestFirst(rev(1, 'Bot', 'b'), rev(2, 'Player', 'p'), rev(3, 'Bot', 'b', ['mw-manual-revert']));
    expect(botRevertsIn(P, h, 'Bot', 1)).toEqual([]);
  });

  test('a revert the previous check already saw is not found again', () => {
    const h = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Bot', 'b'), rev(3, 'Admin', 'a', ['mw-undo']), rev(4, 'Bot', 'c'));
    expect(botRevertsIn(P, h, 'Bot', 3)).toEqual([]);
  });

  test("an undo of a bot edit under later edits (no earlier text restored) is read from the mw-reverted tag of the bot's revision", () => {
    const h = newestFirst(rev(1, 'Admin', 'a'), { ...rev(2, 'Bot', 'b'), tags: ['mw-reverted'] }, rev(3, 'Player', 'c'), rev(4, 'Admin', 'd', ['mw-undo']));
    expect(botRevertsIn(P, h, 'Bot', 3)[0]).toMatchObject({ revid: 4, how: 'undo', reverted: [2] });
    const untagged = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Bot', 'b'), rev(3, 'Player', 'c'), rev(4, 'Admin', 'd', ['mw-undo']));
    expect(botRevertsIn(P, untagged, 'Bot', 3)).toEqual([]);
  });
});

describe('reverts among the revisions a save finds after its base (botRevertsSince)', () => {
  const history = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Bot', 'b'), rev(3, 'Admin', 'a', ['mw-undo']), rev(4, 'Player', 'd'));
  const wiki = () => {
    const requests: Record<string, unknown>[] = [];
    const request = async (p: Record<string, unknown>) => {
      requests.push(p);
      return { query: { pages: [{ title: P, revisions: history }] } };
    };
    return { requests, request };
  };

  test("revisions listed with their tags cost nothing when none is a person's revert (the bot's own manual revert is none)", async () => {
    const w = wiki();
    expect(
      await botRevertsSince(w, P, 'Bot', 2, [
        { user: 'Player', tags: [] },
        { user: 'Bot', tags: ['mw-manual-revert'] },
      ]),
    ).toEqual([]);
    expect(w.requests).toEqual([]);
  });

  test("a listed revert tag, or no listing, reads the history once: the undo saved after the base is found under the player's later edit", async () => {
    for (const listed of [
      [
        { user: 'Admin', tags: ['mw-undo'] },
        { user: 'Player', tags: [] },
      ],
      undefined,
    ]) {
      const w = wiki();
      expect(await botRevertsSince(w, P, 'Bot', 2, listed)).toMatchObject([{ revid: 3, user: 'Admin', how: 'undo', reverted: [2] }]);
      expect(w.requests).toHaveLength(1);
    }
  });
});

describe("the revisions a person's later revision took back (the Ruleset's, for the rules in force)", () => {
  test('a rollback of two edits takes back both, and not the revision it restored nor anything before', () => {
    const h = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Vandal', 'v'), rev(3, 'Vandal', 'w'), rev(4, 'Admin', 'a', ['mw-rollback']), rev(5, 'Admin', 'e'));
    expect([...revertedAmong(h)]).toEqual([3, 2]);
  });

  test('an undo under later edits takes back what MediaWiki tagged mw-reverted; ordinary edits take back nothing', () => {
    const h = newestFirst(rev(1, 'Admin', 'a'), { ...rev(2, 'Vandal', 'v'), tags: ['mw-reverted'] }, rev(3, 'Admin', 'c'), rev(4, 'Admin', 'd', ['mw-undo']));
    expect([...revertedAmong(h)]).toEqual([2]);
    expect([...revertedAmong(newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Admin', 'b'), rev(3, 'Admin', 'c')))]).toEqual([]);
  });

  test('a revert read before MediaWiki wrote its tags takes back the same, by the text it restored', () => {
    expect([...revertedAmong(newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Vandal', 'v'), rev(3, 'Admin', 'a')))]).toEqual([2]);
  });

  test("the bot's own edit that restores an older text takes nothing back, though MediaWiki tags it and the revisions between", () => {
    // The Ruleset holds the bot's card tables: 2 raises a price, 3 is the bot's tables for it, 4 (a later proposal)
    // puts the price back, and 5, the bot's tables for that, is again the text of 1. 2 and 4 were each in force.
    const tagged = (r: TaggedRevision) => ({ ...r, tags: ['mw-reverted'] });
    const h = newestFirst(
      rev(1, 'Admin', 'a'),
      tagged(rev(2, 'Admin', 'p')),
      tagged(rev(3, 'Bot', 'pt')),
      tagged(rev(4, 'Admin', 'at')),
      rev(5, 'Bot', 'a', ['mw-manual-revert']),
    );
    expect([...revertedAmong(h, 'Bot')]).toEqual([]);
    // A person who restores the text takes them back, the bot's revision between included.
    expect([...revertedAmong([{ ...h[0]!, user: 'Admin' }, ...h.slice(1)], 'Bot')].sort()).toEqual([2, 3, 4]);
  });

  test("MediaWiki's mw-reverted tags count only older than a person's revert that restored no older text", () => {
    // 3 undoes 2 under a later edit (restoring no text); 5, the bot's, restores 3's text, and MediaWiki tags 4.
    const h = newestFirst(
      rev(1, 'Admin', 'a'),
      { ...rev(2, 'Vandal', 'v'), tags: ['mw-reverted'] },
      rev(3, 'Admin', 'c', ['mw-undo']),
      { ...rev(4, 'Admin', 'd'), tags: ['mw-reverted'] },
      rev(5, 'Bot', 'c', ['mw-manual-revert']),
    );
    expect([...revertedAmong(h, 'Bot')]).toEqual([2]);
  });

  test('a revert taken back by a later one takes nothing back: the edit it undid stands', () => {
    // 2 is a proposal's edit; 3 undoes it by mistake; 4 undoes the undo, restoring 2's text.
    const h = newestFirst(rev(1, 'Admin', 'a'), rev(2, 'Admin', 'b'), rev(3, 'Player', 'a', ['mw-undo']), rev(4, 'Admin', 'b', ['mw-undo']));
    expect([...revertedAmong(h)]).toEqual([3]);
  });
});
