import { describe, expect, test } from 'vitest';
import { ROUND10_READINGS } from '../../../../src/games/round10/readings.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import type { CardRef, Gamestate, Player, SecretAction } from '../../../../src/games/round10/gamestate/schema.ts';
import { readCards } from '../../../../src/games/round10/gamestate/fields.ts';
import { checkBidTotals, concludeAuction, readBids } from '../../../../src/games/round10/rules/auction.ts';
import type { RuleContext } from '../../../../src/games/round10/rules/common.ts';
import { evaluate } from '../../../../src/games/round10/rules/formula.ts';
import { handCards, scoreHand } from '../../../../src/games/round10/rules/hands.ts';
import { payIncome } from '../../../../src/games/round10/rules/income.ts';
import { electJudge } from '../../../../src/games/round10/rules/judge.ts';
import { participation } from '../../../../src/games/round10/rules/participation.ts';
import { awardPrizes, place } from '../../../../src/games/round10/rules/prizes.ts';
import { lotsAwaitingBids } from '../../../../src/games/round10/rules/returns.ts';
import { checkRevelation, sha256, voidedBy } from '../../../../src/games/round10/rules/secret.ts';
import { nextSunday } from '../../../../src/games/round10/rules/star-price.ts';
import { standUpAt } from '../../../../src/games/round10/rules/tables.ts';
import { checkVictory } from '../../../../src/games/round10/rules/victory.ts';
import { taxOf, wealthOf } from '../../../../src/games/round10/rules/wealth.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import { fixture } from '../../helpers/fixtures.ts';

const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const AT = new Date('2026-11-15T00:00Z');
const defaults = new ChosenReadings(ROUND10_READINGS);
const ruling = (id: string, value: string) =>
  new ChosenReadings(ROUND10_READINGS, [{ reading: id, value, line: 1, by: 'Judge', at: new Date('2026-11-01T00:00Z') }]);

function player(name: string, over: Partial<Player> = {}): Player {
  return {
    name,
    joined: new Date('2026-11-02T00:00Z'),
    reputableSince: null,
    chips: 0,
    trungs: 0,
    goldStars: 0,
    proposalMakers: 0,
    cards: [],
    works: [],
    wealth: 0,
    tax: 0,
    incomePaid: null,
    table: null,
    seatedSince: null,
    limited: {},
    ...over,
  };
}

function state(over: Partial<Gamestate> = {}): Gamestate {
  return {
    phase: {
      start: new Date('2026-11-02T00:00Z'),
      number: 3,
      name: 'Resolution Phase',
      nextRollover: null,
      starPrice: null,
      starPriceSet: null,
      participation: 10,
      lastBidders: 0,
      judge: null,
      winner: [],
    },
    players: [],
    contracts: [],
    lots: [],
    secrets: [],
    works: [],
    candidacies: [],
    historyRows: 0,
    ...over,
  };
}

const ctx = (s: Gamestate, readings = defaults): RuleContext => ({ s, ruleset, readings, at: AT, phase: 3 });

function action(id: string, playerName: string, kind: 'Bid' | 'Hand', text: string | null, posted = '2026-11-09T10:00Z', hash?: string): SecretAction {
  return {
    id,
    player: playerName,
    kind,
    posted: new Date(posted),
    hash: hash ?? sha256(text ?? 'x'),
    revealed: text,
    matures: new Date('2026-11-12T00:00Z'),
    reveals: AT,
    status: 'posted',
    result: null,
  };
}

const cards = (text: string): CardRef[] => readCards(text);

describe('"A player\'s tax value is defined as 0, increased by 5 for every 20 wealth they have above 300, to a maximum value of 100."', () => {
  test('300 wealth or less pays no tax; 320 pays 5; 339 pays 5 when only whole steps count (the default reading)', () => {
    expect(taxOf(300, ruleset, defaults).tax).toBe(0);
    expect(taxOf(320, ruleset, defaults).tax).toBe(5);
    expect(taxOf(339, ruleset, defaults).tax).toBe(5);
    expect(taxOf(339, ruleset, defaults).readings).toEqual(['tax-rounding=floor (default)']);
  });

  test('with the ruling tax-rounding=ceil, a started step counts: 321 wealth pays 10', () => {
    expect(taxOf(321, ruleset, ruling('tax-rounding', 'ceil')).tax).toBe(10);
  });

  test('the tax never exceeds 100: 5000 wealth pays 100', () => {
    expect(taxOf(5000, ruleset, defaults).tax).toBe(100);
  });
});

describe('"The wealth value of an asset-owning entity is the sum of the following: chips; 20 per Trung; contract shares; Player Lots"', () => {
  test("a contract's wealth divided by 3 parties keeps its fraction by default, and is rounded down with contract-share=floor", () => {
    const s = state({
      players: [player('A', { chips: 10 }), player('B'), player('C')],
      contracts: [{ id: 'C1', parties: ['A', 'B', 'C'], items: { chips: 100, trungs: 0, cards: [], works: [] } }],
    });
    expect(wealthOf(s.players[0]!, s, ruleset, defaults).total).toBeCloseTo(10 + 100 / 3);
    expect(wealthOf(s.players[0]!, s, ruleset, ruling('contract-share', 'floor')).total).toBe(43);
  });

  test('items in a Player Lot the player created count; cards count for nothing', () => {
    const s = state({
      players: [player('A', { trungs: 1, cards: cards('King of Spades') })],
      lots: [{ id: 'L1', kind: 'Player', creator: 'A', created: AT, items: { chips: 5, trungs: 1, cards: cards('Ace of Hearts'), works: [] } }],
    });
    expect(wealthOf(s.players[0]!, s, ruleset, defaults).total).toBe(20 + 5 + 20);
  });
});

describe('"At the beginning of each Auction Phase, each player gains a number of chips equal to 100 minus their tax value."', () => {
  test('a player with 400 chips (tax 25) gains 75, and the payment is recorded once', () => {
    const s = state({ players: [player('A', { chips: 400 })] });
    const row = payIncome(ctx(s), s.players[0]!, 'phase');
    expect(s.players[0]!.chips).toBe(475);
    expect(s.players[0]!.incomePaid).toEqual(AT);
    expect(row.reason.rule).toContain('each player gains a number of chips equal to 100 minus their tax value');
  });
});

describe('"A hand\'s score is defined as crm + h"', () => {
  const score = (text: string, readings = defaults) => scoreHand(cards(text), ruleset, readings);

  test('Paired ("x distinct ranks, y of each", value x + y): two Kings and two Queens score 4 × 42 × (2 + 2) + 20', () => {
    expect(score('2× King of Spades, 2× Queen of Hearts')).toMatchObject({ score: 4 * 42 * 4 + 20, multipliers: ['Paired'] });
  });

  test('Running (sequential, at least 3 cards, value h) and Flushed (one suit, at least 4 cards, value 4)', () => {
    expect(score('5 of Cups, 6 of Cups, 7 of Cups').multipliers).toEqual(['Running']);
    expect(score('5 of Cups, 6 of Cups, 7 of Cups, 8 of Cups')).toMatchObject({ score: 4 * 42 * 8 * 4 + 8, multipliers: ['Running', 'Flushed'] });
    expect(score('5 of Cups, 7 of Cups').multipliers).toEqual([]);
  });

  test('Senatorial: "at least one Knight, one Bishop, and one Rook"', () => {
    expect(score('Knight of Hearts, Bishop of Cups, Rook of Coins, Ace of Leaves').multipliers).toEqual(['Senatorial']);
  });

  test('Regional: the suits of one tradition (French: Hearts, Diamonds, Spades, Clubs) and no other; Monochrome likewise for a colour', () => {
    expect(score('Ace of Hearts, 3 of Diamonds, 5 of Spades, 9 of Clubs').multipliers).toEqual(['Regional']);
    expect(score('Ace of Hearts, 3 of Diamonds, 5 of Spades, 9 of Clubs, 2 of Roses').multipliers).toEqual([]);
    expect(score('Ace of Hearts, 3 of Diamonds, 9 of Roses').multipliers).toEqual(['Monochrome']);
  });

  test('a hand with no multiplier: the empty product is 1 by default, 0 with the ruling empty-multiplier=zero', () => {
    expect(score('Ace of Hearts, 9 of Cups').score).toBe(2 * 42 * 1 + 9);
    expect(score('Ace of Hearts, 9 of Cups', ruling('empty-multiplier', 'zero')).score).toBe(9);
  });

  test('r is 42 rank names by default, 22 or 20 with the rank-count rulings', () => {
    expect(score('Ace of Hearts, 9 of Cups', ruling('rank-count', 'largest')).score).toBe(2 * 22 + 9);
    expect(score('Ace of Hearts, 9 of Cups', ruling('rank-count', 'standard')).score).toBe(2 * 20 + 9);
  });

  test('the highest rank of a mixed hand: the highest roll by default (King 20 over The Fool 1), the Arcana with arcana-high', () => {
    expect(score('King of Spades, The Fool of Arcana').score).toBe(2 * 42 + 20);
    expect(score('King of Spades, The Fool of Arcana', ruling('highest-rank', 'arcana-high')).score).toBe(2 * 42 + 1);
  });

  test('a multiplier value formula is evaluated without running code', () => {
    expect(evaluate('x + y', { x: 2, y: 3 })).toBe(5);
    expect(evaluate('2 × (h - 1)', { h: 5 })).toBe(8);
    expect(() => evaluate('process.exit()', {})).toThrow(/not a formula/);
  });
});

describe('"If, at the revelation date of the hand submission action, that action\'s submitter does not possess all the cards specified in the contents, then that hand submission fails."', () => {
  test('a hand naming a card its player does not hold fails', () => {
    const s = state({ players: [player('A', { cards: cards('Ace of Hearts') })] });
    const a = action('H1', 'A', 'Hand', 'Hand: Ace of Hearts, 2 of Hearts. salt');
    s.secrets.push(a);
    const r = handCards(ctx(s), a);
    expect(Array.isArray(r)).toBe(false);
    expect(a.status).toBe('failed');
  });
});

describe('"Hands with higher hand priority receive a lower rank number" (higher score first, then the earlier hand)', () => {
  test('equal scores are placed by submission time, and "7 or above" gives the revealed cards back with 20 chips', () => {
    const players = Array.from({ length: 7 }, (_, i) => player(`P${i}`, { cards: cards('Ace of Hearts') }));
    const s = state({ players });
    const hands = players.map((p, i) => ({
      action: action(`H${i}`, p.name, 'Hand', 'x', `2026-11-09T1${9 - i}:00Z`),
      cards: cards('Ace of Hearts'),
      score: { score: 85, arithmetic: '', multipliers: [], readings: [] },
    }));
    expect(place(hands).map((h) => h.action.player)).toEqual(['P6', 'P5', 'P4', 'P3', 'P2', 'P1', 'P0']);
    awardPrizes(ctx(s), hands);
    expect(s.players.find((p) => p.name === 'P6')!.trungs).toBe(5);
    const last = s.players.find((p) => p.name === 'P0')!;
    expect([last.chips, last.cards]).toEqual([20, cards('Ace of Hearts')]);
  });
});

describe('Secret actions', () => {
  test('"If, at the revelation date, the player has not revealed the unhashed text, that action fails."', () => {
    const s = state({ players: [player('A')] });
    const a = action('B1', 'A', 'Bid', null);
    s.secrets.push(a);
    expect(checkRevelation(ctx(s), a)?.change).toBe('B1: not revealed by its revelation date');
  });

  test('a revealed text whose SHA-256 is not the posted hash fails; a matching one stands', () => {
    const s = state({ players: [player('A')] });
    const good = action('B1', 'A', 'Bid', 'Bid: L1 5. salt');
    const bad = action('B2', 'A', 'Bid', 'Bid: L1 6. salt', undefined, sha256('Bid: L1 5. salt'));
    expect(checkRevelation(ctx(s), good)).toBeUndefined();
    expect(checkRevelation(ctx(s), bad)?.reason.inputs['posted hash']).toBe(sha256('Bid: L1 5. salt'));
  });

  test('"they already have an attempt which has not failed … then the former attempt fails": a newer Bid voids an older Bid; a Hand voids a Bid only with secret-voiding=any', () => {
    const older = action('B1', 'A', 'Bid', 'x', '2026-11-09T10:00Z');
    const hand = action('H1', 'A', 'Hand', 'y', '2026-11-09T11:00Z');
    const bid = action('B2', 'A', 'Bid', 'z', '2026-11-09T12:00Z');
    const s = state({ secrets: [older, hand, bid] });
    expect(voidedBy({ s, readings: defaults }, hand)).toEqual([]);
    expect(voidedBy({ s, readings: defaults }, bid)).toEqual([older]);
    expect(voidedBy({ s, readings: ruling('secret-voiding', 'any') }, hand)).toEqual([older]);
  });
});

describe('Bids and the auction', () => {
  test('"if more than one bid is assigned to a single lot, then all such bids fail"; the others stand', () => {
    const s = state({
      players: [player('A', { chips: 100 })],
      lots: [
        { id: 'L1', kind: 'House', creator: null, created: AT, items: { chips: 0, trungs: 0, cards: cards('Ace of Hearts'), works: [] } },
        { id: 'L2', kind: 'House', creator: null, created: AT, items: { chips: 0, trungs: 0, cards: cards('2 of Hearts'), works: [] } },
      ],
    });
    const r = readBids(ctx(s), action('B1', 'A', 'Bid', 'Bid: L1 5, L1 6, L2 7, L2 0. salt'));
    expect(r.bids.map((b) => [b.lot, b.amount])).toEqual([]);
    const ok = readBids(ctx(s), action('B2', 'A', 'Bid', 'Bid: L1 5, L1 6, L2 7. salt'));
    expect(ok.bids.map((b) => [b.lot, b.amount])).toEqual([['L2', 7]]);
  });

  test('"the set of a player\'s bids … add up to a number more than how many chips they have, then all of their bids fail"', () => {
    const s = state({
      players: [player('A', { chips: 10 })],
      lots: [
        { id: 'L1', kind: 'House', creator: null, created: AT, items: { chips: 0, trungs: 0, cards: [], works: [] } },
        { id: 'L2', kind: 'House', creator: null, created: AT, items: { chips: 0, trungs: 0, cards: [], works: [] } },
      ],
    });
    const read = readBids(ctx(s), action('B1', 'A', 'Bid', 'Bid: L1 6, L2 5. salt'));
    expect(checkBidTotals(ctx(s), read.bids).bids).toEqual([]);
  });

  test("a Player Lot's winning bid goes to its creator, paid once by default and twice with player-lot-payment=twice", () => {
    for (const [readings, winnerLeft] of [
      [defaults, 70],
      [ruling('player-lot-payment', 'twice'), 40],
    ] as const) {
      const s = state({
        players: [player('W', { chips: 100 }), player('C')],
        lots: [{ id: 'L1', kind: 'Player', creator: 'C', created: AT, items: { chips: 0, trungs: 2, cards: [], works: [] } }],
      });
      const bids = readBids(ctx(s, readings), action('B1', 'W', 'Bid', 'Bid: L1 30. s')).bids;
      const rows = concludeAuction(ctx(s, readings), bids);
      expect([s.players[0]!.chips, s.players[0]!.trungs, s.players[1]!.chips, s.lots.length]).toEqual([winnerLeft, 2, 30, 0]);
      expect(rows.at(-1)!.reason.readings).toEqual([readings.label('player-lot-payment')]);
    }
  });
});

describe('Thursday: "Player Lots that have no Secret Bid Actions awaiting their revelation date" return', () => {
  test('an unrevealed bid may be on any lot: the decision waits until it is revealed or its revelation date passed', () => {
    const end = new Date('2026-11-12T00:00Z');
    const bid = action('B1', 'A', 'Bid', null);
    expect(lotsAwaitingBids([bid], end, new Date('2026-11-13T00:00Z'))).toBeUndefined();
    expect(lotsAwaitingBids([bid], end, AT)).toEqual(new Set());
    expect(lotsAwaitingBids([action('B2', 'A', 'Bid', 'Bid: L2 5, L7 3. salt')], end, end)).toEqual(new Set(['L2', 'L7']));
  });
});

describe('Other rules', () => {
  test('"Ties are broken in favour of the player with the earliest text message" (Judge election of the week before)', () => {
    const s = state({
      players: [player('A'), player('B')],
      candidacies: [
        { player: 'B', posted: new Date('2026-11-03T00:00Z'), thumbs: 2 },
        { player: 'A', posted: new Date('2026-11-04T00:00Z'), thumbs: 2 },
        { player: 'A', posted: new Date('2026-11-10T00:00Z'), thumbs: 9 },
      ],
    });
    electJudge({ ...ctx(s), at: new Date('2026-11-09T00:00Z') });
    expect(s.phase.judge).toBe('B');
  });

  test('"If a player has been sitting at a table for more than 24 hours, they automatically stand up"', () => {
    expect(standUpAt(player('A', { table: 'Rose Garden', seatedSince: new Date('2026-11-12T10:00Z') }), { ruleset })?.toISOString()).toBe(
      '2026-11-13T10:01:00.000Z',
    );
  });

  test('"At the beginning of each Sunday, it is set to null": the next Sunday after a Wednesday, and after a Sunday the one a week later', () => {
    expect(nextSunday(new Date('2026-11-11T15:00Z')).toISOString()).toBe('2026-11-15T00:00:00.000Z');
    expect(nextSunday(new Date('2026-11-15T00:00Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  test('Participation: "whichever is higher: 10; 2 for every 3 players; 2 for every player that bid"', () => {
    const s = state({ players: Array.from({ length: 17 }, (_, i) => player(`P${i}`)) });
    expect(participation({ s, ruleset, readings: defaults })).toBe(10); // 2 × ⌊17/3⌋ = 10
    expect(participation({ s, ruleset, readings: ruling('participation-rounding', 'proportional') })).toBe(11); // ⌊34/3⌋
    s.phase.lastBidders = 7;
    expect(participation({ s, ruleset, readings: defaults })).toBe(14);
  });

  test('"If a player has 10 Gold Stars in their possession at any time, they become the winner": 11 wins by default, not with gold-star-victory=exactly', () => {
    const s = state({ players: [player('A', { goldStars: 11 })] });
    expect(checkVictory(ctx(s)).map((c) => c.player)).toEqual(['A']);
    const t = state({ players: [player('A', { goldStars: 11 })] });
    expect(checkVictory(ctx(t, ruling('gold-star-victory', 'exactly')))).toEqual([]);
  });

  test('a player holding 10 Gold Stars who joins after the instant checked has not won at it', () => {
    const late = state({ players: [player('A', { goldStars: 10, joined: new Date(AT.getTime() + 1) })] });
    expect(checkVictory(ctx(late))).toEqual([]);
    expect(late.phase.winner).toEqual([]);
  });
});
