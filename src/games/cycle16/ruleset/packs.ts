import { cellValue } from '../../../parse/document.ts';
import type { Collection, Cost, ModifierDraw, Pack, PackGrant, RandomCards, ShopItem } from './schema.ts';
import { at, tableWith, warn, type Extraction } from './extraction.ts';
import { COUNT, fraction, impossibleChance, normaliseUnit, parseChance, parseCount } from './text.ts';

// "3 random cards drawing modifiers from the Common (40% chance) and Rare (10% chance) collections",
// "2 random rare cards", "2 random cards with random modifiers from the Rare collection".
const GRANT = new RegExp(
  String.raw`\b(${COUNT})\s+random\s+(rare\s+)?cards?\b` +
    String.raw`(?:\s+drawing modifiers from the\s+(.+?)\s+collections?\b|\s+with (?:a )?random modifiers? from the\s+(.+?)\s+collections?\b)?`,
  'gi',
);

/** Packs are the rules saying "X is a card pack", or the subrules of "Card Packs". */
export function readPacks(x: Extraction, random: RandomCards, collections: readonly Collection[]): Pack[] {
  const { rules } = x.doc;
  const known = new Set(collections.map((c) => c.name.toLowerCase()));
  return rules.flatMap((rule) => {
    const parent = rule.parent === undefined ? undefined : rules[rule.parent];
    const isPack = /\bis a card pack\b/i.test(rule.text) || (parent !== undefined && /^card packs?$/i.test(parent.title));
    if (!isPack) return [];
    const where = { rule: rule.title, offset: rule.start };
    const clause = /\b(?:gains?|receives?|obtains?)\s+(.*?)(?:\.(?!\d)|$)/is.exec(rule.text)?.[1] ?? '';
    const grants: PackGrant[] = [...clause.matchAll(GRANT)].map((m) => {
      const listed = m[3] ?? m[4];
      const modifiers: ModifierDraw[] =
        m[3] !== undefined
          ? drawsFrom(m[3])
          : m[4] !== undefined
            ? drawsFrom(m[4]).map((d) => ({ ...d, chance: d.chance ?? fraction(1, 1, 'always') }))
            : random.defaultCollections.map((collection) => ({ collection, chance: null }));
      return { count: parseCount(m[1]!) ?? 1, rare: m[2] !== undefined, modifiers, defaultModifiers: listed === undefined, text: m[0] };
    });
    if (grants.length === 0) warn(x, `Pack "${rule.title}": its contents were not understood ("${clause || rule.text}")`, where);
    for (const draw of grants.flatMap((g) => g.modifiers)) {
      if (!known.has(draw.collection.toLowerCase())) {
        warn(x, `Pack "${rule.title}" draws from "${draw.collection}", which is not a modifier collection`, where);
      }
      const impossible = draw.chance && impossibleChance(`Pack "${rule.title}"'s draw from "${draw.collection}"`, draw.chance);
      if (impossible) warn(x, impossible, where);
    }
    return [{ name: rule.title, text: rule.text, grants }];
  });
}

/** "Common (40% chance) and Rare (10% chance)" → two draws; a name without a chance uses the table's. */
function drawsFrom(list: string): ModifierDraw[] {
  return list
    .split(/\s*(?:,|\band\b)\s*/i)
    .filter((part) => part !== '')
    .map((part) => {
      const m = /^['‘’"]?(.+?)['‘’"]?(?:\s*\(([^)]*?)(?:\s+chance)?\))?$/is.exec(part.trim())!;
      return { collection: m[1]!, chance: (m[2] === undefined ? undefined : parseChance(m[2])) ?? null };
    });
}

/** "50 Vertebrae", "12🝬", "1,000 Vb" → amount and unit; a unit must follow the number. "-5 Vb" is read, to be warned about. */
function parseCost(text: string): Cost | undefined {
  const m = /^([-−]?)\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([^\d,.].*)$/.exec(text.trim());
  if (!m) return undefined;
  return { amount: (m[1] ? -1 : 1) * Number(m[2]!.replace(/,/g, '')), unit: normaliseUnit(m[3]!) };
}

export function readShop(x: Extraction): ShopItem[] {
  const table = tableWith(x, 'shop', ['item', 'cost'], 'The Croupier');
  if (table === undefined) return [];
  return table.rows.flatMap((row) => {
    const item = cellValue(row, 'item');
    if (item === undefined) return [];
    const text = cellValue(row, 'cost') ?? '';
    const cost = parseCost(text);
    if (cost === undefined) {
      warn(x, `Shop item "${item}" has no readable cost: "${text}"`, at(table, row, 'cost'));
      return [];
    }
    if (cost.amount < 0) warn(x, `Shop item "${item}" costs ${text}; a price cannot be negative, so tables that use it show none`, at(table, row, 'cost'));
    return [{ item, cost }];
  });
}

/** "pay 6🝬 for a Handy Pack" → a purchase. */
export function readOffer(text: string): ShopItem | undefined {
  const m = /\bpay\s+(\d+(?:\.\d+)?)\s*(🝬|vb|vertebrae?)\s+for\s+(?:an?\s+)?(.+?)\.?$/i.exec(text);
  return m ? { item: m[3]!, cost: { amount: Number(m[1]), unit: normaliseUnit(m[2]!) } } : undefined;
}
