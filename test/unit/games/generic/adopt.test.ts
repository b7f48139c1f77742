import { join } from 'node:path';
import { keepsEveryLine } from '../../../kept-lines.ts';
import { afterAll, describe, expect, test } from 'vitest';
import { AdoptError } from '../../../../src/games/shared/adopt.ts';
import { adoptText } from '../../../../src/jobs/adopt.ts';
import { findRegions, RegionError } from '../../../../src/parse/regions.ts';
import { readDocument, findTable } from '../../../../src/parse/document.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { croupier, root, tempDir } from '../../cli/run-cli.ts';

const ruleset = { text: fixture('newcycle'), title: 'Cycle 17/Ruleset' };
const GAMESTATE = 'Cycle 17/Gamestate';
const adopted = (text: string, now: string, cycleStart?: string, rules = ruleset) =>
  adoptText(text, rules, GAMESTATE, { now: new Date(now), cycleStart: cycleStart === undefined ? undefined : new Date(cycleStart) });

/** The Phase record as the page now says it: header → cell. */
function phaseRecordOf(text: string): Record<string, string> {
  const region = findRegions(text).find((r) => r.name === 'phase')!;
  const table = readDocument(region.content).tables[0]!;
  return Object.fromEntries(table.headers.map((h, i) => [h, table.rows[0]!.list[i]!.text]));
}

describe('adopting the hand-kept new-cycle Gamestate page', () => {
  const page = fixture('newcycle', 'gamestate');
  // Wednesday 9 December 2026: the cycle began Monday 7 December 00:00 (phase 0, the Planning Phase on
  // Monday and Tuesday); Wednesday is phase 1, the Expedition Phase, until the Market Phase on Saturday 12.
  const result = adopted(page, '2026-12-09T10:00Z');

  test('keeps every line people wrote, byte for byte and in order', () => {
    expect(result.changed).toBe(true);
    expect(keepsEveryLine(page, result.text)).toBe(true);
    // And only adds: nothing of the page is rewritten.
    expect(result.text.length).toBeGreaterThan(page.length);
  });

  test("adds the Phase record computed from the ruleset's calendar, before the first heading", () => {
    expect(phaseRecordOf(result.text)).toEqual({
      'cycle start': '2026-12-07 00:00',
      'phase number': '1',
      phase: 'Expedition Phase',
      'next rollover': '2026-12-12 00:00',
      winner: '-',
    });
    expect(result.text.indexOf('croupier:begin phase')).toBeLessThan(result.text.indexOf('== Miners =='));
  });

  test("adds an empty History table in every game's format, with its archive links", () => {
    const doc = readDocument(result.text);
    const history = findTable(doc, { headers: ['Event', 'Reason'] })!;
    expect(history.headers).toEqual(['time', 'phase', 'event', 'player', 'change', 'reason']);
    expect(history.rows).toEqual([]);
    expect(findRegions(result.text).map((r) => r.name)).toEqual(['phase', 'history-archives', 'history']);
  });

  test('a second adopt is a no-op, even later in the cycle', () => {
    const again = adopted(result.text, '2026-12-20T10:00Z');
    expect(again).toEqual({ text: result.text, changed: false, added: [] });
  });

  test('at a boundary the new phase has begun; before the cycle start the record shows phase 0', () => {
    expect(phaseRecordOf(adopted(page, '2026-12-12T00:00Z').text)).toMatchObject({
      'phase number': '2',
      phase: 'Market Phase',
      'next rollover': '2026-12-14 00:00',
    });
    expect(phaseRecordOf(adopted(page, '2026-12-01T00:00Z').text)).toMatchObject({
      'phase number': '0',
      phase: 'Planning Phase',
      'next rollover': '2026-12-09 00:00',
    });
  });
});

describe('pages of other layouts', () => {
  test('a page without headings or a final line end keeps its lines; the regions follow them', () => {
    const page = '{| class="wikitable"\n! Player !! Ore\n|-\n| Ada || 3\n|}\nNo headings here.  ';
    const r = adopted(page, '2026-12-09T10:00Z');
    expect(r.text.startsWith(`${page}\n`)).toBe(true);
    expect(findRegions(r.text).map((x) => x.name)).toEqual(['phase', 'history-archives', 'history']);
  });

  test('a page that has the Phase record but no History gets only the History', () => {
    const once = adopted('== Players ==\nnone yet\n', '2026-12-09T10:00Z').text;
    const phaseOnly = once.slice(0, once.indexOf('== History =='));
    const r = adopted(phaseOnly, '2026-12-20T10:00Z');
    expect(r.added).toEqual(['History']);
    expect(r.text.startsWith(phaseOnly)).toBe(true);
  });

  test('a page with a broken region marker is refused', () => {
    expect(() => adopted('<!-- croupier:begin phase -->\n== Players ==\n', '2026-12-09T10:00Z')).toThrow(RegionError);
  });
});

describe('what adopt refuses', () => {
  test('a ruleset with no weekly calendar, naming what is missing', () => {
    const rules = { text: fixture('nomicoup'), title: 'Nomicoup' };
    expect(() => adopted('== Players ==\n', '2026-12-09T10:00Z', undefined, rules)).toThrow(
      new AdoptError(
        '"Nomicoup" defines no weekly calendar: no phases found (a rule with lines such as "Planning Phase: Monday and Tuesday"); nothing was changed',
      ),
    );
  });

  test('a ruleset with no stated cycle start, unless it is given', () => {
    const rules = { text: fixture('cycle16'), title: 'Cycle 16/Ruleset' };
    expect(() => adopted('== Players ==\n', '2026-11-19T00:00Z', undefined, rules)).toThrow(
      /"Cycle 16\/Ruleset" states no cycle start .*give it with --cycle-start/,
    );
    // Cycle 16: Rest Phase Monday–Wednesday, Battle Phase Thursday–Sunday; from Monday 2 November, Thursday 19 is phase 5.
    const r = adopted('== Players ==\n', '2026-11-19T00:00Z', '2026-11-02T00:00Z', rules);
    expect(phaseRecordOf(r.text)).toMatchObject({ 'phase number': '5', phase: 'Battle Phase', 'next rollover': '2026-11-23 00:00' });
  });

  test('a calendar with a day in two phases', () => {
    const rules = {
      text: '== Phases ==\n* A Phase: Monday to Thursday\n* B Phase: Thursday to Sunday\nThe cycle begins on 2026-12-07.\n',
      title: 'Bad/Ruleset',
    };
    expect(() => adopted('== Players ==\n', '2026-12-09T10:00Z', undefined, rules)).toThrow(
      /the calendar of "Bad\/Ruleset" is not one the bot can keep: Weekday 4 belongs to both "A Phase" and "B Phase" \(page "Bad\/Ruleset", rule "Phases"/,
    );
  });
});

describe('croupier adopt offline', () => {
  const cwd = tempDir();
  afterAll(() => cwd.remove());
  const files = ['--ruleset', join(root, 'fixtures/newcycle/ruleset.wikitext'), '--gamestate', join(root, 'fixtures/newcycle/gamestate.wikitext')];

  test('prints the adopted page on stdout and what it added on stderr', async () => {
    const run = await croupier(['adopt', ...files, '--now', '2026-12-09T10:00Z', '--title', GAMESTATE], { cwd: cwd.dir });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(adopted(fixture('newcycle', 'gamestate'), '2026-12-09T10:00Z').text);
    expect(run.stderr).toContain('added Phase record (phase 1, Expedition Phase; next rollover 2026-12-12 00:00); History');
  }, 120_000);

  test('refuses a ruleset without a calendar with exit 1 and one line', async () => {
    const run = await croupier(['adopt', '--ruleset', join(root, 'fixtures/nomicoup/ruleset.wikitext'), files[2]!, files[3]!, '--now', '2026-12-09T10:00Z'], {
      cwd: cwd.dir,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^croupier: ".*nomicoup\/ruleset.wikitext" defines no weekly calendar: no phases found/);
  }, 120_000);

  test('needs --game, or both files', async () => {
    const run = await croupier(['adopt', '--gamestate', files[3]!], { cwd: cwd.dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('give --game <id>, or --ruleset <file> and --gamestate <file>');
  }, 120_000);
});

test('"keeps every line" fails on a changed, dropped or reordered line', () => {
  const page = 'a\nb  \n\nc';
  expect(keepsEveryLine(page, 'x\na\ny\nb  \n\nz\nc\n')).toBe(true);
  expect(keepsEveryLine(page, 'a\nb\n\nc')).toBe(false);
  expect(keepsEveryLine(page, 'a\nb  \nc')).toBe(false);
  expect(keepsEveryLine(page, 'b  \na\n\nc')).toBe(false);
});

test("a page that keeps a Phase record or a History of its own (Cycle 16's) is refused, not given a second one", () => {
  const rules = { text: fixture('cycle16'), title: 'Cycle 16/Ruleset' };
  expect(() =>
    adoptText(fixture('cycle16', 'gamestate'), rules, 'Cycle 16/Gamestate', { now: new Date('2026-11-19T00:00Z'), cycleStart: new Date('2026-11-02T00:00Z') }),
  ).toThrow(/^"Cycle 16\/Gamestate" already keeps a Phase record of its own \(rule "Phase", offset \d+, columns Phase number, Next rollover\)/);
  const historyOnly = '== History ==\n{| class="wikitable"\n! Time (UTC) !! Event !! Reason\n|-\n| 2026-12-07 00:00 || Start || by hand\n|}\n';
  expect(() => adopted(historyOnly, '2026-12-09T10:00Z')).toThrow(/already keeps a History of its own \(rule "History", offset 14/);
});
