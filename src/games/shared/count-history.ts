// A count of each player (Chips, Vertebrae, Gold Stars…) at the end of every phase, rebuilt from what a
// Gamestate page keeps: its History rows, which write each change of a count as `… (before → after)`
// with its phase, and the count now (the Players table). Pure; a game says which rows move which count.
//
// For player p and phase P, the value is:
//   - in the current phase: the count now;
//   - else the `after` of p's last row in phase P or before it (the count the History last showed);
//   - else (P is before p's first row) the `before` of p's first row;
//   - else (no row at all) the count now;
//   - none before the phase p joined in.
// Changes made by hand (a purchase, a trade) have no row: they show from the next row that moves the
// count, or in the current phase. Rows moved to archive pages are no longer read.

/** One change of a player's count, as a History row writes it. */
export interface CountChange {
  phase: number;
  player: string;
  before: number;
  after: number;
}

export interface CountedPlayer {
  name: string;
  /** The count now. */
  now: number;
  /** The phase the player joined in: no value before it. */
  joinedPhase?: number;
}

/**
 * Each player's value at the end of each phase 0…`current` (see above). `changes` in page order (the
 * History is kept oldest first), for any players: those of others are ignored.
 */
export function countsByPhase(current: number, players: readonly CountedPlayer[], changes: readonly CountChange[]): Map<string, (number | null)[]> {
  const out = new Map<string, (number | null)[]>();
  for (const p of players) {
    const own = changes.filter((c) => c.player === p.name && c.phase <= current);
    const values: (number | null)[] = [];
    for (let phase = 0; phase <= current; phase++) {
      if (p.joinedPhase !== undefined && phase < p.joinedPhase) values.push(null);
      else if (phase === current) values.push(p.now);
      else {
        const last = own.filter((c) => c.phase <= phase).at(-1);
        const next = own.find((c) => c.phase > phase);
        values.push(last?.after ?? next?.before ?? p.now);
      }
    }
    out.set(p.name, values);
  }
  return out;
}

/**
 * The changes of `unit` written in one History cell: `+30 Vertebrae (3 → 33)`, `-1 Chip (3 → 2)`;
 * `names` are the unit's spellings ("Chip", "Chips").
 */
export function countChangesIn(text: string, names: readonly string[]): { before: number; after: number }[] {
  const unit = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const re = new RegExp(`[+-]\\d+ (?:${unit}) \\((\\d+) → (\\d+)\\)`, 'g');
  return [...text.matchAll(re)].map((m) => ({ before: Number(m[1]), after: Number(m[2]) }));
}
