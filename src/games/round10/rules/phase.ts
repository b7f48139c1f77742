import type { Calendar } from '../../../sim/calendar.ts';
import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate/schema.ts';

// "Each week is divided into two phases: The Auction Phase: Monday, Tuesday, and Wednesday; The
// Resolution Phase: Thursday, Friday, Saturday, and Sunday." The bot counts the phases from the
// round's start (the rules define no number); the page's Phase number records how far it got.

export const PHASE_RULE = 'Phases: "Each week is divided into two phases"';

export function rollOver(s: Gamestate, calendar: Calendar): Change {
  const from = s.phase.number;
  const next = calendar.phase(from + 1);
  s.phase.number = from + 1;
  s.phase.name = next.name;
  return {
    at: next.start,
    phase: next.number,
    event: 'Rollover',
    player: '-',
    change: `Phase ${from} → ${next.number} (${next.name})`,
    reason: { rule: PHASE_RULE, inputs: { 'phase start': formatInstant(next.start), 'round start': formatInstant(s.phase.start) } },
  };
}

export function isAuctionPhase(name: string): boolean {
  return /auction/i.test(name);
}
