import { describe, expect, test } from 'vitest';
import { parseRuleset } from '../../../../src/games/registry.ts';
import type { GenericRuleset } from '../../../../src/games/generic/ruleset.ts';
import { fixture } from '../../helpers/fixtures.ts';

const generic = (text: string): GenericRuleset => {
  const r = parseRuleset(text, { kind: 'generic', page: 'Cycle 17/Ruleset' });
  if (r.kind !== 'generic') throw new Error('expected a generic ruleset');
  return r;
};
const calendarOf = (text: string) => generic(text).phases.map((p) => [p.name, p.days, p.start.weekday, p.lengthDays]);

describe('the phases of a ruleset no module knows', () => {
  test('a list of "Name: days" lines, "Monday, Tuesday, and Wednesday" and "Monday and Tuesday"', () => {
    const text =
      '== Phases ==\nEach week is divided into three phases:\n* Planning Phase: Monday and Tuesday\n* Trading Phase: Wednesday, Thursday, and Friday\n* Rest Phase: Saturday and Sunday\n';
    expect(calendarOf(text)).toEqual([
      ['Planning Phase', [1, 2], 'Monday', 2],
      ['Trading Phase', [3, 4, 5], 'Wednesday', 3],
      ['Rest Phase', [6, 7], 'Saturday', 2],
    ]);
  });

  test('prose: "runs from Wednesday to Friday", "Thursday–Sunday is the …", in one paragraph', () => {
    const text = '== Time ==\nThe Dawn Phase runs from Monday to Wednesday. Thursday–Sunday is the Dusk Phase.\n';
    expect(calendarOf(text)).toEqual([
      ['Dawn Phase', [1, 2, 3], 'Monday', 3],
      ['Dusk Phase', [4, 5, 6, 7], 'Thursday', 4],
    ]);
  });

  test('one phase for the whole week, and seven phases of one day each', () => {
    expect(calendarOf('== Time ==\nThe Long Phase lasts from Monday to Sunday.\n')).toEqual([['Long Phase', [1, 2, 3, 4, 5, 6, 7], 'Monday', 7]]);
    const seven = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => `* ${d} Phase: ${d}`).join('\n');
    expect(calendarOf(`== Phases ==\n${seven}\n`)).toHaveLength(7);
  });

  test('a range across the week end ("Friday to Monday") begins on its first day and lasts four days', () => {
    const r = generic('== Phases ==\n* Long Phase: Friday to Monday\n* Short Phase: Tuesday to Thursday\n');
    expect(r.phases.map((p) => [p.name, p.start.day, p.lengthDays])).toEqual([
      ['Long Phase', 5, 4],
      ['Short Phase', 2, 3],
    ]);
  });

  test('days left out, days in two phases, and a phase on days apart are located warnings', () => {
    const r = generic('== Phases ==\n* Work Phase: Monday and Wednesday\n* Play Phase: Wednesday, Thursday\n');
    const messages = r.warnings.map((w) => w.message);
    expect(messages).toContain('Wednesday is in two phases: Work Phase and Play Phase');
    expect(messages).toContain('No phase covers Tuesday, Friday, Saturday, Sunday');
    expect(messages).toContain('The Work Phase falls on days apart (Monday, Wednesday): it begins 2 times a week');
    for (const w of r.warnings.filter((w) => /phase/i.test(w.message) && !/cycle start/.test(w.message))) {
      expect(w.location).toMatchObject({ page: 'Cycle 17/Ruleset', rule: 'Phases', offset: 0 });
    }
  });

  test('a ruleset with no calendar says so, and has no phases', () => {
    const r = generic('== Winning ==\nThe first player to 10 points wins.\n');
    expect(r.phases).toEqual([]);
    expect(r.warnings.map((w) => w.message)).toContain('No phases found (lines such as "Rest Phase: Monday, Tuesday and Wednesday")');
  });
});

describe('the cycle start and the phase-number rule', () => {
  test('"The cycle begins on Monday 7 December 2026 at 00:00 UTC" is read with its place', () => {
    const text =
      '== Time ==\nAll times are in UTC.\n=== Cycle ===\nThe cycle begins on Monday 7 December 2026 at 00:00 UTC. The Phase Number starts at 1 on the phase the cycle began.\n';
    const r = generic(text);
    expect(r.cycleStart).toEqual({
      text: 'The cycle begins on Monday 7 December 2026 at 00:00 UTC.',
      instant: '2026-12-07T00:00:00.000Z',
      location: { page: 'Cycle 17/Ruleset', rule: 'Cycle', offset: text.indexOf('The cycle begins') },
    });
    expect(r.phaseNumber).toMatchObject({ first: 1, location: { rule: 'Cycle', offset: text.indexOf('The Phase Number') } });
  });

  test('ISO dates and "December 14, 2026" are read too', () => {
    expect(generic('== Time ==\nCycle start: 2026-12-14 12:00 UTC\n').cycleStart?.instant).toBe('2026-12-14T12:00:00.000Z');
    expect(generic('== Time ==\nThe round started on December 14, 2026.\n').cycleStart?.instant).toBe('2026-12-14T00:00:00.000Z');
  });

  test("a weekday that is not the date's, and an impossible date, are warned about", () => {
    const wrong = generic('== Time ==\nThe cycle begins on Tuesday 7 December 2026.\n');
    expect(wrong.cycleStart?.instant).toBe('2026-12-07T00:00:00.000Z');
    expect(wrong.warnings.map((w) => w.message)).toContain('The cycle start says Tuesday, but 7 December 2026 is a Monday: the date is used');
    const impossible = generic('== Time ==\nThe cycle begins on 2026-02-30.\n');
    expect(impossible.cycleStart).toBeNull();
    expect(impossible.warnings.find((w) => w.message.startsWith('The cycle start'))).toMatchObject({
      message: 'The cycle start "2026-02-30" is not a date: February 2026 has 28 days, so there is no day 30',
      location: { rule: 'Time' },
    });
  });

  test('a phase-number rule that does not say where it starts is read as 0, with a warning', () => {
    const r = generic('== Time ==\nThe phase number goes up by one at each phase boundary.\n');
    expect(r.phaseNumber?.first).toBe(0);
    expect(r.warnings.map((w) => w.message)).toContain('The phase-number rule does not say which number the first phase has: 0 is assumed');
  });

  test('phases said to change at another hour than midnight are warned about', () => {
    const r = generic('== Phases ==\n* Day Phase: Monday to Sunday\nEach phase begins at 18:00 UTC.\n');
    expect(r.warnings.map((w) => w.message)).toContain(
      'Phases are said to change at 18:00, not at 00:00 UTC: the bot\'s calendar turns at 00:00 UTC ("Each phase begins at 18:00 UTC.")',
    );
  });
});

describe('the four real rulesets read as generic', () => {
  // Expectations read from each ruleset's text (fixtures/*/ruleset.wikitext, rebuilt from ../shared/seeds).
  test('Cycle 16: "Rest Phase: Monday, Tuesday and Wednesday", "Battle Phase: Thursday, …, and Sunday", phase numbers from 0, no cycle start', () => {
    const r = generic(fixture('cycle16'));
    expect(r.phases.map((p) => [p.name, p.days, p.start, p.lengthDays])).toEqual([
      ['Rest Phase', [1, 2, 3], { day: 1, weekday: 'Monday', time: '00:00' }, 3],
      ['Battle Phase', [4, 5, 6, 7], { day: 4, weekday: 'Thursday', time: '00:00' }, 4],
    ]);
    expect(r.phaseNumber).toMatchObject({ first: 0, location: { rule: 'Phases' } });
    expect(r.phaseNumber!.text).toMatch(/^The Phase Number is the number of phases since the beginning of the cycle, starting with 0/);
    expect(r.cycleStart).toBeNull();
    expect(r.warnings.map((w) => w.message)).toContain('No cycle start found (a sentence such as "The cycle begins on Monday 7 December 2026 at 00:00 UTC")');
    // Lotto Ticket's 1d100, Uncertain's "-3 + 1d5", scenarios 1, 3 and 4 (2d3, 4d5, 2d8).
    expect(r.dice.map((d) => [d.text, d.count, d.sides, d.modifier, d.location.rule])).toEqual([
      ['1d100', 1, 100, 0, 'Cards'],
      ['-3 + 1d5', 1, 5, -3, 'Modifiers'],
      ['2d3', 2, 3, 0, 'Exploration'],
      ['4d5', 4, 5, 0, 'Exploration'],
      ['2d8', 2, 8, 0, 'Exploration'],
    ]);
  });

  test("Round 10: the Auction and Resolution phases in paragraphs; the d13 roll table, the Star Price's 1d6, the fortunes' d100", () => {
    const r = generic(fixture('round10'));
    expect(r.phases.map((p) => [p.name, p.days, p.start.weekday, p.lengthDays])).toEqual([
      ['Auction Phase', [1, 2, 3], 'Monday', 3],
      ['Resolution Phase', [4, 5, 6, 7], 'Thursday', 4],
    ]);
    expect(r.phaseNumber).toBeNull();
    expect(r.dice.map((d) => [d.text, d.count, d.sides, d.location.rule])).toEqual([
      ['d13', 1, 13, 'Cards'],
      ['1d6', 1, 6, 'Trung'],
      ['d100', 1, 100, 'Fortunes'],
      ['d100', 1, 100, 'Fortunes'],
    ]);
  });

  test('Cycle 15: Phase I Monday–Thursday, Phase II Friday–Sunday; "10+1d10 shards", the Casino\'s d2, movement\'s 2d4', () => {
    const r = generic(fixture('cycle15'));
    expect(r.phases.map((p) => [p.name, p.days, p.start.weekday, p.lengthDays])).toEqual([
      ['Phase I', [1, 2, 3, 4], 'Monday', 4],
      ['Phase II', [5, 6, 7], 'Friday', 3],
    ]);
    expect(r.dice).toHaveLength(10);
    expect(r.dice.find((d) => d.location.rule === 'Shards')).toMatchObject({ text: '10+1d10', count: 1, sides: 10, modifier: 10 });
    expect(r.dice.map((d) => `${d.count}d${d.sides}`).slice(-2)).toEqual(['1d2', '2d4']);
    const casino = r.dice.find((d) => d.sides === 2)!;
    expect(fixture('cycle15').slice(casino.location.offset, casino.location.offset! + 2)).toBe('d2');
  });

  test('Nomicoup runs on turns: no weekly calendar and no dice, and it says so', () => {
    const r = generic(fixture('nomicoup'));
    expect([r.phases, r.dice, r.cycleStart]).toEqual([[], [], null]);
    expect(r.warnings.map((w) => w.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^No phases found/), expect.stringMatching(/^No cycle start found/)]),
    );
  });
});

describe('dice expressions', () => {
  test('"1d20", "d6", "3d6+2", "2d6 - 1" and "roll 2d6 and add 3" are read with their modifiers and places', () => {
    const text = '== Dice ==\nRoll 1d20 to attack, then d6 for damage. A critical deals 3d6+2; a glancing blow 2d6 - 1. To forage, roll 2d6 and add 3.\n';
    const r = generic(text);
    expect(r.dice.map((d) => [d.text, d.count, d.sides, d.modifier])).toEqual([
      ['1d20', 1, 20, 0],
      ['d6', 1, 6, 0],
      ['3d6+2', 3, 6, 2],
      ['2d6 - 1', 2, 6, -1],
      ['2d6 and add 3', 2, 6, 3],
    ]);
    expect(r.dice.map((d) => d.location.offset)).toEqual(['1d20', ' d6', '3d6', '2d6 -', '2d6 and'].map((s) => text.indexOf(s) + (s.startsWith(' ') ? 1 : 0)));
  });

  test('words and numbers that only look like dice are not dice ("2d", "d0", "hd6x", "1.5d6")', () => {
    expect(generic('== Notes ==\nThe 2d place, a d0, hd6x and 1.5d6 and roll d 6.\n').dice).toEqual([]);
  });
});
