// Issue 16 §1: "for any string … writing it into a cell and reading the page back gives the same
// string, and the table keeps its shape." Thousands of seeded strings per run (test/unit/helpers/
// random-text.ts); a failure names its seed and its string.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { markLine, pendingRequests } from '../../../src/cron/requests.ts';
import { renderStatus } from '../../../src/cron/status-page.ts';
import { GameRecord } from '../../../src/cron/store.ts';
import { readGamestate } from '../../../src/games/cycle16/gamestate/read.ts';
import { renderGamestate } from '../../../src/games/cycle16/gamestate/render.ts';
import { cellWikitext, historyRowsText, HISTORY_COLUMNS } from '../../../src/games/shared/history.ts';
import { readCycle16Ruleset } from '../../../src/games/cycle16/ruleset/read.ts';
import { renderWikitable } from '../../../src/games/shared/wikitable.ts';
import { isBlank, normaliseHeader, readDocument } from '../../../src/parse/document.ts';
import { escapeCharacters, escapeWikitext, PLAIN } from '../../../src/parse/escape.ts';
import { Random } from '../helpers/random-text.ts';
import { replaceOnce } from '../helpers/wikitext.ts';
import { cycle16Engine } from '../../../src/games/cycle16/index.ts';

const RULESET_TEXT = readFileSync(new URL('../../../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8');
const GAMESTATE_TEXT = readFileSync(new URL('../../../fixtures/cycle16/gamestate.wikitext', import.meta.url), 'utf8');
const ruleset = readCycle16Ruleset(readDocument(RULESET_TEXT));
/** Thousands of parses: minutes on a loaded two-core machine, seconds on an idle one. */
const SLOW = 300_000;

/** Runs `check` on `n` seeded cases; a failure says which seed and which strings to replay. */
function forSeeds(n: number, first: number, check: (r: Random) => void): void {
  for (let seed = first; seed < first + n; seed++) {
    try {
      check(new Random(seed));
    } catch (err) {
      const replay = new Random(seed);
      throw new Error(`seed ${seed} (first string ${JSON.stringify(replay.text())}): ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

describe('escapeWikitext: any string written into wikitext reads back as itself', () => {
  test(
    'in a table cell, inline or one cell per line, and in a header cell, the table keeps its shape',
    () => {
      // 300 pages of 12 strings each: 3,600 strings, in every place a cell can sit.
      forSeeds(300, 1, (r) => {
        const [h, ...cells] = Array.from({ length: 12 }, () => r.text());
        const rows = [cells.slice(0, 4), cells.slice(4, 8), cells.slice(8, 11)].map((row) => row.map((t) => [t, escapeWikitext(t)] as const));
        const inline = (row: (typeof rows)[number]) => `|-\n| ${row.map(([, w]) => w).join(' || ')}`;
        // One cell a line, each right after its `|`, as the Gamestate writer replaces them ("-" for an empty one).
        const perLine = (row: (typeof rows)[number]) => `|-\n${row.map(([t]) => `|${cellWikitext(t, '|')}`).join('\n')}`;
        const doc = readDocument(
          `== Before ==\n{| class="wikitable"\n! ${escapeWikitext(h!)} !! B !! C !! D\n${inline(rows[0]!)}\n${perLine(rows[1]!)}\n${inline(rows[2]!)} || x\n|}\n== After ==\ntail\n`,
        );
        expect(doc.tables).toHaveLength(1);
        expect(doc.rules.map((x) => x.title)).toEqual(['Before', 'After']);
        expect(doc.warnings).toEqual([]);
        const t = doc.tables[0]!;
        expect(t.labels).toEqual([h, 'B', 'C', 'D']);
        const [inline1, perLine2, inline3] = rows.map((row) => row.map(([t]) => t));
        expect(t.rows.map((row) => row.list.map((c) => c.text))).toEqual([inline1, perLine2!.map((s) => s || '-'), [...inline3!, 'x']]);
      });
    },
    SLOW,
  );

  test(
    'what it writes is what MediaWiki stores: no control character, no signature, already in NFC, one line',
    () => {
      forSeeds(3000, 10_000, (r) => {
        const w = escapeWikitext(r.text());
        expect(w).not.toMatch(/[\0-\x1f\x7f-\x9f\ufffe\uffff\u2028\u2029]|~~~|\{\{|\[\[|<|__|''/);
        expect(w.normalize('NFC')).toBe(w);
        expect(w.trim()).toBe(w);
      });
    },
    SLOW,
  );

  test('each hostile fragment of the issue, alone and around a word', () => {
    const hostile = [
      '|',
      '||',
      '!',
      '!!',
      '{{',
      '}}',
      '[[',
      ']]',
      '<!--',
      '-->',
      '<nowiki>',
      '</nowiki>',
      '<',
      '&',
      '~~~~',
      '__NOTOC__',
      '----',
      '*x',
      '#x',
      ':x',
      ';x',
      '=x=',
      ' x',
      'a\nb',
      '\0',
      '\x01',
      'A|b}}[[c]]<!--d&lt;e~~~~',
      '&#126;&#126;&#126;&#126;',
      '&lt;/table&gt;',
    ];
    for (const s of hostile) {
      for (const text of [s, `a${s}b`]) {
        const cell = readDocument(`{|\n! A !! B\n|-\n| ${escapeWikitext(text)} || x\n|}`).tables[0]!.rows[0]!.list.map((c) => c.text);
        expect(cell, JSON.stringify(text)).toEqual([text, 'x']);
      }
    }
  });

  test('plain words are written as they are', () => {
    expect(escapeWikitext("Croupier's 12🝬 Pack: Eun-ji, Zoë (3) — 50%")).toBe("Croupier's 12🝬 Pack: Eun-ji, Zoë (3) — 50%");
  });
});

describe('plain text is written as it is without being taken apart (the fast path)', () => {
  // Every BMP character PLAIN lets through after a letter: the alphabet of the fast path.
  const alphabet = Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i)).filter((c) => PLAIN.test(`a${c}`));

  test('the fast path holds letters, digits, most punctuation and the arrows and quotes the bot writes, and nothing that starts markup', () => {
    expect(alphabet.length).toBeGreaterThan(600);
    for (const c of ['a', 'Z', '0', '(', ')', ',', '.', '-', '+', '=', ':', '“', '”', '→', '−', '×', 'é']) expect(alphabet).toContain(c);
    for (const c of ['&', '<', '>', '[', ']', '{', '}', '|', "'", '!', '_', '~', ' ', '\t', '\u00a0', '\u0301', '\u212b', '\ud800'])
      expect(alphabet).not.toContain(c);
  });

  test('each of its characters alone, and each pair of them it lets through, with and without a space between, come out of escapeCharacters unchanged', () => {
    for (const c of alphabet) expect(escapeCharacters(c) === c, JSON.stringify(c)).toBe(PLAIN.test(c));
    for (const a of alphabet) {
      for (const b of alphabet) {
        if (PLAIN.test(a + b) && escapeCharacters(a + b) !== a + b) expect.fail(`${JSON.stringify(a + b)} is escaped as ${escapeCharacters(a + b)}`);
      }
      const spaced = `${a} ${alphabet[a.charCodeAt(0) % alphabet.length]}`;
      if (PLAIN.test(spaced) && escapeCharacters(spaced) !== spaced) expect.fail(`${JSON.stringify(spaced)} is escaped`);
    }
  });

  test('seeded random strings: escapeWikitext gives what escapeCharacters gives, plain or not', () => {
    forSeeds(2000, 1, (r) => {
      const text = r.int(0, 1) === 0 ? r.text() : Array.from({ length: r.int(1, 12) }, () => r.pick([...alphabet, ' ', '  ', '*', '!', "'"])).join('');
      expect(escapeWikitext(text)).toBe(escapeCharacters(text));
    });
  });
});

describe('everything the bot writes reads back as it was meant', () => {
  /** A name the Gamestate's readers take as one value: not blank, no list separator. */
  const name = (r: Random): string => {
    for (;;) {
      const s = r.text(8);
      if (!isBlank(s) && !s.includes(',')) return s;
    }
  };

  test(
    "Gamestate cells: a player's name, their other items, the phase name and the winner are read back from the rendered page",
    () => {
      const before = readGamestate(GAMESTATE_TEXT, 'G', ruleset);
      forSeeds(15, 20_000, (r) => {
        const [player, other, phase, winner] = [name(r), name(r), name(r), name(r)];
        const state = structuredClone(before);
        const ines = state.players.find((p) => p.name === 'Ines')!;
        for (const card of state.cards) if (card.owner === 'Ines') card.owner = player;
        Object.assign(ines, { name: player, other });
        Object.assign(state.phase, { name: phase, winner: [winner, player] });
        const text = renderGamestate(GAMESTATE_TEXT, state, []);
        const read = readGamestate(text, 'G', ruleset);
        expect(read.players.find((p) => p.row === ines.row)).toMatchObject({ name: player, other });
        expect(read.cards.filter((c) => c.owner === player)).toHaveLength(before.cards.filter((c) => c.owner === 'Ines').length);
        expect(read.phase).toMatchObject({ name: phase, winner: [winner.trim(), player.trim()] });
        // The page is stable: rendering what was read changes nothing.
        expect(renderGamestate(text, read, [])).toBe(text);
      });
    },
    SLOW,
  );

  test(
    'History rows: every column reads back as written, "-" for an empty one, one row per change',
    () => {
      const page = (rows: string) => `{| class="wikitable"\n! ${HISTORY_COLUMNS.join(' !! ')}\n${rows}|}\n`;
      const headers = HISTORY_COLUMNS.map(normaliseHeader);
      forSeeds(400, 30_000, (r) => {
        const changes = [0, 1].map(() => ({
          at: new Date(Date.UTC(2026, 10, r.int(1, 28), r.int(0, 23))),
          phase: r.int(0, 99),
          event: r.text(),
          player: r.text(),
          change: r.text(),
          reason: { rule: r.text(), inputs: {} },
        }));
        const table = readDocument(page(historyRowsText(changes, headers))).tables[0]!;
        expect(table.rows).toHaveLength(2);
        table.rows.forEach((row, i) => {
          const c = changes[i]!;
          expect(row.list.map((cell) => cell.text).slice(2)).toEqual([c.event, c.player, c.change, c.reason.rule].map((s) => s || '-'));
        });
      });
    },
    SLOW,
  );

  test(
    'answers on request lines: the message reads back after the mark, on the same single line, which is no longer pending',
    () => {
      const at = new Date('2026-11-21T23:00:00Z');
      forSeeds(1000, 40_000, (r) => {
        const message = r.text();
        const marked = markLine('* check', 'refused', 7, message, at);
        const doc = readDocument(`== Requests ==\n${marked}\n* rollover now\n`);
        expect(marked).not.toContain('\n');
        expect(pendingRequests(`${marked}\n`)).toEqual([]);
        const items = doc.lists.flatMap((l) => l.items);
        const answer = message === '' ? '' : ` ${message}`;
        expect(items.map((i) => i.text)).toEqual([`check → Refused (Croupier, 2026-11-21 23:00 UTC):${answer}`, 'rollover now']);
      });
    },
    SLOW,
  );

  test(
    'the Status page: an error message reads back from its cell',
    () => {
      forSeeds(200, 50_000, (r) => {
        const message = r.text();
        if (message === '') return;
        const text = renderStatus({
          game: 'c16',
          now: new Date('2026-11-26T00:00:05Z'),
          maxConsecutiveFailures: 3,
          lastRun: undefined,
          lastFailure: undefined,
          nextRun: undefined,
          record: GameRecord.parse({ consecutiveFailures: 1, lastError: { at: '2026-11-26T00:00:04Z', message, kind: 'rollover' } }),
        });
        const table = readDocument(text).tables[0]!;
        expect(table.rows.map((row) => row.list[0]!.text)).toContain('Last error');
        const cell = table.rows.find((row) => row.list[0]!.text === 'Last error')!.list[1]!.text;
        expect(cell).toBe(`2026-11-26 00:00 UTC (phase rollover): ${message}`);
      });
    },
    SLOW,
  );

  test(
    'computed card tables: caption, headers and cells read back, with their rows and columns',
    () => {
      forSeeds(400, 60_000, (r) => {
        const headers = [r.text(), r.text(), r.text()];
        const rows = [
          [r.text(), r.text(), r.text()],
          [r.text(), r.text(), r.text()],
        ];
        const caption = r.text();
        const table = readDocument(renderWikitable({ caption, headers, rows })).tables[0]!;
        expect(table.caption).toBe(caption === '' ? undefined : caption);
        expect(table.labels).toEqual(headers);
        expect(table.rows.map((row) => row.list.map((c) => c.text))).toEqual(rows);
      });
    },
    SLOW,
  );

  test(
    'Ruleset-derived names: a phase name read from the Ruleset is written into the Phase cell at the rollover, and read back the same',
    () => {
      forSeeds(8, 70_000, (r) => {
        // The Ruleset's phase lines are "<Name>: days": a name keeps to one line, without ":", dashes or brackets.
        const phase = `X${r.text(6).replace(/[\s:–—\-()]/gu, '')} Battle Phase`;
        const text = replaceOnce(RULESET_TEXT, '* Battle Phase:', `* ${escapeWikitext(phase)}:`);
        const rs = readCycle16Ruleset(readDocument(text));
        expect(rs.phases.map((p) => p.name)).toContain(phase);
        const page = { title: 'G', text: GAMESTATE_TEXT, revid: 1 };
        const opts = { now: new Date('2026-11-19T00:00Z'), trigger: 'test' };
        const out = cycle16Engine.rollover(rs, 'g', page, opts);
        expect(readGamestate(out.text, 'G', rs).phase.name).toBe(phase);
        expect(cycle16Engine.rollover(rs, 'g', { ...page, text: out.text }, opts).text).toBe(out.text);
      });
    },
    SLOW,
  );
});

describe('line breaks written as references are read as line breaks', () => {
  test('a time or a pack list holding one is refused with its table, row and column, never a crash', () => {
    for (const [find, written] of [
      ['|2026-11-17 10:00 (declared)\n', '|2026-11-17&#10;10:00 (declared)\n'],
      ['|1 Handy Pack\n', '|1&#10;Handy&#10;Pack x\n'],
    ] as const) {
      const text = replaceOnce(GAMESTATE_TEXT, find, written);
      expect(() => readGamestate(text, 'G', ruleset)).toThrow(/table "Players", row \d+, column "(Reputable since \(UTC\)|Packs)"/);
    }
  });
});
