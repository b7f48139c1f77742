import type { Change } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate/schema.ts';

// Party: “If a party is started it is deemed to be party time. If another party is started it is
// no longer party time.” Editors count the parties started; party time is whether that count is odd.

export const PARTY_RULE = 'Party: “If a party is started it is deemed to be party time. If another party is started it is no longer party time.”';

export function partyTime(parties: number): boolean {
  return parties % 2 === 1;
}

/** The Party time cell made to agree with the parties started (a History row when it changes). */
export function updatePartyTime(state: Gamestate, at: Date): Change[] {
  const now = partyTime(state.phase.parties);
  if (now === state.phase.partyTime) return [];
  state.phase.partyTime = now;
  return [
    {
      at,
      phase: state.phase.number,
      event: 'Party time',
      player: '-',
      change: now ? 'it is party time' : 'it is no longer party time',
      reason: { rule: PARTY_RULE, inputs: { 'parties started': state.phase.parties } },
    },
  ];
}
