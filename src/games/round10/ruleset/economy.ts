import type { Rule } from '../../../parse/document.ts';
import { warn, type Extraction } from '../../shared/extraction.ts';
import { COUNT, parseCount, splitNames } from '../../shared/text.ts';
import type { CasinoTable, Constants, TrungTrade } from './schema.ts';

// The numbers the Auction Casino's sentences state: income, tax, wealth, participation, Star Price,
// victory, Studio and table limits. Each is read from its sentence, so a passed proposal that
// changes a number changes the data; a sentence that cannot be read is a warning, its value null.

function rule(x: Extraction, title: RegExp): Rule | undefined {
  return x.doc.rules.find((r) => title.test(r.title));
}

/** The first match of `re` in the rule titled `title` (else anywhere); a located warning when none. */
function sentence(x: Extraction, title: RegExp, re: RegExp, what: string): RegExpExecArray | undefined {
  const home = rule(x, title);
  const m = (home && re.exec(home.text)) ?? x.doc.rules.map((r) => re.exec(r.text)).find((r) => r !== null);
  if (!m) warn(x, `Cannot read ${what}`, home === undefined ? {} : { rule: home.title, offset: home.start });
  return m ?? undefined;
}

const n = (s: string | undefined): number => parseCount(s ?? '') ?? Number(s);

export function readConstants(x: Extraction): Constants {
  const income = sentence(
    x,
    /^phases$/i,
    /gains? a number of chips equal to (\d+) minus their tax value/i,
    'the weekly income ("gains a number of chips equal to 100 minus their tax value")',
  );
  const tax = sentence(
    x,
    /^phases$/i,
    /tax value is defined as 0, increased by (\d+) for every (\d+) wealth they have above (\d+), to a maximum value of (\d+)/i,
    'the tax ("increased by 5 for every 20 wealth they have above 300, to a maximum value of 100")',
  );
  const trung = sentence(x, /^phases$/i, /(\d+) per Trung they possess/i, 'the wealth of a Trung ("20 per Trung they possess")');
  const participation = readParticipation(x);
  const house = sentence(
    x,
    /auction house/i,
    /House Lots can contain only exactly (\S+) cards/i,
    'the size of a House Lot ("House Lots can contain only exactly 3 cards")',
  );
  const star = sentence(
    x,
    /^trung$/i,
    /rolling (\d*)d(\d+)\.?\s*The Star Price is the result of that roll plus (\d+)/i,
    'the Star Price ("rolling 1d6 … the result of that roll plus 4")',
  );
  const victory = sentence(x, /^victory$/i, /has (\d+) Gold Stars? in their possession/i, 'the victory threshold ("has 10 Gold Stars in their possession")');
  const studio = readStudio(x);
  const slotsCost = sentence(x, /^slots$/i, /put (\d+) chips? in the machine/i, 'the cost of the slots ("put 6 chips in the machine")');
  const standUp = sentence(
    x,
    /^tables$/i,
    /sitting at a table for more than (\d+) hours?, they automatically stand up/i,
    'the automatic stand-up ("more than 24 hours")',
  );
  const reputable = sentence(
    x,
    /^actions$/i,
    new RegExp(`reputable if they have continuously been a player for the last (${COUNT}) days`, 'i'),
    'reputability ("continuously been a player for the last seven days")',
  );
  const revelation = sentence(
    x,
    /secret information/i,
    new RegExp(`revelation date \\(by default (${COUNT}) days after the maturation date\\)`, 'i'),
    'the default revelation date ("three days after the maturation date")',
  );
  return {
    income: income ? Number(income[1]) : null,
    tax: tax ? { step: Number(tax[1]), per: Number(tax[2]), above: Number(tax[3]), max: Number(tax[4]) } : null,
    wealthPerTrung: trung ? Number(trung[1]) : null,
    participation,
    houseLotCards: house ? n(house[1]) : null,
    starPrice: star ? { count: star[1] === '' ? 1 : Number(star[1]), sides: Number(star[2]), offset: Number(star[3]) } : null,
    trungTrades: readTrungTrades(x),
    victoryGoldStars: victory ? Number(victory[1]) : null,
    studio,
    slotsCost: slotsCost ? Number(slotsCost[1]) : null,
    standUpHours: standUp ? Number(standUp[1]) : null,
    reputableDays: reputable ? n(reputable[1]) : null,
    revelationDays: revelation ? n(revelation[1]) : null,
  };
}

/** "whichever is higher: * 10 * 2 for every 3 players * 2 for every player that bid in the previous weekly Auction" */
function readParticipation(x: Extraction): Constants['participation'] {
  const home = rule(x, /^participation$/i);
  const text = home?.text ?? '';
  const minimum = /^\*\s*(\d+)\s*$/m.exec(text);
  const players = /^\*\s*(\d+) for every (\d+) players\b/im.exec(text);
  const bidders = /^\*\s*(\d+) for every player that bid\b/im.exec(text);
  if (!minimum || !players || !bidders) {
    warn(
      x,
      'Cannot read the Participation value (list items "10", "2 for every 3 players", "2 for every player that bid…")',
      home ? { rule: home.title, offset: home.start } : {},
    );
    return null;
  }
  return { minimum: Number(minimum[1]), perPlayers: { gain: Number(players[1]), per: Number(players[2]) }, perBidder: Number(bidders[1]) };
}

function readStudio(x: Extraction): Constants['studio'] {
  const price = sentence(x, /studio/i, /spend (\d+) chips to create a single Work of Art/i, 'the price of a Work of Art ("spend 50 chips")');
  const title = sentence(x, /studio/i, /Title for the Work of Art no more than (\d+) characters/i, 'the longest title of a Work of Art');
  const description = sentence(x, /studio/i, /Description of the Work of Art no more than (\d+) characters/i, 'the longest description of a Work of Art');
  const value = sentence(x, /studio/i, /then multiplying by (\d+)/i, 'the initial Value of a Work of Art ("then multiplying by 4")');
  if (!price || !title || !description || !value) return null;
  return { price: Number(price[1]), titleMax: Number(title[1]), descriptionMax: Number(description[1]), valueMultiplier: Number(value[1]) };
}

/** "* [Star Price] Trungs for 1 Gold Star", "* 2 Trungs for 1 Standard Proposal Maker" */
function readTrungTrades(x: Extraction): TrungTrade[] {
  const home = rule(x, /^trung$/i);
  const trades = [...(home?.text ?? '').matchAll(/^\*\s*(\[Star Price\]|\d+) Trungs? for (\d+) (.+?)\s*$/gim)].map((m) => ({
    price: m[1] === '[Star Price]' ? null : Number(m[1]),
    count: Number(m[2]),
    item: m[3]!.replace(/s$/, ''),
  }));
  if (trades.length === 0)
    warn(x, 'No Trung trades found (list items "2 Trungs for 1 Standard Proposal Maker")', home ? { rule: home.title, offset: home.start } : {});
  return trades;
}

/** Slots, War, the Studio: their access and "Available tables:" names. */
export function readCasinoTables(x: Extraction): CasinoTable[] {
  const tables = x.doc.rules.filter((r) => r.parent !== undefined && /^tables$/i.test(x.doc.rules[r.parent]!.title));
  const general = rule(x, /^tables$/i);
  const limitedDefault = /Limited Access Table at most (\S+) times? in a given week/i.exec(general?.text ?? '');
  return tables.map((r) => {
    const names = /Available tables?:\s*(.+)/i.exec(r.text);
    if (!names) warn(x, `The ${r.title} lists no tables ("Available tables: …")`, { rule: r.title, offset: r.start });
    const access = /\bLimitless Access Table\b/i.test(r.text) ? 'limitless' : /\bLimited Access Table\b/i.test(r.text) ? 'limited' : null;
    const own = /at most (\S+) times per week|sit down at (once) per week/i.exec(r.text);
    const perWeek = access !== 'limited' ? null : own ? n(own[1] ?? '1') : limitedDefault ? n(limitedDefault[1]) : null;
    return {
      kind: r.title.replace(/^the\s+/i, ''),
      access,
      perWeek: Number.isInteger(perWeek) ? perWeek : null,
      names: splitNames(names?.[1]).filter((s) => !/^the$/i.test(s)),
    };
  });
}
