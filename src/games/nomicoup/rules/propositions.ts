import type { Proposition } from '../gamestate/schema.ts';
import type { ChosenReadings } from '../../shared/readings.ts';

// 5.3 Voting, 5.3.1 Rightvoting, 5.3.2 Eligibility, 5.4 Adoption, 5.4.1 Proposition Time Limit.

export const ADOPTION = {
  rule: '5.4 Propositions / Adoption',
  sentence: 'A proposition will be adopted if and when it receives majority of its possible votes as upvotes.',
};
export const VOTING = {
  rule: '5.3 Propositions / Voting',
  sentence: 'When a majority of votes is reached the proposition immediately becomes inactive.',
};
export const RIGHTVOTING = {
  rule: '5.3.1 Propositions / Voting / Rightvoting',
  sentence: 'Should a rightvote majority occur, the outcome (up or down) with the second greatest votes occurs instead.',
};
export const TIME_LIMIT = {
  rule: '5.4.1 Propositions / Adoption / Proposition Time Limit',
  sentence:
    'If a proposition has not reached a majority 72 hours after it is made, voting ends and the majority is decided out of the current votes on the proposition, making it inactive.',
};
export const CASTING = {
  rule: '5.3.3 Propositions / Voting / Casting Votes',
  sentence: 'Each eligible voter may cast exactly one vote per proposition, which they can cast as an up, down, or right vote.',
};
export const SUBMITTING = { rule: '5 Propositions', sentence: 'A player may submit a proposition at any time.' };
export const ELIGIBILITY = {
  rule: '5.3.2 Propositions / Voting / Eligibility',
  sentence: "Every player is an eligible voter - excluding the rules' proponent.",
};

export type Outcome = 'adopted' | 'rejected';

export interface Decision {
  outcome: Outcome;
  /** Which rule decided it. */
  by: 'majority' | 'rightvote' | 'time-limit';
  /** Whether the result depends on the reading vote-tie. */
  tie: boolean;
}

type Votes = Pick<Proposition, 'up' | 'down' | 'right'>;

/** Up against down, as rule 5.3.1's "second greatest" or 5.4.1's count: a tie goes by the reading `vote-tie`. */
function upOrDown(v: Votes, readings: ChosenReadings): { outcome: Outcome; tie: boolean } {
  if (v.up !== v.down) return { outcome: v.up > v.down ? 'adopted' : 'rejected', tie: false };
  return { outcome: v.up > 0 && readings.get('vote-tie') === 'adopted' ? 'adopted' : 'rejected', tie: v.up > 0 };
}

/**
 * A majority of the possible votes (`eligible` voters): more than half of them up (adopted), down
 * (rejected) or right (the greater of up and down). undefined: no majority yet.
 */
export function majority(v: Votes, eligible: number, readings: ChosenReadings): Decision | undefined {
  const half = eligible / 2;
  if (v.up > half) return { outcome: 'adopted', by: 'majority', tie: false };
  if (v.down > half) return { outcome: 'rejected', by: 'majority', tie: false };
  if (v.right > half) return { ...upOrDown(v, readings), by: 'rightvote' };
  return undefined;
}

/**
 * At the time limit, "the majority is decided out of the current votes": the outcome with the most votes;
 * if that is right, the greater of up and down instead (5.3.1).
 */
export function atTimeLimit(v: Votes, readings: ChosenReadings): Decision {
  if (v.right > v.up && v.right > v.down) return { ...upOrDown(v, readings), by: 'rightvote' };
  return { ...upOrDown(v, readings), by: 'time-limit' };
}

/** Eligible voters: the active players, without the proponent. */
export function eligibleVoters(active: readonly string[], proponent: string): number {
  return active.filter((p) => p !== proponent).length;
}
