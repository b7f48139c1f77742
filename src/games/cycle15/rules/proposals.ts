import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant, type Change } from '../../../sim/trail.ts';
import type { Gamestate, Proposal } from '../gamestate/schema.ts';
import type { Constants } from '../ruleset/schema.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';

// Proposals whose votes the page records (For, Against, Rewrite) are closed at the end of their
// voting period, as their class defines it:
// Urgent: “The voting period of an urgent proposal begins at the time it is submitted and ends two
//   days (48 hours) after. An urgent proposal is popular if it has no more than two votes against
//   it. Votes for a rewrite on urgent class proposals will be considered identical to a vote against.”
// Standard: “The voting period for a Standard class proposal is the phase that started after the
//   proposal was submitted. A standard proposal is popular if the combined total of votes for and
//   rewrite votes is greater than the number of votes against, and fewer than 30% of the total votes
//   are rewrites. If …, and the rewrite votes constitute equal to or greater than 30% of the total
//   votes, the proposal does not take effect and instead becomes a “Tune Up” class proposal.”
// Second Reading: “A Rewrite vote for a Second Reading class proposal will be considered identical
//   to a vote against. … exactly the same as Standard class proposals.”

export const URGENT_RULE =
  'Urgent Class Proposal: “ends two days (48 hours) after. An urgent proposal is popular if it has no more than two votes against it. Votes for a rewrite … identical to a vote against.”';
export const STANDARD_RULE =
  'Standard Class Proposal: “The voting period for a Standard class proposal is the phase that started after the proposal was submitted. A standard proposal is popular if the combined total of votes for and rewrite votes is greater than the number of votes against, and fewer than 30% of the total votes are rewrites.”';
export const SECOND_READING_RULE =
  'Second Reading Class Proposal: “A Rewrite vote for a Second Reading class proposal will be considered identical to a vote against.”';

/** When the proposal's voting period ends (null: its class is not voted on). */
export function votingEnds(p: Proposal, calendar: Calendar, c: Pick<Constants, 'urgentVotingHours'>): Date | null {
  if (p.proposalClass === 'Urgent') return c.urgentVotingHours.value === null ? null : new Date(p.submitted.getTime() + c.urgentVotingHours.value * 3_600_000);
  if (p.proposalClass === 'Tune Up') return null;
  return calendar.phase(phaseNumberAt(p.submitted, calendar) + 1).end;
}

/** Closes the proposal at `at` (its voting end), in phase `phase`: passed, failed, or made Tune Up. */
export function closeProposal(p: Proposal, at: Date, phase: number, c: Pick<Constants, 'urgentMaxAgainst' | 'standardRewritePercent'>): Change {
  const votes = p.votes!;
  const total = votes.for + votes.against + votes.rewrite;
  let outcome: 'passed' | 'failed' | 'tune up';
  let rule: string;
  let arithmetic: string;
  if (p.proposalClass === 'Urgent') {
    const against = votes.against + votes.rewrite;
    const max = c.urgentMaxAgainst.value ?? 2;
    outcome = against <= max ? 'passed' : 'failed';
    rule = URGENT_RULE;
    arithmetic = `against ${votes.against} + rewrite ${votes.rewrite} = ${against} ${against <= max ? '≤' : '>'} ${max}`;
  } else if (p.proposalClass === 'Second Reading') {
    const against = votes.against + votes.rewrite;
    outcome = votes.for > against ? 'passed' : 'failed';
    rule = `${SECOND_READING_RULE} ${STANDARD_RULE}`;
    arithmetic = `for ${votes.for} ${votes.for > against ? '>' : '≤'} against ${votes.against} + rewrite ${votes.rewrite} = ${against}`;
  } else {
    const percent = c.standardRewritePercent.value ?? 30;
    const support = votes.for + votes.rewrite;
    const share = total === 0 ? 0 : (100 * votes.rewrite) / total;
    outcome = support > votes.against ? (share < percent ? 'passed' : 'tune up') : 'failed';
    rule = STANDARD_RULE;
    arithmetic = `for ${votes.for} + rewrite ${votes.rewrite} = ${support} ${support > votes.against ? '>' : '≤'} against ${votes.against}; rewrites ${votes.rewrite}/${total} = ${Number(share.toFixed(2))}% ${share < percent ? '<' : '≥'} ${percent}%`;
  }
  const before = p.status;
  p.status = outcome;
  if (outcome === 'tune up') {
    p.proposalClass = 'Tune Up';
    p.tuneUpSince = phase;
  }
  return {
    at,
    phase,
    event: 'Proposal closed',
    player: '-',
    change: `proposal ${p.id}: ${before} → ${outcome}${outcome === 'tune up' ? ` (Tune Up class since phase ${phase})` : ''}`,
    reason: {
      rule,
      inputs: { submitted: formatInstant(p.submitted), 'voting ended': formatInstant(at), for: votes.for, against: votes.against, rewrite: votes.rewrite },
      arithmetic,
    },
  };
}

/** Proposals whose votes are recorded and whose voting is still open: each closes at its voting end. */
export function proposalsToClose(state: Gamestate, calendar: Calendar, c: Pick<Constants, 'urgentVotingHours'>): { proposal: Proposal; at: Date }[] {
  return state.proposals.flatMap((p) => {
    if (p.status !== 'voting' || p.votes === null) return [];
    const at = votingEnds(p, calendar, c);
    return at === null ? [] : [{ proposal: p, at }];
  });
}
