import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KindedRuleset } from '../../../src/games/engine-contract.ts';
import { RULESET_REVISION } from '../../../src/games/kit/readings.ts';
import { readEngineRuleset, readingsFor } from '../../../src/games/registry.ts';
import { ChosenReadings } from '../../../src/games/shared/readings.ts';
import { adoptText } from '../../../src/jobs/adopt.ts';
import { computeRollover, editSummary, stableRollover } from '../../../src/jobs/rollover.ts';
import { rulesetsInForce, type RulesetRevisionsWiki, type RulesetsInForce } from '../../../src/jobs/ruleset-revisions.ts';
import { fileRulings } from '../../../src/jobs/rulings.ts';
import { readDocument } from '../../../src/parse/document.ts';
import { PageError } from '../../../src/parse/source.ts';
import { formatInstant } from '../../../src/sim/trail.ts';
import { GamestateError } from '../../../src/games/shared/gamestate-error.ts';
import type { PageRevision } from '../../../src/wiki/pages.ts';

// The new cycle of fixtures/newcycle (no module knows it: a generic game), its Favour grant declared by an admin.
// Cycle start Monday 2026-12-07: phase 1 (Expedition) from Wed 12-09, 2 (Market) Sat 12-12, 3 (Planning) Mon 12-14.
const fixture = (file: string) => readFileSync(new URL(`../../../fixtures/newcycle/${file}.wikitext`, import.meta.url), 'utf8');
const GRANT = 'At the beginning of each Planning Phase, each active player is granted 2 Favour.';
const before = fixture('ruleset');
const after = before.replace(GRANT, 'Favour is no longer granted at the beginning of the Planning Phase.');
const DECLARED = [
  '* inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be \'inactive\' if they performed no actions in the previous phase."',
  `* grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "${GRANT}"`,
].join('\n');
const declared = (text: string) =>
  fileRulings(DECLARED, 'Rulings', readEngineRuleset(text, { kind: 'generic' }).ruleset, new Date('2026-12-01T00:00Z')).ruleset;
// Ada last acted on Saturday 12-12 (the Market Phase): active at the Planning Phase start of 12-14.
const page = adoptText(fixture('gamestate').replace('2026-12-09 18:40', '2026-12-12 10:00'), { text: before, title: 'R' }, 'G', {
  now: new Date('2026-12-09T10:00Z'),
}).text;
const game = { id: 'c17', gamestate: 'G' };
const favourOf = (text: string, name: string) => {
  const table = readDocument(text).tables.find((t) => t.rule === 'Miners')!;
  return table.rows.find((r) => r.list[0]!.text === name)!.list[table.headers.indexOf('favour')]!.text;
};
const latest = (timestamp: string, text = after): PageRevision & { ruleset: KindedRuleset } => ({
  title: 'R',
  text,
  revid: 12,
  timestamp,
  ruleset: declared(text),
});
const revision = (revid: number, timestamp: string, text: string, textHidden = false) => ({
  revid,
  timestamp,
  text,
  ...(textHidden ? { textHidden: true as const } : {}),
});

/** A wiki whose Ruleset history is `revisions` (oldest first), recording what it was asked. */
function wiki(revisions: ReturnType<typeof revision>[]): RulesetRevisionsWiki & { asked: [Date, Date][] } {
  const asked: [Date, Date][] = [];
  return {
    asked,
    revisionsInForce: async (_title, since, until) => {
      asked.push([since, until]);
      const upTo = revisions.filter((r) => Date.parse(r.timestamp) <= until.getTime());
      const inForce = upTo.filter((r) => Date.parse(r.timestamp) <= since.getTime()).length - 1;
      return inForce < 0 ? [] : upTo.slice(inForce);
    },
  };
}

describe('the Ruleset revisions a run applies', () => {
  const since = new Date('2026-12-12T00:00Z');
  const now = new Date('2026-12-15T10:00Z');
  const read = (r: { text: string }) => declared(r.text);

  it('are not asked for when the latest revision was saved by the first instant the run applies', async () => {
    const w = wiki([revision(12, '2026-12-01T00:00:00Z', after)]);
    expect(await rulesetsInForce(w, { latest: latest('2026-12-12T00:00:00Z'), since, now, read })).toBeUndefined();
    expect(w.asked).toEqual([]);
  });

  it("are not asked for when the Judge ruled that the latest applies to every instant, and the ruling's reading is the kit's", async () => {
    const w = wiki([revision(11, '2026-12-01T00:00:00Z', before), revision(12, '2026-12-15T09:00:00Z', after)]);
    const readings = new ChosenReadings(readingsFor('generic'), [{ reading: RULESET_REVISION, value: 'latest', line: 1, by: 'Judge', at: since }]);
    expect(await rulesetsInForce(w, { latest: latest('2026-12-15T09:00:00Z'), since, now, readings, read })).toBeUndefined();
    expect(w.asked).toEqual([]);
  });

  it('are the one in force at the first instant and each saved after it, every older one applying until the next was saved', async () => {
    const w = wiki([
      revision(10, '2026-11-20T00:00:00Z', before),
      revision(11, '2026-12-01T00:00:00Z', before),
      revision(12, '2026-12-13T09:00:00Z', after),
      revision(13, '2026-12-15T09:00:00Z', after),
    ]);
    const r = await rulesetsInForce(w, { latest: { ...latest('2026-12-15T09:00:00Z'), revid: 13 }, since, now, read });
    expect(w.asked).toEqual([[since, now]]);
    expect(r?.earlier.map((e) => [e.revid, e.until.toISOString()])).toEqual([
      [11, '2026-12-13T09:00:00.000Z'],
      [12, '2026-12-15T09:00:00.000Z'],
    ]);
    expect(r?.current).toMatchObject({ revid: 13, savedAt: new Date('2026-12-15T09:00:00Z') });
    expect(r?.label).toBe('ruleset-revision=saved (default)');
  });

  it('at a past instant (the daemon catching up one boundary) is the revision saved by then alone, not the latest', async () => {
    const w = wiki([revision(11, '2026-12-01T00:00:00Z', before), revision(12, '2026-12-15T09:00:00Z', after)]);
    const boundary = new Date('2026-12-14T00:00Z');
    const r = await rulesetsInForce(w, { latest: latest('2026-12-15T09:00:00Z'), since: boundary, now: boundary, read });
    expect(r).toMatchObject({ current: { revid: 11 }, earlier: [] });
  });

  it('are the latest alone when the page has no revision saved by the first instant (its history does not reach back)', async () => {
    const w = wiki([revision(11, '2026-12-13T08:00:00Z', before), revision(12, '2026-12-13T09:00:00Z', after)]);
    expect(await rulesetsInForce(w, { latest: latest('2026-12-13T09:00:00Z'), since, now, read })).toBeUndefined();
    expect(w.asked).toHaveLength(1);
    // The page's first revision (no parent) was in force at no earlier instant: nothing to ask.
    const first = wiki([revision(12, '2026-12-13T09:00:00Z', after)]);
    expect(await rulesetsInForce(first, { latest: { ...latest('2026-12-13T09:00:00Z'), parentid: 0 }, since, now, read })).toBeUndefined();
    expect(first.asked).toEqual([]);
  });

  it('skip a revision a person took back: the one before it stays in force through its span, and the row names it', async () => {
    // A vandal made the grant 20 Favour the day before the Planning Phase; an admin's undo came after it, with the repeal.
    const vandal = before.replace('granted 2 Favour', 'granted 20 Favour');
    const w: RulesetRevisionsWiki = {
      revisionsInForce: async () => [
        revision(11, '2026-12-01T00:00:00Z', before),
        { ...revision(12, '2026-12-13T09:00:00Z', vandal), reverted: true },
        revision(13, '2026-12-15T09:00:00Z', after),
      ],
    };
    const r = (await rulesetsInForce(w, { latest: { ...latest('2026-12-15T09:00:00Z'), revid: 13 }, since, now, read }))!;
    expect(r.earlier.map((e) => [e.revid, e.until.toISOString()])).toEqual([[11, '2026-12-15T09:00:00.000Z']]);
    expect(r.reverted).toEqual([12]);
    const c = computeRollover(r.current.ruleset, game, { text: page, revid: 1 }, { now, trigger: 'test', inForce: r });
    expect(favourOf(c.text, 'Ada')).toBe('7');
    expect(c.result.changes.at(-1)!.change).toBe(
      'applied with the Ruleset as it was then: revision 11 before 2026-12-15 09:00, revision 13 after; not applied, taken back by a later revision: revision 12 (a Judge\'s ruling "ruleset-revision = saved-including-reverted" applies it)',
    );
    // The Judge's ruling that a revert is a change like any other (a repeal that restored a text): revision 12 applies
    // through its span, and granted nothing (its text has no grant).
    const ruled = new ChosenReadings(readingsFor('generic'), [
      { reading: RULESET_REVISION, value: 'saved-including-reverted', line: 1, by: 'Judge', at: since },
    ]);
    const kept = (await rulesetsInForce(w, { latest: { ...latest('2026-12-15T09:00:00Z'), revid: 13 }, since, now, readings: ruled, read }))!;
    expect([kept.earlier.map((e) => e.revid), kept.reverted]).toEqual([[11, 12], []]);
    expect(favourOf(computeRollover(kept.current.ruleset, game, { text: page, revid: 1 }, { now, trigger: 'test', inForce: kept }).text, 'Ada')).toBe('5');
    // The daemon catching up the Planning Phase's boundary alone, after the undo: revision 11 is the one in force at it.
    const boundary = new Date('2026-12-14T00:00Z');
    const undone: RulesetRevisionsWiki = { revisionsInForce: async () => (await w.revisionsInForce('R', boundary, boundary)).slice(0, 2) };
    const d = (await rulesetsInForce(undone, { latest: { ...latest('2026-12-15T09:00:00Z'), revid: 13 }, since: boundary, now: boundary, read }))!;
    expect([d.current.revid, d.earlier, d.reverted]).toEqual([11, [], [12]]);
  });

  it('refuse a revision in force whose text an admin hid, naming it and the ruling that applies the current Ruleset instead', async () => {
    const w = wiki([revision(11, '2026-12-01T00:00:00Z', '', true), revision(12, '2026-12-13T09:00:00Z', after)]);
    const refused = rulesetsInForce(w, { latest: latest('2026-12-13T09:00:00Z'), since, now, read });
    await expect(refused).rejects.toThrow(PageError);
    await expect(refused).rejects.toThrow(
      'R: revision 11 (saved 2026-12-01T00:00:00Z), in force at instants this run applies, has its text hidden: its rules cannot be read. No edit made; a Judge\'s ruling "ruleset-revision = latest" applies the current Ruleset to them instead',
    );
  });
});

describe('a rollover across Ruleset revisions', () => {
  const old = declared(before);
  const current = declared(after);
  const inForce = (until: string): RulesetsInForce => ({
    current: { revid: 12, savedAt: new Date(until), ruleset: current },
    earlier: [{ revid: 11, savedAt: new Date('2026-12-01T00:00Z'), until: new Date(until), ruleset: old }],
    label: 'ruleset-revision=saved (default)',
    reverted: [],
  });
  const now = new Date('2026-12-15T10:00Z');

  it('pays a grant due before a proposal repealed it, by the rule then in force, and says which revisions applied', () => {
    const c = computeRollover(current, game, { text: page, revid: 1 }, { now, trigger: 'test', inForce: inForce('2026-12-15T09:00Z') });
    expect(favourOf(c.text, 'Ada')).toBe('7');
    expect(c.fromPhase).toBe(1);
    expect(c.result.changes.map((x) => x.event)).toEqual([
      'Rollover',
      'Inactive',
      'Rollover',
      'Grant',
      'Ruleset revisions', // the last: the current revision's rules changed nothing
    ]);
    expect(c.result.changes.at(-1)!.change).toBe('applied with the Ruleset as it was then: revision 11 before 2026-12-15 09:00, revision 12 after');
    expect(editSummary(c, 12, { now, trigger: 'test', inForce: inForce('2026-12-15T09:00Z') })).toContain('from Ruleset revs 11, 12;');
    // With the latest Ruleset alone (as before), the repealed grant was not paid.
    expect(favourOf(computeRollover(current, game, { text: page, revid: 1 }, { now, trigger: 'test' }).text, 'Ada')).toBe('5');
  });

  it('applies a grant a proposal added after the boundary only from the proposal on', () => {
    const added: RulesetsInForce = { ...inForce('2026-12-15T09:00Z'), current: { revid: 12, savedAt: new Date('2026-12-15T09:00Z'), ruleset: old } };
    added.earlier = [{ ...added.earlier[0]!, ruleset: current }];
    const c = computeRollover(old, game, { text: page, revid: 1 }, { now, trigger: 'test', inForce: added });
    expect(favourOf(c.text, 'Ada')).toBe('5');
    expect(c.result.changes.map((x) => x.event)).not.toContain('Grant');
  });

  it('is left as it is by the next run at the same instant, and the daemon catching up one boundary applies the revision in force at it', () => {
    const c = stableRollover(current, game, { text: page, revid: 1 }, { now, trigger: 'test', inForce: inForce('2026-12-15T09:00Z') });
    const again = computeRollover(current, game, { text: c.text, revid: 2 }, { now, trigger: 'test' });
    expect(again.result.changes).toEqual([]);

    // The daemon's run at the Planning Phase's boundary, the repeal saved after it: the old revision is the run's ruleset.
    const boundary = new Date('2026-12-14T00:00Z');
    const daemon: RulesetsInForce = {
      current: { revid: 11, savedAt: new Date('2026-12-01T00:00Z'), ruleset: old },
      earlier: [],
      label: 'ruleset-revision=saved (default)',
      reverted: [],
    };
    const d = computeRollover(old, game, { text: page, revid: 1 }, { now: boundary, trigger: 'catch-up', inForce: daemon });
    expect(favourOf(d.text, 'Ada')).toBe('7');
    expect(d.result.changes.at(-1)!.change).toBe(
      'applied with the Ruleset as it was then: revision 11 (saved 2026-12-01 00:00), the latest saved by 2026-12-14 00:00',
    );
  });

  it('names what the latest revision applies at an instant before it was saved that no older calendar had (a boundary a proposal moved earlier)', () => {
    // Before the proposal, the Market Phase was Sunday alone; the proposal, saved Saturday 12-12 at noon, made it
    // Saturday and Sunday: the Market Phase's start of Saturday 00:00 is one no rule in force then made a boundary.
    const sundayOnly = declared(
      before.replace(
        'The Expedition Phase runs from Wednesday to Friday. Saturday and Sunday are the Market Phase.',
        'The Expedition Phase runs from Wednesday to Saturday. Sunday is the Market Phase.',
      ),
    );
    const moved: RulesetsInForce = {
      current: { revid: 12, savedAt: new Date('2026-12-12T12:00Z'), ruleset: old },
      earlier: [{ revid: 11, savedAt: new Date('2026-12-01T00:00Z'), until: new Date('2026-12-12T12:00Z'), ruleset: sundayOnly }],
      label: 'ruleset-revision=saved (default)',
      reverted: [],
    };
    const c = computeRollover(old, game, { text: page, revid: 1 }, { now, trigger: 'test', inForce: moved });
    const rollovers = c.result.changes.filter((x) => x.event === 'Rollover');
    expect(rollovers.map((x) => formatInstant(x.at))).toEqual(['2026-12-12 00:00', '2026-12-14 00:00']);
    expect(c.result.changes.at(-1)!.change).toBe(
      'applied with the Ruleset as it was then: revision 11 before 2026-12-12 12:00, revision 12 after; revision 12 also applied what its rules make due at 2026-12-12 00:00, before it was saved, which no older revision did',
    );
    // Saved after the Saturday boundary's instant had passed under both: nothing to name.
    expect(
      computeRollover(current, game, { text: page, revid: 1 }, { now, trigger: 'test', inForce: inForce('2026-12-15T09:00Z') }).result.changes.at(-1)!.change,
    ).not.toContain('also applied');
  });

  it('records an on-wiki request whose run only the older revisions changed', () => {
    const request = { key: 'r9-0a1b2c3d', by: 'Admin', verb: 'check' };
    const c = computeRollover(current, game, { text: page, revid: 1 }, { now, trigger: 'request', request, inForce: inForce('2026-12-15T09:00Z') });
    expect(c.result.changes.slice(-2).map((x) => [x.event, x.change])).toEqual([
      ['Ruleset revisions', 'applied with the Ruleset as it was then: revision 11 before 2026-12-15 09:00, revision 12 after'],
      ['Request', '"check" honoured: phase 1 → 3 (Planning Phase), 4 change(s) in this edit'],
    ]);
  });
});

describe('a page an older Ruleset revision refuses', () => {
  const cycle16 = (page: string) => readFileSync(new URL(`../../../fixtures/cycle16/${page}.wikitext`, import.meta.url), 'utf8');
  it('is refused, the run saying which revision refused it, for which instants, and how the Judge applies the current one instead', () => {
    const current = readEngineRuleset(cycle16('ruleset'), { kind: 'cycle16' }).ruleset;
    // Before the proposal that added the Ace, whose card Alice now holds.
    const old = readEngineRuleset(cycle16('ruleset').replace('|-\n|Ace\n', '|-\n|Old Ace\n'), { kind: 'cycle16' }).ruleset;
    const inForce: RulesetsInForce = {
      current: { revid: 12, savedAt: new Date('2026-11-19T09:00Z'), ruleset: current },
      earlier: [{ revid: 11, savedAt: new Date('2026-11-01T00:00Z'), until: new Date('2026-11-19T09:00Z'), ruleset: old }],
      label: 'ruleset-revision=saved (default)',
      reverted: [],
    };
    const run = () =>
      computeRollover(
        current,
        { id: 'cycle16', gamestate: 'G' },
        { text: cycle16('gamestate'), revid: 1 },
        { now: new Date('2026-11-19T10:00Z'), trigger: 'test', inForce },
      );
    expect(run).toThrow(GamestateError);
    const problems = (() => {
      try {
        run();
      } catch (err) {
        return (err as GamestateError).problems.map((p) => p.message);
      }
    })();
    expect(problems?.[0]).toBe(
      'the instants this run missed before 2026-11-19 09:00 are applied with Ruleset revision 11, in force then (ruleset-revision=saved (default)), which refuses the page as below; a Judge\'s ruling "* ruleset-revision = latest" on the Rulings page applies the current Ruleset to them instead',
    );
    // Then what the old revision found: the page's Ace cards (one problem each).
    expect(new Set(problems?.slice(1))).toEqual(new Set(['"Ace" is not a card species of the ruleset']));
    // The current revision alone reads it.
    expect(() =>
      computeRollover(
        current,
        { id: 'cycle16', gamestate: 'G' },
        { text: cycle16('gamestate'), revid: 1 },
        { now: new Date('2026-11-19T10:00Z'), trigger: 'test' },
      ),
    ).not.toThrow();
  });
});
