import { describe, expect, it } from 'vitest';
import { botNames, cannotEdit, checkExclusion, checkShutoff, exclusionReason, shutoffReason } from '../../../src/wiki/guards.ts';
import { isRefusal } from '../../../src/wiki/errors.ts';

const names = botNames('Bot@croupier');
const s = { page: 'Croupier/Shutoff', runWord: 'run' };

describe('shutoff', () => {
  it('runs only while the page holds the run word', () => {
    expect(shutoffReason('run', s)).toBeNull();
    expect(shutoffReason('  Run\n\nexplanation', s)).toBeNull();
    expect(shutoffReason('stop', s)).toMatch(/does not contain "run".*"stop"/);
    expect(shutoffReason('running', s)).not.toBeNull(); // a whole word
    expect(shutoffReason('<!-- run -->stop', s)).not.toBeNull(); // comments do not count
    expect(shutoffReason(undefined, s)).toMatch(/does not exist/);
    expect(() => checkShutoff('stop', s)).toThrow(expect.objectContaining({ code: 'shutoff', page: 'Croupier/Shutoff' }));
  });
});

describe('{{bots}} / {{nobots}}', () => {
  it('knows our names', () => {
    expect(names).toEqual(['Bot', 'Croupier']);
  });
  it.each([
    ['plain text', null],
    ['{{nobots}}', 'excluded'],
    ['{{ NoBots }}', 'excluded'],
    ['{{bots}}', null],
    ['{{bots|deny=all}}', 'excluded'],
    ['{{bots|deny=none}}', null],
    ['{{bots|deny=Bot}}', 'excluded'],
    ['{{bots|deny=OtherBot, croupier}}', 'excluded'],
    ['{{bots|deny=OtherBot}}', null],
    ['{{bots|allow=none}}', 'excluded'],
    ['{{bots|allow=all}}', null],
    ['{{bots|allow=OtherBot}}', 'excluded'],
    ['{{bots|allow=OtherBot,Bot}}', null],
    ['{{nobots|allow=Croupier}}', null],
    ['{{bots|optout=all}}', null],
    ['<!-- {{nobots}} -->', null],
    ['<nowiki>{{nobots}}</nowiki>', null],
  ])('%s', (text, expected) => {
    expect(exclusionReason(text, names) === null ? null : 'excluded').toBe(expected);
  });
  it('throws a WikiError naming the page', () => {
    expect(() => checkExclusion('{{nobots}}', names, 'P')).toThrow(expect.objectContaining({ code: 'bots-excluded', page: 'P' }));
  });
});

describe('what the wiki said at the read it would refuse (intestactions): the edit is refused before it is sent', () => {
  const page = { title: 'G', text: '', revid: 7, timestamp: '' };
  it('a page the wiki would let the bot edit, or that it was not asked about, is no refusal', () => {
    expect(cannotEdit(page, 'G')).toBeUndefined();
    expect(cannotEdit({ ...page, cannotEdit: [] }, 'G')).toBeUndefined();
  });
  it("names each reason: MediaWiki's words and code for a protection, who, why and until when for a block", () => {
    const err = cannotEdit(
      {
        ...page,
        cannotEdit: [
          { code: 'protectedpage', text: 'This page has been protected to prevent editing or other actions.' },
          {
            code: 'blocked',
            text: 'You have been blocked from editing.',
            block: { by: 'Admin', reason: 'the cycle is over', expiry: '2026-12-01T00:00:00Z', partial: true },
          },
        ],
      },
      'G',
    )!;
    expect(isRefusal(err)).toBe(true);
    expect(err).toMatchObject({ code: 'cannot-edit', page: 'G', info: 'protectedpage, blocked' });
    expect(err.message).toBe(
      '"G": the wiki does not let the bot edit this page: This page has been protected to prevent editing or other actions. (protectedpage); ' +
        'the bot account is blocked from editing this page (by Admin, “the cycle is over”, until 2026-12-01T00:00:00Z): no edit made',
    );
  });
});
