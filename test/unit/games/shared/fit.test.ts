// The bot's scrolling box around each table it writes cells of (src/games/shared/fit.ts), and the places to break a
// long run of letters and digits it writes into a cell (writtenCell): docs/gamestate-format.md, "Pages that fit".
import { describe, expect, test } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { advance } from '../../../../src/games/round10/engine.ts';
import { readGamestate } from '../../../../src/games/round10/gamestate/read.ts';
import { renderGamestate } from '../../../../src/games/round10/gamestate/render.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { FIT_CLOSE, fitEdits, fitOpen, WIDE } from '../../../../src/games/shared/fit.ts';
import { writtenCell } from '../../../../src/games/shared/history.ts';
import { applyEdits, type Edit } from '../../../../src/games/shared/render-tables.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { unboxed } from '../../helpers/wikitext.ts';

const TITLE = 'Round 10/Gamestate';
const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const PAGE = fixture('round10', 'gamestate');

/** The page with the boxes fitEdits adds around all its tables. */
function fitted(text: string): string {
  const edits: Edit[] = [];
  fitEdits(text, readDocument(text).tables, edits);
  return applyEdits(text, edits);
}

/** The lines around each table of the page: the one before its `{|` line and the one after its `|}` line. */
function around(text: string): [string, string][] {
  const lines = text.split('\n');
  return readDocument(text).tables.map((t) => {
    const first = text.slice(0, t.start).split('\n').length - 1;
    const last = text.slice(0, t.end).split('\n').length - 1;
    return [lines[first - 1]!, lines[last + 1]!];
  });
}

describe('the box around each table the bot writes cells of', () => {
  test('a run that writes History rows boxes every table of the page it declares, and the History; every line people wrote stays, and the page reads as before', () => {
    const state = readGamestate(PAGE, TITLE, ruleset);
    const run = advance(ruleset, state, { now: new Date('2026-11-15T12:00Z') });
    expect(run.changes.length).toBeGreaterThan(0);
    const out = renderGamestate(PAGE, run.state, run.changes);
    // The lines that open each table and its header row, as people wrote them, stay byte for byte.
    for (const t of readDocument(PAGE).tables) expect(out).toContain(`\n${PAGE.slice(t.start, t.rows[0]?.start ?? t.end)}`);
    // The Round, Players, Contracts, Lots, Secret actions, Works of Art, Judge candidacies and History tables: all but the standings.
    const doc = readDocument(out);
    const boxes = around(out);
    const tables = doc.tables.map((t, i) => ({ first: t.labels[0], before: boxes[i]![0], after: boxes[i]![1] }));
    expect(tables.filter((t) => t.before.startsWith('<div class="croupier-fit"')).map((t) => t.first)).toEqual([
      'Round start (UTC)',
      'Player',
      'Contract',
      'Lot',
      'Action',
      'Work',
      'Candidate',
      'Time (UTC)',
    ]);
    // Each box closes right after its table; the Round (10 columns), Players (15) and Secret actions (10) tables are shown smaller.
    for (const t of tables.filter((x) => x.before.startsWith('<div class="croupier-fit"'))) expect(t.after).toBe(FIT_CLOSE);
    expect(tables.filter((t) => t.before === fitOpen(WIDE)).map((t) => t.first)).toEqual(['Round start (UTC)', 'Player', 'Action']);
    expect(readGamestate(unboxed(out), TITLE, ruleset)).toEqual(readGamestate(out, TITLE, ruleset));
  });

  test('a page already boxed gets no second box: the next run at the same instant leaves the page as it is', () => {
    const first = advance(ruleset, readGamestate(PAGE, TITLE, ruleset), { now: new Date('2026-11-15T12:00Z') });
    const out = renderGamestate(PAGE, first.state, first.changes);
    const again = advance(ruleset, readGamestate(out, TITLE, ruleset), { now: new Date('2026-11-15T12:00Z') });
    expect(again.changes).toEqual([]);
    expect(renderGamestate(out, again.state, again.changes)).toBe(out);
  });

  test('a page with nothing to record gets no box (no edit for the boxes alone)', () => {
    const first = advance(ruleset, readGamestate(PAGE, TITLE, ruleset), { now: new Date('2026-11-15T12:00Z') });
    const bare = unboxed(renderGamestate(PAGE, first.state, first.changes));
    const again = advance(ruleset, readGamestate(bare, TITLE, ruleset), { now: new Date('2026-11-15T12:00Z') });
    expect(again.changes).toEqual([]);
    expect(renderGamestate(bare, again.state, again.changes)).toBe(bare);
  });

  test('a box removed by hand is added again; one whose first line was changed, or whose table grew to WIDE columns, gets its first line written again', () => {
    const table = ['{| class="wikitable"', '! A !! B', '|-', '| 1 || 2', '|}'].join('\n');
    const page = `Intro.\n${table}\nOutro.`;
    const boxed = fitted(page);
    expect(boxed).toBe(`Intro.\n${fitOpen(2)}\n${table}\n${FIT_CLOSE}\nOutro.`);
    expect(fitted(boxed)).toBe(boxed);
    expect(fitted(boxed.replace('overflow-x:auto', 'overflow-x:scroll'))).toBe(boxed);
    const labels = Array.from({ length: WIDE }, (_, i) => `C${i}`);
    const wide = `${fitOpen(2)}\n{| class="wikitable"\n! ${labels.join(' !! ')}\n|}\n${FIT_CLOSE}`;
    expect(fitted(wide)).toBe(wide.replace(fitOpen(2), fitOpen(WIDE)));
    expect(fitOpen(WIDE)).toContain('font-size:85%');
    expect(fitOpen(WIDE - 1)).not.toContain('font-size');
  });

  test('a table whose `|}` line holds more (a comment) keeps that line whole; the box closes after it', () => {
    const page = '{| class="wikitable"\n! A\n|-\n| 1\n|} <!-- kept -->\nOutro.';
    expect(fitted(page)).toBe(`${fitOpen(1)}\n{| class="wikitable"\n! A\n|-\n| 1\n|} <!-- kept -->\n${FIT_CLOSE}\nOutro.`);
  });
});

describe('a long run of letters and digits the bot writes into a cell', () => {
  const HASH = '0b1624fedda58e80121d73bec73702ffd03cc60585d9e0667346d35dd8d60ddf';
  test('gets a place to break every 8 characters, and reads back as written', () => {
    const text = `the revealed text does not match the posted hash (SHA-256 of the text: ${HASH})`;
    const cell = writtenCell(text);
    expect(cell).toContain(HASH.match(/.{8}/g)!.join('<wbr>'));
    expect(cell.replaceAll('<wbr>', '')).toBe(text);
    const doc = readDocument(`{| class="wikitable"\n! Result\n|-\n| ${cell}\n|}`);
    expect(doc.tables[0]!.rows[0]!.list[0]!.text).toBe(text);
  });

  test('a cell without one is written as before', () => {
    expect(writtenCell('score 2692')).toBe('score 2692');
    expect(writtenCell('-', '|')).toBe(' -');
  });
});
