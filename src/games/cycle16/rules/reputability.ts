import type { Location } from '../../../parse/location.ts';
import type { Change } from '../../../sim/trail.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Player, PhaseState } from '../gamestate/schema.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import { gainVertebrae } from './inventory.ts';
import { joinedNearStart, reputableByRule } from '../../shared/reputability.ts';

// Rule 4. “A player is 'reputable' if they have continuously been a player for the previous seven
// days or if they have continuously been a player from a time that was within 3 days of the round
// starting.” and “When a player becomes reputable for the first time, grant them 20 + 5⌈X/2⌉
// Vertebrae, where X is the phase number.”

/**
 * When the player is (or will be) reputable for the first time: as written on the page, else by the
 * rule. A declaration only makes "an unreputable player (i.e. a player who has not yet become
 * reputable)" reputable, so a declared time later than the rule's counts from the rule's.
 */
export function reputableAt(p: Player, phase: Pick<PhaseState, 'cycleStart'>): Date {
  const byRule = reputableByRule(p, phase.cycleStart);
  if (p.reputableSince === null) return byRule;
  if (p.declared && byRule.getTime() < p.reputableSince.getTime()) return byRule;
  return p.reputableSince;
}

/**
 * A "Reputable since" an editor wrote: without "(declared)" it is the rule's own time, so it must be
 * the time the rule gives; a declaration is about "an unreputable player", so never before joining.
 */
export function reputabilityProblems(p: Player, cycleStart: Date, where: Location, problems: Problem[]): void {
  const since = p.reputableSince;
  if (since === null) return;
  if (p.declared) {
    if (since.getTime() < p.joined.getTime()) {
      problems.push({
        message:
          `${p.name} is declared reputable at ${formatInstant(since)}, before joining at ${formatInstant(p.joined)}: ` +
          '“If two reputable players publicly declare that an unreputable player … is reputable” — only a player can be declared reputable',
        location: where,
      });
    }
    return;
  }
  const byRule = reputableByRule(p, cycleStart);
  if (since.getTime() !== byRule.getTime()) {
    const how = joinedNearStart(p, cycleStart) ? 'a player from within 3 days of the cycle start' : 'seven days after joining';
    problems.push({
      message:
        `${p.name} became reputable by the rule at ${formatInstant(byRule)} (${how}: “continuously been a player for the previous seven days ` +
        `or … from a time that was within 3 days of the round starting”), not ${formatInstant(since)}: write the rule's time, ` +
        `or "${formatInstant(since)} (declared)" if two reputable players declared it`,
      location: where,
    });
  }
}

/** 20 + 5⌈X/2⌉ */
export function reputabilityGrant(x: number): number {
  return 20 + 5 * Math.ceil(x / 2);
}

/** The first-time grant, X being the phase number at the moment the player became reputable. */
export function grantReputability(p: Player, at: Date, x: number, cycleStart: Date): Change {
  const amount = reputabilityGrant(x);
  const declaredAt = p.declared ? p.reputableSince : null;
  const byDeclaration = declaredAt !== null && declaredAt.getTime() === at.getTime();
  const byRule = joinedNearStart(p, cycleStart)
    ? `a player since ${formatInstant(p.joined)}, within 3 days of the cycle start ${formatInstant(cycleStart)}`
    : `a player for seven days since ${formatInstant(p.joined)}`;
  const how = byDeclaration
    ? 'declared reputable by two reputable players'
    : declaredAt !== null
      ? `${byRule}, before the declaration of ${formatInstant(declaredAt)}`
      : byRule;
  if (!byDeclaration) p.declared = false; // the declaration came after: the rule made them reputable first
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
