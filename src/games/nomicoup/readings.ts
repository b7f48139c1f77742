// Nomicoup's named readings: where the rules can be read two ways, the bot uses the chosen reading
// (the default, or a ruling on the game's Rulings page) and names it in every History row that depends on it.

export interface NomicoupReading {
  id: string;
  question: string;
  sentence: string;
  default: string;
  alternatives: Record<string, string>;
}

export const NOMICOUP_READINGS: NomicoupReading[] = [
  {
    id: 'turn-begins',
    question: 'When does the next turn begin: when the previous one ended, or when the bot notifies the player?',
    sentence: "A player's turn begins when they have been notified it is their turn",
    default: 'previous-end',
    alternatives: {
      'previous-end': 'at the instant the previous turn ended (the bot notifies at once; a late run does not lengthen the turn before it)',
      notified: "at the run that writes the new turn on the page (the page edit is the notification)",
    },
  },
  {
    id: 'credit-rounding',
    question: 'How is a fractional number of credits rounded?',
    sentence: 'Any description involving positive real values is rounded when effected.',
    default: 'half-up',
    alternatives: { 'half-up': 'to the nearest whole credit, halves up (2.5 → 3)', floor: 'down to the whole credit below (2.5 → 2)' },
  },
  {
    id: 'vote-tie',
    question: 'When a proposition closes at its time limit with the leading outcomes tied, is it adopted?',
    sentence: 'If a proposition has not reached a majority 72 hours after it is made, voting ends and the majority is decided out of the current votes on the proposition',
    default: 'rejected',
    alternatives: { rejected: 'no majority of upvotes: not adopted', adopted: 'a tie with upvotes leading is adopted' },
  },
];

/** The values a run uses and their labels for History rows ("turn-begins=previous-end (default)"). */
export interface Readings {
  get(id: string): string;
  label(id: string): string;
}

/** The defaults of every reading. */
export function defaultReadings(): Readings {
  const byId = new Map(NOMICOUP_READINGS.map((r) => [r.id, r]));
  const def = (id: string) => {
    const r = byId.get(id);
    if (r === undefined) throw new Error(`no Nomicoup reading "${id}"`);
    return r;
  };
  return { get: (id) => def(id).default, label: (id) => `${id}=${def(id).default} (default)` };
}
