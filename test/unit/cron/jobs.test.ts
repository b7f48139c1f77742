import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { makeJobs, makeRequestsHistory, planFrom, requestStateIn, type JobsWiki, type PageText } from '../../../src/cron/game-jobs.ts';
import { MemoryStore } from '../../../src/cron/store.ts';
import { parseRuleset, readEngineRuleset } from '../../../src/games/registry.ts';
import { readGamestate } from '../../../src/games/cycle16/gamestate/read.ts';
import type { Cycle16Ruleset } from '../../../src/games/cycle16/ruleset/schema.ts';
import { unboxed } from '../helpers/wikitext.ts';
import { lighten } from '../../../src/games/computed-blocks.ts';
import { findRegion } from '../../../src/parse/regions.ts';

const rulesetText = readFileSync(new URL('../../../fixtures/cycle16/ruleset.wikitext', import.meta.url), 'utf8');
const gamestateText = readFileSync(new URL('../../../fixtures/cycle16/gamestate.wikitext', import.meta.url), 'utf8');
const game = { id: 'c16', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate' };

class FakeWiki implements JobsWiki {
  pages = new Map<string, PageText>();
  saves = 0;
  set(title: string, text: string) {
    this.pages.set(title, { title, text, revid: (this.pages.get(title)?.revid ?? 0) + 1 });
  }
  async readPages(titles: string[]) {
    return new Map(
      titles.map((t) => {
        const p = this.pages.get(t);
        if (!p) throw new Error(`"${t}": the page does not exist`);
        return [t, p] as const;
      }),
    );
  }
  async save(title: string, f: (p: PageText) => { text: string; summary: string } | null) {
    const r = f(this.pages.get(title)!);
    if (!r) return { changed: false };
    this.saves++;
    this.set(title, r.text);
    return { changed: true };
  }
}

/** A fake wiki where only the bot edits the Gamestate page: its record is the page's text. */
const pageText = (wiki: FakeWiki) => async (title: string) => wiki.pages.get(title)!.text;

describe('request state from the History', () => {
  test('a request is done when a row names its key, failed when its only rows say it failed, else new', () => {
    const ok = '| 2026-11-21 23:00 || 5 || Manual rollover || - || Phase 4 → 5 || Manual rollover by Admin (on-wiki request r12-abcdef12), ahead of …';
    const failed = '| 2026-11-21 23:00 || 4 || Request || Admin || "rollover" failed: boom || on-wiki request r13-abcdef12 (page = R)';
    const text = `${ok}\n${failed}\n`;
    expect(requestStateIn(text, 'r12-abcdef12')).toBe('done');
    expect(requestStateIn(text, 'r13-abcdef12')).toBe('failed');
    expect(requestStateIn(text, 'r1-abcdef12')).toBe('new');
    expect(requestStateIn(text, 'r12-abcdef1')).toBe('new');
  });
});

describe('real jobs glue', () => {
  const ruleset = parseRuleset(rulesetText, { page: game.ruleset, kind: 'cycle16' }) as Cycle16Ruleset;
  const state = readGamestate(gamestateText, game.gamestate, ruleset);

  test("plan: the boundaries after the page's phase up to now, and the next one", () => {
    // The fixture page is at phase 4, the Rest Phase of Mon 16 – Wed 18 Nov; the Battle Phase starts
    // Thursday 00:00 and the Rest Phase Monday 00:00 (“Rest Phase: Monday, Tuesday and Wednesday”).
    expect(state.phase.number).toBe(4);
    expect(planFrom(ruleset, state, new Date('2026-11-18T12:00:00Z'))).toEqual({ missed: [], next: new Date('2026-11-19T00:00:00Z') });
    expect(planFrom(ruleset, state, new Date('2026-11-24T12:00:00Z'))).toEqual({
      missed: [new Date('2026-11-19T00:00:00Z'), new Date('2026-11-23T00:00:00Z')],
      next: new Date('2026-11-26T00:00:00Z'),
    });
    // Exactly on a boundary: it is due.
    expect(planFrom(ruleset, state, new Date('2026-11-19T00:00:00Z')).missed).toEqual([new Date('2026-11-19T00:00:00Z')]);
  });

  test('plan of a broken Gamestate page fails naming the table', async () => {
    const wiki = new FakeWiki();
    wiki.set(game.ruleset, rulesetText);
    wiki.set(game.gamestate, gamestateText.replace('| 2026-11-02 00:00 || 4 ||', '| 2026-11-02 00:00 || four ||'));
    const jobs = makeJobs({ wiki, games: [game], rollover: async () => ({ changed: false }) });
    await expect(jobs.plan('c16', new Date('2026-11-24T12:00:00Z'))).rejects.toThrow(/Phase/);
  });

  test('a request History row saved on a page holding its standings inline draws them anew, with the race chart under them (so the subpage they move to keeps the chart); on a light page it adds the row alone', async () => {
    const wiki = new FakeWiki();
    wiki.set(game.ruleset, rulesetText);
    wiki.set(game.gamestate, gamestateText);
    const history = makeRequestsHistory({ wiki, record: pageText(wiki), games: [game], store: new MemoryStore() });
    const request = { key: 'r12-abcdef12', line: '* resume', verb: 'resume', page: 'R', revid: 12, timestamp: '2026-11-21T22:00:00Z', author: 'Admin' };
    const entry = (key: string) => ({ request: { ...request, key }, verdict: 'done' as const, message: 'resumed', at: new Date('2026-11-21T23:00:00Z') });
    expect(findRegion(gamestateText, 'standings')!.content).not.toContain('== Race ==');
    await history.record('c16', [entry('r12-abcdef12')]);
    const drawn = wiki.pages.get(game.gamestate)!.text;
    expect(findRegion(drawn, 'standings')!.content).toContain('== Race ==\n<div data-croupier="race-chart"');
    // The same page with its blocks on their subpages: only the row.
    const light = lighten(drawn, game.gamestate).text;
    wiki.set(game.gamestate, light);
    await history.record('c16', [entry('r13-abcdef12')]);
    const after = wiki.pages.get(game.gamestate)!.text;
    expect(after.split('\n').filter((l) => !light.split('\n').includes(l))).toEqual([expect.stringContaining('on-wiki request r13-abcdef12')]);
  });

  test('a request History row is appended once, with its key', async () => {
    const wiki = new FakeWiki();
    wiki.set(game.ruleset, rulesetText);
    // As the wiki holds it, its standings on their subpage (a page holding them inline: the test before).
    const light = lighten(gamestateText, game.gamestate).text;
    wiki.set(game.gamestate, light);
    const store = new MemoryStore();
    const history = makeRequestsHistory({ wiki, record: pageText(wiki), games: [game], store });
    const request = {
      key: 'r12-abcdef12',
      line: '* rollover now',
      verb: 'rollover',
      page: 'Cycle 16/Gamestate/Requests',
      revid: 12,
      timestamp: '2026-11-21T22:00:00Z',
      author: 'Player',
    };
    expect(await history.state('c16', request.key)).toBe('new');
    const entry = { request, verdict: 'refused' as const, message: 'Player is not in an allowed group (sysop)', at: new Date('2026-11-21T23:00:00Z') };
    expect(await history.record('c16', [entry])).toEqual({ changed: true });
    expect(await history.record('c16', [entry])).toEqual({ changed: false });
    expect(wiki.saves).toBe(1);
    const text = wiki.pages.get(game.gamestate)!.text;
    expect(text).toMatch(
      /\| 2026-11-21 23:00 \|\| 4 \|\| Request \|\| Player \|\| "rollover" refused: Player is not in an allowed group \(sysop\) \|\| on-wiki request r12-abcdef12/,
    );
    expect(await history.state('c16', request.key)).toBe('done');
    // What the bot's record says decides, not the store: a store without the key changes nothing.
    const other = makeRequestsHistory({ wiki, record: pageText(wiki), games: [game], store: new MemoryStore() });
    expect(await other.state('c16', request.key)).toBe('done');
    expect(await other.state('c16', 'r12-abcdef13')).toBe('new');
    expect(await other.state('c16', 'r1-abcdef12')).toBe('new');
    // Nothing else on the page changed but for the bot's boxes around its tables, added with a History row (src/games/shared/fit.ts).
    expect(unboxed(text.replace(/\|-\n\| 2026-11-21 23:00[^\n]*\n/, ''))).toBe(light);
  });

  test("a request's key a person types onto the page blocks nothing: its state and its row follow the bot's record only", async () => {
    const wiki = new FakeWiki();
    wiki.set(game.ruleset, rulesetText);
    // Bob copied Alice's key into a comment (and into a row made to look like the bot's).
    const planted = `${gamestateText}<!-- on-wiki request r12-abcdef12 -->\n`;
    wiki.set(game.gamestate, planted);
    let record = ''; // the bot's revisions added nothing yet
    const history = makeRequestsHistory({ wiki, record: async () => record, games: [game], store: new MemoryStore() });
    expect(await history.state('c16', 'r12-abcdef12')).toBe('new');
    const request = {
      key: 'r12-abcdef12',
      line: '* check',
      verb: 'check',
      page: 'Cycle 16/Gamestate/Requests',
      revid: 12,
      timestamp: '2026-11-21T22:00:00Z',
      author: 'Admin',
    };
    const entry = { request, verdict: 'done' as const, message: 'checked', at: new Date('2026-11-21T23:00:00Z') };
    expect(await history.record('c16', [entry])).toEqual({ changed: true });
    expect(wiki.pages.get(game.gamestate)!.text).toMatch(
      /\| 2026-11-21 23:00 \|\| 4 \|\| Request \|\| Admin \|\| "check" honoured: checked \|\| on-wiki request r12-abcdef12/,
    );
    // Once the bot's own revision carries the row, it is done, and not written again.
    record = wiki.pages
      .get(game.gamestate)!
      .text.split('\n')
      .find((l) => l.includes('"check" honoured'))!;
    expect(await history.state('c16', 'r12-abcdef12')).toBe('done');
    expect(await history.record('c16', [entry])).toEqual({ changed: false });
    expect(wiki.saves).toBe(1);
  });
});

describe('one clock', () => {
  test("plan: the engine's own next due event when it comes before the next boundary — Cycle 15's Jun, who joined 12 Nov 06:00, becomes reputable seven days later, before the phase that starts 20 Nov", async () => {
    // “A player is "reputable" if they have continuously been a player for the previous seven days …”
    const c15 = { id: 'c15', kind: 'cycle15', ruleset: 'C15/Ruleset', gamestate: 'C15/Gamestate' };
    const text15 = readFileSync(new URL('../../../fixtures/cycle15/ruleset.wikitext', import.meta.url), 'utf8');
    const page15 = readFileSync(new URL('../../../fixtures/cycle15/gamestate.wikitext', import.meta.url), 'utf8');
    const now = new Date('2026-11-17T00:00:00Z');
    const { engine, ruleset } = readEngineRuleset(text15, { page: c15.ruleset, kind: 'cycle15' });
    // The page as the run at `now` leaves it: nothing missed, the Jun line unchanged.
    const upToDate = engine.rollover(ruleset, c15.id, { title: c15.gamestate, text: page15, revid: 1 }, { now, trigger: 'test' }).text;
    expect(upToDate).toContain('|Jun\n|2026-11-12 06:00\n');
    const wiki = new FakeWiki();
    wiki.set(c15.ruleset, text15);
    wiki.set(c15.gamestate, upToDate);
    const jobs = makeJobs({ wiki, games: [c15], rollover: async () => ({ changed: false }) });
    const plan = await jobs.plan(c15.id, now);
    expect(plan.missed).toEqual([]);
    expect(plan.due).toEqual(new Date('2026-11-19T06:00:00Z'));
    expect(plan.next!.getTime()).toBeGreaterThan(plan.due!.getTime());
    // Once it has passed (and the run then applied it), the next boundary is the next run again.
    const after = engine.rollover(
      ruleset,
      c15.id,
      { title: c15.gamestate, text: upToDate, revid: 2 },
      { now: new Date('2026-11-19T07:00:00Z'), trigger: 'test' },
    ).text;
    wiki.set(c15.gamestate, after);
    expect((await jobs.plan(c15.id, new Date('2026-11-19T07:00:00Z'))).due).toBeUndefined();
    // A page the engine refuses at the plan's time (Jun's grants recorded before he becomes reputable, as a killed
    // run's merged edit can leave it) still has its boundaries planned, with no due event: the plan is no failed
    // run, and the check that follows runs on the page (its save corrects such a merge, or the run reports it).
    const early = new Date('2026-11-18T00:00:00Z');
    expect(() => engine.rollover(ruleset, c15.id, { title: c15.gamestate, text: after, revid: 3 }, { now: early, trigger: 'test' })).toThrow(
      /Jun becomes reputable only at 2026-11-19 06:00/,
    );
    expect(await jobs.plan(c15.id, early)).toEqual({ missed: [], next: plan.next });
  });
});
