import type { Change } from '../../../sim/trail.ts';
import type { Gamestate } from '../gamestate/schema.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import { TUNE_UP_COUNT } from '../readings.ts';

// Tune Up Class Proposal: “If a proposal has had the Tune Up class for greater than 3 phases
// consecutively it is automatically discarded.” (3: the Ruleset's number, `limit`.)

export const TUNE_UP_RULE =
  'Tune Up Class Proposal: “If a proposal has had the Tune Up class for greater than 3 phases consecutively it is automatically discarded.”';

/** Phases a proposal made Tune Up in phase `since` has had the class when phase `now` begins, by the reading. */
export function tuneUpPhases(since: number, now: number, reading: string): number {
  return reading === 'whole-phases' ? now - since - 1 : now - since;
}

/** When phase `phase` begins: Tune Up proposals past the limit are discarded. */
export function discardTuneUps(state: Gamestate, limit: number, phase: number, at: Date, readings: ChosenReadings): Change[] {
  const reading = readings.get(TUNE_UP_COUNT);
  return state.proposals
    .filter((p) => p.status === 'tune up' && p.tuneUpSince !== null && tuneUpPhases(p.tuneUpSince, phase, reading) > limit)
    .map((p) => {
      p.status = 'discarded';
      const had = tuneUpPhases(p.tuneUpSince!, phase, reading);
      return {
        at,
        phase,
        event: 'Tune Up discarded',
        player: '-',
        change: `proposal ${p.id}: tune up → discarded`,
        reason: {
          rule: TUNE_UP_RULE,
          inputs: { 'Tune Up since phase': p.tuneUpSince!, 'phase beginning': phase },
          arithmetic: `${had} phases > ${limit}`,
          readings: [readings.label(TUNE_UP_COUNT)],
        },
      };
    });
}
