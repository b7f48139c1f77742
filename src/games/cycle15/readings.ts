import { ReadingDef } from '../shared/readings.ts';

// The named readings of Cycle 15: where the text is open, the bot applies a reading chosen by name
// (its default, or the game's Rulings page), and every Change that depends on one names it.

export const CHILI_N = 'chili-n';
export const RANDOM_GARBAGE = 'random-garbage';
export const TUNE_UP_COUNT = 'tune-up-count';
export const DOUBLES_CHILI = 'doubles-chili';
export const GEODE_ITEM = 'geode-item';
export const COMBO_ROLLS = 'combo-rolls';

export const cycle15Readings: ReadingDef[] = [
  {
    id: CHILI_N,
    question: 'Which number is N, "the current phase", in the N-3 Time Bean Chilis granted on becoming reputable?',
    rule: 'Proposals: “When a player becomes reputable, grant that player N-3 Time Bean Chilis, where N is the current phase.”',
    default: 'phase-number',
    alternatives: {
      'phase-number': 'the Phase number of the Gamestate (0 in the phase the cycle began); none below zero',
      'phase-count': 'phases begun so far, the first counted as 1 (Phase number + 1); none below zero',
      weekly: 'Phase I is 1 and Phase II is 2: N-3 is never positive, so none',
    },
    usedIn: ['rules/reputability.ts: the N-3 Time Bean Chilis of the reputability grant'],
  },
  {
    id: RANDOM_GARBAGE,
    question: 'Is a "random item defined by Garbage" drawn uniformly over the Garbage table?',
    rule: 'Players: “When a player becomes reputable, grant them 1 random garbage.”',
    default: 'uniform',
    alternatives: {
      uniform: 'each row of the Garbage table equally likely (a seeded draw, recorded in the History row)',
      judge: 'the bot draws nothing: the History row asks the Judge to draw it',
    },
    usedIn: [
      'rules/reputability.ts: the random Garbage item of the reputability grant',
      'actions/macgyver.ts: the random item of MacGyvering',
      'actions/land.ts: the random item of a Garbage Pile space',
      'actions/combo.ts: the random garbage item of a combo',
    ],
  },
  {
    id: TUNE_UP_COUNT,
    question: 'Does the phase in which a proposal became a Tune Up class proposal count among its "greater than 3 phases consecutively"?',
    rule: 'Tune Up Class Proposal: “If a proposal has had the Tune Up class for greater than 3 phases consecutively it is automatically discarded.”',
    default: 'counts',
    alternatives: {
      counts: 'it counts: made Tune Up in phase s, discarded when phase s+4 begins',
      'whole-phases': 'only whole phases count: discarded when phase s+5 begins',
    },
    usedIn: ['rules/tune-up.ts: when a Tune Up class proposal is discarded'],
  },
  {
    id: DOUBLES_CHILI,
    question: 'Is the Time Bean Chili of a doubles roll granted with the roll, or left to the player who rolled it ("grant yourself")?',
    rule: "Doubles: “If you roll multiple of the same number when moving, grant yourself a 'Time Bean Chili'.”",
    default: 'with-roll',
    alternatives: {
      'with-roll': 'the referee grants it in the edit that records the roll (the roll is the moment "you roll")',
      players: 'the referee only rolls; the player grants it themself, as for other effects of moving',
    },
    usedIn: ['actions/move.ts: a movement roll with the same number twice'],
  },
  {
    id: GEODE_ITEM,
    question: 'Is "a random item from the list below" of a Geode space drawn uniformly over the list?',
    rule: 'Geode: “When a player lands on a Geode space, grant them a random item from the list below”',
    default: 'uniform',
    alternatives: {
      uniform: 'each item of the list equally likely (a die of as many faces as the list has items)',
      judge: 'the referee draws nothing for a Geode: the Judge does',
    },
    usedIn: ['actions/land.ts: the item a Geode space grants'],
  },
  {
    id: COMBO_ROLLS,
    question: 'Which rolls are the "multiple players roll the same number on any of their dice" of a combo?',
    rule: 'Combos: “If it is party time and multiple players roll the same number on any of their dice, any of these players may choose to combo.”',
    default: 'same-phase',
    alternatives: {
      'same-phase':
        "the movement rolls of the current phase (the Moves table), asked for while the Phase table says it is party time; one combo per roll of the player's",
      judge: 'the referee makes no combo: the Judge decides',
    },
    usedIn: ['actions/combo.ts: whether a combo is allowed'],
  },
].map((d) => ReadingDef.parse(d));
