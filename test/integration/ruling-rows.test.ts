// A ruling added on the Rulings page between two runs, on the real local wiki: Round 10's Tax cells, Croupier's
// display of each player's tax now, follow the reading in force — and each Tax cell the ruling changes gets a
// History row naming it ("a History row for every change with its reason"). Runs with no ruling change write none.
import { beforeAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/round10/gamestate/read.ts';
import { readingsFor } from '../../src/games/registry.ts';
import { parseRound10Ruleset } from '../../src/games/round10/ruleset/index.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { readRulings } from '../../src/jobs/rulings.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { CASES, fixture, freshGame, lines, offline, runOpts } from './game-races.ts';
import { bot, human, put } from './helpers.ts';

const c = CASES.find((x) => x.kind === 'round10')!;
const ruleset = parseRound10Ruleset(fixture('round10', 'ruleset'));
const READING = ' || Reading || ';
const CEIL = /&#91;reading tax-rounding=ceil \(ruling by Admin, \d{4}-\d\d-\d\d \d\d:\d\d\)&#93;/;
// Phases: "A player's tax value is defined as 0, increased by 5 for every 20 wealth they have above 300, to a maximum value of 100."
const tax = (wealth: number, round: (x: number) => number) => (wealth <= 300 ? 0 : Math.min(100, 5 * round((wealth - 300) / 20)));

let b: WikiClient;
let admin: WikiClient;

beforeAll(async () => {
  [b, admin] = await Promise.all([bot(), human('ADMIN')]);
});

describe('a ruling on the Rulings page between two runs', () => {
  it("the second run's edit has a Reading row for each Tax cell the ruling changes, naming it; runs with no ruling change write no such row", async () => {
    const fresh = await freshGame(b, c, 'ruling-rows');
    const game = { ...fresh, allowedGroups: ['sysop'], rulingsPage: `${fresh.gamestate}/Rulings` };
    await put(admin, game.rulingsPage, 'Rulings of the Judge.');

    // The catch-up under the defaults: income rows and the rest, no Reading row; again: nothing to do.
    const first = await rollover({ wiki: b }, game, runOpts(c));
    expect(first.save.changed).toBe(true);
    const page = await b.readPage(game.gamestate);
    expect(lines(page.text, READING)).toBe(0);
    expect((await rollover({ wiki: b }, game, runOpts(c))).save.changed).toBe(false);

    // The Judge rules that a started step of 20 counts.
    await admin.save(game.rulingsPage, (p) => ({ text: `${p.text}\n* tax-rounding = ceil — the Judge`, summary: 'ruling' }), {});
    const second = await rollover({ wiki: b }, game, runOpts(c));
    expect(second.save.changed).toBe(true);
    const shown = await b.readPage(game.gamestate);
    const { readings } = await readRulings(b, { page: game.rulingsPage, defs: readingsFor('round10'), allowedGroups: ['sysop'] });
    expect(shown.text).toBe(offline(c, game, page.text, page.revid, { readings }));
    // Every player whose tax differs between whole and started steps, and only they: a row "Tax floor → ceil".
    const players = readGamestate(page.text, game.gamestate, ruleset).players;
    const moved = players.filter((p) => tax(Number(p.wealthShown), Math.floor) !== tax(Number(p.wealthShown), Math.ceil));
    expect(moved.length).toBeGreaterThan(0);
    expect(second.events).toEqual({ Reading: moved.length });
    const rows = shown.text.split('\n').filter((l) => l.includes(READING));
    expect(rows).toHaveLength(moved.length);
    for (const p of moved) {
      const row = rows.find((l) => l.includes(`${READING}${p.name} || `))!;
      expect(row).toContain(`|| Tax ${tax(Number(p.wealthShown), Math.floor)} → ${tax(Number(p.wealthShown), Math.ceil)} ||`);
      expect(row).toMatch(CEIL);
    }
    expect((await rollover({ wiki: b }, game, runOpts(c))).save.changed).toBe(false);

    // Monday's income, the ruling unchanged: an edit with income rows, and no Reading row more.
    const monday = await rollover({ wiki: b }, game, { ...runOpts(c), now: c.later });
    expect(monday.save.changed).toBe(true);
    expect(monday.events.Reading).toBeUndefined();
    expect(lines((await b.readPage(game.gamestate)).text, READING)).toBe(moved.length);
  });
});
