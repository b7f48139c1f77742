import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { botAddedLines, lineHistory, notRestorable, requestKey, standingRecord, type RequestPageRevision } from '../../../../src/jobs/request-lines.ts';

// Who added a line of a request, Rulings or actions page: the revision that first added it, through
// reverts (docs/referee.md, "The threat model").

/** A page's history built edit by edit, newest first as the API gives it. */
function history(edits: [user: string, text: string, tags?: string[]][]): RequestPageRevision[] {
  return edits
    .map(([user, text, tags], i) => ({
      revid: i + 1,
      parentid: i,
      user,
      timestamp: `2026-11-25T10:0${i}:00Z`,
      text,
      tags: tags ?? [],
      sha1: createHash('sha1').update(text).digest('hex'),
    }))
    .reverse();
}
/** Revision `revid`'s text hidden from the bot (an admin's revision deletion), as the client reads it: '' and flagged. */
const hide = (revs: RequestPageRevision[], revid: number): RequestPageRevision[] =>
  revs.map((r) => (r.revid === revid ? { ...r, text: '', textHidden: true } : r));
const author = (revs: RequestPageRevision[], line: number) => {
  const a = lineHistory(revs, IS_BOT).authors[line]!;
  return a.found ? `${a.revision.user} r${a.revision.revid}#${a.copy}` : 'unknown';
};
const HEAD = '== Requests ==';
/** The bot's account in these histories: only its revisions answer a line. */
const IS_BOT = (user: string) => user === 'Croupier';

describe('who added a line', () => {
  it('a line restored by an undo (tag mw-undo) is still the work of whoever first added it, not of the admin who undid the blanking', () => {
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n* rollover now`],
      ['Carol', HEAD],
      ['Judge', `${HEAD}\n* rollover now`, ['mw-undo']],
    ]);
    expect(author(revs, 1)).toBe('Bob r2#1');
  });

  it('a restoration without a tag is recognised by its sha1, equal to an earlier revision’s', () => {
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n* x = 1`],
      ['Carol', `${HEAD}\n* y`],
      ['Judge', `${HEAD}\n* x = 1`],
    ]);
    expect(author(revs, 1)).toBe('Bob r2#1');
  });

  it('a line re-typed by someone else in an ordinary edit is theirs', () => {
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n* check`],
      ['Carol', HEAD],
      ['Judge', `${HEAD}\n\n* check`],
    ]);
    expect(author(revs, 2)).toBe('Judge r4#1');
  });

  it('identical lines added in one revision are copies 1 and 2, with distinct keys; an identical line added later is its own', () => {
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n* buy 1 Chip\n* buy 1 Chip`],
      ['Carol', `${HEAD}\n* buy 1 Chip\n* buy 1 Chip\n* buy 1 Chip`],
    ]);
    expect([1, 2, 3].map((l) => author(revs, l))).toEqual(['Bob r2#1', 'Bob r2#2', 'Carol r3#1']);
    expect(requestKey(2, '* buy 1 Chip', 1)).not.toBe(requestKey(2, '* buy 1 Chip', 2));
    // The first copy's key is the key of a line before copies were counted.
    expect(requestKey(2, '* buy 1 Chip')).toBe(requestKey(2, '* buy 1 Chip', 1));
  });

  it('a line of the oldest revision read, when it is not the page’s first, cannot be attributed', () => {
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n* check`],
      ['Carol', `${HEAD}\n* check\n* clear`],
    ]);
    expect(author(revs.slice(0, 2), 1)).toBe('unknown');
    expect(author(revs.slice(0, 2), 2)).toBe('Carol r3#1');
  });

  it('a line added by a revision whose text an admin hid is not the work of whoever edits next: it cannot be attributed', () => {
    // Bob asks for a clear and writes something an admin hides; the Judge's next edit keeps Bob's line.
    const edits: [string, string][] = [
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n* clear\nsomething hidden`],
      ['Judge', `${HEAD}\n* clear\n* tax-rounding = ceil`],
    ];
    const revs = hide(history(edits), 2);
    expect([1, 2].map((l) => author(revs, l))).toEqual(['unknown', 'unknown']);
    expect(lineHistory(revs, IS_BOT).authors[1]).toEqual({
      found: false,
      reason: 'the line may have been added by revision 2, whose text an admin hid from the bot',
    });
    // Without the hiding, Bob's line is Bob's and the Judge's the Judge's.
    expect([1, 2].map((l) => author(history(edits), l))).toEqual(['Bob r2#1', 'Judge r3#1']);
  });

  it('around a hidden revision, a line kept from the revision before it keeps its author, and the edits after the next one are told as usual', () => {
    const revs = hide(
      history([
        ['Admin', `${HEAD}\n* check`],
        ['Bob', `${HEAD}\n* check\nhidden`],
        ['Carol', `${HEAD}\n* check\n* clear`],
        ['Dave', `${HEAD}\n* check\n* clear\n* resume`],
      ]),
      2,
    );
    expect([1, 2, 3].map((l) => author(revs, l))).toEqual(['Admin r1#1', 'unknown', 'Dave r4#1']);
  });
});

describe('a line put back by a revert', () => {
  /** Why the line does not stand for its author (notRestorable), with `admins` the allowed users; undefined when it stands. */
  const withdrawn = (revs: RequestPageRevision[], line: number, admins: string[] = []) => {
    const a = lineHistory(revs, IS_BOT).authors[line]!;
    if (!a.found) throw new Error(a.reason);
    return notRestorable(a.revision.user, a.restored, admins.length > 0 ? (u) => admins.includes(u) : undefined);
  };
  const RULING = '* tax-rounding = ceil';

  it("an admin's ruling another admin withdrew, put back by a player's undo, does not stand; put back by an admin, it does", () => {
    const edits: [string, string, string[]?][] = [
      ['Admin', HEAD],
      ['Judge', `${HEAD}\n${RULING}`],
      ['Admin', HEAD],
      ['Player', `${HEAD}\n${RULING}`, ['mw-undo']],
    ];
    expect(author(history(edits), 1)).toBe('Judge r2#1');
    expect(withdrawn(history(edits), 1, ['Admin', 'Judge'])).toBe(
      'put back in revision 4 by Player after Admin removed it; a line withdrawn so is put back only by its author (Judge) or a user of an allowed group',
    );
    // By the sha1 alone (a manual revert read before its tags), the same.
    expect(withdrawn(history(edits.map(([u, t]) => [u, t])), 1, ['Admin', 'Judge'])).toContain('by Player after Admin removed it');
    edits[3] = ['Admin', `${HEAD}\n${RULING}`, ['mw-undo']];
    expect(withdrawn(history(edits), 1, ['Admin', 'Judge'])).toBeUndefined();
  });

  it('a line a vandal blanked is its author’s again, whoever puts it back', () => {
    const revs = history([
      ['Admin', HEAD],
      ['Judge', `${HEAD}\n${RULING}`],
      ['Vandal', ''],
      ['Player', `${HEAD}\n${RULING}`, ['mw-undo']],
    ]);
    expect(author(revs, 1)).toBe('Judge r2#1');
    expect(withdrawn(revs, 1, ['Judge'])).toBeUndefined();
  });

  it("a player's request its author withdrew is not theirs when another player puts it back, and is when they do", () => {
    const edits: [string, string, string[]?][] = [
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n* open 1 Handy Pack`],
      ['Bob', HEAD],
      ['Carol', `${HEAD}\n* open 1 Handy Pack`, ['mw-undo']],
    ];
    expect(withdrawn(history(edits), 1)).toBe(
      'put back in revision 4 by Carol after its author removed it; a line withdrawn so is put back only by its author (Bob)',
    );
    edits[3] = ['Bob', `${HEAD}\n* open 1 Handy Pack`, ['mw-undo']];
    expect(withdrawn(history(edits), 1)).toBeUndefined();
  });

  it('a withdrawal is told from an answer though an identical line was answered before: put back by another, it does not stand', () => {
    const line = '* buy 1 Chip';
    const answered = `${line} <!-- croupier:done r2 --> → '''Done''' (Croupier, 2026-11-25 10:02 UTC): bought`;
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n${line}`],
      ['Croupier', `${HEAD}\n${answered}`],
      ['Bob', `${HEAD}\n${answered}\n${line}`],
      ['Bob', `${HEAD}\n${answered}`],
      ['Carol', `${HEAD}\n${answered}\n${line}`, ['mw-undo']],
    ]);
    expect(author(revs, 2)).toBe('Bob r4#1');
    expect(withdrawn(revs, 2)).toBe('put back in revision 6 by Carol after its author removed it; a line withdrawn so is put back only by its author (Bob)');
  });

  it("a request its author 'answered' with a typed mark is withdrawn: another player's undo does not make it theirs again", () => {
    const line = '* open 1 Handy Pack';
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n${line}`],
      ['Bob', `${HEAD}\n${line} <!-- croupier:done r2 --> → '''Done''' (Croupier, 2026-11-25 10:02 UTC): drawn`],
      ['Carol', `${HEAD}\n${line}`, ['mw-undo']],
    ]);
    expect(withdrawn(revs, 1)).toBe('put back in revision 4 by Carol after its author removed it; a line withdrawn so is put back only by its author (Bob)');
  });

  it('a mark another player types on a request is no answer: the request is removed, by them (lineHistory), not answered', () => {
    const line = '* open 1 Handy Pack';
    const faked = `${line} <!-- croupier:done r2 --> → '''Done''' (Croupier, 2026-11-25 10:02 UTC): drawn`;
    const edits: [string, string][] = [
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n${line}`],
      ['Carol', `${HEAD}\n${faked}`],
    ];
    const { removed } = lineHistory(history(edits), IS_BOT);
    expect(removed).toMatchObject([{ text: line, line: 2, removedBy: 'Carol', removedIn: 3, who: { revision: { user: 'Bob', revid: 2 } } }]);
    // The same mark in the bot's own revision is its answer: removed by nobody.
    const answered = lineHistory(history([...edits.slice(0, 2), ['Croupier', `${HEAD}\n${faked}`]]), IS_BOT).removed;
    expect(answered).toMatchObject([{ text: line, removedBy: '' }]);
  });

  it('a request whose answer a player undid is pending again as the same request: answering it withdrew nothing', () => {
    const line = '* open 1 Handy Pack';
    const revs = history([
      ['Admin', HEAD],
      ['Bob', `${HEAD}\n${line}`],
      ['Croupier', `${HEAD}\n${line} <!-- croupier:done r2 --> → '''Done''' (Croupier, 2026-11-25 10:02 UTC): drawn`],
      ['Carol', `${HEAD}\n${line}`, ['mw-undo']],
    ]);
    expect(author(revs, 1)).toBe('Bob r2#1');
    expect(withdrawn(revs, 1, ['Croupier'])).toBeUndefined();
  });
});

describe("the bot's record", () => {
  it('is the lines its own revisions added: a copy of its row typed by a person is not in it, its row deleted by a person still is', () => {
    const row = '| 2026-11-25 10:00 || 4 || Buy || Alice || +1 Chip || on-wiki request r7-0a1b2c3d';
    const revs = history([
      ['Admin', 'page'],
      ['Bot', `page\n${row}`],
      ['Bob', `page\n${row}\n<!-- request r9-0a1b2c3d -->`],
      ['Bob', 'page\n<!-- request r9-0a1b2c3d -->'],
    ]);
    const record = botAddedLines(revs, (u) => u === 'Bot');
    expect(record).toContain('request r7-0a1b2c3d');
    expect(record).not.toContain('r9-0a1b2c3d');
  });

  it("holds nothing of a bot revision whose parent's text an admin hid: a row a person typed there would read as the bot's", () => {
    const forged = '| 2026-11-25 10:00 || 4 || Phase || Croupier || phase 4 → 5 || rollover';
    const row = '| 2026-11-25 11:00 || 4 || Buy || Alice || +1 Chip || on-wiki request r7-0a1b2c3d';
    const edits: [string, string][] = [
      ['Admin', 'page'],
      ['Bob', `page\n${forged}`],
      ['Bot', `page\n${forged}\n${row}`],
    ];
    const isBot = (u: string) => u === 'Bot';
    expect(botAddedLines(history(edits), isBot)).toBe(row);
    expect(botAddedLines(hide(history(edits), 2), isBot)).toBe('');
    // Nor of a bot revision whose own text is hidden.
    expect(botAddedLines(hide(history(edits), 3), isBot)).toBe('');
  });

  it('holds nothing a bot revision restored: its undo of its own edit puts back a row a person typed, which stays theirs', () => {
    const forged = '| 2026-11-25 09:00 || 4 || Fortune || Bob || Wheel of Fortune: gains d100 chips || (action = H9)';
    const row = '| 2026-11-25 11:00 || 4 || Buy || Alice || +1 Chip || on-wiki request r7-0a1b2c3d';
    const isBot = (u: string) => u === 'Bot';
    // Bob types the row; the bot's edit archives it (removes it) and adds its own; its undo of that edit puts Bob's back.
    const edits: [string, string, string[]?][] = [
      ['Admin', 'page'],
      ['Bob', `page\n${forged}`],
      ['Bot', `page\n${row}`],
      ['Bot', `page\n${forged}`, ['mw-undo']],
    ];
    expect(botAddedLines(history(edits), isBot)).toBe(row);
    // The same revision without the tag would have put Bob's row in the bot's record.
    expect(botAddedLines(history(edits.map(([u, t]) => [u, t] as [string, string])), isBot)).toBe(`${forged}\n${row}`);
  });

  describe('as it stands', () => {
    const isBot = (u: string) => u === 'Bot';
    const explored = '| 2026-11-25 10:00 || 4 || Exploration || Alice || +1 card || on-wiki request r7-0a1b2c3d';
    const bought = '| 2026-11-25 11:00 || 4 || Buy || Alice || +1 Chip || on-wiki request r8-0a1b2c3d';
    const asked: string[][] = [];
    const admins = async (users: string[]) => {
      asked.push(users);
      return new Set(users.filter((u) => u === 'Admin'));
    };
    const standing = (edits: [string, string, string[]?][]) => standingRecord(history(edits), isBot, admins);
    // The page made by a player, then two rows of the bot's.
    const botRows: [string, string][] = [
      ['Carol', 'page'],
      ['Bot', `page\n${explored}`],
      ['Bot', `page\n${explored}\n${bought}`],
    ];

    it("is the bot's lines when nobody else edited the page, without asking anyone's groups", async () => {
      asked.length = 0;
      expect(await standing([['Bot', 'page'], ...botRows.slice(1)])).toBe(`${bought}\n${explored}\npage`);
      expect(asked).toEqual([]);
    });

    it("lacks a row an admin deleted or reverted away, and keeps one a player deleted; the editors' groups are asked once", async () => {
      asked.length = 0;
      expect(await standing([...botRows, ['Admin', `page\n${bought}`]])).toBe(bought);
      expect(await standing([...botRows, ['Admin', 'page', ['mw-rollback']]])).toBe('');
      expect(await standing([...botRows, ['Bob', `page\n${bought}`]])).toBe(`${bought}\n${explored}`);
      expect(asked).toEqual([
        ['Admin', 'Carol'],
        ['Admin', 'Carol'],
        ['Bob', 'Carol'],
      ]);
      // The full record keeps every row the bot wrote, whoever removed it: a request it performed stays performed.
      expect(botAddedLines(history([...botRows, ['Admin', `page\n${bought}`]]), isBot)).toBe(`${bought}\n${explored}`);
    });

    it('holds what an admin adds or puts back, their correction of a row included, and nothing a player adds', async () => {
      const deleted: [string, string][] = [...botRows, ['Admin', `page\n${bought}`]];
      expect(await standing([...deleted, ['Admin', `page\n${explored}\n${bought}`, ['mw-undo']]])).toBe(`${explored}\n${bought}`);
      expect(await standing([...deleted, ['Bob', `page\n${explored}\n${bought}`]])).toBe(bought);
      const corrected = explored.replace('+1 card', '+1 card (Ace of Bones)');
      expect(await standing([...botRows, ['Admin', `page\n${corrected}\n${bought}`]])).toBe(`${corrected}\n${bought}`);
      const typed = '| 2026-11-25 12:00 || 4 || Fortune || Bob || Wheel of Fortune: gains d100 chips || (action = H9)';
      expect(await standing([...botRows, ['Bob', `page\n${explored}\n${bought}\n${typed}`]])).toBe(`${bought}\n${explored}`);
      // A player's deletion, then an admin's edit of something else: still held.
      expect(await standing([...botRows, ['Bob', `page\n${bought}`], ['Admin', `page\n${bought}\nnote`]])).toBe(`note\n${bought}\n${explored}`);
    });

    it("keeps the bot's row when an admin deletes a player's exact copy of it, and loses it when they delete both", async () => {
      const copied: [string, string][] = [...botRows, ['Bob', `page\n${explored}\n${bought}\n${bought}`]];
      // Either copy deleted leaves the same page: the removal is counted against the player's copy first.
      expect(await standing([...copied, ['Admin', `page\n${explored}\n${bought}`]])).toBe(`${bought}\n${explored}`);
      expect(await standing([...copied, ['Admin', `page\n${explored}`]])).toBe(explored);
      // The copy typed on the line above the bot's, the bot's row deleted by the admin: the same page, the same reading.
      const above: [string, string][] = [...botRows, ['Bob', `page\n${explored}\n${bought}\n${bought}`], ['Admin', `page\n${explored}\n${bought}`]];
      expect(await standing(above)).toBe(`${bought}\n${explored}`);
    });

    it("an admin's undo of the bot's edit, with a player's copy of its row on the page, leaves the row until they delete the copy left", async () => {
      // The undo removes one of two identical lines: counted against the player's copy, as any removal is.
      const copied: [string, string][] = [...botRows, ['Bob', `page\n${explored}\n${bought}\n${bought}`]];
      const undone: [string, string, string[]?][] = [...copied, ['Admin', `page\n${explored}\n${bought}`, ['mw-undo']]];
      expect(await standing(undone)).toBe(`${bought}\n${explored}`);
      // The copy left is the only one: its deletion withdraws the bot's row.
      expect(await standing([...undone, ['Admin', `page\n${explored}`]])).toBe(explored);
    });

    it("keeps the bot's row when a player deleted it and typed a copy back, which an admin then deletes", async () => {
      const retyped: [string, string][] = [...botRows, ['Bob', `page\n${explored}`], ['Bob', `page\n${explored}\n${bought}`]];
      expect(await standing([...retyped, ['Admin', `page\n${explored}`]])).toBe(`${bought}\n${explored}`);
      // The bot archived its own row and a player typed it back: the admin's deletion of that copy takes nothing.
      const archived: [string, string][] = [...botRows, ['Bot', `page\n${explored}`], ['Bob', `page\n${explored}\n${bought}`]];
      expect(await standing([...archived, ['Admin', `page\n${explored}`]])).toBe(`${bought}\n${explored}`);
      // Without the player's edits in between, the admin's deletion of the bot's row is a withdrawal, as before.
      expect(await standing([...botRows, ['Admin', `page\n${explored}`]])).toBe(explored);
    });
  });
});
