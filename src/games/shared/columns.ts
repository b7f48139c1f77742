import * as f from './fields.ts';
import { NONE } from './history.ts';
import { col } from './table-spec.ts';

// The columns several games' Gamestate tables write the same way: the Phase (or Round) table's clock
// and outcome, the Players table's name and dates. A game lists them among its own columns.

export const phaseNumberColumn = col<{ number: number }>(
  'Phase number',
  true,
  (t) => ({ number: f.readInt(t, { min: 0 }) }),
  (p) => String(p.number),
);
export const cycleStartColumn = col<{ cycleStart: Date }>(
  'Cycle start (UTC)',
  true,
  (t) => ({ cycleStart: f.readInstant(t) }),
  (p) => f.writeInstant(p.cycleStart),
);
export const phaseNameColumn = col<{ name: string }>(
  'Phase',
  false,
  (t) => ({ name: t ?? '' }),
  (p) => p.name || NONE,
);
export const nextRolloverColumn = col<{ nextRollover: Date | null }>(
  'Next rollover (UTC)',
  false,
  (t) => ({ nextRollover: f.readOptionalInstant(t) }),
  (p) => f.writeInstant(p.nextRollover),
);
export const winnerColumn = col<{ winner: string[] }>(
  'Winner',
  false,
  (t) => ({ winner: f.readList(t) }),
  (p) => f.writeList(p.winner),
);
export const judgeColumn = col<{ judge: string | null }>(
  'Judge',
  false,
  (t) => ({ judge: t ?? null }),
  (p) => p.judge ?? NONE,
);

export const playerColumn = col<{ name: string }>(
  'Player',
  true,
  (t) => ({ name: f.required(t) }),
  (p) => p.name,
);
export const joinedColumn = col<{ joined: Date }>(
  'Joined (UTC)',
  true,
  (t) => ({ joined: f.readInstant(t) }),
  (p) => f.writeInstant(p.joined),
);
/** The instant the player became reputable, as the bot wrote it (Cycle 16 also reads a declaration there: its own column). */
export const reputableSinceColumn = col<{ reputableSince: Date | null }>(
  'Reputable since (UTC)',
  true,
  (t) => ({ reputableSince: f.readOptionalInstant(t) }),
  (p) => f.writeInstant(p.reputableSince),
);
