import type { DrawStream } from '../../../sim/commit-reveal.ts';
import type { Round10Ruleset, SlotPayout, Slots } from '../ruleset/schema.ts';

// The slots' odds: three rolls on the roll table, each payout row's chance ("If multiple payouts apply at
// the same time, they gain the effect of the payout higher in the chart"), and the expected chips.
// While a roll shows no symbol, or the chart pays on a symbol no roll gives, the expectation is
// undefined: the rules do not say what those rolls do. The referee plays them by the reading
// slots-blank-roll (default: such a roll shows no symbol), so the chances under that reading are given
// too — computed by the same functions the referee rolls with (rollSlots, payoutOf).

export interface SlotsExpectation {
  rows: { values: string; payout: string; chance: number | null }[];
  expected: number | null;
  why: string;
  /** Each payout row's chance and the expected chips won when a roll with no Value shows no symbol (reading slots-blank-roll=no-symbol). */
  blankAsNone: { chances: number[]; expected: number };
}

/** The symbol a roll of the table's die shows (null: the page leaves its Value empty); undefined when no row covers it. */
export function slotSymbol(slots: Pick<Slots, 'rolls'>, value: number): string | null | undefined {
  return slots.rolls.find((x) => x.from <= value && value <= x.to)?.symbol;
}

/** The first payout row of the chart that three Values meet (“the payout higher in the chart”); a null Value meets none. */
export function payoutOf(payouts: readonly SlotPayout[], values: readonly (string | null)[]): SlotPayout | undefined {
  return payouts.find((row) => values.filter((v) => v === row.symbol).length >= row.count);
}

/** “The player then rolls 3 times on the following table”: three rolls of the table's die (every roll covered: checked by the caller). */
export function rollSlots(slots: Slots, stream: DrawStream): (string | null)[] {
  return [1, 2, 3].map((i) => slotSymbol(slots, stream.roll(slots.die, `slots roll ${i} (d${slots.die} on the roll table)`))!);
}

/** Each payout row's chance over every outcome of three rolls, and the expected chips (payouts that are not chips count as 0). */
function chances(slots: Slots): { chances: number[]; expected: number } {
  const chance = new Map<string | null, number>();
  for (const x of slots.rolls) chance.set(x.symbol, (chance.get(x.symbol) ?? 0) + (x.to - x.from + 1) / slots.die);
  const symbols = [...chance.keys()];
  const hits = slots.payouts.map(() => 0);
  for (const a of symbols)
    for (const b of symbols)
      for (const c of symbols) {
        const row = payoutOf(slots.payouts, [a, b, c]);
        if (row) hits[slots.payouts.indexOf(row)]! += chance.get(a)! * chance.get(b)! * chance.get(c)!;
      }
  return { chances: hits, expected: slots.payouts.reduce((sum, row, i) => sum + hits[i]! * (row.chips ?? 0), 0) };
}

export function slotsExpectation(r: Round10Ruleset): SlotsExpectation {
  const { rolls, payouts, die } = r.slots;
  const blankAsNone = die === 0 ? { chances: payouts.map(() => 0), expected: 0 } : chances(r.slots);
  const blank = rolls.filter((x) => x.symbol === null).map((x) => (x.from === x.to ? String(x.from) : `${x.from}-${x.to}`));
  const rolled = new Set(rolls.map((x) => x.symbol));
  const never = [...new Set(payouts.map((p) => p.symbol))].filter((s) => !rolled.has(s));
  if (blank.length > 0 || never.length > 0 || die === 0) {
    const why = [
      blank.length > 0 ? `the roll table gives no symbol for ${blank.join(' and ')}` : '',
      never.length > 0 ? `the payout chart pays on ${never.join(' and ')}, which no roll gives` : '',
    ]
      .filter(Boolean)
      .join('; ');
    return {
      rows: payouts.map((p) => ({ values: p.symbol.repeat(p.count), payout: p.payout, chance: null })),
      expected: null,
      why: `The Ruleset leaves it open: ${why}.`,
      blankAsNone,
    };
  }
  return {
    rows: payouts.map((p, i) => ({ values: p.symbol.repeat(p.count), payout: p.payout, chance: blankAsNone.chances[i]! })),
    expected: blankAsNone.expected,
    why: '',
    blankAsNone,
  };
}
