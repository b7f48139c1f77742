// A gateway between the bot and the real local wiki (edit-proxy.ts), on each MediaWiki version of the tests:
// - An edit the wiki saved but whose answer never reached the bot: the gateway gave up waiting (HTTP 504) while
//   MediaWiki went on and saved. The client retries such an edit, and MediaWiki answers the retry `nochange` (the
//   text is there already); with no retry left the 504 is thrown. Either way the run must know its own edit: report
//   the rollover it made, leave the subpages that go with it, and check it for a merge, as for an answered edit.
// - A gateway that answers 503 to the Gamestate page's edits alone, the subpages' going through: each run saves
//   the subpages, fails, and puts them back. The wiki is not down — it made those edits — so the daemon counts the
//   run as a failure and halts the game, instead of four edits at every check for ever.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { FileStore } from '../../src/cron/store.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { inScope, RequestScope } from '../../src/wiki/cancel.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import type { PageRevision } from '../../src/wiki/pages.ts';
import { normalizeText } from '../../src/wiki/save.ts';
import { removeDir } from '../temp-dir.ts';
import { EditProxy } from './edit-proxy.ts';
import { BOUNDARY, daemonAtBoundary, drawn, establishedGame as establish } from './established-game.ts';
import { CASES, fixture, freshGame, humanEdit, lines, mergeOf, offline, runOpts } from './game-races.ts';
import { bot, devEnv, human, onEachWiki } from './helpers.ts';

onEachWiki(() => {
  let b: WikiClient;
  let player: WikiClient;
  let proxy: EditProxy;
  /** The bot, its requests through the proxy; the client retries a 504 twice (helpers.ts#bot). */
  let proxied: WikiClient;
  let dir: string;

  beforeAll(async () => {
    [b, player] = await Promise.all([bot(), human()]);
    proxy = await EditProxy.start(devEnv().CROUPIER_API_URL!);
    proxied = await bot({ apiUrl: proxy.apiUrl });
    dir = await mkdtemp(join(tmpdir(), 'croupier-gateway-'));
  });
  afterAll(async () => {
    await proxy?.close();
    await removeDir(dir);
  });

  const establishedGame = async (what: string) => {
    const game = await establish(b, `gateway-${what}`);
    return { ...game, subpages: [game.standings] };
  };
  const texts = async (titles: string[]) => [...(await b.readPages(titles)).values()].map((p) => normalizeText(p.text));
  const revids = async (title: string) => (await b.revisions(title, { limit: 50 })).map((r) => r.revid);
  /**
   * Each subpage edited once since it had `subpagesBefore` (none put back), and `titles` holding what the rollover of
   * the Gamestate revision `before` draws.
   */
  const expectDrawnOnce = async (game: Awaited<ReturnType<typeof establishedGame>>, before: PageRevision, subpagesBefore: number[][], titles?: string[]) => {
    const subpagesAfter = await Promise.all(game.subpages.map(revids));
    subpagesAfter.forEach((after, i) => expect(after.length - subpagesBefore[i]!.length).toBe(1));
    const want = drawn(game, before);
    const compared = titles ?? [...want.keys()];
    expect(await texts(compared)).toEqual(compared.map((t) => normalizeText(want.get(t)!)));
  };

  describe("the answer to the bot's Gamestate edit lost by a gateway, the edit saved", () => {
    it('once (the retry answered "no change"): the run reports the revision it made, its subpages stay, and the next run makes no edit', async () => {
      const game = await establishedGame('once');
      const before = await b.readPage(game.gamestate);
      const subpagesBefore = await Promise.all(game.subpages.map(revids));
      proxy.loseAnswers(game.gamestate, 1);

      const s = await rollover({ wiki: proxied }, game, BOUNDARY);
      expect(proxy.edits.filter((e) => e.title === game.gamestate).map((e) => e.fate)).toEqual(['answer lost', 'forwarded']);
      const page = await b.readPage(game.gamestate);
      expect(page.revid).not.toBe(before.revid);
      expect(s.save).toMatchObject({ changed: true, revid: page.revid });
      expect(s.save.merged).toBeUndefined();
      expect(s.toPhase).toBe(5);
      // One edit of each page: the Gamestate's (made once, not twice), a subpage's each, none put back.
      expect((await b.revisions(game.gamestate, { limit: 2 }))[1]!.revid).toBe(before.revid);
      await expectDrawnOnce(game, before, subpagesBefore);

      const next = await rollover({ wiki: b }, game, BOUNDARY);
      expect(next.save.changed).toBe(false);
      expect(next.subpages).toEqual([]);
      expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
    });

    it('at every retry (the client gives up with the 504): the run still reports the revision it made, and puts back no subpage', async () => {
      const game = await establishedGame('always');
      const before = await b.readPage(game.gamestate);
      const subpagesBefore = await Promise.all(game.subpages.map(revids));
      proxy.loseAnswers(game.gamestate, 3);

      const s = await rollover({ wiki: proxied }, game, BOUNDARY);
      expect(proxy.edits.filter((e) => e.title === game.gamestate).map((e) => e.fate)).toEqual(['answer lost', 'answer lost', 'answer lost']);
      const page = await b.readPage(game.gamestate);
      expect(s.save).toMatchObject({ changed: true, revid: page.revid });
      expect((await b.revisions(game.gamestate, { limit: 2 }))[1]!.revid).toBe(before.revid);
      await expectDrawnOnce(game, before, subpagesBefore);
    });
  });

  it("the answers to a subpage's edit lost at every retry: the run finds that edit saved, saves the Gamestate page and reports both; nothing is put back", async () => {
    const game = await establishedGame('subpage');
    const before = await b.readPage(game.gamestate);
    const subpagesBefore = await Promise.all(game.subpages.map(revids));
    proxy.loseAnswers(game.standings, 3);

    const s = await rollover({ wiki: proxied }, game, BOUNDARY);
    expect(proxy.edits.filter((e) => e.title === game.standings).map((e) => e.fate)).toEqual(['answer lost', 'answer lost', 'answer lost']);
    const page = await b.readPage(game.gamestate);
    expect(s.save).toMatchObject({ changed: true, revid: page.revid });
    expect(s.subpages.map((p) => [p.title, p.revid])).toEqual([[game.standings, (await b.readPage(game.standings)).revid]]);
    await expectDrawnOnce(game, before, subpagesBefore);
  });

  it("a daemon's stop while the gateway loses the answer: the run still finds its edit saved, checks it, and keeps its subpages", async () => {
    const game = await establishedGame('stop');
    const before = await b.readPage(game.gamestate);
    const subpagesBefore = await Promise.all(game.subpages.map(revids));
    proxy.loseAnswers(game.gamestate, 1);
    const scope = new RequestScope();
    const run = inScope(scope, () => rollover({ wiki: proxied }, game, BOUNDARY));
    await proxy.editOf(game.gamestate);
    scope.cancel('the daemon is shutting down');
    const s = await run;
    expect(proxy.edits.filter((e) => e.title === game.gamestate).map((e) => e.fate)).toEqual(['answer lost']); // never sent again
    const page = await b.readPage(game.gamestate);
    expect(s.save).toMatchObject({ changed: true, revid: page.revid });
    expect(scope.edits).toBe(2); // the subpage and the Gamestate, found saved
    await expectDrawnOnce(game, before, subpagesBefore);
  });

  it("an admin's undo of the bot's edit whose answer was lost, before the client sends it again: MediaWiki merges the retry onto the undo, and the bot undoes that (never making the reverted edit again) and pauses; the subpages go back", async () => {
    const game = await establishedGame('undone');
    const [before, ...subpages] = await Promise.all(game.pages.map((t) => b.readPage(t)));
    const admin = await human('ADMIN');
    proxy.loseAnswers(game.gamestate, 1, async () => {
      const landed = await b.readPage(game.gamestate);
      await admin.request({ action: 'edit', title: game.gamestate, undo: landed.revid, summary: '' }, { page: game.gamestate, edit: true });
    });
    await expect(rollover({ wiki: proxied }, game, BOUNDARY)).rejects.toMatchObject({ code: 'paused', page: game.gamestate });
    const page = await b.readPage(game.gamestate);
    expect(normalizeText(page.text)).toBe(normalizeText(before!.text));
    expect(page.user).toBe('Bot'); // the bot's undo of its retry, merged onto the admin's undo
    for (const was of subpages) expect(normalizeText((await b.readPage(was!.title)).text)).toBe(normalizeText(was!.text));
  });

  // The retry, sent on the revision before the bot's, is merged onto the player's: MediaWiki finds the bot's lines
  // there already and answers "no change"; or, the player's line being one the bot's edit changed, a conflict.
  const playerEdits = [
    {
      what: 'a line the bot leaves alone',
      answer: '"no change"',
      edit: (t: string) => t.replace('This page holds the state', "(A player's note.) This page holds the state"),
    },
    {
      what: 'the line of the phase the bot rolled over',
      answer: 'a conflict',
      edit: (t: string) => t.replace(/^(\| 2026-11-02 00:00 \|\| 5 .*)$/m, '$1 <!-- seen -->'),
    },
  ];
  for (const p of playerEdits)
    it(`a player's edit of ${p.what}, saved after the bot's edit whose answer was lost and before the client sends it again (answered ${p.answer}): the run still reports the revision it made and keeps its subpages; the player's edit stays`, async () => {
      const game = await establishedGame(`player-after-${playerEdits.indexOf(p)}`);
      const before = await b.readPage(game.gamestate);
      const subpagesBefore = await Promise.all(game.subpages.map(revids));
      let playerRevid = 0;
      let playerText = '';
      proxy.loseAnswers(game.gamestate, 1, async () => {
        const landed = await b.readPage(game.gamestate);
        playerText = p.edit(landed.text);
        expect(playerText).not.toBe(landed.text);
        const r = (await player.request(
          { action: 'edit', title: game.gamestate, text: playerText, baserevid: landed.revid, summary: 'a note', formatversion: 2 },
          { page: game.gamestate, edit: true },
        )) as { edit: { newrevid: number } };
        playerRevid = r.edit.newrevid;
      });

      const s = await rollover({ wiki: proxied }, game, BOUNDARY);
      expect(proxy.edits.filter((e) => e.title === game.gamestate).map((e) => e.fate)).toEqual(['answer lost', 'forwarded']);
      const [last, mine, base] = await b.revisions(game.gamestate, { limit: 3, content: true });
      expect([last!.revid, mine!.user, base!.revid]).toEqual([playerRevid, 'Bot', before.revid]);
      expect(s.save).toMatchObject({ changed: true, revid: mine!.revid });
      expect(s.toPhase).toBe(5);
      expect(normalizeText(mine!.text!)).toBe(normalizeText(drawn(game, before).get(game.gamestate)!));
      expect(normalizeText(last!.text!)).toBe(normalizeText(playerText));
      await expectDrawnOnce(game, before, subpagesBefore, game.subpages);
      // The next run has nothing to do: no edit, the player's edit stays the page's latest.
      const next = await rollover({ wiki: b }, game, BOUNDARY);
      expect([next.save.changed, next.subpages]).toEqual([false, []]);
      expect((await b.readPage(game.gamestate)).revid).toBe(playerRevid);
    });

  const c = CASES[0]!;
  it(`${c.kind}: ${c.readLine.what} between the read and the save, the answer to the merged edit lost: the run finds its edit merged and corrects it, the human's line kept`, async () => {
    const game = await freshGame(b, c, 'lost-merged');
    const seed = fixture(c.kind, 'gamestate');
    const humanText = c.readLine.change(seed);
    let humanRevid = 0;
    const beforeEdit = async (_page: unknown, _edit: unknown, attempt: number) => {
      if (attempt !== 1) return;
      humanRevid = await humanEdit(player, game.gamestate, c.readLine.change, c.readLine.what);
      proxy.loseAnswers(game.gamestate, 1);
    };
    const s = await rollover({ wiki: proxied, saveOptions: { beforeEdit } }, game, runOpts(c));
    expect(proxy.edits.filter((e) => e.title === game.gamestate).map((e) => e.fate)).toContain('answer lost');
    expect(s.save).toMatchObject({ changed: true, merged: { on: humanRevid, corrected: true } });
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(offline(c, game, humanText, humanRevid, {}, mergeOf(s.save.merged!.merged[0]!, humanRevid)));
    expect(page.text).toContain(c.readLine.kept);
    expect(lines(page.text, '|| Concurrent edit ||')).toBe(1);

    const next = await rollover({ wiki: b }, game, runOpts(c));
    expect(next.save.changed).toBe(false);
  });

  it("a gateway answering 503 to every Gamestate edit, the subpages' edits going through: each daemon run saves and puts back the subpages and counts as a failure, and the third halts the game; a fourth start makes no edit", async () => {
    const game = await establishedGame('gateway-503');
    const before = await b.readPage(game.gamestate);
    const subpagesBefore = await Promise.all(game.subpages.map(revids));
    const subpageTexts = await texts(game.subpages);
    const storePath = join(dir, `${game.id}-${randomBytes(3).toString('hex')}.json`);
    const config = parseConfig({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: 'Croupier/Shutoff', runWord: 'run' } },
      store: { path: storePath },
      daemon: { checkCron: '0 * * * *', maxConsecutiveFailures: 3 },
      games: [{ id: 'gw', kind: 'cycle16', ruleset: game.ruleset, gamestate: game.gamestate }],
    });
    const c = await bot({ apiUrl: proxy.apiUrl, maxRetries: 1 });
    const start = () => daemonAtBoundary(config, c);
    const store = new FileStore(storePath);
    const rollovers = async () => (await store.read()).runs.filter((r) => r.kind === 'rollover');

    proxy.unavailable(game.gamestate);
    try {
      for (let i = 0; i < 4; i++) await start();
    } finally {
      proxy.release();
    }
    const runs = await rollovers();
    expect(runs.map((r) => r.result)).toEqual(['failed', 'failed', 'failed']);
    // Each: the subpage saved, the Gamestate edit refused by the gateway (sent twice: one retry), the subpage put back.
    for (const r of runs) {
      expect(r.edits).toBe(2);
      expect(r.error).toContain('HTTP 503');
      expect(r.error).toContain('the wiki had saved 2 edit(s) of this run: counted as a failure');
    }
    expect((await store.read()).games.gw).toMatchObject({ halted: true, consecutiveFailures: 3 });
    expect(proxy.edits.filter((e) => e.title === game.gamestate).map((e) => e.fate)).toEqual(Array(6).fill('unavailable'));
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
    const subpagesAfter = await Promise.all(game.subpages.map(revids));
    subpagesAfter.forEach((after, i) => expect(after.length - subpagesBefore[i]!.length).toBe(6)); // 3 × (saved, put back)
    expect(await texts(game.subpages)).toEqual(subpageTexts);
  });
});
