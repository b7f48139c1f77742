import { z } from 'zod';

// The audit trail: every change the engine makes carries its reason — the rule, the inputs it
// read and the arithmetic — and becomes one History row that a reader can check by hand.

export const Reason = z.object({
  /** The rule's title, and the sentence applied, quoted. */
  rule: z.string(),
  inputs: z.record(z.string(), z.union([z.string(), z.number()])),
  /** e.g. "20 + 5 × ⌈4/2⌉ = 30" */
  arithmetic: z.string().optional(),
  /** Seed text of the draws this change used, so they can be recomputed. */
  seed: z.string().optional(),
  /** The readings of open rule text this result depends on, as `ChosenReadings.label` writes them. */
  readings: z.array(z.string()).optional(),
});
export type Reason = z.infer<typeof Reason>;

export const Change = z.object({
  at: z.date(),
  phase: z.number().int(),
  event: z.string(),
  /** "-" when the change concerns no single player */
  player: z.string(),
  change: z.string(),
  reason: Reason,
});
export type Change = z.infer<typeof Change>;

export interface HistoryRow {
  time: string;
  phase: string;
  event: string;
  player: string;
  change: string;
  reason: string;
}

/** "2026-11-19 00:00": the page's way of writing an instant (UTC, to the minute). */
export function formatInstant(t: Date): string {
  return t.toISOString().slice(0, 16).replace('T', ' ');
}

/** "Vertebrae: 20 + 5 × ⌈X/2⌉ = 30 (X = 4, reputable since 2026-11-18 20:00)" */
export function describeReason(reason: Reason): string {
  const inputs = Object.entries(reason.inputs).map(([k, v]) => `${k} = ${v}`);
  const parts = [reason.rule];
  if (reason.arithmetic !== undefined) parts.push(reason.arithmetic);
  let text = parts.join(': ');
  if (inputs.length > 0) text += ` (${inputs.join('; ')})`;
  if (reason.seed !== undefined) text += ` [seed "${reason.seed}"]`;
  for (const r of reason.readings ?? []) text += ` [reading ${r}]`;
  return text;
}

export function toHistoryRow(change: Change): HistoryRow {
  return {
    time: formatInstant(change.at),
    phase: String(change.phase),
    event: change.event,
    player: change.player,
    change: change.change,
    reason: describeReason(change.reason),
  };
}
