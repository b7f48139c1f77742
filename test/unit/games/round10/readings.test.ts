import { describe, expect, test } from 'vitest';
import { declarationsFor } from '../../../../src/games/registry.ts';
import { ROUND10_READINGS } from '../../../../src/games/round10/readings.ts';
import { ChosenReadings, ReadingDef } from '../../../../src/games/shared/readings.ts';
import { readRulings, type RulingsMemo, type RulingsWiki } from '../../../../src/jobs/rulings.ts';
import type { RequestPageRevision } from '../../../../src/cron/requests.ts';
import { describeReason } from '../../../../src/sim/trail.ts';
import { describeReadings, listReadings } from '../../../../src/cli/run/readings.ts';

const PAGE = 'Round 10/Gamestate/Rulings';

/** A page history, newest first, as the API gives it; each revision adds text to the previous one. */
function wiki(edits: { user: string; add: string }[], groups: Record<string, string[]>): RulingsWiki {
  const revisions: RequestPageRevision[] = [];
  let text = '';
  edits.forEach((e, i) => {
    text += e.add;
    revisions.unshift({ revid: 100 + i, parentid: i === 0 ? 0 : 99 + i, user: e.user, timestamp: `2026-11-2${i}T12:00:00Z`, text });
  });
  return {
    history: async () => revisions,
    userGroups: async (users) => new Map(users.filter((u) => groups[u]).map((u) => [u, groups[u]!])),
  };
}

describe('the readings of Round 10', () => {
  test('every reading is valid: its default is one of its alternatives', () => {
    for (const def of ROUND10_READINGS) {
      expect(ReadingDef.safeParse(def).success).toBe(true);
      expect(Object.keys(def.alternatives)).toContain(def.default);
    }
    expect(ROUND10_READINGS.map((d) => d.id)).toEqual([
      'tax-rounding',
      'contract-share',
      'participation-rounding',
      'rank-count',
      'highest-rank',
      'empty-multiplier',
      'player-lot-payment',
      'secret-voiding',
      'gold-star-victory',
      'slots-blank-roll',
      'fortune-loss',
    ]);
  });

  test('with no ruling a reading is its default, labelled as the default', () => {
    const r = new ChosenReadings(ROUND10_READINGS);
    expect(r.get('tax-rounding')).toBe('floor');
    expect(r.label('tax-rounding')).toBe('tax-rounding=floor (default)');
  });

  test('a History reason names the readings its result depends on', () => {
    expect(describeReason({ rule: 'Income', inputs: {}, readings: ['tax-rounding=floor (default)'] })).toBe('Income [reading tax-rounding=floor (default)]');
  });
});

describe("the Rulings page, read with each line's author", () => {
  test('a line by a sysop selects the reading, labelled with who ruled and when', async () => {
    const w = wiki([{ user: 'Judge', add: 'Rulings of the Judge.\n* tax-rounding = ceil — ~~~~\n' }], { Judge: ['*', 'user', 'sysop'] });
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.warnings).toEqual([]);
    expect(r.readings.get('tax-rounding')).toBe('ceil');
    expect(r.readings.label('tax-rounding')).toBe('tax-rounding=ceil (ruling by Judge, 2026-11-20 12:00)');
  });

  test('a line added by a user outside the allowed groups is ignored with a warning naming the line and the author', async () => {
    const w = wiki(
      [
        { user: 'Judge', add: '* rank-count = largest\n' },
        { user: 'Mallory', add: '* tax-rounding = ceil\n' },
      ],
      { Judge: ['sysop'], Mallory: ['user'] },
    );
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.readings.get('rank-count')).toBe('largest');
    expect(r.readings.get('tax-rounding')).toBe('floor');
    expect(r.warnings).toEqual([
      `${PAGE}, line 2 ("* tax-rounding = ceil"): added by Mallory in revision 101, who is not in an allowed group (sysop); the line is ignored`,
    ]);
  });

  test('an unknown reading and a value that is not an alternative are ignored with warnings', async () => {
    const w = wiki([{ user: 'Judge', add: '* tax-rouding = ceil\n* empty-multiplier = two\n' }], { Judge: ['sysop'] });
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.warnings).toHaveLength(2);
    expect(r.warnings[0]).toMatch(/line 1 .*: no reading "tax-rouding" \(known: tax-rounding, /);
    expect(r.warnings[1]).toMatch(/line 2 .*"two" is not a value of empty-multiplier \(one of: one, zero\); the line is ignored/);
    expect(r.readings.get('empty-multiplier')).toBe('one');
  });

  test('a reading ruled twice takes the line added last, wherever it stands on the page', async () => {
    const w = wiki(
      [
        { user: 'Judge', add: '* gold-star-victory = exactly\n' },
        { user: 'Judge2', add: '' },
      ],
      { Judge: ['sysop'], Judge2: ['sysop'] },
    );
    // Judge2 then writes a line above the older one.
    const history = await w.history(PAGE, 10);
    const newer: RequestPageRevision = {
      revid: 200,
      parentid: 101,
      user: 'Judge2',
      timestamp: '2026-11-25T08:00:00Z',
      text: `* gold-star-victory = at-least\n${history[0]!.text}`,
    };
    const r = await readRulings({ ...w, history: async () => [newer, ...history] }, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.readings.label('gold-star-victory')).toBe('gold-star-victory=at-least (ruling by Judge2, 2026-11-25 08:00)');
  });

  test('a missing Rulings page means the defaults', async () => {
    const r = await readRulings({ history: async () => [], userGroups: async () => new Map() }, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.readings.label('secret-voiding')).toBe('secret-voiding=same-kind (default)');
  });

  test('croupier readings lists default, alternatives, the current choice and where each is used', () => {
    const chosen = new ChosenReadings(ROUND10_READINGS, [
      { reading: 'empty-multiplier', value: 'zero', line: 1, by: 'Judge', at: new Date('2026-11-20T12:00Z') },
    ]);
    const list = listReadings(ROUND10_READINGS, chosen, '| x || [reading empty-multiplier=zero (ruling by Judge, 2026-11-20 12:00)]\n');
    const em = list.find((r) => r.id === 'empty-multiplier')!;
    expect([em.default, em.current, em.historyRows]).toEqual(['one', 'zero', 1]);
    const text = describeReadings(list);
    expect(text).toContain('empty-multiplier: empty-multiplier=zero (ruling by Judge, 2026-11-20 12:00)');
    expect(text).toContain('  * zero: no multiplier, no product: score h');
    expect(text).toContain('    one (default): the empty product is 1');
    expect(text).toContain('used in: rules/hands.ts (hand score)');
  });
});

describe('a ruling removed from the Rulings page', () => {
  /** A page history, newest first, each revision the page's whole text. */
  const pages = (edits: { user: string; text: string }[], groups: Record<string, string[]>): RulingsWiki => ({
    history: async () =>
      edits.map((e, i) => ({ revid: 300 + i, parentid: i === 0 ? 0 : 299 + i, user: e.user, timestamp: `2026-11-2${i}T12:00:00Z`, text: e.text })).reverse(),
    userGroups: async (users) => new Map(users.filter((u) => groups[u]).map((u) => [u, groups[u]!])),
  });
  const groups = { Judge: ['sysop'], Judge2: ['sysop'], Mallory: ['user'] };
  const RULING = '* tax-rounding = ceil — ~~~~';

  test('by a player still counts, with a warning naming who removed it; the label names it too', async () => {
    const w = pages(
      [
        { user: 'Judge', text: `Rulings.\n${RULING}\n` },
        { user: 'Mallory', text: 'Rulings.\n' },
      ],
      groups,
    );
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.readings.get('tax-rounding')).toBe('ceil');
    expect(r.readings.label('tax-rounding')).toBe(
      'tax-rounding=ceil (ruling by Judge (removed in revision 301 by Mallory, who may not: still in force), 2026-11-20 12:00)',
    );
    expect(r.warnings).toEqual([
      `${PAGE}, line 2 ("${RULING}") of the revision before 301, which removed it: added by Judge in revision 300, removed by Mallory, who is not in an allowed group (sysop); it still counts until a user of an allowed group saves the page (their edit accepts it without the line)`,
    ]);
    // The same from the bot's memo of the revision, which asks the wiki nothing.
    const memos = new Map<string, RulingsMemo>();
    const cache = { get: async (page: string) => memos.get(page), set: async (page: string, m: RulingsMemo) => void memos.set(page, m) };
    const latest = (await w.history(PAGE, 1))[0]!;
    await readRulings(w, { page: PAGE, defs: ROUND10_READINGS }, { cache, latest });
    const asked = { history: 0, groups: 0 };
    const counted: RulingsWiki = {
      history: async (...a) => {
        asked.history++;
        return w.history(...a);
      },
      userGroups: async (...a) => {
        asked.groups++;
        return w.userGroups(...a);
      },
    };
    const again = await readRulings(counted, { page: PAGE, defs: ROUND10_READINGS }, { cache, latest });
    expect([again.readings.label('tax-rounding'), again.warnings, asked]).toEqual([r.readings.label('tax-rounding'), r.warnings, { history: 0, groups: 0 }]);
  });

  test('by a player who edits its value: the old value still counts, the new one is the player’s and ignored', async () => {
    const w = pages(
      [
        { user: 'Judge', text: `Rulings.\n${RULING}\n` },
        { user: 'Mallory', text: 'Rulings.\n* tax-rounding = floor\n' },
      ],
      groups,
    );
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.readings.get('tax-rounding')).toBe('ceil');
    expect(r.warnings).toHaveLength(2);
  });

  test('moved by a player (removed, typed again elsewhere) is still the Judge’s: the player’s copy is ignored', async () => {
    const w = pages(
      [
        { user: 'Judge', text: `Rulings.\n${RULING}\nMore prose.\n` },
        { user: 'Mallory', text: `Rulings.\nMore prose.\n${RULING}\n` },
      ],
      groups,
    );
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect(r.readings.label('tax-rounding')).toBe(
      'tax-rounding=ceil (ruling by Judge (removed in revision 301 by Mallory, who may not: still in force), 2026-11-20 12:00)',
    );
    expect(r.warnings[0]).toMatch(/line 3 .*: added by Mallory in revision 301, who is not in an allowed group/);
  });

  test('by a player, then the page saved by an admin: the admin accepted the page without it', async () => {
    const w = pages(
      [
        { user: 'Judge', text: `Rulings.\n${RULING}\n` },
        { user: 'Mallory', text: 'Rulings.\n' },
        { user: 'Judge2', text: 'Rulings.\n* rank-count = largest\n' },
      ],
      groups,
    );
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect([r.readings.get('tax-rounding'), r.readings.get('rank-count'), r.warnings]).toEqual(['floor', 'largest', []]);
  });

  test('a generic game’s declaration a player deleted is still declared, its author marked', async () => {
    const line = '* grant 2 "Favour" to active players at each Planning Phase start — "Each active player is granted 2 Favour."';
    const w = pages(
      [
        { user: 'Judge', text: `Declarations.\n${line}\n` },
        { user: 'Mallory', text: 'Declarations.\n' },
      ],
      groups,
    );
    const r = await readRulings(w, { page: PAGE, defs: [], declarationLine: declarationsFor('generic')!.line });
    expect(r.declared).toEqual([
      { line: 2, text: line, by: 'Judge (removed in revision 301 by Mallory, who may not: still in force)', at: new Date('2026-11-20T12:00:00Z') },
    ]);
  });

  test('by its author or another admin is withdrawn, without a word; a player’s line someone removed is nothing', async () => {
    for (const remover of ['Judge', 'Judge2']) {
      const w = pages(
        [
          { user: 'Judge', text: `Rulings.\n${RULING}\n` },
          { user: remover, text: 'Rulings.\n' },
        ],
        groups,
      );
      const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
      expect([r.readings.get('tax-rounding'), r.warnings]).toEqual(['floor', []]);
    }
    const w = pages(
      [
        { user: 'Mallory', text: `Rulings.\n${RULING}\n` },
        { user: 'Judge', text: 'Rulings.\n' },
      ],
      groups,
    );
    const r = await readRulings(w, { page: PAGE, defs: ROUND10_READINGS });
    expect([r.readings.get('tax-rounding'), r.warnings]).toEqual(['floor', []]);
  });
});
