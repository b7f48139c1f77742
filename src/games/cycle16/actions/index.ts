import { phaseNumberAt } from '../../../sim/calendar.ts';
import { refereeOf } from '../../kit/referee.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import type { Cycle16Ruleset } from '../ruleset/schema.ts';
import { rulesetCalendar } from '../../shared/phase-engine.ts';
import { readGamestateDocument } from '../gamestate/read.ts';
import { renderGamestateDocument } from '../gamestate/render.ts';
import { phaseTable, playersTable } from '../gamestate/tables.ts';
import { exploreAction } from './explore.ts';
import { fuseAction } from './fuse.ts';
import { openAction } from './packs.ts';
import { rerollAction } from './reroll.ts';
import { buyAction } from './shop.ts';

// Cycle 16's actions for the referee (src/jobs/referee.ts): one file per action family, in the kit's frame
// (src/games/kit/referee.ts). Read at the pass's time, the page refuses a Phase number ahead of the calendar.

export const cycle16Referee = refereeOf<Cycle16Ruleset, Gamestate>({
  actions: [openAction, buyAction, exploreAction, fuseAction, rerollAction],
  read: readGamestateDocument,
  render: renderGamestateDocument,
  phaseTable: { ...phaseTable, name: 'Phase' },
  players: playersTable,
  calendarPhase: (ruleset, state, now) => phaseNumberAt(now, rulesetCalendar(ruleset, state.phase.cycleStart)),
});
