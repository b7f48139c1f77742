import type { Change } from '../../../sim/trail.ts';
import type { GameReferee } from '../../actions.ts';
import { documentOf, playerOfAccount } from '../../shared/actions.ts';
import { findStateTable } from '../../shared/read-tables.ts';
import { calendarOf } from '../engine.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { playersTable, roundTable } from '../gamestate/tables.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { fortuneAction } from './fortune.ts';
import { houseLotAction } from './house-lot.ts';
import { slotsAction } from './slots.ts';
import { starPriceAction } from './star-price.ts';
import { studioAction } from './studio.ts';

// Round 10's actions for the referee (src/jobs/referee.ts): the random things the Ruleset lets a player
// generate — a House Lot's cards, the Star Price, the slots, the dice of a fortune, a Work of Art's Value — one file per action family.

export const round10Referee: GameReferee<Round10Ruleset> = {
  actions: [houseLotAction, starPriceAction, slotsAction, fortuneAction, studioAction],
  phase(ruleset, page, now) {
    const doc = documentOf(page.text, page.title);
    if (findStateTable(doc, roundTable) === undefined) throw new Error(`page "${page.title}": no Round table`);
    const s = readGamestateDocument(doc, ruleset);
    const current = calendarOf(ruleset, s).phaseAt(now).number;
    if (s.phase.number > current)
      throw new Error(`page "${page.title}": the Round table's Phase number ${s.phase.number} is ahead of the calendar (phase ${current} at this time)`);
    return s.phase.number;
  },
  calendarPhase(ruleset, page, now) {
    return calendarOf(ruleset, readGamestateDocument(documentOf(page.text, page.title), ruleset)).phaseAt(now).number;
  },
  playerOf(_ruleset, page, author) {
    return playerOfAccount(documentOf(page.text, page.title), playersTable, author);
  },
  appendRows(ruleset, page, rows: readonly Change[]) {
    const doc = documentOf(page.text, page.title);
    return renderGamestateDocument(doc, readGamestateDocument(doc, ruleset), rows);
  },
};
