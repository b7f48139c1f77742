import type { Reason } from '../../../sim/trail.ts';
import type { Declaration } from '../declarations.ts';

/** The reason of a declaration's change: the ruleset sentence it implements, quoted, and who declared it where. */
export function citedReason(d: Declaration, inputs: Reason['inputs'] = {}, arithmetic?: string): Reason {
  return {
    rule: `“${d.cite}” (declared by ${d.by}, Rulings line ${d.line})`,
    inputs,
    ...(arithmetic === undefined ? {} : { arithmetic }),
  };
}

/** Whether a declaration made for `at` (every phase, or a named one) applies to the phase named `phase`. */
export const appliesTo = (at: { phase: string | null }, phase: string): boolean => at.phase === null || at.phase === phase;
