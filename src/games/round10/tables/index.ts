import { escapeWikitext } from '../../../parse/escape.ts';
import { formatNumber, formatPercent, renderWikitable } from '../../shared/wikitable.ts';
import { GamestateError } from '../../shared/gamestate-error.ts';
import { ChosenReadings } from '../../shared/readings.ts';
import { readCards } from '../gamestate/fields.ts';
import { ROUND10_READINGS } from '../readings.ts';
import { scoreHand } from '../rules/hands.ts';
import { taxOf } from '../rules/wealth.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import { slotsExpectation } from './slots.ts';
import { deckOf } from '../rules/deck.ts';

// The reference tables players read next to the Round 10 ruleset, computed from it: tax by wealth,
// each multiplier with an example score, card draw odds, the Star Price's distribution, the slots.
// Readings' defaults are used and named (a ruling on the Rulings page is not read here).
// Deterministic output: re-publishing an unchanged ruleset makes no edit.

const defaults = new ChosenReadings(ROUND10_READINGS);

export function renderRound10Tables(r: Round10Ruleset): string {
  const source = r.page === undefined ? 'the ruleset' : `[[${r.page}]]`;
  return [
    `Reference tables computed by Croupier from ${source}. They follow the rules as written; where a rule is ambiguous they use the default reading, named under the table (\`croupier readings --game <id>\` lists the rulings in force).`,
    '',
    '== Tax by wealth ==',
    taxTable(r),
    '',
    '== Hand multipliers ==',
    multiplierTable(r),
    '',
    '== Card draw odds ==',
    drawTable(r),
    '',
    '== Star Price ==',
    starTable(r),
    '',
    '== Slots ==',
    slotsSection(r),
    '',
  ].join('\n');
}

/** The most rows a computed table lists; past it, the rule in words. */
const MAX_TABLE_ROWS = 200;

const note = (text: string) => `<small>${escapeWikitext(text)}</small>`;

function taxTable(r: Round10Ruleset): string {
  const t = r.constants.tax;
  const income = r.constants.income;
  if (t === null || income === null) return note('The tax or the income cannot be read from the ruleset (see its warnings).');
  // A step of 0 never reaches the maximum, and a tiny step under a huge maximum makes a table nobody reads (the
  // fuzz test's seed 160825 wrote "increased by 0": the loop below never ended and the process ran out of memory).
  if (t.step <= 0 || t.max <= 0) return renderWikitable({ headers: ['Wealth', 'Tax', 'Weekly income (chips)'], rows: [['any', '0', String(income)]] });
  const steps = Math.ceil(t.max / t.step);
  if (steps > MAX_TABLE_ROWS)
    return note(`The tax rises by ${t.step} for every ${t.per} wealth above ${t.above}, up to ${t.max}: ${steps} steps, too many to list.`);
  const rows: string[][] = [[`${t.above + t.per - 1} or less`, '0', String(income)]];
  for (let k = 1; k <= steps; k++) {
    const from = t.above + k * t.per;
    const tax = taxOf(from, r, defaults).tax;
    rows.push([k === steps ? `${from} or more` : `${from} – ${from + t.per - 1}`, String(tax), String(income - tax)]);
  }
  return `${renderWikitable({ headers: ['Wealth', 'Tax', 'Weekly income (chips)'], rows })}\n${note(`Only whole steps of ${t.per} wealth count (reading ${defaults.label('tax-rounding')}); a contract's share is kept exact (reading ${defaults.label('contract-share')}).`)}`;
}

/** A hand that qualifies for the named multiplier (and, where possible, no other). */
const EXAMPLES: Record<string, string> = {
  paired: '9 of Cups, 9 of Hearts',
  running: '5 of Cups, 6 of Hearts, 7 of Leaves',
  senatorial: 'Knight of Hearts, Bishop of Cups, Rook of Coins, 2 of Leaves',
  regional: 'Ace of Hearts, 3 of Diamonds, 5 of Spades, 9 of Clubs',
  monochrome: 'Ace of Hearts, 3 of Diamonds, 9 of Roses',
  flushed: '2 of Cups, 5 of Cups, 9 of Cups, King of Cups',
};

/** An example hand's score, or why it cannot be scored (a multiplier it qualifies for that cannot be evaluated). */
function scored(hand: string, r: Round10Ruleset): ReturnType<typeof scoreHand> | string {
  try {
    return scoreHand(readCards(hand), r, defaults);
  } catch (err) {
    if (err instanceof GamestateError) return `cannot be scored: ${err.problems.map((p) => p.message).join('; ')}`;
    throw err;
  }
}

function multiplierTable(r: Round10Ruleset): string {
  const rows = r.multipliers.map((m) => {
    const value = m.value.kind === 'number' ? formatNumber(m.value.value) : m.value.text;
    const example = EXAMPLES[m.name.toLowerCase()];
    if (example === undefined) return [m.name, m.condition, value, '-', 'no example: Croupier cannot evaluate this condition yet'];
    const s = scored(example, r);
    return [m.name, m.condition, value, example, typeof s === 'string' ? s : `${s.arithmetic} (${s.multipliers.join(', ')})`];
  });
  const plain = scored('Ace of Hearts, 9 of Cups', r);
  rows.push(['(none)', 'no multiplier applies', '-', 'Ace of Hearts, 9 of Cups', typeof plain === 'string' ? plain : plain.arithmetic]);
  return `${renderWikitable({ headers: ['Multiplier', 'Conditions', 'Value', 'Example hand', 'Score'], rows })}\n${note(`Score c·r·m + h with readings ${['rank-count', 'highest-rank', 'empty-multiplier'].map((id) => defaults.label(id)).join(', ')}.`)}`;
}

function drawTable(r: Round10Ruleset): string {
  // The deck the referee draws from (rules/deck.ts), counted.
  const { die, suits } = deckOf(r);
  const rows = suits.map((s) => {
    const max = s.max;
    return [
      s.name,
      s.archetype,
      `1/${die} (${formatPercent(1 / die)})`,
      max ? `1/${max} (${formatPercent(1 / max)})` : '-',
      max ? `1/${die * max} (${formatPercent(1 / (die * max))})` : '-',
    ];
  });
  return renderWikitable({ headers: ['Suit', 'Archetype', 'Chance of the suit', 'Chance of each rank', 'Chance of one given card'], rows });
}

function starTable(r: Round10Ruleset): string {
  const sp = r.constants.starPrice;
  if (sp === null) return note('The Star Price roll cannot be read from the ruleset (see its warnings).');
  const mean = (sp.count * (sp.sides + 1)) / 2 + sp.offset;
  const summary = `${sp.count}d${sp.sides} + ${sp.offset}: ${formatNumber(mean)} Trungs on average.`;
  // Counting every total costs dice × totals × sides: beyond a table's worth of totals, the summary alone.
  if (sp.count * (sp.sides - 1) + 1 > MAX_TABLE_ROWS)
    return note(`${summary} From ${sp.count + sp.offset} to ${sp.count * sp.sides + sp.offset}: too many totals to list.`);
  // The sum of `count` dice of `sides`, plus the offset: the number of ways to roll each total.
  let ways = new Map<number, number>([[0, 1]]);
  for (let d = 0; d < sp.count; d++) {
    const next = new Map<number, number>();
    for (const [total, n] of ways) for (let f = 1; f <= sp.sides; f++) next.set(total + f, (next.get(total + f) ?? 0) + n);
    ways = next;
  }
  const all = sp.sides ** sp.count;
  const rows = [...ways].sort((a, b) => a[0] - b[0]).map(([total, n]) => [String(total + sp.offset), `${n}/${all} (${formatPercent(n / all)})`]);
  return `${renderWikitable({ headers: ['Star Price (Trungs for 1 Gold Star)', 'Chance'], rows })}\n${note(summary)}`;
}

function slotsSection(r: Round10Ruleset): string {
  const rolls = renderWikitable({
    headers: ['Roll', 'Value', 'Chance'],
    rows: r.slots.rolls.map((x) => [x.from === x.to ? String(x.from) : `${x.from}-${x.to}`, x.symbol ?? '(none)', `${x.to - x.from + 1}/${r.slots.die}`]),
  });
  const e = slotsExpectation(r);
  const blank = r.slots.rolls.some((x) => x.symbol === null);
  const reading = defaults.label('slots-blank-roll');
  const headers = ['Values', 'Payout', 'Chance', ...(blank ? [`Chance when a roll with no Value shows no symbol (reading ${reading})`] : [])];
  const payouts = renderWikitable({
    headers,
    rows: e.rows.map((x, i) => [
      x.values,
      x.payout,
      x.chance === null ? 'undefined' : formatPercent(x.chance),
      ...(blank ? [formatPercent(e.blankAsNone.chances[i]!)] : []),
    ]),
  });
  const expected =
    e.expected === null
      ? `Expected payout: undefined. ${e.why}`
      : `Expected chips per play: ${formatNumber(e.expected)} won − ${r.constants.slotsCost ?? '?'} put in (payouts that are not chips count as 0).`;
  const referee =
    blank && e.expected === null
      ? ` The referee plays the slots by reading ${reading}: so read, ${formatNumber(e.blankAsNone.expected)} chips won per play − ${r.constants.slotsCost ?? '?'} put in (payouts that are not chips count as 0).`
      : '';
  return `${rolls}\n${payouts}\n${note(expected + referee)}`;
}
