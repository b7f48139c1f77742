import type { Fraction } from '../../shared/ruleset-schema.ts';
import type { CardValues, Cycle16Ruleset, ShopItem } from '../ruleset/schema.ts';
import { expectedRoll, isVertebrae, toNumber } from '../../shared/text.ts';
import { cardPools, impossibleDraws, packExpectation, packSold, speciesOdds, vertebraePerCard } from './odds.ts';
import { formatNumber, formatPercent, renderWikitable } from '../../shared/wikitable.ts';

// The reference tables players read next to the ruleset, computed from it: change the rules,
// the tables change. Output is deterministic (no dates), so re-publishing an unchanged
// ruleset makes no edit.

export function renderCycle16Tables(r: Cycle16Ruleset): string {
  const source = r.page === undefined ? 'the ruleset' : `[[${r.page}]]`;
  return [
    `Reference tables computed by Croupier from ${source}. They follow the rules as written; each table says what it assumes.`,
    '',
    '== Card species ==',
    speciesTable(r),
    '',
    '== Card packs ==',
    packTable(r),
    '',
    '== Shop ==',
    shopTable(r),
    '',
    '== Exploration ==',
    explorationTable(r),
    '',
  ].join('\n');
}

function showValues(values: CardValues): string {
  return Array.isArray(values) ? values.join(', ') || '-' : values.text;
}

const list = (names: readonly string[]) => names.join(', ') || '-';

function showChance(f: Fraction): string {
  return f.numerator === 0 ? '0' : `${f.numerator}/${f.denominator} (${formatPercent(toNumber(f))})`;
}

function speciesTable(r: Cycle16Ruleset): string {
  const pools = cardPools(r);
  const excluded = r.randomCards.excludedTypes.join(', ') || 'none';
  return renderWikitable({
    caption:
      `A random card is one of ${pools.all.length} species (all but type ${excluded}), each equally likely; ` +
      `a random rare card is one of the ${pools.rare.length} species of type Rare.`,
    headers: ['Species', 'Value(s)', 'Suit(s)', 'Colour(s)', 'Type(s)', 'Chance as a random card', 'Chance as a random rare card'],
    rows: r.cards.map((card) => {
      const odds = speciesOdds(card, pools);
      return [card.name, showValues(card.values), list(card.suits), list(card.colours), list(card.types), showChance(odds.random), showChance(odds.rare)];
    }),
  });
}

function packTable(r: Cycle16Ruleset): string {
  const pools = cardPools(r);
  const fillers = r.randomCards.fillers.map((f) => `a card without a ${f.missing} gets one ${f.collection} modifier`).join('; ');
  return renderWikitable({
    caption:
      'Expected contents of one pack. Each collection a card draws from is tried independently at its chance ' +
      `(the pack's own chance if it states one, else the collections table's)` +
      (fillers ? `; ${fillers}` : '') +
      '. Rare cards counts cards of type Rare, guaranteed or drawn by luck.',
    headers: ['Pack', 'Contents', 'Cards', 'Rare cards', 'Modifiers'],
    rows: r.packs.map((pack) => {
      const e = packExpectation(r, pack, pools);
      const impossible = impossibleDraws(r, pack);
      const modifiers = impossible.length > 0 ? `none: the ruleset gives ${impossible.join(', ')}, not a chance` : formatNumber(e.modifiers);
      return [pack.name, pack.grants.map((g) => g.text).join('; '), formatNumber(e.cards), formatNumber(e.rareCards), modifiers];
    }),
  });
}

function shopTable(r: Cycle16Ruleset): string {
  const pools = cardPools(r);
  const discounts = r.scenarios.flatMap((s) => s.offers.map((offer) => ({ offer, where: `exploration scenario ${s.number}` })));
  const row = (item: ShopItem, where: string) => {
    const perCard = vertebraePerCard(r, item, pools);
    const sold = packSold(r, item);
    const cards = sold && packExpectation(r, sold.pack, pools).cards * sold.quantity;
    return [
      item.item,
      where,
      `${formatNumber(item.cost.amount)} ${isVertebrae(item.cost.unit) ? 'Vertebrae' : item.cost.unit}`,
      cards === undefined ? '-' : formatNumber(cards),
      item.cost.amount < 0 ? 'none: a price cannot be negative' : perCard === undefined ? '-' : formatNumber(perCard, 2),
    ];
  };
  return renderWikitable({
    caption: 'What a card costs: the price divided by the cards the pack holds. "-" where the item is not a card pack.',
    headers: ['Item', 'Sold at', 'Cost', 'Cards', 'Vertebrae per card'],
    rows: [...r.shop.map((item) => row(item, 'The Croupier')), ...discounts.map((d) => row(d.offer, d.where))],
  });
}

function explorationTable(r: Cycle16Ruleset): string {
  const rows = r.scenarios.flatMap((s) =>
    s.grants.flatMap((g) => {
      if (typeof g.amount === 'number') return [];
      const when = g.condition ?? (g.branch === undefined ? 'always' : `if ${g.branch}`);
      const expected = formatNumber(expectedRoll(g.amount));
      return [[String(s.number), g.amount.text, when, isVertebrae(g.item) ? 'Vertebrae' : g.item, expected]];
    }),
  );
  return renderWikitable({
    caption: 'Scenarios decided by dice: the mean of the roll (NdK averages N(K+1)/2), when its condition holds.',
    headers: ['Scenario', 'Dice', 'When', 'Gain', 'Expected amount'],
    rows,
  });
}
