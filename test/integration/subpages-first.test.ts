// An established Cycle 16 game's rollover on the real local wiki: the subpage of the standings and the race chart
// under them is saved just before the Gamestate's edit, with what that edit's text draws, and both merge checks go
// in one request (src/jobs/computed-pages.ts, src/wiki/revision-checks.ts). So the Gamestate's rendering at its save
// already shows its new subpage (no purge), a rollover is four requests with the session kept, and a Gamestate
// edit that is not saved leaves no subpage showing a state the page does not hold.
import { beforeAll, describe, expect, it } from 'vitest';
import { rollover, type RolloverWiki } from '../../src/jobs/rollover.ts';
import { CancelledError, inScope, RequestScope } from '../../src/wiki/cancel.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { normalizeText } from '../../src/wiki/save.ts';
import { BOUNDARY, DAY_BEFORE, drawn, establishedGame as establish } from './established-game.ts';
import { bot, human } from './helpers.ts';
import { killedRollover } from './killed-rollover.ts';

let b: WikiClient;
let player: WikiClient;

beforeAll(async () => {
  [b, player] = await Promise.all([bot(), human()]);
});

const establishedGame = (what: string) => establish(b, `subpages-first-${what}`);

async function expectPages(pages: Map<string, string>): Promise<void> {
  for (const [title, text] of pages) expect(normalizeText((await b.readPage(title)).text), title).toBe(normalizeText(text));
}

/** A page's HTML without its comments (the parser's reports), its white space runs made one space. */
const html = async (params: Record<string, unknown>) =>
  ((await b.request({ action: 'parse', prop: 'text', formatversion: 2, ...params })) as { parse: { text: string } }).parse.text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ');

describe("an established game's rollover saves its subpages just before its Gamestate edit", () => {
  it('is four requests with the session kept: the read, the edit of the standings and race chart, the Gamestate edit, one check of both; no purge, as its rendering at its save shows them', async () => {
    const game = await establishedGame('requests');
    const before = await b.readPage(game.gamestate);
    const c = await bot();
    const sent: string[] = [];
    const request = c.request.bind(c);
    c.request = (params, ctx) => {
      const titles = params.titles === undefined ? '' : [params.titles].flat().join(', ');
      sent.push(`${String(params.action)}${params.revids ? ' revids' : ''} ${ctx?.page ?? titles}`);
      return request(params, ctx);
    };
    const s = await rollover({ wiki: c }, game, BOUNDARY);
    expect(s.save.changed).toBe(true);
    expect(sent).toEqual([
      `query ${[game.ruleset, game.gamestate, game.standings, `${game.gamestate}/Card tables`].join(', ')}`,
      `edit ${game.standings}`,
      `edit ${game.gamestate}`,
      `query revids ${game.gamestate}`,
    ]);
    await expectPages(drawn(game, before));
    // The page as the wiki shows it (its rendering made at its save) is the page rendered now, with its subpages.
    const page = await b.readPage(game.gamestate);
    expect(await html({ page: game.gamestate })).toBe(await html({ title: game.gamestate, text: page.text }));
  });

  it("a person's edit saved into the Gamestate while its subpages were saved is merged by MediaWiki: the one check finds it, and the bot corrects the page and its subpages to the run on the person's revision", async () => {
    const game = await establishedGame('merged');
    // Farah's Last action, a line the rollover reads (her status) and does not write.
    const farahActed = (t: string) => t.replace(/(\|Farah\n(?:\|[^\n]*\n){3})\|2026-11-11 19:00\n/, '$1|2026-11-18 12:00\n');
    let theirs = 0;
    const s = await rollover(
      {
        wiki: b,
        saveOptions: {
          beforeEdit: async (_p, _e, attempt) => {
            if (attempt !== 1) return;
            const page = await player.readPage(game.gamestate);
            expect(farahActed(page.text)).not.toBe(page.text);
            theirs = (await player.save(game.gamestate, () => ({ text: farahActed(page.text), summary: 'Farah acted' }))).revid!;
          },
        },
      },
      game,
      BOUNDARY,
    );
    const merged = s.save.merged!;
    // The standings were saved for the merged edit, then again for its correction (its rows differ).
    expect(s.subpages.map((p) => p.title)).toEqual([game.standings, game.standings]);
    expect(merged).toMatchObject({ on: theirs, corrected: true });
    const text = (await b.revisions(game.gamestate, { limit: 10, content: true })).find((r) => r.revid === theirs)!.text!;
    await expectPages(drawn(game, { text, revid: theirs }, { merged: merged.merged, edits: [{ revid: theirs, user: 'Player', timestamp: '' }], on: theirs }));
  });

  it('a Gamestate edit refused after its subpages were saved puts them back to the revisions they had; the next run rolls over once', async () => {
    const game = await establishedGame('refused');
    const standings = await b.readPage(game.standings);
    await expect(
      rollover(
        {
          wiki: b,
          saveOptions: {
            beforeEdit: () => {
              throw new Error('refused before the Gamestate edit');
            },
          },
        },
        game,
        BOUNDARY,
      ),
    ).rejects.toThrow('refused before the Gamestate edit');
    for (const was of [standings]) {
      const [back, ahead] = await b.revisions(was.title, { limit: 2 });
      expect(ahead!.user).toBe('Bot'); // the run's edit for the refused rollover
      expect(back).toMatchObject({ user: 'Bot', parentid: ahead!.revid });
      expect(back!.comment).toMatch(
        new RegExp(
          `^Croupier: back to revision ${was.revid}: the edit of \\[\\[.*\\]\\] it was computed for was not saved \\(refused before the Gamestate edit\\)`,
        ),
      );
      expect((await b.readPage(was.title)).text).toBe(was.text);
    }
    const before = await b.readPage(game.gamestate);
    const s = await rollover({ wiki: b }, game, BOUNDARY);
    expect(s.subpages.map((p) => p.title)).toEqual([game.standings]);
    await expectPages(drawn(game, before));
  });

  it("a stop that cuts the Gamestate edit after its subpages were saved (a daemon's shutdown) puts them back: the page and its subpages as they were", async () => {
    const game = await establishedGame('cut');
    const [page, standings] = [await b.readPage(game.gamestate), await b.readPage(game.standings)];
    const scope = new RequestScope();
    const run = inScope(scope, () => rollover({ wiki: b, saveOptions: { beforeEdit: () => scope.cancel('the daemon is shutting down') } }, game, BOUNDARY));
    await expect(run).rejects.toMatchObject({ cause: expect.any(CancelledError) }); // no request sent for the Gamestate
    // The subpage's edit and the one that puts it back; no Gamestate edit.
    expect(scope.edits).toBe(2);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
    expect((await b.readPage(standings.title)).text).toBe(standings.text);
  });

  it('two runs at once, both having computed on the same revision: each subpage and the Gamestate edited once, the pages the offline run draws; a third run makes no edit', async () => {
    const game = await establishedGame('two-runs');
    const before = await b.readPage(game.gamestate);
    const standings = await b.readPage(game.standings);
    // Both runs wait, having read and computed, until the other is there too; then both save.
    let arrived = 0;
    let bothThere!: () => void;
    const both = new Promise<void>((r) => (bothThere = r));
    const checkpoint = async (step: string) => {
      if (step !== 'computed') return;
      if (++arrived === 2) bothThere();
      await both;
    };
    const b2 = await bot();
    const [one, two] = await Promise.all([rollover({ wiki: b, checkpoint }, game, BOUNDARY), rollover({ wiki: b2, checkpoint }, game, BOUNDARY)]);
    expect([one.save.changed, two.save.changed].sort()).toEqual([false, true]);
    await expectPages(drawn(game, before));
    for (const was of [before, standings]) expect((await b.revisions(was.title, { limit: 10 })).filter((r) => r.revid > was.revid)).toHaveLength(1);
    const third = await rollover({ wiki: b }, game, BOUNDARY);
    expect([third.save.changed, third.subpages]).toEqual([false, []]);
  });

  it("an admin's undo of the bot's standings edit, saved between the run's read and its save of that subpage: MediaWiki merges the bot's edit onto it, the one check finds it, the bot undoes it (never making the reverted edit again) and the game pauses; the Gamestate's rollover, saved before that check, stands", async () => {
    const game = await establishedGame('undo-window');
    // The subpage's latest revision is the bot's rewrite of a person's edit: the admin's undo of it is a revert of the bot.
    await player.save(game.standings, (p) => ({ text: `${p.text}\nA note.`, summary: 'a note' }));
    await rollover({ wiki: b }, game, DAY_BEFORE);
    const rewrite = await b.readPage(game.standings);
    expect(rewrite.user).toBe('Bot');
    const page = await b.readPage(game.gamestate);
    const admin = await human('ADMIN');
    let undone = false;
    const wiki: RolloverWiki = {
      settings: b.settings,
      names: b.names,
      readPages: (titles, o) => b.readPages(titles, o),
      purge: (titles) => b.purge(titles),
      revisionsInForce: (title, since, until) => b.revisionsInForce(title, since, until),
      revisions: (title, o) => b.revisions(title, o),
      save: async (title, transform, o) => {
        if (title === game.standings && !undone) {
          undone = true;
          await admin.request({ action: 'edit', title, undo: rewrite.revid, summary: '' }, { page: title, edit: true });
        }
        return b.save(title, transform, o);
      },
    };
    await expect(rollover({ wiki }, game, BOUNDARY)).rejects.toMatchObject({ code: 'paused', page: game.standings });
    // The subpage holds the admin's undo: the bot's edit, had MediaWiki merged it onto the undo, is undone in turn.
    const undo = (await b.revisions(game.standings, { limit: 5, content: true })).find((r) => r.user === 'Admin')!;
    expect(undo.text).toContain('A note.');
    expect((await b.readPage(game.standings)).text).toBe(undo.text);
    const [subpageRevs, after] = [await b.revisions(game.standings, { limit: 5 }), await b.readPage(game.gamestate)];
    // The undo, the bot's edit merged onto it, the bot's undo of that: no bot edit of the subpage's text since.
    expect(subpageRevs.slice(0, 3).map((r) => r.user)).toEqual(['Bot', 'Bot', 'Admin']);
    expect(subpageRevs[0]!.comment).toMatch(/revert|undo/i);
    // The rollover: computed on the page, saved before the subpage's check (as when the subpage was saved after it).
    expect(after.revid).toBeGreaterThan(page.revid);
    await expectPages(new Map([...drawn(game, page)].filter(([t]) => t !== game.standings)));
  });

  it('a run killed between its subpages and its Gamestate edit: the next run saves the Gamestate alone, its subpages already holding what it draws', async () => {
    const game = await establishedGame('killed');
    const before = await b.readPage(game.gamestate);
    const k = await killedRollover(game, BOUNDARY.now, 'ready');
    expect(k.read).toBe(before.revid);
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
    const s = await rollover({ wiki: b }, game, BOUNDARY);
    expect(s.save.changed).toBe(true);
    expect(s.subpages).toEqual([]);
    await expectPages(drawn(game, before));
  });
});
