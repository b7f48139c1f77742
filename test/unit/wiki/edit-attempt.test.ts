import { describe, expect, it } from 'vitest';
import { sendEdit, type EditHost } from '../../../src/wiki/edit-attempt.ts';
import { WikiError } from '../../../src/wiki/errors.ts';
import type { PageRevision } from '../../../src/wiki/pages.ts';

const page: PageRevision = { title: 'G', text: 'old', revid: 10, timestamp: '2026-11-27T00:00:00Z', user: 'Bot', comment: '' };
const SUMMARY = 'Croupier: phase 4 → 5 (base rev 10)';

/** A wiki whose every edit answer is lost (a gateway's 504) and whose page, read after it, is `latest`. */
const lostAnswers = (latest: Partial<PageRevision>): EditHost => ({
  names: ['Bot'],
  request: async () => {
    throw new WikiError({ code: 'http-504', status: 504, message: 'HTTP 504 from the wiki' });
  },
  readPages: async () => new Map([['G', { ...page, text: 'new', ...latest }]]),
});

describe('an edit whose answer was lost', () => {
  it("is found saved when the page's latest revision is the bot's, after the base, with the edit's summary", async () => {
    const answer = await sendEdit(lostAnswers({ revid: 11, user: 'Bot', comment: SUMMARY }), page, { text: 'new', summary: SUMMARY });
    expect(answer).toEqual({ saved: { newrevid: 11, newtimestamp: page.timestamp } });
  });

  it("is not taken from a player's revision that copies the bot's summary, nor from the bot's with another summary or on the base", async () => {
    for (const latest of [
      { revid: 11, user: 'Player', comment: SUMMARY },
      { revid: 11, user: 'Bot', comment: 'Croupier: phase 4 → 5 (base rev 9)' },
      { revid: 10, user: 'Bot', comment: SUMMARY },
    ])
      await expect(sendEdit(lostAnswers(latest), page, { text: 'new', summary: SUMMARY }), JSON.stringify(latest)).rejects.toMatchObject({ code: 'http-504' });
  });
});

describe('an edit whose answer was lost, someone having saved after it before the retry', () => {
  const conflict = () => new WikiError({ code: 'editconflict', message: 'Edit conflict' });
  /** The first answer lost (the client counts it), the retry answered `retry`; the history since the base is `since`, oldest first. */
  const retried = (retry: 'conflict' | 'nochange', since: { revid: number; user: string; comment: string }[]) => {
    const latest = since.at(-1)!;
    const host: EditHost = {
      names: ['Bot'],
      request: async (params, ctx) => {
        if (params.action === 'query')
          return {
            query: {
              pages: [
                {
                  revisions: [
                    { ...page, parentid: 9 },
                    ...since.map((r, i) => ({ ...r, parentid: i === 0 ? 10 : since[i - 1]!.revid, timestamp: page.timestamp })),
                  ]
                    .reverse()
                    .map(({ revid, parentid, user, comment, timestamp }) => ({ revid, parentid, user, comment, timestamp })),
                },
              ],
            },
          };
        if (ctx?.lost) ctx.lost.count++; // the client's retry of the lost answer
        if (retry === 'conflict') throw conflict();
        return { edit: { result: 'Success', nochange: true } };
      },
      readPages: async () => new Map([['G', { ...page, text: 'new, and a note', ...latest }]]),
    };
    return host;
  };
  const bot = { revid: 11, user: 'Bot', comment: SUMMARY };
  const player = { revid: 12, user: 'Player', comment: 'a note' };

  it("is found among the revisions since the base, marked as not the page's latest, whether the retry was answered a conflict or no change", async () => {
    for (const retry of ['conflict', 'nochange'] as const) {
      const host = retried(retry, [bot, player]);
      expect(await sendEdit(host, page, { text: 'new', summary: SUMMARY }), retry).toEqual({
        saved: { newrevid: 11, newtimestamp: page.timestamp, later: true },
      });
    }
  });

  it("is not taken from a player's revision copying its summary: the conflict or the page read stays the answer", async () => {
    const copied = { ...player, comment: SUMMARY };
    expect(await sendEdit(retried('conflict', [copied]), page, { text: 'new', summary: SUMMARY })).toMatchObject({ conflict: { code: 'editconflict' } });
    expect(await sendEdit(retried('nochange', [copied]), page, { text: 'new', summary: SUMMARY })).toMatchObject({ nochange: true, latest: { revid: 12 } });
  });
});

it('a conflict with no answer lost before it is a conflict, and nothing is read', async () => {
  const asked: string[] = [];
  const host: EditHost = {
    names: ['Bot'],
    request: async (params) => {
      asked.push(String(params.action));
      throw new WikiError({ code: 'editconflict', message: 'Edit conflict' });
    },
    readPages: async () => {
      throw new Error('read');
    },
  };
  expect(await sendEdit(host, page, { text: 'new', summary: SUMMARY })).toMatchObject({ conflict: { code: 'editconflict' } });
  expect(asked).toEqual(['edit']);
});
