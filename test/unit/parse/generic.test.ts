import { describe, expect, test } from 'vitest';
import { parseRuleset } from '../../../src/games/registry.ts';
import { fixture } from '../helpers/fixtures.ts';

describe('choosing the game of a ruleset', () => {
  test('Cycle 16 is recognised by its card table and rules', () => {
    expect(parseRuleset(fixture('cycle16')).kind).toBe('cycle16');
  });

  test('Round 10 is recognised by its multiplier and prize tables', () => {
    expect(parseRuleset(fixture('round10')).kind).toBe('round10');
  });

  test('Cycle 15 is recognised by its Garbage table and its types of space, every heading a rule', () => {
    const r = parseRuleset(fixture('cycle15'));
    expect(r.kind).toBe('cycle15');
    expect(r.rules).toHaveLength(
      fixture('cycle15')
        .split('\n')
        .filter((line) => /^(=+)[^=].*\1\s*$/.test(line)).length,
    );
  });

  test('Nomicoup is recognised by its numbered Court Deck and Treasury rules', () => {
    expect(parseRuleset(fixture('nomicoup')).kind).toBe('nomicoup');
  });

  test.each(['round10', 'cycle15', 'nomicoup'])('%s read as a generic ruleset keeps every heading as a rule', (game) => {
    const r = parseRuleset(fixture(game), { kind: 'generic' });
    if (r.kind !== 'generic') throw new Error('expected a generic ruleset');
    // Every "== … ==" line of the fixture is a rule (the fixtures hold no comments or <nowiki>).
    expect(r.rules).toHaveLength(
      fixture(game)
        .split('\n')
        .filter((line) => /^(=+)[^=].*\1\s*$/.test(line)).length,
    );
  });

  test('an explicit kind wins over detection', () => {
    const r = parseRuleset(fixture('cycle16'), { kind: 'generic' });
    expect(r.kind).toBe('generic');
  });
});

describe('the Nomicoup ruleset as written', () => {
  const generic = parseRuleset(fixture('nomicoup'), { kind: 'generic' });
  if (generic.kind !== 'generic') throw new Error('expected a generic ruleset');
  const { rules } = generic;
  const titled = (title: string) => rules.filter((r) => r.title === title);
  const parentOf = (rule: (typeof rules)[number]) => (rule.parent === undefined ? undefined : rules[rule.parent]!.title);

  test('keeps its numbered titles, under the rule they follow', () => {
    expect(parentOf(titled('4.6.5 - Contessa')[0]!)).toBe('4.6 - Characters');
    expect(titled('4.6.5 - Contessa')[0]!.depth).toBe(2);
  });

  test('keeps its defects: a rule number used twice and "4.6." with no last part', () => {
    expect(titled('4.6.5 - Contessa')).toHaveLength(2);
    expect(titled('4.6. - Super Duke')).toHaveLength(1);
  });

  test('a ==== rule right under a == rule is one level below it', () => {
    const superDuke = titled('4.6. - Super Duke')[0]!;
    expect([parentOf(superDuke), superDuke.depth, superDuke.level]).toEqual(['Additional Rules', 1, 4]);
  });
});

test('the Round 10 tables are found under their rules, keyed by header', () => {
  const r = parseRuleset(fixture('round10'), { kind: 'generic' });
  if (r.kind !== 'generic') throw new Error('expected a generic ruleset');
  const traditions = r.tables.find((t) => t.caption === 'Traditions');
  expect(traditions?.rule).toBe('Cards');
  expect(traditions?.headers).toEqual(['suits', 'tradition']);
});
