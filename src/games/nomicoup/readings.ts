import { ChosenReadings, type ReadingDef } from '../shared/readings.ts';

// Nomicoup's named readings: where the rules can be read two ways, the bot uses the chosen reading
// (the default, or a ruling on the game's Rulings page) and names it in every History row that depends on it.

export const NOMICOUP_READINGS: ReadingDef[] = [
  {
    id: 'turn-begins',
    question: 'When does the next turn begin: when the previous one ended, or when the bot notifies the player?',
    rule: `3 Turns: "A player's turn begins when they have been notified it is their turn"`,
    default: 'previous-end',
    alternatives: {
      'previous-end': 'at the instant the previous turn ended (a late run does not lengthen the turn before it)',
      notified: 'at the run that writes the new turn on the page (the page edit is the notification)',
    },
    usedIn: ['rules/turns.ts beginNextTurn'],
  },
  {
    id: 'credit-rounding',
    question: 'How is a fractional number of credits rounded?',
    rule: '4.2.1 Credits: "Any description involving positive real values is rounded when effected."',
    default: 'half-up',
    alternatives: { 'half-up': 'to the nearest whole credit, halves up (2.5 → 3)', floor: 'down to the whole credit below (2.5 → 2)' },
    usedIn: ['rules/credits.ts effectedCredits'],
  },
  {
    id: 'vote-tie',
    question: 'When a proposition closes with up and down tied (at its time limit, or after a rightvote majority), is it adopted?',
    rule: '5.4.1 Proposition Time Limit: "the majority is decided out of the current votes on the proposition"',
    default: 'rejected',
    alternatives: { rejected: 'no majority of upvotes: not adopted', adopted: 'a tie with upvotes is adopted' },
    usedIn: ['rules/propositions.ts majority, atTimeLimit'],
  },
];

/** The readings a run uses when none are given: the defaults. */
export function defaultReadings(): ChosenReadings {
  return new ChosenReadings(NOMICOUP_READINGS);
}
