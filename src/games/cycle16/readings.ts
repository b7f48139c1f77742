import { ChosenReadings, ReadingDef } from '../shared/readings.ts';

// The named readings of Cycle 16: where the text is open, the referee applies a reading chosen by name
// (its default, or the game's Rulings page), and every History row that depends on one names it.

export const GOOD_LUCK = 'good-luck';
export const REROLL_SCOPE = 'reroll-scope';
export const REROLL_EFFECTS = 'reroll-effects';
export const REROLL_IS_ACTION = 'reroll-is-action';
export const FUSION_PROPERTIES = 'fusion-properties';

/** The Players column that marks who has good luck (reading good-luck=column). */
export const GOOD_LUCK_COLUMN = 'Good luck';

const LUCK =
  'Luck: “If a player has good luck, once per phase, when selecting a random choice, they may reroll, by declaring the original outcome of the chance to have not happened, and any effects thereof to be null. They must then select a new random value for that choice, with any effects”';

export const cycle16Readings: ReadingDef[] = [
  {
    id: GOOD_LUCK,
    question: 'Who "has good luck"? No rule grants it and the Gamestate page does not record it.',
    rule: LUCK,
    default: 'column',
    alternatives: {
      column: `a player whose cell in the Players table's "${GOOD_LUCK_COLUMN}" column says yes (yes, y, ✓, ✔, x, true); nobody when the column is absent`,
      everyone: 'every player has good luck',
    },
    usedIn: ['actions/reroll.ts: who may reroll'],
  },
  {
    id: REROLL_SCOPE,
    question: 'What does a reroll redraw: one "random choice" of a request, or all of them?',
    rule: LUCK,
    default: 'request',
    alternatives: {
      request:
        'the whole request: every effect of the request is declared not to have happened and the request is resolved again with a fresh stream (a pack is a chance whose cards are drawn together)',
    },
    usedIn: ['actions/reroll.ts: what is undone and redrawn'],
  },
  {
    id: REROLL_EFFECTS,
    question: 'The sentence "They must then select a new random value for that choice, with any effects" is cut off: what happens with the new value?',
    rule: LUCK,
    default: 'apply',
    alternatives: {
      apply: 'read as "with any effects thereof applied": the new value has the effects the original would have had',
    },
    usedIn: ['actions/reroll.ts: the request resolved again'],
  },
  {
    id: REROLL_IS_ACTION,
    question: 'Is a reroll an action of the player (Last action, for inactivity: “inactive if they performed no actions in the previous phase”)?',
    rule: LUCK,
    default: 'yes',
    alternatives: {
      yes: "the reroll is an action: Last action is set to the reroll request's time",
      no: 'the reroll is not an action: Last action is what the original request set',
    },
    usedIn: ['actions/reroll.ts: Last action'],
  },
  {
    id: FUSION_PROPERTIES,
    question: 'How are "value, suit and colour randomly taken from the two selected cards\' respective properties"?',
    rule: "Fusion: “They are then granted 1 card with value, suit and colour randomly taken from the two selected cards' respective properties (ignoring modifiers).”",
    default: 'each',
    alternatives: {
      each: 'each property is taken whole from one of the two cards, a d2 each (value, then suits, then colours; 1: the first card named, 2: the second)',
      together: 'one d2 picks one of the two cards, and the Amalgam takes its value, suits and colours',
    },
    usedIn: ["actions/fuse.ts: the Amalgam's value, suits and colours"],
  },
].map((d) => ReadingDef.parse(d));

/** The readings an action was handed, or the defaults when the caller read no Rulings page. */
export function readingsOf(readings: ChosenReadings | undefined): ChosenReadings {
  return readings ?? new ChosenReadings(cycle16Readings);
}
