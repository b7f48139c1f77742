import { z } from 'zod';
import { formatInstant } from '../../sim/trail.ts';

// Readings: where a rule is ambiguous the bot never guesses silently. Each open question is a named
// reading with a documented default and its alternatives; the game's Rulings page (the Judge's
// rulings, `* <reading-id> = <value>` by users in the allowed groups) selects another. Every Change
// whose result depends on a reading names it in `reason.readings`, so its History row says which.

export const ReadingAlternative = z.object({ value: z.string().min(1), meaning: z.string() });
export type ReadingAlternative = z.infer<typeof ReadingAlternative>;

export const ReadingDef = z.object({
  /** "tax-rounding" */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  /** The open question, in plain words. */
  question: z.string(),
  /** The rule's sentence that leaves it open, quoted. */
  sentence: z.string(),
  /** The value used when no ruling selects another. */
  default: z.string(),
  /** Every value the reading may take (the default among them), with what it means. */
  alternatives: z.array(ReadingAlternative).min(2),
  /** Where the engine uses it (rule files, tables), for `croupier readings`. */
  usedIn: z.array(z.string()).default([]),
});
export type ReadingDef = z.input<typeof ReadingDef>;

/** A ruling that selects a reading's value: who wrote it on the Rulings page, and when. */
export interface Ruling {
  id: string;
  value: string;
  by: string;
  at: Date;
}

/** The readings a run uses: the defaults, overridden by rulings. */
export class ChosenReadings {
  private readonly byId: Map<string, ReadingDef>;
  private readonly rulings: Map<string, Ruling>;

  constructor(readonly defs: readonly ReadingDef[], rulings: readonly Ruling[] = []) {
    this.byId = new Map(defs.map((d) => [d.id, d]));
    this.rulings = new Map();
    for (const r of rulings) {
      const def = this.byId.get(r.id);
      if (def === undefined) throw new Error(`no reading "${r.id}" (the readings are ${defs.map((d) => d.id).join(', ')})`);
      if (!def.alternatives.some((a) => a.value === r.value)) throw new Error(`"${r.value}" is not a value of the reading ${r.id} (${def.alternatives.map((a) => a.value).join(', ')})`);
      this.rulings.set(r.id, r);
    }
  }

  private def(id: string): ReadingDef {
    const def = this.byId.get(id);
    if (def === undefined) throw new Error(`no reading "${id}"`);
    return def;
  }

  /** The value in force for the reading `id`. */
  get(id: string): string {
    return this.rulings.get(id)?.value ?? this.def(id).default;
  }

  /** The ruling that selected it, if one did. */
  ruling(id: string): Ruling | undefined {
    this.def(id);
    return this.rulings.get(id);
  }

  /** "tax-rounding=floor (default)" or "tax-rounding=ceil (ruling by Judge, 2026-11-20 12:00)". */
  label(id: string): string {
    const r = this.ruling(id);
    return `${id}=${this.get(id)} (${r === undefined ? 'default' : `ruling by ${r.by}, ${formatInstant(r.at)}`})`;
  }
}

/** The defaults alone: what a run uses when no Rulings page is read (offline, or a game without one). */
export function defaultReadings(defs: readonly ReadingDef[]): ChosenReadings {
  return new ChosenReadings(defs);
}
