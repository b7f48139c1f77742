import { describe, expect, it } from 'vitest';
import { botNames, checkExclusion, checkShutoff, exclusionReason, shutoffReason } from '../../../src/wiki/guards.ts';

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
