// The daemon's real jobs wired to an in-memory wiki: a manual rollover asked before a boundary, and one
// parse of each Ruleset revision per tick.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseConfig } from '../../../src/config.ts';
import { makeJobs, makeRequestsHistory, makeShutoff, requestStateIn, RulesetCache, type JobsWiki } from '../../../src/cron/game-jobs.ts';
import { MemoryStore } from '../../../src/cron/store.ts';
import { rolloverRunner } from '../../../src/cron/wiring.ts';
import { readGamestate } from '../../../src/games/cycle16/gamestate/read.ts';
import type { Cycle16Ruleset } from '../../../src/games/cycle16/ruleset/schema.ts';
import { parseRuleset } from '../../../src/games/registry.ts';
import type { WikiClient } from '../../../src/wiki/client.ts';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';

const rulesetText = readFileSync(new URL('../../../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8');
const gamestateText = readFileSync(new URL('../../../fixtures/cycle16/gamestate.wikitext', import.meta.url), 'utf8');
const config = parseConfig({
  store: { path: 'unused.json' },
  games: [{ id: 'c16', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate' }],
});
const games = config.games;
const g = games[0]!;
const pages = [{ id: g.id, kind: g.kind, ruleset: g.ruleset, gamestate: g.gamestate }];
const ruleset = parseRuleset(rulesetText, { page: g.ruleset, kind: 'cycle16' }) as Cycle16Ruleset;

function fresh() {
  const wiki = new FakeWiki({ [g.ruleset]: rulesetText, [g.gamestate]: gamestateText });
  const jobsWiki: JobsWiki = {
    readPages: (titles) => wiki.readPages(titles),
    save: async (title, transform) => ({ changed: (await wiki.save(title, (p) => transform(p), {})).changed }),
  };
  const phase = () => readGamestate(wiki.text(g.gamestate)!, g.gamestate, ruleset).phase.number;
  return { wiki, jobsWiki, phase, client: wiki as unknown as WikiClient };
}

// The fixture page is in phase 4 (the Rest Phase, Mon 16 – Wed 18 Nov); the Battle Phase starts Thu 19 Nov 00:00.
const BOUNDARY = new Date('2026-11-19T00:00:00Z');
const ASKED = new Date('2026-11-18T12:00:00Z'); // the admin's "* rollover now", in phase 4
const HANDLED = new Date('2026-11-19T01:00:00Z'); // handled after the catch-up applied the boundary

describe('the daemon wiring', () => {
  test('a manual rollover asked for before a boundary that the catch-up applied first does not skip a phase', async () => {
    const { client, phase } = fresh();
    const run = rolloverRunner(client, games);
    await run(pages[0]!, { now: BOUNDARY, boundary: BOUNDARY, trigger: 'catch-up' });
    expect(phase()).toBe(5);
    await run(pages[0]!, { now: HANDLED, trigger: 'request', force: true, requestedAt: ASKED, actor: 'Admin' });
    expect(phase()).toBe(5);
  });

  test('without the request time the same manual rollover would move on a phase (what requestedAt prevents)', async () => {
    const { client, phase } = fresh();
    const run = rolloverRunner(client, games);
    await run(pages[0]!, { now: BOUNDARY, boundary: BOUNDARY, trigger: 'catch-up' });
    await run(pages[0]!, { now: HANDLED, trigger: 'request', force: true, actor: 'Admin' });
    expect(phase()).toBe(6);
  });

  test("a request's rollover names the request in its own edit, so that the bot's record of the page says it was done", async () => {
    const { client, phase, wiki } = fresh();
    const run = rolloverRunner(client, games);
    const request = {
      key: 'r77-0123abcd',
      line: '* rollover now',
      verb: 'rollover',
      page: 'Cycle 16/Gamestate/Requests',
      revid: 77,
      timestamp: ASKED.toISOString(),
      author: 'Admin',
    };
    const o = { now: ASKED, trigger: 'request' as const, force: true, requestedAt: ASKED, actor: 'Admin', request };
    const first = await run(pages[0]!, o);
    expect(first.changed).toBe(true);
    expect(wiki.edits).toBe(2); // the Gamestate, and the subpage of its standings and race chart
    expect(first.edits).toBe(2);
    expect(phase()).toBe(5);
    const rows = wiki
      .text(g.gamestate)!
      .split('\n')
      .filter((l) => l.includes('request r77-0123abcd'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/\|\| Manual rollover \|\| - \|\| Phase 4 → 5 .*Manual rollover by Admin \(on-wiki request r77-0123abcd\)/);
    expect(rows[1]).toMatch(
      /\|\| Request \|\| Admin \|\| "rollover" honoured: phase 4 → 5 \(Battle Phase\), \d+ change\(s\) in this edit \|\| (style="overflow-wrap:anywhere" \| )?on-wiki request r77-0123abcd/,
    );
    // The same request again (the bot lost track of it) is not passed to the job: its edit is the bot's, so the
    // bot's record names the key (makeRequestsHistory; test/unit/cron/request-exactly-once.test.ts).
    expect(requestStateIn(rows.join('\n'), request.key)).toBe('done');
  });

  test('a request\'s manual rollover made unnecessary by a boundary names the request in its "not needed" row', async () => {
    const { client, phase, wiki } = fresh();
    const run = rolloverRunner(client, games);
    await run(pages[0]!, { now: BOUNDARY, boundary: BOUNDARY, trigger: 'catch-up' });
    const request = { key: 'r78-0123abcd', line: '* rollover now', verb: 'rollover', page: 'R', revid: 78, timestamp: ASKED.toISOString(), author: 'Admin' };
    await run(pages[0]!, { now: HANDLED, trigger: 'request', force: true, requestedAt: ASKED, actor: 'Admin', request });
    expect(phase()).toBe(5);
    expect(wiki.text(g.gamestate)).toMatch(/\|\| Manual rollover \|\| - \|\| not needed: .*requested by Admin \(on-wiki request r78-0123abcd\)/);
  });

  test('a tick parses each Ruleset revision once: plan, rollover, check, second plan and a request History row share the parse', async () => {
    const { jobsWiki, client, wiki } = fresh();
    const rulesets = new RulesetCache();
    const jobs = makeJobs({ wiki: jobsWiki, games: pages, rollover: rolloverRunner(client, games, rulesets), rulesets });
    const history = makeRequestsHistory({ wiki: jobsWiki, record: async (t) => wiki.text(t)!, games: pages, store: new MemoryStore(), rulesets });
    const plan = await jobs.plan('c16', HANDLED);
    expect(plan.missed).toEqual([BOUNDARY]);
    await jobs.rollover('c16', { now: BOUNDARY, boundary: BOUNDARY, trigger: 'catch-up' });
    await jobs.check('c16', { now: HANDLED, trigger: 'check' });
    expect((await jobs.plan('c16', HANDLED)).missed).toEqual([]);
    const request = {
      key: 'r12-abcdef12',
      line: '* check',
      verb: 'check',
      page: 'Cycle 16/Gamestate/Requests',
      revid: 12,
      timestamp: '2026-11-19T00:30:00Z',
      author: 'Admin',
    };
    expect(await history.record('c16', [{ request, verdict: 'done', message: 'checked', at: HANDLED }])).toEqual({ changed: true });
    expect(rulesets.parses).toBe(1);
    // A new revision of the Ruleset is parsed again (once).
    wiki.put(g.ruleset, `${rulesetText}\n`);
    await jobs.plan('c16', HANDLED);
    await jobs.plan('c16', HANDLED);
    expect(rulesets.parses).toBe(2);
  });

  test('the Ruleset cache keeps only the most recent revisions and never serves another text under the same revision', () => {
    const cache = new RulesetCache(2);
    const o = { page: g.ruleset, kind: 'cycle16', game: 'c16' };
    const a = cache.read({ text: rulesetText, revid: 1 }, o);
    expect(cache.read({ text: rulesetText, revid: 1 }, o)).toBe(a);
    cache.read({ text: rulesetText, revid: 2 }, o);
    cache.read({ text: rulesetText, revid: 3 }, o);
    expect(cache.parses).toBe(3);
    cache.read({ text: rulesetText, revid: 1 }, o); // evicted: parsed again
    expect(cache.parses).toBe(4);
    cache.read({ text: `${rulesetText}\n`, revid: 1 }, o); // same revision number, other text: parsed
    expect(cache.parses).toBe(5);
  });

  test('the shutoff check is null while the page holds the run word, and a reason when it does not or is missing', async () => {
    const texts = new Map<string, string>([['Croupier/Shutoff', 'run']]);
    const check = makeShutoff({ readOptional: async (t) => texts.get(t) }, { page: 'Croupier/Shutoff', runWord: 'run' });
    expect(await check()).toBeNull();
    texts.set('Croupier/Shutoff', 'stop');
    expect(await check()).toMatch(/run/);
    texts.delete('Croupier/Shutoff');
    expect(await check()).toMatch(/does not exist/);
  });
});
