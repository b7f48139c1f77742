import { cellValue, findTables, type Table } from '../../../parse/document.ts';
import { at, tableWith, warn, type Extraction } from '../../shared/extraction.ts';
import { parseInteger, splitNames } from '../../shared/text.ts';
import type { Archetype, Fortune, Multiplier, MultiplierValue, Prize, ProposalMaker, Suit, SuitGroup } from './schema.ts';

// The cards of the Auction Casino: traditions, colours, suits, ranks, hand multipliers, prizes, fortunes.

/** "Traditions" / "Colors": suit lists by group name; a suit listed in two groups is warned about. */
export function readSuitGroups(x: Extraction, what: 'tradition' | 'color'): SuitGroup[] {
  const table = tableWith(x, `${what}s`, ['suits', what], 'Cards');
  if (table === undefined) return [];
  const groups = table.rows.map((row) => ({ name: cellValue(row, what) ?? '', suits: splitNames(cellValue(row, 'suits')) }));
  const seen = new Map<string, string>();
  table.rows.forEach((row, i) => {
    for (const suit of groups[i]!.suits) {
      const other = seen.get(suit);
      if (other !== undefined)
        warn(
          x,
          `The suit ${suit} is listed in two ${what}s, ${other} and ${groups[i]!.name}: a hand of its suits may qualify through either`,
          at(table, row, 'suits'),
        );
      else seen.set(suit, groups[i]!.name);
    }
  });
  return groups;
}

/** The dN column of the Suits table ("d13"): a proposal may add a suit and change the die. */
function dieColumn(table: Table): string | undefined {
  return table.headers.find((h) => /^d\d+$/.test(h));
}

export function readSuits(x: Extraction): Suit[] {
  const table = tableWith(x, 'suits', ['suit', 'archetype'], 'Cards');
  if (table === undefined) return [];
  const die = dieColumn(table);
  if (die === undefined) warn(x, 'The Suits table has no die column (such as "d13")', at(table));
  const suits: Suit[] = [];
  for (const row of table.rows) {
    const roll = die === undefined ? undefined : parseInteger(cellValue(row, die) ?? '');
    const name = cellValue(row, 'suit');
    const archetype = cellValue(row, 'archetype');
    if (roll === undefined || roll < 1 || name === undefined || archetype === undefined) {
      warn(x, 'A Suits row needs a roll, a suit and an archetype', at(table, row));
      continue;
    }
    suits.push({ roll, name, archetype });
  }
  const sides = Number(die?.slice(1));
  const highest = Math.max(0, ...suits.map((s) => s.roll));
  if (die !== undefined && highest !== sides) {
    warn(
      x,
      `The Suits table's die is a ${die} but its highest roll is ${highest} ("N is the highest number associated with any suit"): draws use d${highest}`,
      at(table, undefined, die),
    );
  }
  return suits;
}

/** The Ranks table: one column per archetype, its "Max" row the die rolled for it (not a rank). */
export function readRanks(x: Extraction, suits: readonly Suit[]): Archetype[] {
  const table = tableWith(x, 'ranks', ['roll'], 'Cards', ['value']);
  if (table === undefined) return [];
  const columns = table.headers.filter((h) => h !== 'roll');
  const maxRow = table.rows.find((r) => /^max$/i.test(cellValue(r, 'roll') ?? ''));
  if (maxRow === undefined) warn(x, 'The Ranks table has no "Max" row: the die for each archetype is unknown', at(table));
  const archetypes = columns.map((key, _i) => {
    const label = table.labels[table.headers.indexOf(key)] ?? key;
    const ranks: string[] = [];
    for (const row of table.rows) {
      if (row === maxRow) continue;
      const roll = parseInteger(cellValue(row, 'roll') ?? '');
      const rank = cellValue(row, key);
      if (roll === undefined) {
        warn(x, `A Ranks row's roll "${cellValue(row, 'roll') ?? ''}" is not a number`, at(table, row, 'roll'));
        continue;
      }
      if (rank !== undefined) ranks[roll - 1] = rank;
    }
    const max = parseInteger(maxRow === undefined ? '' : (cellValue(maxRow, key) ?? '')) ?? ranks.length;
    const named = ranks.filter((r) => r !== undefined).length;
    if (named !== max || ranks.length !== max) {
      warn(
        x,
        `The ${label} archetype's Max is ${max} but rolls 1 to ${ranks.length} name ${named} ranks: a roll with no rank cannot be drawn`,
        at(table, maxRow, key),
      );
    }
    return { name: label, max, ranks: Array.from({ length: Math.max(max, ranks.length) }, (_, j) => ranks[j] ?? '') };
  });
  for (const s of suits) {
    if (!archetypes.some((a) => a.name.toLowerCase() === s.archetype.toLowerCase())) {
      warn(x, `The suit ${s.name} has the archetype ${s.archetype}, which the Ranks table has no column for`, { rule: table.rule, table: 'Ranks' });
    }
  }
  return archetypes;
}

const VARIABLE = /\b[a-z]\b/g;

export function readMultiplierValue(text: string): MultiplierValue | undefined {
  const n = Number(text.trim());
  if (text.trim() !== '' && Number.isFinite(n)) return { kind: 'number', value: n };
  if (!/^[a-z\d\s+×*()·-]+$/.test(text.trim())) return undefined;
  return { kind: 'formula', text: text.trim(), variables: [...new Set(text.match(VARIABLE) ?? [])] };
}

export function readMultipliers(x: Extraction): Multiplier[] {
  const table = tableWith(x, 'multipliers', ['name', 'conditions', 'value'], 'Scoring');
  if (table === undefined) return [];
  return table.rows.flatMap((row) => {
    const name = cellValue(row, 'name');
    const condition = cellValue(row, 'conditions') ?? '';
    const value = readMultiplierValue(cellValue(row, 'value') ?? '');
    if (name === undefined || value === undefined) {
      warn(
        x,
        `The multiplier row needs a name and a value (a number or a formula such as "x + y"); "${cellValue(row, 'value') ?? ''}" is neither`,
        at(table, row, 'value'),
      );
      return [];
    }
    if (value.kind === 'formula') {
      const unknown = value.variables.filter((v) => v !== 'h' && v !== 'c' && !new RegExp(`\\b${v}\\b`).test(condition));
      if (unknown.length > 0)
        warn(x, `The multiplier ${name}'s value ${value.text} uses ${unknown.join(', ')}, which its conditions do not define`, at(table, row, 'value'));
    }
    return [{ name, condition, value, location: { page: x.doc.page, ...at(table, row) } }];
  });
}

const PART = /(\d+)\s+(trungs?|standard proposal[- ]makers?|chips?)\b/gi;

/** "5 Trungs, 1 Standard Proposal Maker, and 35 chips"; "20 Chips and the cards the player revealed…". */
export function readPrizes(x: Extraction): Prize[] {
  const table = tableWith(x, 'prizes', ['placement', 'prizes'], 'Prizes');
  if (table === undefined) return [];
  const prizes: Prize[] = [];
  for (const row of table.rows) {
    const placement = cellValue(row, 'placement') ?? '';
    const text = cellValue(row, 'prizes') ?? '';
    const m = /^(\d+)(?:\s*(?:-|–|to)\s*(\d+)|\s+or\s+(above|more|higher|below|lower))?$/i.exec(placement.trim());
    if (!m) {
      warn(x, `The placement "${placement}" is not a number, a range or "N or above"`, at(table, row, 'placement'));
      continue;
    }
    const from = Number(m[1]);
    const prize: Prize = {
      from,
      to: m[3] !== undefined ? null : m[2] !== undefined ? Number(m[2]) : from,
      trungs: 0,
      proposalMakers: 0,
      chips: 0,
      revealedCards: /\bcards? the player revealed\b/i.test(text),
      text,
      location: { page: x.doc.page, ...at(table, row, 'prizes') },
    };
    let found = prize.revealedCards;
    for (const part of text.matchAll(PART)) {
      found = true;
      const n = Number(part[1]);
      const unit = part[2]!.toLowerCase();
      if (unit.startsWith('trung')) prize.trungs += n;
      else if (unit.startsWith('chip')) prize.chips += n;
      else prize.proposalMakers += n;
    }
    if (!found && text !== '') warn(x, `The prize "${text}" names no Trungs, Standard Proposal Makers, Chips or revealed cards`, at(table, row, 'prizes'));
    prizes.push(prize);
  }
  prizes.forEach((p, i) => {
    const next = prizes[i + 1];
    if (next !== undefined && (p.to === null || next.from !== p.to + 1))
      warn(x, `The placements ${p.from} and ${next.from} leave a gap or overlap`, (({ page: _page, ...where }) => where)(p.location));
  });
  if (prizes.length > 0 && prizes.at(-1)!.to !== null) warn(x, `No prize for placements after ${prizes.at(-1)!.to}`, at(table));
  return prizes;
}

export function readFortunes(x: Extraction, ranks: readonly Archetype[]): Fortune[] {
  const table = tableWith(x, 'fortunes', ['name', 'conditions', 'effect'], 'Fortunes');
  if (table === undefined) return [];
  const known = new Set(ranks.flatMap((a) => a.ranks));
  return table.rows.map((row) => {
    const condition = cellValue(row, 'conditions') ?? '';
    const rank = /card of the '([^']+)' rank/i.exec(condition)?.[1] ?? null;
    if (rank === null) warn(x, 'The fortune names no rank ("at least one card of the \'…\' rank")', at(table, row, 'conditions'));
    else if (!known.has(rank)) warn(x, `The fortune names the rank "${rank}", which the Ranks table does not have`, at(table, row, 'conditions'));
    return { name: cellValue(row, 'name') ?? '', condition, rank, effect: cellValue(row, 'effect') ?? '' };
  });
}

export function readProposalMakers(x: Extraction): ProposalMaker[] {
  const table = findTables(x.doc, { headers: ['proposal-maker', 'effect'] })[0];
  if (table === undefined) {
    warn(x, 'No Proposal-Makers table found (columns Proposal-Maker, Effect)');
    return [];
  }
  return table.rows.map((row) => ({ name: cellValue(row, 'proposal-maker') ?? '', effect: cellValue(row, 'effect') ?? '' }));
}
