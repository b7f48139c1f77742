import { z } from 'zod';

// Readings: where a rule's text leaves a question open, the engine never guesses silently. Each open
// question is a named reading with a documented default and its alternatives; the game's Judge picks
// another on the game's Rulings page (`<gamestate>/Rulings`, one line `* <reading> = <value>` each,
// read with its author by src/jobs), and every History row whose result depends on a reading names
// the one used (`reason.readings`, src/sim/trail.ts).

export const ReadingDef = z
  .object({
    /** Lower-case words joined by "-": `tax-rounding`. */
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    /** The open question, as a player would ask it. */
    question: z.string(),
    /** Where the text is open: the rule's title and its sentence, quoted. */
    rule: z.string(),
    default: z.string(),
    /** Every value the Judge may choose (the default among them) → what it means. */
    alternatives: z.record(z.string(), z.string()),
    /** What in the engine depends on it (for `croupier readings`). */
    usedIn: z.array(z.string()),
  })
  .refine((d) => d.default in d.alternatives, { message: 'the default must be one of the alternatives' });
export type ReadingDef = z.infer<typeof ReadingDef>;

/** A line of the Rulings page selecting a value; `by`/`at` come from the revision that added it. */
export const Ruling = z.object({
  reading: z.string(),
  value: z.string(),
  /** 1-based line on the Rulings page. */
  line: z.number().int().positive(),
  by: z.string(),
  at: z.date(),
});
export type Ruling = z.infer<typeof Ruling>;

/**
 * A line of the Rulings page declaring a mechanic, for a game that takes declarations (src/games/generic);
 * `by`/`at` come from the revision that added it.
 */
export const DeclaredLine = z.object({
  line: z.number().int().positive(),
  /** The line as written. */
  text: z.string(),
  by: z.string(),
  at: z.date(),
});
export type DeclaredLine = z.infer<typeof DeclaredLine>;

/** A Rulings line as written, before its author is known. */
export type RulingLine = Pick<Ruling, 'reading' | 'value' | 'line'>;

/** `* <reading> = <value>`, the value one word; what follows it (a signature, a note) is not part of it. */
const LINE = /^\*\s*([A-Za-z0-9-]+)\s*=\s*([^\s|[\]{}<>]+)/;

/** The ruling lines of a Rulings page; other lines are prose. */
export function rulingLines(text: string): RulingLine[] {
  const out: RulingLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const m = LINE.exec(raw);
    if (m) out.push({ reading: m[1]!.toLowerCase(), value: m[2]!, line: i + 1 });
  });
  return out;
}

/** One reading as a run uses it. */
export interface Chosen {
  def: ReadingDef;
  value: string;
  /** null: the default. */
  ruling: Ruling | null;
}

/** The readings of one run: the defaults, or what the Rulings page selects (the latest line for a reading wins). */
export class ChosenReadings {
  private readonly chosen = new Map<string, Chosen>();
  /** Rulings lines that select nothing, each with why (an unknown reading or value). */
  readonly ignored: { ruling: Ruling; why: string }[] = [];

  constructor(defs: readonly ReadingDef[], rulings: readonly Ruling[] = []) {
    for (const def of defs) this.chosen.set(def.id, { def, value: def.default, ruling: null });
    const ordered = [...rulings].sort((a, b) => a.at.getTime() - b.at.getTime() || a.line - b.line);
    for (const ruling of ordered) {
      const c = this.chosen.get(ruling.reading);
      if (c === undefined) {
        this.ignored.push({ ruling, why: `no reading "${ruling.reading}" (known: ${[...this.chosen.keys()].join(', ') || 'none'})` });
      } else if (!(ruling.value in c.def.alternatives)) {
        this.ignored.push({ ruling, why: `"${ruling.value}" is not a value of ${ruling.reading} (one of: ${Object.keys(c.def.alternatives).join(', ')})` });
      } else {
        this.chosen.set(ruling.reading, { def: c.def, value: ruling.value, ruling });
      }
    }
  }

  private entry(id: string): Chosen {
    const c = this.chosen.get(id);
    if (c === undefined) throw new Error(`no reading "${id}" is declared`); // a programming error, not the page's
    return c;
  }

  /** The value in force. */
  get(id: string): string {
    return this.entry(id).value;
  }

  /** `tax-rounding=floor (default)` or `tax-rounding=ceil (ruling by Judge, 2026-11-20 10:00)`: what History rows name. */
  label(id: string): string {
    const c = this.entry(id);
    const source = c.ruling === null ? 'default' : `ruling by ${c.ruling.by}, ${c.ruling.at.toISOString().slice(0, 16).replace('T', ' ')}`;
    return `${id}=${c.value} (${source})`;
  }

  all(): Chosen[] {
    return [...this.chosen.values()];
  }

  /** These readings with `values` in force instead (to ask what a result would have been under them; not for History labels). */
  assuming(values: Readonly<Record<string, string>>): ChosenReadings {
    const out = new ChosenReadings([]);
    for (const [id, c] of this.chosen) {
      const value = values[id];
      out.chosen.set(id, value === undefined || value === c.value ? c : { def: c.def, value, ruling: null });
    }
    return out;
  }
}
