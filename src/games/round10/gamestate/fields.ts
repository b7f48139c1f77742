import { FieldError, readList, writeList } from '../../shared/fields.ts';
import { NONE } from '../../shared/history.ts';
import type { CardRef, Items } from './schema.ts';

// Round 10's own kinds of cell: cards, items, weekly table use. Readers take a cell's plain text
// (undefined for empty or "-") and throw FieldError; writers give the canonical text.

/** "King of Spades", "Wheel of Fortune of Arcana": the suit follows the last " of " (ranks may contain one). */
export function readCard(text: string): CardRef {
  const at = text.lastIndexOf(' of ');
  if (at <= 0) throw new FieldError(`"${text}" is not a card; write "<rank> of <suit>", e.g. "King of Spades"`);
  return { rank: text.slice(0, at).trim(), suit: text.slice(at + 4).trim() };
}

export function writeCard(c: CardRef): string {
  return `${c.rank} of ${c.suit}`;
}

const MULTIPLE = /^(\d+)\s*[×x]\s*(.+)$/;

/** "Ace of Hearts, 2× King of Spades" → three cards. */
export function readCards(text: string | undefined): CardRef[] {
  return readList(text).flatMap((entry) => {
    const m = MULTIPLE.exec(entry);
    const n = m ? Number(m[1]) : 1;
    const card = readCard(m ? m[2]! : entry);
    return Array.from({ length: n }, () => ({ ...card }));
  });
}

/** Cards grouped: "2× King of Spades" for two of the same (cards of one rank and suit are fungible). */
export function writeCards(cards: readonly CardRef[]): string {
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(writeCard(c), (counts.get(writeCard(c)) ?? 0) + 1);
  return writeList([...counts].map(([card, n]) => (n === 1 ? card : `${n}× ${card}`)));
}

/** "20 Chips, 2 Trungs, Ace of Hearts, W1" */
export function readItems(text: string | undefined): Items {
  const items: Items = { chips: 0, trungs: 0, cards: [], works: [] };
  for (const entry of readList(text)) {
    const m = /^(\d+)\s+(chips?|trungs?)$/i.exec(entry);
    if (m) {
      if (/^chip/i.test(m[2]!)) items.chips += Number(m[1]);
      else items.trungs += Number(m[1]);
    } else if (/^W\d+$/.test(entry)) items.works.push(entry);
    else items.cards.push(...readCards(entry));
  }
  return items;
}

export function writeItems(items: Items): string {
  const parts: string[] = [];
  if (items.chips > 0) parts.push(`${items.chips} Chips`);
  if (items.trungs > 0) parts.push(`${items.trungs} Trungs`);
  if (items.cards.length > 0) parts.push(writeCards(items.cards));
  parts.push(...items.works);
  return parts.length === 0 ? NONE : parts.join(', ');
}

export function isEmpty(items: Items): boolean {
  return items.chips === 0 && items.trungs === 0 && items.cards.length === 0 && items.works.length === 0;
}

/** "Slots 2, Studio 1" */
export function readLimited(text: string | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of readList(text)) {
    const m = /^(.+?)\s+(\d+)$/.exec(entry);
    if (!m) throw new FieldError(`"${entry}" is not "<table> <times>", e.g. "Slots 2"`);
    out[m[1]!] = (out[m[1]!] ?? 0) + Number(m[2]);
  }
  return out;
}

export function writeLimited(used: Record<string, number>): string {
  return writeList(
    Object.entries(used)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`),
  );
}

/** A wealth with a fraction (a contract share) is written with up to 2 decimals. */
export function writeWealth(w: number): string {
  return Number.isInteger(w) ? String(w) : String(Math.round(w * 100) / 100);
}

export function readWealth(text: string | undefined): number {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new FieldError(`"${text}" is not a wealth`);
  return n;
}
