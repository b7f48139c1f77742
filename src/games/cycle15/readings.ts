// The named readings of Cycle 15: where the text is open, the bot applies a reading chosen by name
// (its default, or the game's Rulings page), and every Change that depends on one says which.

export interface ReadingDef {
  id: string;
  question: string;
  /** The sentence that is open, quoted. */
  sentence: string;
  default: string;
  alternatives: { value: string; meaning: string }[];
}

/** The readings a run applies: the value of each, and its label for History rows. */
export interface Readings {
  get(id: string): string;
  label(id: string): string;
}

export const CHILI_N = 'chili-n';
export const RANDOM_GARBAGE = 'random-garbage';
export const TUNE_UP_COUNT = 'tune-up-count';

export const cycle15Readings: ReadingDef[] = [
  {
    id: CHILI_N,
    question: 'Which number is N, "the current phase", in the N-3 Time Bean Chilis granted on becoming reputable?',
    sentence: '“When a player becomes reputable, grant that player N-3 Time Bean Chilis, where N is the current phase.”',
    default: 'phase-number',
    alternatives: [
      { value: 'phase-number', meaning: 'the Phase number of the Gamestate (0 in the phase the cycle began); none below zero' },
      { value: 'phase-count', meaning: 'phases begun so far, the first counted as 1 (Phase number + 1); none below zero' },
      { value: 'weekly', meaning: 'Phase I is 1 and Phase II is 2: N-3 is never positive, so none' },
    ],
  },
  {
    id: RANDOM_GARBAGE,
    question: 'Is a "random item defined by Garbage" drawn uniformly over the Garbage table?',
    sentence: '“When a player becomes reputable, grant them 1 random garbage.”',
    default: 'uniform',
    alternatives: [
      { value: 'uniform', meaning: 'each row of the Garbage table equally likely (a seeded draw, recorded in the History row)' },
      { value: 'judge', meaning: 'the bot draws nothing: the History row asks the Judge to draw it' },
    ],
  },
  {
    id: TUNE_UP_COUNT,
    question: 'Does the phase in which a proposal became a Tune Up class proposal count among its "greater than 3 phases consecutively"?',
    sentence: '“If a proposal has had the Tune Up class for greater than 3 phases consecutively it is automatically discarded.”',
    default: 'counts',
    alternatives: [
      { value: 'counts', meaning: 'it counts: made Tune Up in phase s, discarded when phase s+4 begins' },
      { value: 'whole-phases', meaning: 'only whole phases count: discarded when phase s+5 begins' },
    ],
  },
];

/** The defaults (until the Rulings page core is merged in: src/games/shared/readings.ts). */
export function defaultReadings(defs: readonly ReadingDef[] = cycle15Readings): Readings {
  const def = (id: string) => {
    const d = defs.find((x) => x.id === id);
    if (d === undefined) throw new Error(`unknown reading "${id}"`);
    return d;
  };
  return { get: (id) => def(id).default, label: (id) => `${id}=${def(id).default} (default)` };
}
