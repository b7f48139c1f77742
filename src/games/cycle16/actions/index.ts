import type { Change } from '../../../sim/trail.ts';
import type { GameReferee } from '../../actions.ts';
import { findStateTable } from '../../shared/read-tables.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { phaseTable } from '../gamestate/tables.ts';
import type { Cycle16Ruleset } from '../ruleset/schema.ts';
import { exploreAction } from './explore.ts';
import { fuseAction } from './fuse.ts';
import { openAction } from './packs.ts';
import { documentOf, playerOfAccount } from '../../shared/actions.ts';
import { playersTable } from '../gamestate/tables.ts';
import { buyAction } from './shop.ts';
import { rulesetCalendar } from '../../shared/phase-engine.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { rerollAction } from './reroll.ts';

// Cycle 16's actions for the referee (src/jobs/referee.ts): one file per action family.

export const cycle16Referee: GameReferee<Cycle16Ruleset> = {
  actions: [openAction, buyAction, exploreAction, fuseAction, rerollAction],
  phase(ruleset, page, now) {
    const doc = documentOf(page.text, page.title);
    if (findStateTable(doc, phaseTable) === undefined) throw new Error(`page "${page.title}": no Phase table`);
    return readGamestateDocument(doc, ruleset, now).phase.number;
  },
  calendarPhase(ruleset, page, now) {
    const state = readGamestateDocument(documentOf(page.text, page.title), ruleset, now);
    return phaseNumberAt(now, rulesetCalendar(ruleset, state.phase.cycleStart));
  },
  playerOf(_ruleset, page, author) {
    return playerOfAccount(documentOf(page.text, page.title), playersTable, author);
  },
  appendRows(ruleset, page, rows: readonly Change[]) {
    const doc = documentOf(page.text, page.title);
    return renderGamestateDocument(doc, readGamestateDocument(doc, ruleset), rows);
  },
};
