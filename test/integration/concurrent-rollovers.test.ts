// Two rollovers of the same Round 10, Cycle 15 and Nomicoup page at once, on the real local wiki: two CLI
// processes on one store (the store's process lock makes the second wait for the first), and two runs with no
// lock in common (two hosts, say) that have both read and computed before either saves — only the conflict-safe
// save stands between them. Either way the page gets one edit's worth of changes, none doubled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { CASES, freshGame, lines, mergeOf, offline, runOpts } from './game-races.ts';
import { bot, freshCliGame, type TestGame } from './helpers.ts';

let b: WikiClient;
let b2: WikiClient;
const cliGames: TestGame[] = [];

beforeAll(async () => {
  [b, b2] = await Promise.all([bot(), bot()]);
});

afterAll(() => {
  for (const g of cliGames) g.remove();
});

/** A hook for `beforeEdit` that holds each of two runs, about to send its first edit, until both are there (and `after` settled). */
function meetBeforeEdit(): (after?: Promise<void>) => (_page: unknown, _edit: unknown, attempt: number) => Promise<void> {
  let arrived = 0;
  let bothThere!: () => void;
  const both = new Promise<void>((r) => (bothThere = r));
  return (after) => async (_page, _edit, attempt) => {
    if (attempt !== 1) return;
    if (++arrived === 2) bothThere();
    await both;
    await after;
  };
}

const botEdits = async (title: string) => (await b.revisions(title, { limit: 50 })).length - 1; // after the seed

describe.each(CASES)('$kind: two rollovers at once', (c) => {
  it("two runs that both computed on the same revision before either saved: one edit, every rule's rows once; a third run makes no edit", async () => {
    const game = await freshGame(b, c, 'two-runs');
    const seed = await b.readPage(game.gamestate);
    // Each run waits, about to send its first edit, until the other one is there too.
    const beforeEdit = meetBeforeEdit()();
    const [one, two] = await Promise.all([
      rollover({ wiki: b, saveOptions: { beforeEdit } }, game, runOpts(c)),
      rollover({ wiki: b2, saveOptions: { beforeEdit } }, game, runOpts(c)),
    ]);
    expect([one.save.changed, two.save.changed].sort()).toEqual([false, true]);
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(offline(c, game, seed.text, seed.revid));
    for (const row of c.once) expect(lines(page.text, row) - lines(seed.text, row), row).toBe(1);
    expect(lines(page.text, '|| Concurrent edit ||')).toBe(0);
    expect(await botEdits(game.gamestate)).toBe(1);

    const third = await rollover({ wiki: b }, game, runOpts(c));
    expect(third.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it("two runs at different instants (the later one owes more) that both computed on the same revision; the earlier saves first: the later one's edit does not overwrite it, the page is the later run on the earlier one's page", async () => {
    const game = await freshGame(b, c, 'two-instants');
    const seed = await b.readPage(game.gamestate);
    let earlierDone!: () => void;
    const earlier = new Promise<void>((r) => (earlierDone = r));
    const waitFor = meetBeforeEdit();
    const first = rollover({ wiki: b, saveOptions: { beforeEdit: waitFor() } }, game, runOpts(c)).finally(earlierDone);
    const second = rollover({ wiki: b2, saveOptions: { beforeEdit: waitFor(earlier) } }, game, { ...runOpts(c), now: c.later });
    const [one, two] = await Promise.all([first, second]);
    expect([one.save.changed, two.save.changed]).toEqual([true, true]);
    const onFirst = await b.revisions(game.gamestate, { limit: 50, content: true });
    const firstText = onFirst.find((r) => r.revid === one.save.revid)!;
    expect(firstText.text).toBe(offline(c, game, seed.text, seed.revid));
    const page = await b.readPage(game.gamestate);
    // The serial outcome: the later run on the earlier run's page (after MediaWiki merged the two edits, a History row says so).
    const merge = two.save.merged ? mergeOf(two.save.merged.merged[0]!, one.save.revid!, false, 'Bot') : undefined;
    if (merge) expect(two.save.merged).toMatchObject({ on: one.save.revid, corrected: true });
    expect(page.text).toBe(offline(c, game, firstText.text!, one.save.revid!, { now: c.later }, merge));
    // Nothing doubled: as many of each rule's rows as one run at the later instant makes.
    const once = offline(c, game, seed.text, seed.revid, { now: c.later });
    for (const row of c.once) expect(lines(page.text, row), row).toBe(lines(once, row));

    const third = await rollover({ wiki: b }, game, { ...runOpts(c), now: c.later });
    expect(third.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it("two `croupier rollover` processes on one store started together: the second waits for the first's lock, then finds nothing to do; one edit", async () => {
    const g = await freshCliGame(b, `two-cli-${c.kind}`, c.kind, {}, c.kind);
    cliGames.push(g);
    const title = `${g.prefix}/Gamestate`;
    const seed = await b.readPage(title);
    const args = ['rollover', '--game', c.kind, '--now', c.now.toISOString()];
    const runs = await Promise.all([g.cli(args), g.cli(args)]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(runs.filter((r) => r.stdout.includes(`saved ${title}`))).toHaveLength(1);
    expect(runs.filter((r) => r.stdout.includes(`no edit: ${title} is up to date`))).toHaveLength(1);
    const page = await b.readPage(title);
    const game = { id: c.kind, ruleset: `${g.prefix}/Ruleset`, gamestate: title, historyLimit: 200 };
    expect(page.text).toBe(offline(c, game, seed.text, seed.revid, { trigger: 'cli' }));
    for (const row of c.once) expect(lines(page.text, row) - lines(seed.text, row), row).toBe(1);
    expect(await botEdits(title)).toBe(1);
  }, 240_000);
});
