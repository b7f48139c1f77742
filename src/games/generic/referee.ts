import { phaseNumberAt } from '../../sim/calendar.ts';
import { refereeOf } from '../kit/referee.ts';
import { refuseTimeBeforeState } from '../kit/phase-clock.ts';
import { declaredColumns } from './declarations.ts';
import { calendarOf } from './engine.ts';
import { readGenericPage, renderGenericPage } from './gamestate.ts';
import type { GenericRuleset } from './ruleset.ts';

// A game no module knows has the actions every game has — dice rolls and draws from its ruleset's tables
// (src/games/kit/chance.ts) — on its actions page, committed per phase of its calendar. A player is a row of the
// table the declarations name columns of: its first column, or its Wiki account column, is the author's account.

export const genericReferee = refereeOf<GenericRuleset, ReturnType<typeof readGenericPage>>({
  actions: [],
  read: (doc, ruleset) => readGenericPage(doc, ruleset.declarations),
  render: (doc, state, rows) => renderGenericPage(doc, state, rows, []),
  phaseTable: { identify: ['Phase number', 'Next rollover (UTC)'], name: 'Phase' },
  players: (ruleset) => ({
    identify: declaredColumns(ruleset.declarations),
    nameColumn: null,
    missing: 'no table of players is declared yet (the Rulings page declares the columns of the players’ table)',
  }),
  calendarPhase: (ruleset, state, now) => phaseNumberAt(now, calendarOf(ruleset, state)),
  checkPhase: (ruleset, state, now) => refuseTimeBeforeState(state, calendarOf(ruleset, state), now),
});
