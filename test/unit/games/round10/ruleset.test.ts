import { describe, expect, test } from 'vitest';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { Round10Ruleset } from '../../../../src/games/round10/ruleset/schema.ts';
import { parseRuleset } from '../../../../src/games/registry.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';

const original = fixture('round10');
const PAGE = 'Round 10/Ruleset';
const base = parseRound10Ruleset(original, PAGE);

describe('the Round 10 ruleset, extracted from the fixture', () => {
  test('the page is detected as round10 and the result passes its zod schema', () => {
    expect(parseRuleset(original).kind).toBe('round10');
    expect(Round10Ruleset.safeParse(base).success).toBe(true);
  });

  test('the phases are read from the paragraphs: Auction Phase Monday to Wednesday, Resolution Phase Thursday to Sunday', () => {
    expect(base.phases.map((p) => [p.name, p.days])).toEqual([
      ['Auction Phase', [1, 2, 3]],
      ['Resolution Phase', [4, 5, 6, 7]],
    ]);
  });

  test('a placement 0 (the fuzz test, seed 105189) is a refusal of the page naming the Prizes row, not a crash of the schema', () => {
    const text = replaceOnce(original, '|-\n|1\n|5 Trungs', '|-\n|0\n|5 Trungs');
    expect(() => parseRound10Ruleset(text, PAGE)).toThrow(
      expect.objectContaining({
        name: 'PageError',
        message: expect.stringMatching(/page "Round 10\/Ruleset", rule "Prizes", table "Placement \| Prizes", row 1: prizes\[0\]\.from = 0 \(Too small/),
      }),
    );
  });

  test('the 7 placement rows are parsed into Trungs, Standard Proposal Makers, Chips and revealed cards', () => {
    expect(base.prizes).toHaveLength(7);
    const first = base.prizes[0]!;
    expect([first.from, first.to, first.trungs, first.proposalMakers, first.chips, first.revealedCards]).toEqual([1, 1, 5, 1, 35, false]);
    const fifth = base.prizes[4]!; // "1 Trung and 55 Chips"
    expect([fifth.trungs, fifth.proposalMakers, fifth.chips]).toEqual([1, 0, 55]);
    const last = base.prizes[6]!; // "7 or above | 20 Chips and the cards the player revealed"
    expect([last.from, last.to, last.chips, last.revealedCards]).toEqual([7, null, 20, true]);
  });

  test('the 6 multipliers keep their values as numbers or formulas', () => {
    expect(base.multipliers.map((m) => m.name)).toEqual(['Paired', 'Running', 'Senatorial', 'Regional', 'Monochrome', 'Flushed']);
    expect(base.multipliers[0]!.value).toEqual({ kind: 'formula', text: 'x + y', variables: ['x', 'y'] });
    expect(base.multipliers[1]!.value).toEqual({ kind: 'formula', text: 'h', variables: ['h'] });
    expect(base.multipliers[5]!.value).toEqual({ kind: 'number', value: 4 });
  });

  test('5 traditions and 5 colours with their suits, 13 suits with their d13 roll and archetype', () => {
    expect(base.traditions).toHaveLength(5);
    expect(base.traditions[1]).toEqual({ name: 'Spanish', suits: ['Swords', 'Cups', 'Coins', 'Clubs'] });
    expect(base.colors).toHaveLength(5);
    expect(base.colors[3]).toEqual({ name: 'Gold', suits: ['Coins', 'Bells', 'Cups'] });
    expect(base.suits).toHaveLength(13);
    expect(base.suits[12]).toEqual({ roll: 13, name: 'Arcana', archetype: 'Arcana' });
  });

  test('the Ranks table gives 20 Standard and 22 Arcana ranks, its Max row read as the maxima and not as a rank', () => {
    const [standard, arcana] = base.ranks;
    expect([standard!.name, standard!.max, standard!.ranks.length]).toEqual(['Standard', 20, 20]);
    expect([arcana!.name, arcana!.max, arcana!.ranks.length]).toEqual(['Arcana', 22, 22]);
    expect(standard!.ranks[0]).toBe('Ace');
    expect(standard!.ranks[13]).toBe('Unter Knave');
    expect(arcana!.ranks[21]).toBe('The World');
    expect(base.ranks.flatMap((a) => a.ranks)).not.toContain('Max');
  });

  test('the slots: 6 roll ranges on a d20 and 9 payouts; proposal makers, 3 fortunes and the three kinds of table', () => {
    expect(base.slots.die).toBe(20);
    expect(base.slots.rolls.map((r) => [r.from, r.to, r.symbol])).toEqual([
      [20, 20, null],
      [17, 19, '🔺'],
      [14, 16, '🃏'],
      [10, 13, null],
      [6, 9, '🤔'],
      [1, 5, '🦆'],
    ]);
    expect(base.slots.payouts).toHaveLength(9);
    expect(base.slots.payouts[1]).toMatchObject({ symbol: '♾', count: 3, chips: 500 });
    expect(base.proposalMakers.map((p) => p.name)).toEqual(['Standard Proposal-Maker']);
    expect(base.fortunes.map((f) => f.rank)).toEqual(['The Fool', 'The Magician', 'Wheel of Fortune']);
    expect(base.tables.map((t) => [t.kind, t.access, t.perWeek, t.names.length])).toEqual([
      ['Slots', 'limited', 3, 6],
      ['War', 'limitless', null, 3],
      ['Studio', 'limited', 1, 4],
    ]);
  });

  test('the constants are the numbers of their sentences', () => {
    const c = base.constants;
    expect(c.income).toBe(100);
    expect(c.tax).toEqual({ step: 5, per: 20, above: 300, max: 100 });
    expect(c.wealthPerTrung).toBe(20);
    expect(c.participation).toEqual({ minimum: 10, perPlayers: { gain: 2, per: 3 }, perBidder: 2 });
    expect(c.houseLotCards).toBe(3);
    expect(c.starPrice).toEqual({ count: 1, sides: 6, offset: 4 });
    expect(c.trungTrades).toEqual([
      { price: null, item: 'Gold Star', count: 1 },
      { price: 2, item: 'Standard Proposal Maker', count: 1 },
    ]);
    expect(c.victoryGoldStars).toBe(10);
    expect(c.studio).toEqual({ price: 50, titleMax: 30, descriptionMax: 400, valueMultiplier: 4 });
    expect([c.slotsCost, c.standUpHours, c.reputableDays, c.revelationDays]).toEqual([6, 24, 7, 3]);
  });

  test('what the page gets wrong is warned about where it is written: empty slot rolls, payouts on ♾ and ✨, suits in two traditions', () => {
    const w = base.warnings;
    const empty = w.filter((x) => /has no symbol/.test(x.message));
    expect(empty.map((x) => [x.location.page, x.location.table, x.location.row])).toEqual([
      [PAGE, 'Roll | Value', 1],
      [PAGE, 'Roll | Value', 4],
    ]);
    const never = w.filter((x) => /no slots roll gives/.test(x.message));
    expect(never.map((x) => [x.message.includes('♾') ? '♾' : '✨', x.location.row])).toEqual([
      ['♾', 2],
      ['✨', 6],
    ]);
    const twice = w.filter((x) => /listed in two traditions/.test(x.message));
    expect(twice.map((x) => x.message.split(' ')[2])).toEqual(['Clubs', 'Hearts', 'Bells', 'Acorns']);
    expect(twice.every((x) => x.location.table === 'Traditions' && x.location.rule === 'Cards' && x.location.row !== undefined)).toBe(true);
    expect(w.filter((x) => !x.message.startsWith('Left open'))).toHaveLength(8);
  });

  test('what the page leaves open is warned about where its sentence is, naming the reading that settles it', () => {
    const open = base.warnings.filter((x) => x.message.startsWith('Left open'));
    expect(open).toHaveLength(11);
    expect(open.find((x) => x.message.includes('reading slots-blank-roll'))!.location.rule).toBe('Slots');
    const tax = open.find((x) => x.message.includes('reading tax-rounding'))!;
    expect(tax.location).toMatchObject({ page: PAGE, rule: 'Phases' });
    expect(open.find((x) => x.message.includes('reading rank-count'))!.location.rule).toBe('Scoring');
    expect(open.find((x) => x.message.includes('reading gold-star-victory'))!.location.rule).toBe('Victory');
  });

  test('a reading whose sentence a proposal rewrote is said to need checking', () => {
    const r = parseRound10Ruleset(
      replaceOnce(
        original,
        'If a player has 10 Gold Stars in their possession at any time',
        'If a player has at least 10 Gold Stars in their possession at any time',
      ),
      PAGE,
    );
    const stale = r.warnings.filter((x) =>
      /^The sentence of reading gold-star-victory \("If a player has 10 Gold Stars in their possession.*…"\) is no longer on the page: check whether the reading still applies$/.test(
        x.message,
      ),
    );
    expect(stale).toHaveLength(1);
    expect(base.warnings.some((x) => x.message.startsWith('The sentence of reading'))).toBe(false);
  });
});

describe('a passed proposal flows through with no code change', () => {
  test('a new multiplier row is a seventh multiplier', () => {
    const text = replaceOnce(
      original,
      '| Flushed || The suit of each card in the hand is the same and the hand is at least 4 cards in size. || 4\n',
      '| Flushed || The suit of each card in the hand is the same and the hand is at least 4 cards in size. || 4\n|-\n| Royal || The hand contains a King and a Queen. || 5\n',
    );
    const r = parseRound10Ruleset(text, PAGE);
    expect(r.multipliers).toHaveLength(7);
    expect(r.multipliers[6]).toMatchObject({ name: 'Royal', condition: 'The hand contains a King and a Queen.', value: { kind: 'number', value: 5 } });
  });

  test('a changed tax step is the new step', () => {
    const r = parseRound10Ruleset(
      replaceOnce(original, 'increased by 5 for every 20 wealth they have above 300', 'increased by 10 for every 25 wealth they have above 200'),
      PAGE,
    );
    expect(r.constants.tax).toEqual({ step: 10, per: 25, above: 200, max: 100 });
  });

  test('moved phase days are the new phases, written as paragraphs', () => {
    const text = replaceOnce(
      original,
      'The Auction Phase: Monday, Tuesday, and Wednesday\n\nThe Resolution Phase: Thursday, Friday, Saturday, and Sunday',
      'The Auction Phase: Monday and Tuesday\n\nThe Resolution Phase: Wednesday, Thursday, Friday, Saturday, and Sunday',
    );
    expect(parseRound10Ruleset(text, PAGE).phases.map((p) => p.days)).toEqual([
      [1, 2],
      [3, 4, 5, 6, 7],
    ]);
  });

  test('moved phase days are the new phases, written as a list', () => {
    const text = replaceOnce(
      original,
      'The Auction Phase: Monday, Tuesday, and Wednesday\n\nThe Resolution Phase: Thursday, Friday, Saturday, and Sunday',
      '* The Auction Phase: Monday to Thursday\n* The Resolution Phase: Friday to Sunday',
    );
    const r = parseRound10Ruleset(text, PAGE);
    expect(r.phases.map((p) => [p.name, p.days])).toEqual([
      ['Auction Phase', [1, 2, 3, 4]],
      ['Resolution Phase', [5, 6, 7]],
    ]);
  });

  test('a symbol filled in for roll 20 ends its warning, and the chart then pays on a rolled symbol', () => {
    const r = parseRound10Ruleset(replaceOnce(original, '|20\n|\n', '|20\n|♾\n'), PAGE);
    expect(r.slots.rolls[0]!.symbol).toBe('♾');
    expect(r.warnings.filter((w) => /has no symbol|no slots roll gives/.test(w.message)).map((w) => w.message)).toEqual([
      'The slots roll 10-13 has no symbol (its Value cell is empty): what it shows is undefined',
      'The payout chart pays on ✨, which no slots roll gives (the roll table never produces it)',
    ]);
  });

  test('a sentence that no longer states its number is a located warning, not a guess', () => {
    const r = parseRound10Ruleset(
      replaceOnce(original, 'The Star Price is the result of that roll plus 4.', 'The Star Price is whatever the Judge says.'),
      PAGE,
    );
    expect(r.constants.starPrice).toBeNull();
    const w = r.warnings.find((x) => /Star Price/.test(x.message))!;
    expect(w.location).toMatchObject({ page: PAGE, rule: 'Trung' });
  });
});
