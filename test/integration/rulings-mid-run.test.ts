// A Rulings line saved during a run, on the real local wiki (Round 10's `tax-rounding`: Monday income depends on
// it). The rule (docs/daemon.md, "The Rulings page"): a run uses the readings it read at its start for every change
// it makes, also when it recomputes after a human's edit; the line counts from the next run on, for the changes
// made from then on — the rows already written are never recomputed or doubled; the display cells it changes
// (Tax) each get a History row naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import { readingsFor } from '../../src/games/registry.ts';
import { STANDINGS_REGION } from '../../src/games/shared/standings.ts';
import { replaceRegion } from '../../src/parse/regions.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { readRulings } from '../../src/jobs/rulings.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { CASES, fixture, freshGame, humanEdit, lines, mergeOf, offline, runOpts } from './game-races.ts';
import { bot, human, put } from './helpers.ts';

const c = CASES.find((x) => x.kind === 'round10')!;
const MONDAY = new Date('2026-11-16T12:00Z');
const FLOOR = '&#91;reading tax-rounding=floor (default)&#93;';
const CEIL = /&#91;reading tax-rounding=ceil \(ruling by Admin, \d{4}-\d\d-\d\d \d\d:\d\d\)&#93;/;

let b: WikiClient;
let player: WikiClient;
let admin: WikiClient;

beforeAll(async () => {
  [b, player, admin] = await Promise.all([bot(), human(), human('ADMIN')]);
});

describe("a Rulings line saved between the bot's read of the Rulings page and its Gamestate save", () => {
  it("the run uses the readings it read, also when a human's edit makes it recompute, and names them; the next run does not redo its rows; the ruling applies from the next Monday's income on", async () => {
    const game = { ...(await freshGame(b, c, 'rulings-mid-run')), allowedGroups: ['sysop'] };
    const rulingsPage = `${game.gamestate}/Rulings`;
    await put(admin, rulingsPage, 'Rulings of the Judge.');
    const withRulings = { ...game, rulingsPage };
    let humanRevid = 0;
    const beforeEdit = async (_page: unknown, _edit: unknown, attempt: number) => {
      if (attempt !== 1) return;
      // Meanwhile the Judge rules that a started step of 20 wealth counts, and a player edits a line the run reads.
      await admin.save(rulingsPage, (p) => ({ text: `${p.text}\n* tax-rounding = ceil — the Judge`, summary: 'ruling' }), {});
      humanRevid = await humanEdit(player, game.gamestate, c.readLine.change, c.readLine.what);
    };
    const first = await rollover({ wiki: b, saveOptions: { beforeEdit } }, withRulings, runOpts(c));
    expect(first.rulings?.applied).toEqual([]);
    // MediaWiki merged the run's edit with the player's; the run recomputed on the player's revision — with the
    // readings it had read.
    expect(first.save).toMatchObject({ changed: true, merged: { on: humanRevid, corrected: true } });
    const humanText = c.readLine.change(fixture('round10', 'gamestate'));
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(offline(c, game, humanText, humanRevid, {}, mergeOf(first.save.merged!.merged[0]!, humanRevid)));
    expect(page.text).toContain(c.readLine.kept);
    // The week's income (phase 2): a row per player; those that paid tax on wealth above 300 name the reading.
    const income = page.text.split('\n').filter((l) => l.includes(' || 2 || Income || '));
    expect(income).toHaveLength(4);
    const taxed = (rows: string[]) => rows.filter((l) => l.includes('tax min('));
    expect(taxed(income).length).toBeGreaterThan(0);
    for (const row of taxed(income)) expect(row).toContain(FLOOR);
    expect(page.text).not.toMatch(CEIL);

    // The next run reads the ruling. The week it would have changed is recorded on the page: no chips — only the
    // Tax column, Croupier's display of each player's tax now, follows the reading in force, and each Tax it changes
    // has a Reading row naming the ruling.
    const { readings } = await readRulings(b, { page: rulingsPage, defs: readingsFor('round10'), allowedGroups: ['sysop'] });
    const second = await rollover({ wiki: b }, withRulings, runOpts(c));
    expect(second.rulings?.applied).toEqual([expect.stringMatching(/^tax-rounding=ceil \(ruling by Admin, /)]);
    const shown = await b.readPage(game.gamestate);
    expect(shown.text).toBe(offline(c, game, page.text, page.revid, { readings }));
    // Only Players rows' Tax cells changed; Phases: "increased by 5 for every 20 wealth they have above 300, to a
    // maximum value of 100" — floored before, a started step counted now (Alice: 610 wealth, 15.5 steps: 75 → 80).
    const readingRows = shown.text.split('\n').filter((l) => l.includes(' || Reading || '));
    // The standings' "since the last rollover" line (on their subpage), drawn from the History, names the new rows;
    // the rest of the page is compared line by line.
    expect((await b.readPage(`${game.gamestate}/Standings`)).text).toContain('Reading ×3 (Alice, Bob, Carol)');
    const withoutStandings = (text: string) => replaceRegion(text, STANDINGS_REGION, '', { anyRows: true }).text;
    const before = withoutStandings(page.text).split('\n');
    const now = withoutStandings(shown.text)
      .replace(/\|-\n[^\n]* \|\| Reading \|\| [^\n]*\n/g, '')
      .split('\n');
    expect(now).toHaveLength(before.length);
    const cells = (l: string) =>
      l
        .replace(/^\| /, '')
        .split(' || ')
        .map((x) => x.trim());
    const changed = now.flatMap((l, i) => (l === before[i] ? [] : [[cells(before[i]!), cells(l)] as const]));
    expect(changed.map(([, n]) => n[0])).toContain('Alice');
    expect(second.changes).toBe(changed.length);
    expect(second.events).toEqual({ Reading: changed.length });
    expect(readingRows).toHaveLength(changed.length);
    for (const [old, neu] of changed) {
      const wealth = Number(old[9]);
      expect(neu.filter((_x, i) => i !== 10)).toEqual(old.filter((_x, i) => i !== 10));
      expect(Number(old[10])).toBe(Math.min(100, 5 * Math.floor((wealth - 300) / 20)));
      expect(Number(neu[10])).toBe(Math.min(100, 5 * Math.ceil((wealth - 300) / 20)));
      const row = readingRows.find((l) => l.includes(` || Reading || ${neu[0]} || `))!;
      expect(row).toContain(`|| Tax ${old[10]} → ${neu[10]} ||`);
      expect(row).toMatch(CEIL);
    }
    const third = await rollover({ wiki: b }, withRulings, runOpts(c));
    expect(third.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(shown.revid);

    // The next change it decides: Monday 16 November's income, with the ruling, named in its rows.
    const monday = await rollover({ wiki: b }, withRulings, { ...runOpts(c), now: MONDAY });
    expect(monday.save.changed).toBe(true);
    const after = await b.readPage(game.gamestate);
    expect(after.text).toBe(offline(c, game, shown.text, shown.revid, { now: MONDAY, readings }));
    // Under the default the same Monday gives other numbers: the ruling is what made them.
    expect(after.text).not.toBe(offline(c, game, shown.text, shown.revid, { now: MONDAY }));
    const mondayIncome = taxed(after.text.split('\n').filter((l) => l.includes(' || Income || ') && l.startsWith('| 2026-11-16')));
    expect(mondayIncome.length).toBeGreaterThan(0);
    for (const row of mondayIncome) expect(row).toMatch(CEIL);
    // The week already paid keeps its rows, as written, once.
    for (const row of income) expect(lines(after.text, row)).toBe(1);
  });
});
