import type { Round10Ruleset } from '../ruleset/schema.ts';
import type { Gamestate, Items, Player } from '../gamestate/schema.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import { needed } from './common.ts';

// "The wealth value of an asset-owning entity is the sum of the following:
//  * The number of chips they possess
//  * 20 per Trung they possess
//  * For players, for each contract they are a part of, the wealth value of that contract divided by the number of parties to that contract
//  * The total wealth value of the items in Player Lots that were created by that player"
// "A player's tax value is defined as 0, increased by 5 for every 20 wealth they have above 300, to a maximum value of 100."
// Cards and Works of Art have no wealth value in the rules: they count for nothing.

export function itemsWealth(items: Pick<Items, 'chips' | 'trungs'>, ruleset: Round10Ruleset): number {
  return items.chips + needed(ruleset.constants.wealthPerTrung, 'the wealth of a Trung', ruleset) * items.trungs;
}

export interface Wealth {
  total: number;
  /** "400 chips + 3 Trungs × 20 + C1 70 / 2 + lots 40" */
  terms: string;
  /** The readings the total depends on (a contract share). */
  readings: string[];
}

export function wealthOf(p: Player, s: Gamestate, ruleset: Round10Ruleset, readings: ChosenReadings): Wealth {
  const perTrung = needed(ruleset.constants.wealthPerTrung, 'the wealth of a Trung', ruleset);
  let total = p.chips + perTrung * p.trungs;
  const terms = [`${p.chips} chips`, `${p.trungs} Trungs × ${perTrung}`];
  const used: string[] = [];
  for (const c of s.contracts.filter((c) => c.parties.includes(p.name))) {
    const whole = itemsWealth(c.items, ruleset);
    const exact = whole / c.parties.length;
    const share = readings.get('contract-share') === 'floor' ? Math.floor(exact) : exact;
    if (!Number.isInteger(exact)) used.push(readings.label('contract-share'));
    total += share;
    terms.push(`${c.id} ${whole} / ${c.parties.length}`);
  }
  const lots = s.lots.filter((l) => l.kind === 'Player' && l.creator === p.name).reduce((n, l) => n + itemsWealth(l.items, ruleset), 0);
  if (lots > 0) {
    total += lots;
    terms.push(`Player Lots ${lots}`);
  }
  return { total, terms: terms.join(' + '), readings: used };
}

export interface Tax {
  tax: number;
  arithmetic: string;
  readings: string[];
}

export function taxOf(wealth: number, ruleset: Round10Ruleset, readings: ChosenReadings): Tax {
  const t = needed(ruleset.constants.tax, 'the tax', ruleset);
  const above = Math.max(0, wealth - t.above);
  if (above === 0) return { tax: 0, arithmetic: `0 (wealth ${wealth} is not above ${t.above})`, readings: [] };
  const rounding = readings.get('tax-rounding');
  const steps = rounding === 'ceil' ? Math.ceil(above / t.per) : Math.floor(above / t.per);
  const tax = Math.min(t.max, t.step * steps);
  const op = rounding === 'ceil' ? '⌈' : '⌊';
  const cl = rounding === 'ceil' ? '⌉' : '⌋';
  return {
    tax,
    arithmetic: `min(${t.max}, ${t.step} × ${op}(${wealth} − ${t.above}) / ${t.per}${cl}) = ${tax}`,
    readings: above % t.per === 0 ? [] : [readings.label('tax-rounding')],
  };
}
