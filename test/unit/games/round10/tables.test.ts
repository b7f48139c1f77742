import { describe, expect, test } from 'vitest';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { renderRound10Tables } from '../../../../src/games/round10/tables/index.ts';
import { slotsExpectation } from '../../../../src/games/round10/tables/slots.ts';
import { renderTables } from '../../../../src/games/registry.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';

const original = fixture('round10');
const ruleset = parseRound10Ruleset(original, 'Round 10/Ruleset');
const tables = renderRound10Tables(ruleset);

describe('the computed Round 10 tables for players', () => {
  test('publish-tables finds them through the registry', () => {
    expect(renderTables(ruleset)).toBe(tables);
  });

  test('tax by wealth: 0 up to 319, 5 more for every 20 above 300, 100 from 700 on', () => {
    expect(tables).toContain('| 319 or less || 0 || 100');
    expect(tables).toContain('| 520 – 539 || 55 || 45');
    expect(tables).toContain('| 700 or more || 100 || 0');
  });

  test('each multiplier with an example score: Flushed 4 × 42 × 4 + 20 (King is rank 20)', () => {
    expect(tables).toContain(
      '| Flushed || The suit of each card in the hand is the same and the hand is at least 4 cards in size. || 4 || 2 of Cups, 5 of Cups, 9 of Cups, King of Cups || c·r·m + h = 4 × 42 × 4 (Flushed) + 20 = 692 (Flushed)',
    );
  });

  test('a multiplier whose formula uses a letter its condition does not give (the fuzz test, seed 105465) is shown as not scorable, the others scored', () => {
    const broken = parseRound10Ruleset(replaceOnce(original, '(where x ≥ 1 and y ≥ 2). || x + y', '(where x ≥ 1 and y ≥ 2). || x + m'), 'Round 10/Ruleset');
    expect(broken.warnings.map((w) => w.message)).toContain("The multiplier Paired's value x + m uses m, which its conditions do not define");
    const t = renderRound10Tables(broken);
    expect(t).toMatch(
      /\| Paired \|\| .* \|\| x \+ m \|\| 9 of Cups, 9 of Hearts \|\| cannot be scored: the multiplier "Paired" has the value "x \+ m": m is not defined for this hand/,
    );
    expect(t).toContain('|| 2 of Cups, 5 of Cups, 9 of Cups, King of Cups || c·r·m + h = 4 × 42 × 4 (Flushed) + 20 = 692 (Flushed)');
  });

  test('a multiplier Croupier cannot evaluate (seed 105757: a name it does not know) leaves every example hand shown as not scorable, saying why, and no crash', () => {
    const unknown = parseRound10Ruleset(replaceOnce(original, '| Paired ||', '| Sparkling ||'), 'Round 10/Ruleset');
    const t = renderRound10Tables(unknown);
    expect(t).toMatch(/\| Sparkling \|\| .* \|\| - \|\| no example: Croupier cannot evaluate this condition yet/);
    expect(t).toMatch(/\| Flushed \|\| .* \|\| cannot be scored: the multiplier "Sparkling" .* is not one Croupier can evaluate yet/);
  });

  test('a tax step of 0 (the fuzz test, seed 160825, which ran out of memory) is one row: no wealth is taxed', () => {
    const zero = renderRound10Tables(
      parseRound10Ruleset(replaceOnce(original, 'increased by 5 for every 20 wealth', 'increased by 0 for every 20 wealth'), 'Round 10/Ruleset'),
    );
    expect(zero).toContain('| any || 0 || 100');
    expect(zero).not.toContain('| 320 – 339');
  });

  test('a tax or a Star Price with more steps or totals than a table lists is said in words', () => {
    const fine = renderRound10Tables(
      parseRound10Ruleset(
        replaceOnce(original, 'increased by 5 for every 20 wealth', 'increased by 1 for every 20 wealth').replace(
          'maximum value of 100',
          'maximum value of 100000',
        ),
        'Round 10/Ruleset',
      ),
    );
    expect(fine).toContain('The tax rises by 1 for every 20 wealth above 300, up to 100000: 100000 steps, too many to list.');
    const dice = renderRound10Tables(parseRound10Ruleset(replaceOnce(original, 'by rolling 1d6.', 'by rolling 40d100.'), 'Round 10/Ruleset'));
    expect(dice).toContain('40d100 + 4: 2024 Trungs on average. From 44 to 4004: too many totals to list.');
  });

  test('card draw odds: each suit 1/13, a Standard rank 1/20, an Arcana rank 1/22', () => {
    expect(tables).toContain('| Leaves || Standard || 1/13 (7.69%) || 1/20 (5%) || 1/260 (0.38%)');
    expect(tables).toContain('| Arcana || Arcana || 1/13 (7.69%) || 1/22 (4.55%) || 1/286 (0.35%)');
  });

  test('the Star Price is 5 to 10, each 1/6', () => {
    for (const price of [5, 6, 7, 8, 9, 10]) expect(tables).toContain(`| ${price} || 1/6 (16.67%)`);
    expect(tables).not.toContain('| 4 || 1/6');
  });

  test("the slots' expected payout is undefined while the roll table lacks symbols, and the page says why", () => {
    expect(tables).toContain(
      'Expected payout: undefined. The Ruleset leaves it open: the roll table gives no symbol for 20 and 10-13; the payout chart pays on ♾ and ✨, which no roll gives.',
    );
  });

  test('the chances the referee plays the slots with are published under its named reading: a roll with no Value shows no symbol', () => {
    // 🔺 is 17-19 (3/20): exactly two of three rolls, 3 × (3/20)² × 17/20 = 5.74 %; ♾ and ✨, which no roll gives, 0 %.
    expect(tables).toContain('! Values !! Payout !! Chance !! Chance when a roll with no Value shows no symbol (reading slots-blank-roll=no-symbol (default))');
    expect(tables).toContain('| 🔺🔺 || Gain 80 chips || undefined || 5.74%');
    expect(tables).toContain('| ♾♾♾ || Gain 500 chips || undefined || 0%');
    expect(tables).toMatch(/The referee plays the slots by reading slots-blank-roll=no-symbol \(default\): so read, [\d.]+ chips won per play − 6 put in/);
  });

  test('once a proposal fills the roll table and drops the unrolled payouts, the expectation is computed', () => {
    let text = replaceOnce(original, '|20\n|\n', '|20\n|🔺\n');
    text = replaceOnce(text, '|10-13\n|\n', '|10-13\n|🤔\n');
    text = replaceOnce(text, '| ♾♾♾ || Gain 500 chips\n|-\n| ♾♾ || Gain 200 chips\n|-\n', '');
    text = replaceOnce(text, '| ✨✨✨ || Gain 75 chips\n|-\n', '');
    const e = slotsExpectation(parseRound10Ruleset(text));
    // 🔺 4/20, 🃏 3/20, 🤔 8/20, 🦆 5/20. 🔺🔺🔺: (1/5)³ = 0.008; 🔺🔺 exactly two: 3 × (1/5)² × 4/5 = 0.096.
    expect(e.rows[1]!.chance).toBeCloseTo(0.008);
    expect(e.rows[2]!.chance).toBeCloseTo(0.096);
    expect(e.expected).not.toBeNull();
  });
});
