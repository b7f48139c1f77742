import type { ChosenReadings } from '../../shared/readings.ts';

// 4.2.1 Credits: "Credits exist only in whole number values. Any description involving positive real
// values is rounded when effected. If a non positive value is described it is instead zero."

export const CREDITS = {
  rule: '4.2.1 Coup / Treasury / Credits',
  sentence:
    'Credits exist only in whole number values. Any description involving positive real values is rounded when effected. If a non positive value is described it is instead zero.',
};

/** A described number of credits as it is effected: zero if not positive, else rounded by the reading `credit-rounding`. */
export function effectedCredits(described: number, readings: ChosenReadings): number {
  if (!(described > 0)) return 0;
  return readings.get('credit-rounding') === 'floor' ? Math.floor(described) : Math.floor(described + 0.5);
}
