import { z } from 'zod';
import { Location } from '../../parse/location.ts';

// Parts of a ruleset's data that several games' schemas use. Field names are part of `croupier parse --json`.

/** A chance as written ("10%") and as an exact fraction (1/10). */
export const Fraction = z.object({
  numerator: z.number().int().nonnegative(),
  denominator: z.number().int().positive(),
  text: z.string(),
});
export type Fraction = z.infer<typeof Fraction>;

/** NdK: the sum of N rolls of a K-sided die, or with a target, how many rolls meet it. */
export const Dice = z.object({
  count: z.number().int().nonnegative(),
  sides: z.number().int().positive(),
  target: z.number().int().optional(),
  text: z.string(),
});
export type Dice = z.infer<typeof Dice>;

export const Phase = z.object({
  name: z.string(),
  /** ISO weekdays: 1 = Monday … 7 = Sunday, in the order written. */
  days: z.array(z.number().int().min(1).max(7)),
  dayNames: z.array(z.string()),
  /** Where its line is written (the rule holding it), for refusals that concern the phases. */
  location: Location.optional(),
});
export type Phase = z.infer<typeof Phase>;
