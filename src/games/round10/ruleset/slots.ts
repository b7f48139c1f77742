import { cellValue } from '../../../parse/document.ts';
import { at, tableWith, warn, type Extraction } from '../../shared/extraction.ts';
import type { SlotPayout, SlotRoll, Slots } from './schema.ts';

// The slots: the roll table (ranges of a die → a symbol) and the payout chart (symbols → payout).

function symbols(text: string): string[] {
  return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text.replace(/\s+/g, ''))].map((s) => s.segment);
}

export function readSlots(x: Extraction): Slots {
  const rollTable = tableWith(x, 'slots roll', ['roll', 'value'], 'Slots');
  const payTable = tableWith(x, 'slots payout', ['values', 'payout'], 'Slots');
  const rolls: SlotRoll[] = [];
  for (const row of rollTable?.rows ?? []) {
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(cellValue(row, 'roll') ?? '');
    if (!m) {
      warn(x, `The slots roll "${cellValue(row, 'roll') ?? ''}" is not a number or a range`, at(rollTable!, row, 'roll'));
      continue;
    }
    const symbol = cellValue(row, 'value') ?? null;
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    rolls.push({ from: Math.min(a, b), to: Math.max(a, b), symbol, location: { page: x.doc.page, ...at(rollTable!, row, 'value') } });
  }
  const die = Math.max(0, ...rolls.map((r) => r.to));
  for (let v = 1; v <= die; v++) {
    if (!rolls.some((r) => r.from <= v && v <= r.to)) warn(x, `No slots roll row covers ${v}`, rollTable ? at(rollTable) : {});
  }
  const payouts: SlotPayout[] = [];
  for (const row of payTable?.rows ?? []) {
    const values = symbols(cellValue(row, 'values') ?? '');
    const payout = cellValue(row, 'payout') ?? '';
    if (values.length === 0 || values.some((v) => v !== values[0])) {
      warn(x, `The payout row "${values.join('')}" is not one symbol repeated`, at(payTable!, row, 'values'));
      continue;
    }
    const chips = /\bgain (\d+) chips\b/i.exec(payout);
    payouts.push({ symbol: values[0]!, count: values.length, payout, chips: chips ? Number(chips[1]) : null });
  }
  // What the page itself gets wrong: a roll with no symbol, and payouts on symbols no roll gives.
  for (const r of rolls.filter((r) => r.symbol === null)) {
    warn(
      x,
      `The slots roll ${r.from === r.to ? r.from : `${r.from}-${r.to}`} has no symbol (its Value cell is empty): what it shows is undefined`,
      (({ page: _page, ...where }) => where)(r.location),
    );
  }
  const rolled = new Set(rolls.map((r) => r.symbol));
  for (const symbol of [...new Set(payouts.map((p) => p.symbol))].filter((s) => !rolled.has(s))) {
    warn(
      x,
      `The payout chart pays on ${symbol}, which no slots roll gives (the roll table never produces it)`,
      payTable
        ? at(
            payTable,
            payTable.rows.find((r) => (cellValue(r, 'values') ?? '').includes(symbol)),
            'values',
          )
        : {},
    );
  }
  return { die, rolls, payouts };
}
