import { z } from 'zod';
import { describeLocation, Location } from '../../parse/location.ts';
import { PageError } from '../../parse/source.ts';

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

/**
 * A ruleset as its schema gives it back; what the readers let through but the schema refuses (a placement 0, a
 * number too large to count with) is a refusal of the page naming where, never a crash: each issue at the
 * location of the nearest thing on its path that has one (a table row, a rule).
 */
export function checkedRuleset<S extends z.ZodType>(schema: S, value: z.input<S>, page: string | undefined): z.output<S> {
  const checked = schema.safeParse(value);
  if (checked.success) return checked.data;
  const byPlace = new Map<string, string[]>();
  for (const issue of checked.error.issues) {
    let at: unknown = value;
    let where: Location = { page };
    for (const key of issue.path) {
      const loc = (at as { location?: unknown } | undefined)?.location;
      // Its row, not its offset or the column it was read from (the issue names its field).
      if (Location.safeParse(loc).success) where = { page, ...(loc as Location), offset: undefined, column: undefined };
      at = (at as Record<PropertyKey, unknown> | undefined)?.[key as PropertyKey];
    }
    const what = issue.path
      .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
      .join('')
      .replace(/^\./, '');
    const shown = typeof at === 'number' || typeof at === 'string' ? ` = ${JSON.stringify(at)}` : '';
    const place = describeLocation(where);
    byPlace.set(place, [...(byPlace.get(place) ?? []), `${what}${shown} (${issue.message})`]);
  }
  const problems = [...byPlace].map(([place, what]) => `${place ? `${place}: ` : ''}${what.join(', ')}`);
  throw new PageError(`the Ruleset cannot be read, a value the game cannot use: ${problems.join('; ')}`);
}
