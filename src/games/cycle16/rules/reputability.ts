import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Player, PhaseState } from '../gamestate-schema.ts';
import { gainVertebrae } from './inventory.ts';

// Rule 4. “A player is 'reputable' if they have continuously been a player for the previous seven
// days or if they have continuously been a player from a time that was within 3 days of the round
// starting.” and “When a player becomes reputable for the first time, grant them 20 + 5⌈X/2⌉
// Vertebrae, where X is the phase number.”

const DAY = 86_400_000;

/** When the player is (or will be) reputable: as written on the page (declared or recorded), else by the rule. */
export function reputableAt(p: Player, phase: Pick<PhaseState, 'cycleStart'>): Date {
  if (p.reputableSince !== null) return p.reputableSince;
  const fromStart = p.joined.getTime() - phase.cycleStart.getTime() <= 3 * DAY;
  return fromStart ? p.joined : new Date(p.joined.getTime() + 7 * DAY);
}

/** 20 + 5⌈X/2⌉ */
export function reputabilityGrant(x: number): number {
  return 20 + 5 * Math.ceil(x / 2);
}

/** The first-time grant, X being the phase number at the moment the player became reputable. */
export function grantReputability(p: Player, at: Date, x: number, cycleStart: Date): Change {
  const amount = reputabilityGrant(x);
  const how = p.declared
    ? 'declared reputable by two reputable players'
    : p.joined.getTime() - cycleStart.getTime() <= 3 * DAY
      ? `a player since ${formatInstant(p.joined)}, within 3 days of the cycle start ${formatInstant(cycleStart)}`
      : `a player for seven days since ${formatInstant(p.joined)}`;
  p.reputableSince = at;
  p.grant = amount;
  return {
    at,
    phase: x,
    event: 'Reputability',
    player: p.name,
    change: `${gainVertebrae(p, amount)}; reputable since ${formatInstant(at)}`,
    reason: {
      rule: 'Vertebrae: “When a player becomes reputable for the first time, grant them 20 + 5⌈X/2⌉ Vertebrae, where X is the phase number.”',
      inputs: { X: x, reputable: how },
      arithmetic: `20 + 5 × ⌈${x}/2⌉ = 20 + 5 × ${Math.ceil(x / 2)} = ${amount}`,
    },
  };
}
