import { refereeOf } from '../../kit/referee.ts';
import { nomicoupEngine } from '../engine.ts';
import { readNomicoupDocument } from '../gamestate/read.ts';
import { renderNomicoupDocument } from '../gamestate/render.ts';
import type { NomicoupState } from '../gamestate/schema.ts';
import { gameTable, playersTable } from '../gamestate/tables.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';

// Nomicoup's referee (src/jobs/referee.ts): no action of its own yet, the kit's dice rolls and table draws
// (src/games/kit/chance.ts). Nomicoup runs on 48-hour turns, not a weekly calendar: the committed period is
// the turn — one secret per turn, committed at the turn's first request and revealed once the page has moved
// to a later turn (an action, a pass, or the turn's 48 hours) — and a request is resolved only while the page
// records the turn the clock gives (a timed-out turn is rolled over first).

export const nomicoupReferee = refereeOf<NomicoupRuleset, NomicoupState>({
  actions: [],
  read: (doc, ruleset) => readNomicoupDocument(doc, ruleset),
  render: renderNomicoupDocument,
  phaseTable: { ...gameTable, name: 'Game' },
  players: playersTable,
  calendarPhase: (ruleset, state, now) => nomicoupEngine.schedule(ruleset, state, now).current.number,
  checkPhase(ruleset, state, now, page) {
    const current = nomicoupEngine.schedule(ruleset, state, now).current.number;
    if (state.phase.number > current)
      throw new Error(`page "${page}": the Game table's Turn ${state.phase.number} is ahead of the turns the page records (turn ${current} at this time)`);
  },
});
