import { refereeOf } from '../../kit/referee.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { calendarOf } from '../engine.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { playersTable, roundTable } from '../gamestate/tables.ts';
import { fortuneAction } from './fortune.ts';
import { houseLotAction } from './house-lot.ts';
import { slotsAction } from './slots.ts';
import { starPriceAction } from './star-price.ts';
import { studioAction } from './studio.ts';

// Round 10's actions for the referee (src/jobs/referee.ts): the random things the Ruleset lets a player
// generate — a House Lot's cards, the Star Price, the slots, the dice of a fortune, a Work of Art's Value — one
// file per action family, in the kit's frame (src/games/kit/referee.ts).

export const round10Referee = refereeOf<Round10Ruleset, Gamestate>({
  actions: [houseLotAction, starPriceAction, slotsAction, fortuneAction, studioAction],
  read: (doc, ruleset) => readGamestateDocument(doc, ruleset),
  render: renderGamestateDocument,
  phaseTable: { ...roundTable, name: 'Round' },
  players: playersTable,
  calendarPhase: (ruleset, state, now) => calendarOf(ruleset, state).phaseAt(now).number,
  checkPhase(ruleset, state, now, page) {
    const current = calendarOf(ruleset, state).phaseAt(now).number;
    if (state.phase.number > current)
      throw new Error(`page "${page}": the Round table's Phase number ${state.phase.number} is ahead of the calendar (phase ${current} at this time)`);
  },
});
