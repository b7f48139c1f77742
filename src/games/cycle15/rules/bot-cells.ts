import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import { NONE } from '../../shared/history.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { PHASES_RULE } from './phase.ts';
import { REPUTABLE_RULE, reputableAt } from './reputability.ts';

// The cells the bot owns, recomputed from their inputs at the start of every run: a hand edit to one
// is not believed, it is named in a "Corrected" History row (dated `at`, when the page was last known
// to be the bot's: see engine.ts) and written back as the inputs give it. Party time is party.ts's.

const show = (d: Date | null) => (d === null ? NONE : formatInstant(d));

export function correctBotCells(state: Gamestate, calendar: Calendar, at: Date): Change[] {
  const changes: Change[] = [];
  const phase = state.phase.number;
  const corrected = (player: string, cell: string, from: string, to: string, rule: string, inputs: Record<string, string | number>): void => {
    changes.push({
      at,
      phase,
      event: 'Corrected',
      player,
      change: `${cell}: ${from} → ${to} (the bot's cell, recomputed: the page's value is not believed)`,
      reason: { rule, inputs },
    });
  };
  for (const p of state.players) {
    // Reputable since: none until the grants are made, then the instant the rule gives.
    const since = p.grant === null ? null : reputableAt(p, state.phase.cycleStart);
    if ((p.reputableSince?.getTime() ?? null) !== (since?.getTime() ?? null)) {
      corrected(p.name, 'Reputable since (UTC)', show(p.reputableSince), show(since), REPUTABLE_RULE, {
        joined: formatInstant(p.joined),
        'cycle start': formatInstant(state.phase.cycleStart),
        'Reputability grant': p.grant === null ? NONE : `phase ${p.grant}`,
      });
      p.reputableSince = since;
    }
    if (since !== null && p.grant !== phaseNumberAt(since, calendar)) {
      const grant = phaseNumberAt(since, calendar);
      corrected(p.name, 'Reputability grant', `phase ${p.grant}`, `phase ${grant}`, REPUTABLE_RULE, { 'reputable since': formatInstant(since) });
      p.grant = grant;
    }
  }
  // Phase and Next rollover (optional columns): named when the page writes another value; an empty cell is just filled.
  const name = calendar.phase(phase).name;
  if (state.phase.name !== '' && state.phase.name !== name) {
    corrected(NONE, 'Phase', state.phase.name, name, PHASES_RULE, { 'phase number': phase });
    state.phase.name = name;
  }
  const next = state.phase.winner.length > 0 ? null : calendar.phase(phase + 1).start;
  if (state.phase.nextRollover !== null && state.phase.nextRollover.getTime() !== next?.getTime()) {
    corrected(NONE, 'Next rollover (UTC)', show(state.phase.nextRollover), show(next), PHASES_RULE, { 'phase number': phase });
    state.phase.nextRollover = next;
  }
  return changes;
}
