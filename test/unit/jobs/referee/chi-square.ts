import { expect } from 'vitest';

// The chi-square test the referee's odds tests share: observed counts against the published chances, at
// the 0.1 % significance level (a correct drawer fails it once in a thousand seeds; the seeds are fixed).

/** The chi-square critical value at significance 0.001 for `df` degrees of freedom (Wilson–Hilferty, z = 3.0902). */
export function critical(df: number): number {
  const z = 3.0902;
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

/** Chi-square statistic of observed counts against expected probabilities (categories with p = 0 must be empty). */
export function chiSquare(observed: readonly number[], p: readonly number[], n: number): { stat: number; df: number } {
  let stat = 0;
  let df = -1;
  observed.forEach((o, i) => {
    if (p[i] === 0) {
      expect(o, `category ${i} has chance 0 but was drawn`).toBe(0);
      return;
    }
    const e = n * p[i]!;
    stat += (o - e) ** 2 / e;
    df++;
  });
  return { stat, df };
}

export const expectFits = (observed: number[], p: number[], n: number): void => {
  const { stat, df } = chiSquare(observed, p, n);
  expect(stat, `chi-square ${stat.toFixed(1)} with ${df} degrees of freedom (critical ${critical(df).toFixed(1)})`).toBeLessThan(critical(df));
};
