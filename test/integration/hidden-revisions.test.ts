// A revision whose text an admin hid (revision deletion: a player's phone number, an insult), on the real local wiki.
// The bot is no admin: MediaWiki lists the revision without its text. Who added a line is found by comparing each
// revision with the one before it (src/jobs/request-lines.ts), so a hidden text read as empty would make every line
// of the next revision its author's: a player's request, kept by the admin's next edit, performed as the admin's.
// Such a line is refused, saying why, and the admin writes it again. On each MediaWiki version (helpers.ts#onEachWiki).
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { FileStore } from '../../src/cron/store.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { bot, human, onEachWiki, put, root, uniquePrefix } from './helpers.ts';

const fixture = readFileSync(join(root, 'fixtures/cycle16/gamestate.wikitext'), 'utf8');
const HEAD = '== Requests ==\nOne request per line: <code>* rollover now</code>, <code>* check</code>, <code>* clear</code>.\n';

onEachWiki(() => {
  let b: WikiClient;
  let admin: WikiClient;
  let player: WikiClient;
  let dir: string;

  beforeAll(async () => {
    [b, admin, player] = await Promise.all([bot(), human('ADMIN'), human()]);
    dir = await mkdtemp(join(tmpdir(), 'croupier-hidden-'));
  });
  afterAll(() => removeDir(dir));

  const append = async (who: WikiClient, title: string, lines: string) =>
    (await who.save(title, (p) => ({ text: `${p.text.trimEnd()}\n${lines}\n`, summary: 'request' }))).revid!;

  /** A daemon's first pass (the catch-up, then the requests: a new store has no check recorded); what its store recorded. */
  async function daemonPass(prefix: string, pass: number) {
    const storePath = join(dir, `${prefix.replace(/\W+/g, '-')}-${pass}.json`);
    const config = parseConfig({
      wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: 'Croupier/Shutoff', runWord: 'run' } },
      store: { path: storePath },
      daemon: { checkCron: '0 * * * *' },
      games: [{ id: 'hidden', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: `${prefix}/Gamestate` }],
    });
    const daemon = await startDaemon(daemonOptions({ config, client: b, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 30_000 }));
    await daemon.scheduler.idle();
    await daemon.stop('test over');
    return new FileStore(storePath).read();
  }

  describe('a revision of the request page whose text an admin hid', () => {
    it("a player's request kept by the admin's next edit is refused as of unknown author, not performed as the admin's; written again by the admin, it is done", async () => {
      const prefix = uniquePrefix('hidden-request');
      const requests = `${prefix}/Gamestate/Requests`;
      await put(admin, `${prefix}/Gamestate`, fixture);
      await put(admin, requests, HEAD);
      const hidden = await append(player, requests, '* rollover now\nmy phone number is 555-0100');
      // The admin takes the phone number out, leaving the player's line, and asks for a check of their own; then hides
      // the revision that shows the number (MediaWiki hides no text of a page's latest revision).
      await admin.save(requests, (p) => ({ text: `${p.text.replace('\nmy phone number is 555-0100', '')}\n* check`, summary: 'removed personal information' }));
      const res = (await admin.request(
        { action: 'revisiondelete', type: 'revision', target: requests, ids: hidden, hide: 'content', reason: 'personal information' },
        { page: requests, edit: true },
      )) as { revisiondelete: { status: string; items: { errors?: unknown[] }[] } };
      expect(res.revisiondelete).toMatchObject({ status: 'Success', items: [{ id: hidden }] });
      expect(res.revisiondelete.items[0]?.errors ?? []).toEqual([]);

      // What the wiki gives the bot for the hidden revision: no text.
      const [latest, hid] = await b.history(requests, 2);
      expect(hid).toMatchObject({ revid: hidden, user: 'Player', text: '', textHidden: true });
      expect(latest?.textHidden).toBeUndefined();

      const data = await daemonPass(prefix, 1);
      expect(data.runs.filter((r) => r.trigger === 'request')).toEqual([]); // neither the rollover nor the check
      const page = (await b.readPage(requests)).text;
      const refused = `cannot tell who added this line (the line may have been added by revision ${hidden}, whose text an admin hid from the bot); write it again`;
      for (const line of ['* rollover now', '* check']) {
        const marked = page.split('\n').find((l) => l.startsWith(line))!;
        expect(marked).toContain('<!-- croupier:refused');
        expect(marked).toContain(refused);
      }
      expect((await b.readPage(`${prefix}/Gamestate`)).text).not.toMatch(/Manual rollover by Admin/);

      // The admin writes their request again: it is theirs, and done.
      const again = await append(admin, requests, '* rollover now');
      const after = await daemonPass(prefix, 2);
      expect(after.runs.filter((r) => r.trigger === 'request')).toMatchObject([{ kind: 'rollover', actor: 'Admin', result: 'changed' }]);
      expect((await b.readPage(requests)).text).toContain(`<!-- croupier:done r${again} -->`);
    });
  });
});
