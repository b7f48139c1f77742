import type { Change } from '../../../sim/trail.ts';
import type { ChosenReadings } from '../../shared/readings.ts';

// A Nomicoup History row: the rule's ID and title, its sentence quoted, the inputs it read, and
// the readings its result depends on.

export interface RuleRef {
  /** "3 Turns" */
  rule: string;
  sentence: string;
}

export function change(
  at: Date,
  turn: number,
  event: string,
  player: string,
  what: string,
  ref: RuleRef,
  inputs: Record<string, string | number> = {},
  o: { readings?: { readings: ChosenReadings; ids: string[] }; arithmetic?: string; seed?: string } = {},
): Change {
  const readings = o.readings ? o.readings.ids.map((id) => o.readings!.readings.label(id)) : [];
  return {
    at,
    phase: turn,
    event,
    player,
    change: what,
    reason: {
      rule: `${ref.rule}: "${ref.sentence}"`,
      inputs,
      ...(readings.length > 0 ? { readings } : {}),
      ...(o.arithmetic ? { arithmetic: o.arithmetic } : {}),
      ...(o.seed ? { seed: o.seed } : {}),
    },
  };
}
