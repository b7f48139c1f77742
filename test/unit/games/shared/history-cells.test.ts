// A History cell holding a long word (a commitment's 64 hex digits) may break anywhere, so the History fits the
// content's width at 1280 px (docs/gamestate-format.md, "Pages that fit"); its readers see the text as written.
import { describe, expect, test } from 'vitest';
import { HISTORY_COLUMNS, historyRowText } from '../../../../src/games/shared/history.ts';
import { normaliseHeader, readDocument } from '../../../../src/parse/document.ts';
import { commitmentsIn } from '../../../../src/jobs/referee-secrets.ts';

const HEADERS = HISTORY_COLUMNS.map(normaliseHeader);
const HEX = 'ab'.repeat(32);
const row = (change: string, reason: string) =>
  historyRowText({ time: '2026-11-16 00:00', phase: '4', event: 'Draws committed', player: '-', change, reason }, HEADERS);
const read = (rowText: string) =>
  readDocument(`{| class="wikitable"\n! Time (UTC) !! Phase !! Event !! Player !! Change !! Reason\n${rowText}|}\n`).tables[0]!.rows[0]!;

describe('History cells that fit the page', () => {
  test('a cell with a word of 24 characters or more may break anywhere; the other cells of its row are written plainly', () => {
    const text = row(`phase 4: commitment ${HEX}`, 'Secret Information: “…”');
    expect(text).toBe(
      `|-\n| 2026-11-16 00:00 || 4 || Draws committed || - || style="overflow-wrap:anywhere" | phase 4: commitment ${HEX} || Secret Information: “…”\n`,
    );
    expect(read(text).list.map((c) => c.text.trim())).toEqual([
      '2026-11-16 00:00',
      '4',
      'Draws committed',
      '-',
      `phase 4: commitment ${HEX}`,
      'Secret Information: “…”',
    ]);
    expect(commitmentsIn(text)).toEqual(new Map([[4, HEX]]));
  });

  test('a cell whose longest word has 23 characters is written plainly', () => {
    const word = 'x'.repeat(23);
    expect(row(word, 'r')).toBe(`|-\n| 2026-11-16 00:00 || 4 || Draws committed || - || ${word} || r\n`);
  });

  test('a long word that needs escaping (a pipe) still reads back as written', () => {
    const word = `a|${'b'.repeat(30)}`;
    expect(read(row(word, 'r')).cells.change!.text.trim()).toBe(word);
  });
});
