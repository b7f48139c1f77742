import type { Round10Ruleset } from '../ruleset/schema.ts';

// The slots' odds: three rolls on the roll table, each payout row's chance ("If multiple payouts apply
// at the same time, they gain the effect of the payout higher in the chart"), and the expected chips.
// While a roll shows no symbol, or the chart pays on a symbol no roll gives, the expectation is
// undefined: the rules do not say what those rolls do.

export interface SlotsExpectation {
  rows: { values: string; payout: string; chance: number | null }[];
  expected: number | null;
  why: string;
}

export function slotsExpectation(r: Round10Ruleset): SlotsExpectation {
  const { rolls, payouts, die } = r.slots;
  const blank = rolls.filter((x) => x.symbol === null).map((x) => (x.from === x.to ? String(x.from) : `${x.from}-${x.to}`));
  const rolled = new Set(rolls.map((x) => x.symbol));
  const never = [...new Set(payouts.map((p) => p.symbol))].filter((s) => !rolled.has(s));
  if (blank.length > 0 || never.length > 0 || die === 0) {
    const why = [
      blank.length > 0 ? `the roll table gives no symbol for ${blank.join(' and ')}` : '',
      never.length > 0 ? `the payout chart pays on ${never.join(' and ')}, which no roll gives` : '',
    ].filter(Boolean).join('; ');
    return { rows: payouts.map((p) => ({ values: p.symbol.repeat(p.count), payout: p.payout, chance: null })), expected: null, why: `The Ruleset leaves it open: ${why}.` };
  }
  // Every outcome of three rolls, weighted; the first chart row that applies pays.
  const chance = new Map<string, number>();
  for (const x of rolls) chance.set(x.symbol!, (chance.get(x.symbol!) ?? 0) + (x.to - x.from + 1) / die);
  const symbols = [...chance.keys()];
  const hits = payouts.map(() => 0);
  for (const a of symbols) for (const b of symbols) for (const c of symbols) {
    const p = chance.get(a)! * chance.get(b)! * chance.get(c)!;
    const i = payouts.findIndex((row) => [a, b, c].filter((s) => s === row.symbol).length >= row.count);
    if (i >= 0) hits[i]! += p;
  }
  const expected = payouts.reduce((sum, row, i) => sum + hits[i]! * (row.chips ?? 0), 0);
  return { rows: payouts.map((p, i) => ({ values: p.symbol.repeat(p.count), payout: p.payout, chance: hits[i]! })), expected, why: '' };
}
