import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { botAddedLines, standingRecord, type RequestPageRevision } from '../../../../src/jobs/request-lines.ts';

// The bot's record over random histories of a page edited by the bot (which only appends, as its History rows
// are), an admin and a player: the invariants that say its bookkeeping of copies is right.

const USERS = ['Bot', 'Admin', 'Player'] as const;
const isBot = (u: string) => u === 'Bot';
// Few distinct lines, so that copies, deletions of copies and restorations happen often.
const line = fc.constantFrom('| a || 1', '| b || 2', '| c || 3', '| d || 4');
const edit = fc.record({
  user: fc.constantFrom(...USERS),
  remove: fc.array(fc.nat(), { maxLength: 3 }),
  add: fc.array(line, { maxLength: 3 }),
});

interface Edit {
  user: string;
  remove: number[];
  add: string[];
  dropLast?: number;
}

/** The revisions (newest first, as the API gives them) of a page created empty by `creator`, then edited. */
function history(creator: string, edits: readonly Edit[]): RequestPageRevision[] {
  let lines: string[] = [];
  const texts: [string, string][] = [[creator, 'head']];
  for (const e of edits) {
    // The bot only appends; a person removes lines anywhere and appends, or takes off the page's last lines.
    if (!isBot(e.user)) for (const r of e.remove) if (lines.length > 0) lines.splice(r % lines.length, 1);
    if (e.dropLast) lines = lines.slice(0, Math.max(0, lines.length - e.dropLast));
    lines = [...lines, ...e.add];
    texts.push([e.user, ['head', ...lines].join('\n')]);
  }
  return texts
    .map(([user, text], i) => ({
      revid: i + 1,
      parentid: i,
      user,
      timestamp: '2026-11-25T10:00:00Z',
      text,
      sha1: createHash('sha1').update(text).digest('hex'),
    }))
    .reverse();
}

const counted = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '' && l !== 'head')
    .sort();

describe("the bot's record as it stands, over random histories", () => {
  test('with no admin it is the bot’s own lines, whatever the others did', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 12 }), async (edits) => {
        const revs = history('Player', edits);
        expect(await standingRecord(revs, isBot, async () => new Set())).toBe(botAddedLines(revs, isBot));
      }),
    );
  });

  test('when every person is an admin it is the page as it stands: each copy added and not removed, once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 12 }), async (edits) => {
        const revs = history('Admin', edits);
        const standing = await standingRecord(revs, isBot, async (users) => new Set(users));
        expect(counted(standing)).toEqual(counted(revs[0]!.text));
      }),
    );
  });

  test("a player's copies of lines that an admin deletes at once change nothing of it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { maxLength: 12 }), fc.nat(), line, fc.integer({ min: 1, max: 2 }), async (edits, at, copied, copies) => {
        const i = at % (edits.length + 1);
        const typed: Edit[] = [
          { user: 'Player', remove: [], add: Array<string>(copies).fill(copied) },
          { user: 'Admin', remove: [], add: [], dropLast: copies },
        ];
        const admins = async (users: string[]) => new Set(users.filter((u) => u === 'Admin'));
        const without = await standingRecord(history('Player', edits), isBot, admins);
        const withThem = await standingRecord(history('Player', [...edits.slice(0, i), ...typed, ...edits.slice(i)]), isBot, admins);
        expect(counted(withThem)).toEqual(counted(without));
      }),
      { numRuns: 500 },
    );
  });
});
