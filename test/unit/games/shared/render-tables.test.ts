// New rows appended to a Gamestate table from the page as read (appendTableRows), applied with the
// renderer's other edits of the same read: where they land, and what the page keeps around them.
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { tableEndMarker } from '../../../../src/games/shared/history.ts';
import { findStateTable } from '../../../../src/games/shared/read-tables.ts';
import { appendTableRows, applyEdits, tableEdits, type Edit } from '../../../../src/games/shared/render-tables.ts';
import { col, type TableSpec } from '../../../../src/games/shared/table-spec.ts';

interface Card {
  id: number;
  owner: string;
  species: string;
}

const cardsTable: TableSpec<Card> = {
  name: 'Cards',
  identify: ['ID', 'Species'],
  columns: [
    col<Card>(
      'ID',
      true,
      (t) => ({ id: Number(t) }),
      (c) => String(c.id),
    ),
    col<Card>(
      'Owner',
      true,
      (t) => ({ owner: t?.trim() ?? '' }),
      (c) => c.owner,
    ),
    col<Card>(
      'Species',
      true,
      (t) => ({ species: t?.trim() ?? '' }),
      (c) => c.species,
    ),
  ],
};

const CARDS = ['{| class="wikitable"', '! ID !! Owner !! Species', '|-', '| 1 || Alice || Ace', '|-', '| 2 || Bram || Two', '|}'].join('\n');
// A table that shares the ID column but is not the Cards table (the spec identifies by ID and Species).
const NOTES = ['{| class="wikitable"', '! ID !! Note', '|-', '| 9 || kept', '|}'].join('\n');
const three: Card = { id: 3, owner: 'Cosima', species: 'Three' };
const NEW_ROW = '|-\n| 3 || Cosima || Three\n';

/** The page with `rows` in `edits` of its read, applied alone or with the others given. */
function appended(text: string, cards: readonly Card[], others: (doc: ReturnType<typeof readDocument>, edits: Edit[]) => void = () => {}): string {
  const doc = readDocument(text, { page: 'Test/Gamestate' });
  const edits: Edit[] = [];
  others(doc, edits);
  appendTableRows(doc, cardsTable, cards, edits);
  return applyEdits(doc.text, edits);
}

/** Where the rows landed before: a second read of the rendered page, the rows put before its table's `|}`. */
function appendedAfterSecondRead(rendered: string, rows: string): string {
  const at = tableEndMarker(rendered, findStateTable(readDocument(rendered), cardsTable)!);
  return rendered.slice(0, at) + rows + rendered.slice(at);
}

describe('appendTableRows', () => {
  test("puts the new rows right before the Cards table's |}, not in another table, and leaves the prose after it as it was", () => {
    const page = `== Cards ==\n${CARDS}\nProse after the table.\n\n== Notes ==\n${NOTES}\n`;
    const expected = `== Cards ==\n${CARDS.replace('| 2 || Bram || Two\n|}', `| 2 || Bram || Two\n${NEW_ROW}|}`)}\nProse after the table.\n\n== Notes ==\n${NOTES}\n`;
    expect(appended(page, [three])).toBe(expected);
  });

  test('puts the rows in the Cards table when it comes after another table and ends the page without a newline', () => {
    const page = `${NOTES}\nBetween.\n${CARDS}`;
    expect(appended(page, [three, { id: 4, owner: 'Dara', species: 'Four' }])).toBe(
      `${NOTES}\nBetween.\n${CARDS.slice(0, -2)}${NEW_ROW}|-\n| 4 || Dara || Four\n|}`,
    );
  });

  test("with the renderer's edits of the same read (a cell rewritten, the last row cut out) the rows land after the rows as rewritten, where a second read put them", () => {
    const page = `Intro.\n${CARDS}\nAfter.`;
    // Card 2 is gone (its row is cut out), card 1 changed owner, card 3 is new.
    const rendered = (doc: ReturnType<typeof readDocument>, edits: Edit[]) =>
      tableEdits(doc, cardsTable, [{ id: 1, owner: 'Bram', species: 'Ace', row: 1 }], undefined, edits);
    const result = appended(page, [three], rendered);
    expect(result).toBe(`Intro.\n{| class="wikitable"\n! ID !! Owner !! Species\n|-\n| 1 || Bram || Ace\n${NEW_ROW}|}\nAfter.`);
    expect(result).toBe(appendedAfterSecondRead(appended(page, [], rendered), NEW_ROW));
  });

  test('adds nothing without new rows, and refuses a page without the table or a table without its |} end, naming the page and table', () => {
    expect(appended(CARDS, [])).toBe(CARDS);
    expect(() => appended(NOTES, [three])).toThrow('page "Test/Gamestate": no Cards table to add rows to');
    expect(() => appended(`${CARDS.slice(0, -2)}\n== Next ==\n`, [three])).toThrow(/page "Test\/Gamestate", table "Cards": the Cards table has no "\|}" end/);
  });
});
