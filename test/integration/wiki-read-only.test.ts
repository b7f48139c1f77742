// A wiki an admin has made read-only for maintenance ($wgReadOnly), on the real local wiki: the requests of the bot
// carrying the X-Devwiki-Fake header `readonly=1` are served read-only (scripts/devwiki-hooks.php), every other
// client's are not. MediaWiki then refuses each edit with `readonly` and the admin's reason. A run is not done and
// says why; it is not the game's failure, so a daemon never halts a game for it, and the first run once the lock is
// lifted does what was due. On each MediaWiki version of the tests (helpers.ts#onEachWiki).
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { FileStore } from '../../src/cron/store.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { isWikiUnavailable, WikiError } from '../../src/wiki/errors.ts';
import { normalizeText } from '../../src/wiki/save.ts';
import { removeDir } from '../temp-dir.ts';
import { BOUNDARY, daemonAtBoundary, drawn, establishedGame as establish } from './established-game.ts';
import { bot, onEachWiki } from './helpers.ts';

const REASON = 'devwiki: the wiki is locked for maintenance'; // the hook's $wgReadOnly

/** Serve this client's requests read-only from now on (until `unlock`). */
const lock = (c: WikiClient) => {
  c.headers['X-Devwiki-Fake'] = `readonly=1;key=${randomBytes(6).toString('hex')}`;
};
const unlock = (c: WikiClient) => {
  delete c.headers['X-Devwiki-Fake'];
};

onEachWiki(() => {
  let b: WikiClient;
  let dir: string;

  beforeAll(async () => {
    b = await bot();
    dir = await mkdtemp(join(tmpdir(), 'croupier-read-only-'));
  });
  afterAll(() => removeDir(dir));

  const establishedGame = (what: string) => establish(b, `read-only-${what}`);
  const texts = async (titles: string[]) => [...(await b.readPages(titles)).values()].map((p) => normalizeText(p.text));

  describe('a wiki made read-only for maintenance', () => {
    it("locked after the run's subpage edits: the Gamestate edit is refused with the admin's reason, the subpages cannot be put back, and the first run after the lock saves the Gamestate alone", async () => {
      const game = await establishedGame('mid-run');
      const before = await b.readPage(game.gamestate);
      const c = await bot();
      const err = await rollover({ wiki: c, saveOptions: { beforeEdit: () => lock(c) } }, game, BOUNDARY).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(WikiError);
      expect(err).toMatchObject({ code: 'readonly', page: game.gamestate });
      expect((err as WikiError).message).toBe(`"${game.gamestate}": the wiki is read-only (${REASON})`);
      expect(isWikiUnavailable(err)).toBe(true); // not counted toward a halt (src/cron/run-end.ts)
      // The Gamestate page is as it was; its subpage shows the run that was not saved: the lock refused its put-back.
      expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
      const want = drawn(game, before);
      expect(await texts([game.standings])).toEqual([normalizeText(want.get(game.standings)!)]);

      unlock(c);
      const s = await rollover({ wiki: c }, game, BOUNDARY);
      expect(s.save.changed).toBe(true);
      expect(s.subpages).toEqual([]); // they already hold what this run draws
      expect(await texts([...want.keys()])).toEqual([...want.values()].map(normalizeText));
    });

    it('a daemon started four times on a locked wiki records each rollover as "unavailable" and never halts the game (3 failures would); started once the lock is lifted, it rolls over', async () => {
      const game = await establishedGame('daemon');
      const before = await b.readPage(game.gamestate);
      const storePath = join(dir, `${game.id}-${randomBytes(3).toString('hex')}.json`);
      const config = parseConfig({
        wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: 'Croupier/Shutoff', runWord: 'run' } },
        store: { path: storePath },
        daemon: { checkCron: '0 * * * *', maxConsecutiveFailures: 3 },
        games: [{ id: 'ro', kind: 'cycle16', ruleset: game.ruleset, gamestate: game.gamestate }],
      });
      const c = await bot();
      const start = () => daemonAtBoundary(config, c);
      const store = new FileStore(storePath);
      const rollovers = async () => (await store.read()).runs.filter((r) => r.kind === 'rollover').map((r) => r.result);

      lock(c);
      for (let i = 0; i < 4; i++) await start();
      expect(await rollovers()).toEqual(['unavailable', 'unavailable', 'unavailable', 'unavailable']);
      const locked = await store.read();
      expect(locked.runs.find((r) => r.kind === 'rollover')?.error).toContain(`the wiki is read-only (${REASON})`);
      expect(locked.games.ro).toMatchObject({ halted: false, consecutiveFailures: 0 });
      expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);

      unlock(c);
      await start();
      expect(await rollovers()).toEqual(['unavailable', 'unavailable', 'unavailable', 'unavailable', 'changed']);
      const want = drawn(game, before);
      expect(await texts([...want.keys()])).toEqual([...want.values()].map(normalizeText));
    });
  });
});
