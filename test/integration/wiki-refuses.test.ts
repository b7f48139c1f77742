// An admin's ways of stopping the bot on one page, on the real local wiki: the Gamestate page protected, or the bot
// blocked from editing it (a partial block) or everywhere. The batched read asks MediaWiki whether the bot may edit
// each page (intestactions), so the run is refused before any edit: no subpage is saved and then put back, which
// cost an established game four edits at every run while its Gamestate page stayed protected. On each MediaWiki
// version of the tests (helpers.ts#onEachWiki).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rollover, type RolloverGame } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { isRefusal, WikiError } from '../../src/wiki/errors.ts';
import { BOUNDARY, establishedGame as establish } from './established-game.ts';
import { bot, human, onEachWiki } from './helpers.ts';

onEachWiki(() => {
  let b: WikiClient;
  let admin: WikiClient;
  /** What to undo after each test: the protection, the block. */
  let cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    [b, admin] = await Promise.all([bot(), human('ADMIN')]);
  });
  afterEach(async () => {
    for (const undo of cleanups.reverse()) await undo();
    cleanups = [];
  });

  const establishedGame = (what: string) => establish(b, `wiki-refuses-${what}`);

  const revids = async (titles: string[]) => [...(await b.readPages(titles)).values()].map((p) => p.revid);
  const blockBot = async (params: Record<string, unknown>) => {
    await admin.request({ action: 'block', user: 'Bot', reason: 'the cycle is over', expiry: 'infinite', noautoblock: true, ...params }, { edit: true });
    cleanups.push(() => admin.request({ action: 'unblock', user: 'Bot', reason: 'test done' }, { edit: true }));
  };

  /** The rollover at the boundary: refused, and the three pages at the revisions they had. */
  async function refused(game: RolloverGame & { pages: string[] }): Promise<WikiError> {
    const before = await revids(game.pages);
    const err = await rollover({ wiki: b }, game, BOUNDARY).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WikiError);
    expect(isRefusal(err)).toBe(true); // the CLI's exit code 4
    expect(await revids(game.pages)).toEqual(before);
    return err as WikiError;
  }

  describe('a page the wiki would not let the bot edit: the run is refused before any edit, saying why', () => {
    it('the Gamestate page protected (sysop only): no subpage edited, refused naming the protection; unprotected, the next run rolls over once', async () => {
      const game = await establishedGame('protected');
      const protect = (protections: string) =>
        admin.request({ action: 'protect', title: game.gamestate, protections, reason: 'the cycle is over' }, { page: game.gamestate, edit: true });
      await protect('edit=sysop');
      cleanups.push(() => protect('edit=all'));
      const err = await refused(game);
      expect(err).toMatchObject({ code: 'cannot-edit', page: game.gamestate, info: 'protectedpage' });
      expect(err.message).toMatch(/the wiki does not let the bot edit this page: .*protected.*\(protectedpage\): no edit made/);
      // A dry run shows the edit it would have made, and says that a real run would make none.
      const dry = await rollover({ wiki: b }, game, { ...BOUNDARY, dryRun: true });
      expect(dry.save.notes?.join('\n')).toMatch(/does not let the bot edit this page.*a real run would make no edit/);

      await protect('edit=all');
      const before = await revids(game.pages);
      const s = await rollover({ wiki: b }, game, BOUNDARY);
      expect(s.save.changed).toBe(true);
      const after = await revids(game.pages);
      after.forEach((revid, i) => expect(revid, game.pages[i]).toBeGreaterThan(before[i]!));
    });

    it("an admin protects the Gamestate page between the run's read and its save: MediaWiki refuses the edit, and the subpage the run had saved is put back", async () => {
      const game = await establishedGame('protected-meanwhile');
      const standings = await b.readPage(game.standings);
      const protect = (protections: string) =>
        admin.request({ action: 'protect', title: game.gamestate, protections, reason: 'the cycle is over' }, { page: game.gamestate, edit: true });
      cleanups.push(() => protect('edit=all'));
      // The run's own client: right after its one read (which found the page editable), the admin protects it.
      const c = await bot();
      const request = c.request.bind(c);
      let protectedAfterRead = false;
      c.request = async (params, ctx) => {
        const answer = await request(params, ctx);
        if (!protectedAfterRead && params.action === 'query' && params.titles !== undefined) {
          protectedAfterRead = true;
          await protect('edit=sysop');
        }
        return answer;
      };
      const gamestate = (await b.readPage(game.gamestate)).text;
      const err = await rollover({ wiki: c }, game, BOUNDARY).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code: 'protectedpage', page: game.gamestate });
      // Its latest revision is the protection's own (MediaWiki records it as a revision of the admin's), its text unchanged.
      const now = await b.readPage(game.gamestate);
      expect([now.user, now.text]).toEqual(['Admin', gamestate]);
      for (const was of [standings]) {
        const [back, ahead] = await b.revisions(was.title, { limit: 2 });
        expect(ahead!.user).toBe('Bot'); // saved before the refused Gamestate edit
        expect(back).toMatchObject({ user: 'Bot', parentid: ahead!.revid });
        expect(back!.comment).toMatch(new RegExp(`^Croupier: back to revision ${was.revid}: `));
        expect((await b.readPage(was.title)).text).toBe(was.text);
      }
      // While it stays protected, the next run is refused at its read: no edit at all.
      const before = await revids(game.pages);
      expect(await rollover({ wiki: b }, game, BOUNDARY).catch((e: unknown) => e)).toMatchObject({ code: 'cannot-edit' });
      expect(await revids(game.pages)).toEqual(before);
    });

    it('the bot blocked from the Gamestate page alone (a partial block): refused naming who blocked it and why, nothing saved', async () => {
      const game = await establishedGame('partial-block');
      await blockBot({ partial: true, pagerestrictions: game.gamestate, allowusertalk: true });
      const err = await refused(game);
      expect(err).toMatchObject({ code: 'cannot-edit', page: game.gamestate });
      expect(err.message).toMatch(/the bot account is blocked from editing this page \(by Admin, “the cycle is over”, with no end\)/);
    });

    it('the bot blocked everywhere: refused at the Gamestate page, before its subpages, naming the block; nothing saved', async () => {
      const game = await establishedGame('blocked');
      await blockBot({});
      const err = await refused(game);
      expect(err.code).toBe('cannot-edit');
      expect(err.message).toMatch(/the bot account is blocked \(by Admin, “the cycle is over”, with no end\)/);
    });
  });
});
