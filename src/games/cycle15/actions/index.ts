import type { Change } from '../../../sim/trail.ts';
import type { GameReferee } from '../../actions.ts';
import { documentOf, playerOfAccount } from '../../shared/actions.ts';
import { calendarOf, refuseTimeBeforeState } from '../engine.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { playersTable } from '../gamestate/tables.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { comboAction } from './combo.ts';
import { landAction } from './land.ts';
import { macGyverAction } from './macgyver.ts';
import { moveAction } from './move.ts';
import { shatterAction } from './shards.ts';

// Cycle 15's actions for the referee (src/jobs/referee.ts): one file per action family — the movement
// roll, MacGyvering, a crystal destroyed for shards, the draws of landing on a space, and a combo.

export const cycle15Referee: GameReferee<Cycle15Ruleset> = {
  actions: [moveAction, macGyverAction, shatterAction, landAction, comboAction],
  phase(ruleset, page, now) {
    const state = readGamestateDocument(documentOf(page.text, page.title), ruleset);
    refuseTimeBeforeState(state, calendarOf(ruleset, state), now);
    return state.phase.number;
  },
  calendarPhase(ruleset, page, now) {
    const state = readGamestateDocument(documentOf(page.text, page.title), ruleset);
    return phaseNumberAt(now, calendarOf(ruleset, state));
  },
  playerOf(_ruleset, page, author) {
    return playerOfAccount(documentOf(page.text, page.title), playersTable, author);
  },
  appendRows(ruleset, page, rows: readonly Change[]) {
    const doc = documentOf(page.text, page.title);
    return renderGamestateDocument(doc, readGamestateDocument(doc, ruleset), rows);
  },
};
