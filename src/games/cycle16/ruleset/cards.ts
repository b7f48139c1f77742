import { cellValue, findTables, type Row, type Table, type WikiDocument } from '../../../parse/document.ts';
import { at, tableWith, warn, type Extraction } from '../../shared/extraction.ts';
import type { Card, CardType, CardValues, Collection, Modifier, RandomCards } from './schema.ts';
import { impossibleChance, nearestName, parseChance, parseInteger, splitNames } from '../../shared/text.ts';

const CARD_HEADERS = ['name', 'value', 'suit', 'colour', 'type'];

export function findCardTable(doc: WikiDocument): Table | undefined {
  return findTables(doc, { headers: CARD_HEADERS })[0];
}

export function readCards(x: Extraction): Card[] {
  const table = tableWith(x, 'card species', CARD_HEADERS, 'Cards');
  if (table === undefined) return [];
  const cards: Card[] = [];
  for (const row of table.rows) {
    const name = cellValue(row, 'name');
    if (name === undefined) {
      warn(x, `Row ${row.index} of the card table has no name`, at(table, row, 'name'));
      continue;
    }
    cards.push({
      name,
      values: readValues(x, table, row, name),
      suits: splitNames(cellValue(row, 'suit')),
      colours: splitNames(cellValue(row, 'colour')),
      types: splitNames(cellValue(row, 'type')),
      effect: cellValue(row, 'effect') ?? null,
    });
  }
  return cards;
}

function readValues(x: Extraction, table: Table, row: Row, name: string): CardValues {
  const text = cellValue(row, 'value');
  if (text === undefined) return [];
  if (/^all natural numbers$/i.test(text)) return { kind: 'allNaturals', text };
  const values: number[] = [];
  for (const part of text.split(/\s*(?:;|\/|\bor\b|\band\b|,(?!\d{3}\b))\s*/i)) {
    if (part === '' || /^[-–—]$/.test(part)) continue;
    const value = parseInteger(part);
    if (value === undefined) warn(x, `Card "${name}" has a value that is not a number: "${part}"`, at(table, row, 'value'));
    else values.push(value);
  }
  return values;
}

export function readModifiers(x: Extraction): Modifier[] {
  const table = tableWith(x, 'modifier', ['name', 'effect'], 'Modifiers', ['value', 'type']);
  return (table?.rows ?? []).flatMap((row) => {
    const name = cellValue(row, 'name');
    return name === undefined ? [] : [{ name, effect: cellValue(row, 'effect') ?? null }];
  });
}

export function readTypes(x: Extraction): CardType[] {
  const table = tableWith(x, 'card type', ['type', 'effect'], 'Types', ['name']);
  return (table?.rows ?? []).flatMap((row) => {
    const name = cellValue(row, 'type');
    return name === undefined ? [] : [{ name, effect: cellValue(row, 'effect') ?? null }];
  });
}

/** "gold plat": a name's words without their endings, to tell an inflection ("Plated", "Plating") from another word. */
function stem(name: string): string {
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/(?:ing|ed|es|s)$/, ''))
    .join(' ');
}

/**
 * The one modifier a collection's element means when it is not a modifier's name but differs from
 * exactly one only in word endings (the Rare collection's "Gold Plated" for "Gold Plating").
 */
function meantModifier(element: string, modifiers: readonly Modifier[]): Modifier | undefined {
  const same = modifiers.filter((m) => stem(m.name) === stem(element));
  return same.length === 1 ? same[0] : undefined;
}

/**
 * The modifier collections. An element that names no modifier is warned about; one that clearly
 * means a modifier (meantModifier) is read as it, and that modifier records the spelling
 * (`alsoWritten`), so a Gamestate written the way the Ruleset writes it is read too.
 */
export function readCollections(x: Extraction, modifiers: Modifier[]): Collection[] {
  const table = tableWith(x, 'modifier collection', ['collection', 'elements'], 'Random Cards');
  if (table === undefined) return [];
  const known = new Set(modifiers.map((m) => m.name.toLowerCase()));
  const names = modifiers.map((m) => m.name);
  return table.rows.flatMap((row) => {
    const name = cellValue(row, 'collection');
    if (name === undefined) return [];
    const written = (cellValue(row, 'elements') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const elements = written.map((element) => (known.has(element.toLowerCase()) ? element : (meantModifier(element, modifiers)?.name ?? element)));
    for (const element of new Set(written)) {
      if (known.has(element.toLowerCase())) continue;
      const meant = meantModifier(element, modifiers);
      const near = meant?.name ?? nearestName(element, names);
      if (meant !== undefined && !(meant.alsoWritten ?? []).includes(element)) meant.alsoWritten = [...(meant.alsoWritten ?? []), element];
      warn(
        x,
        `Collection "${name}" lists "${element}", which is not a modifier` +
          (near ? ` (did you mean "${near}"?)` : '') +
          (meant ? `; read as "${meant.name}", the one modifier it differs from only in word endings` : ''),
        at(table, row, 'elements'),
      );
    }
    const chanceText = cellValue(row, 'chance');
    const chance = chanceText === undefined ? undefined : parseChance(chanceText);
    if (chance === undefined) {
      warn(x, `Collection "${name}" has no readable chance: "${chanceText ?? ''}"`, at(table, row, 'chance'));
    }
    const impossible = chance && impossibleChance(`Collection "${name}"`, chance);
    if (impossible) warn(x, impossible, at(table, row, 'chance'));
    return [{ name, elements, chance: chance ?? null }];
  });
}

/** "Red and Black are opposites." — from any list item saying so. */
export function readColourOpposites(x: Extraction): [string, string][] {
  const pairs: [string, string][] = [];
  const visit = (items: WikiDocument['lists'][number]['items']): void => {
    for (const item of items) {
      const m = /^(.+?) and (.+?) are (?:each other's )?opposites?\b/i.exec(item.text);
      if (m) pairs.push([m[1]!.trim(), m[2]!.trim()]);
      visit(item.children);
    }
  };
  for (const list of x.doc.lists) visit(list.items);
  if (pairs.length === 0) warn(x, 'No colour opposites found (list items "X and Y are opposites.")');
  return pairs;
}

/** The "Random Cards" rule: default collections, excluded types, colour/suit fillers. */
export function readRandomCards(x: Extraction): RandomCards {
  const rule = x.doc.rules.find((r) => /^random cards?$/i.test(r.title));
  const text = rule?.text ?? '';
  if (rule === undefined) warn(x, 'No "Random Cards" rule found: random cards get no default collections');
  const quoted = (s: string | undefined) => [...(s ?? '').matchAll(/['‘’"]([^'‘’"]+)['‘’"]/g)].map((m) => m[1]!);
  const defaultCollections = quoted(/modifier collections are ([^.]*)/i.exec(text)?.[1]);
  const excludedTypes = quoted(/except (?:those|cards) with the ([^.]*?) types?\b/i.exec(text)?.[1]);
  const fillers = [...text.matchAll(/without an? (colou?r|suit), grant it a random modifier from the ['‘’"]([^'‘’"]+)['‘’"] collection/gi)].map((m) => ({
    missing: m[1]!.toLowerCase().startsWith('col') ? ('colour' as const) : ('suit' as const),
    collection: m[2]!,
  }));
  return { defaultCollections, excludedTypes, fillers };
}
