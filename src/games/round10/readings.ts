import type { ReadingDef } from '../shared/readings.ts';

// The questions the Round 10 text leaves open. Each is settled by the default below until the
// game's Rulings page selects another alternative (src/jobs/rulings.ts); History names the one used.

export const ROUND10_READINGS: readonly ReadingDef[] = [
  {
    id: 'tax-rounding',
    question: 'Does part of a step of 20 wealth above 300 raise the tax?',
    rule: `Phases: "A player's tax value is defined as 0, increased by 5 for every 20 wealth they have above 300, to a maximum value of 100."`,
    default: 'floor',
    alternatives: {
      floor: 'only whole steps count: 339 wealth is 1 step, tax 5',
      ceil: 'a started step counts: 321 wealth is 2 steps, tax 10',
    },
    usedIn: ['rules/income.ts (Monday income)', 'tables/ (tax by wealth)'],
  },
  {
    id: 'contract-share',
    question: "A contract's wealth divided by its parties may leave a fraction: is it kept or rounded down?",
    rule: `Phases: "For players, for each contract they are a part of, the wealth value of that contract divided by the number of parties to that contract"`,
    default: 'exact',
    alternatives: {
      exact: 'the fraction is kept in the wealth (tax steps are then counted on it)',
      floor: 'each share is rounded down to a whole number',
    },
    usedIn: ['rules/wealth.ts (wealth for tax)'],
  },
  {
    id: 'participation-rounding',
    question: '"2 for every 3 players": with 10 players, is it 6 (whole groups of 3) or 6.67 rounded?',
    rule: `Participation: "The "Participation" value of the Auction Casino is given by one of the following criteria, whichever is higher: 10; 2 for every 3 players; 2 for every player that bid in the previous weekly Auction"`,
    default: 'whole-groups',
    alternatives: {
      'whole-groups': '2 × ⌊players / 3⌋',
      proportional: '⌊2 × players / 3⌋',
    },
    usedIn: ['rules/participation.ts (Participation in the Round table)'],
  },
  {
    id: 'rank-count',
    question: 'What is r, "the number of rules-defined ranks for cards", in the hand score c·r·m + h?',
    rule: `Scoring: "A hand's score is defined as crm + h where c is the number of cards in that hand, r is the number of rules-defined ranks for cards, m is the product of the value of all multipliers that hand qualifies for, and h is the number associated with the highest rank in that hand."`,
    default: 'all',
    alternatives: {
      all: 'every rank name of every archetype (20 Standard + 22 Arcana = 42)',
      largest: 'the ranks of the largest archetype (22)',
      standard: 'the ranks of the Standard archetype (20)',
    },
    usedIn: ['rules/hands.ts (hand score)', 'tables/ (multipliers with an example score)'],
  },
  {
    id: 'highest-rank',
    question: 'Which is "the highest rank" of a hand mixing Standard and Arcana cards?',
    rule: `Scoring: "h is the number associated with the highest rank in that hand."`,
    default: 'highest-roll',
    alternatives: {
      'highest-roll': 'the rank with the highest roll in its own column, whatever its archetype',
      'arcana-high': 'any Arcana rank is above every Standard rank: the highest Arcana roll when the hand has one',
    },
    usedIn: ['rules/hands.ts (hand score)'],
  },
  {
    id: 'empty-multiplier',
    question: 'What is m for a hand that qualifies for no multiplier?',
    rule: `Scoring: "m is the product of the value of all multipliers that hand qualifies for"`,
    default: 'one',
    alternatives: {
      one: 'the empty product is 1: score c·r + h',
      zero: 'no multiplier, no product: score h',
    },
    usedIn: ['rules/hands.ts (hand score)', 'tables/ (multipliers with an example score)'],
  },
  {
    id: 'player-lot-payment',
    question: "Does the winner of a Player Lot pay its bid once (to the lot's creator) or twice (lose it, and also transfer it to the creator)?",
    rule: `Bidding; The Auction House: "The player who received that lot loses the amount of chips they bid. … If a Player Lot is won at the Auction House, then a number of chips equal to the value of the winning bid is transferred from the player that placed the winning bid to the player that created the Player Lot."`,
    default: 'once',
    alternatives: {
      once: 'the bid is paid once, and goes to the creator',
      twice: 'the winner loses the bid, and transfers the same amount to the creator',
    },
    usedIn: ['rules/auction.ts (auction conclusion)'],
  },
  {
    id: 'secret-voiding',
    question: 'Does any newer secret action make an older one fail (a Hand voiding a Bid), or only one of the same kind?',
    rule: `Secret Information: "The player posts an attempt to perform a secret action and they already have an attempt which has not failed at the time of posting the new attempt, then the former attempt fails."`,
    default: 'same-kind',
    alternatives: {
      'same-kind': 'a newer Bid voids an older Bid, a newer Hand an older Hand',
      any: 'any newer secret action voids the older one, whatever its kind',
    },
    usedIn: ['rules/secret.ts (secret actions)'],
  },
  {
    id: 'gold-star-victory',
    question: '"has 10 Gold Stars": exactly 10, or at least 10?',
    rule: `Victory: "If a player has 10 Gold Stars in their possession at any time, they become the winner of Round 10, ending the round."`,
    default: 'at-least',
    alternatives: {
      'at-least': '10 or more Gold Stars win',
      exactly: 'only exactly 10 Gold Stars win',
    },
    usedIn: ['rules/victory.ts (victory)'],
  },
  {
    id: 'slots-blank-roll',
    question: 'The slots roll table leaves the Value of some rolls empty (20 and 10-13 on the current page): what does such a roll show?',
    rule: `Slots: "The player then rolls 3 times on the following table … Afterwards, the player compares their 3 Values with the chart below and claim their payout, if any."`,
    default: 'no-symbol',
    alternatives: {
      'no-symbol': 'the roll shows no symbol: it counts toward no payout row (the other two Values may still pay)',
      refuse: 'the bot does not play the slots while the table has such rolls (the request is refused, naming the rows)',
    },
    usedIn: ["actions/slots.ts (the referee's slots)"],
  },
  {
    id: 'fortune-loss',
    question: 'The Fool: "The revealing player loses d100 chips." What if the roll is more than the chips they have?',
    rule: `Fortunes: "The revealing player loses d100 chips."`,
    default: 'all-chips',
    alternatives: {
      'all-chips': 'they lose every chip they have (a count cannot go below 0)',
      refuse: "the bot does not roll a loss that could exceed the player's chips (the request is refused)",
    },
    usedIn: ["actions/fortune.ts (the referee's fortunes)"],
  },
];
