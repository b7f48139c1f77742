import { phaseNumberAt } from '../../../sim/calendar.ts';
import { refereeOf } from '../../kit/referee.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import type { Cycle15Ruleset } from '../ruleset/schema.ts';
import { calendarOf } from '../engine.ts';
import { refuseTimeBeforeState } from '../../kit/phase-clock.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { playersTable } from '../gamestate/tables.ts';
import { comboAction } from './combo.ts';
import { landAction } from './land.ts';
import { macGyverAction } from './macgyver.ts';
import { moveAction } from './move.ts';
import { shatterAction } from './shards.ts';

// Cycle 15's actions for the referee (src/jobs/referee.ts): one file per action family — the movement
// roll, MacGyvering, a crystal destroyed for shards, the draws of landing on a space, and a combo — in the
// kit's frame (src/games/kit/referee.ts).

export const cycle15Referee = refereeOf<Cycle15Ruleset, Gamestate>({
  actions: [moveAction, macGyverAction, shatterAction, landAction, comboAction],
  read: (doc, ruleset) => readGamestateDocument(doc, ruleset),
  render: renderGamestateDocument,
  players: playersTable,
  calendarPhase: (ruleset, state, now) => phaseNumberAt(now, calendarOf(ruleset, state)),
  checkPhase: (ruleset, state, now) => refuseTimeBeforeState(state, calendarOf(ruleset, state), now),
});
