import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { botAddedLines, lineAuthors, requestKey, type RequestPageRevision } from '../../../../src/jobs/request-lines.ts';

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
const author = (revs: RequestPageRevision[], line: number) => {
  const a = lineAuthors(revs)[line]!;
  return a.found ? `${a.revision.user} r${a.revision.revid}#${a.copy}` : 'unknown';
};
const HEAD = '== Requests ==';

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
});
