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
