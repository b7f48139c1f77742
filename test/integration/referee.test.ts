// The referee against the real local MediaWiki: players' requests on <gamestate>/Actions, written by real
// accounts, resolved by the CLI and by the daemon; commit–reveal on the pages; `croupier verify`.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { rulesetsDir } from '../../src/cron/ruleset-files.ts';
import { FileStore, phaseSecret } from '../../src/cron/store.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { readDocument } from '../../src/parse/document.ts';
import { commitmentOf } from '../../src/sim/commit-reveal.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { commitmentFor, put, refereeGame, root } from './helpers.ts';

const ruleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));

let b: WikiClient, player: WikiClient, admin: WikiClient, G: string, A: string;
// Alice is played by the wiki account "Player" (the Players table's Wiki account column).
const actions = readFileSync(`${root}fixtures/cycle16/actions.wikitext`, 'utf8');
const game = refereeGame(
  { what: 'referee', id: 'reftest', accounts: ['Alice=Player'], actions, read: (page, title) => readGamestate(page, title, ruleset) },
  (g) => ({ b, player, admin, G, A } = g),
);
const { text, state, append, lineOf } = game;
const alice = async () => (await state()).players.find((p) => p.name === 'Alice')!;

describe('the referee on the local wiki', () => {
  let phase: number;

  // Several CLI runs each: minutes on a loaded 2-core machine.
  const SLOW = 400_000;

  it(
    "resolves a player's requests once, after publishing the phase's commitment, and refuses what the rules or the author do not allow",
    async () => {
      phase = (await state()).phase.number;
      const packsBefore = (await alice()).packs['Handy Pack'] ?? 0;
      expect(packsBefore).toBe(1);
      await append(player, '* open 1 Handy Pack ~~~~');
      await append(admin, '* open 1 Handy Pack');
      await append(player, '* buy 1 Legendary Pack');
      await append(player, '* explore yes');
      expect(commitmentFor(await text(G), phase)).toBeUndefined();

      rmSync(rulesetsDir(game.storePath), { recursive: true, force: true }); // the setup's rollover kept its reading
      const r = await game.cli(['referee', '--game', 'reftest']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/2 request\(s\) done, 2 refused/);
      // The pass kept its reading of the Ruleset beside the store (src/cron/ruleset-files.ts): the next run reads it.
      const [kept, ...more] = readdirSync(rulesetsDir(game.storePath)).map((f) => join(rulesetsDir(game.storePath), f));
      expect(more).toEqual([]);
      const keptAt = statSync(kept!).mtimeMs;

      const page = await text(G);
      const commitment = commitmentFor(page, phase)!;
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(await text(`${G}/Status`)).toContain(commitment);
      // The commitment was saved in an edit of its own before the first draw: the revision that first shows a
      // draw has a parent that already shows the commitment.
      const revs = await b.revisions(G, { limit: 10, content: true });
      const firstDraw = [...revs].reverse().findIndex((v) => /#1 d\d+=/.test(v.text ?? ''));
      const ordered = [...revs].reverse();
      expect(firstDraw).toBeGreaterThan(0);
      expect(ordered[firstDraw - 1]!.text).toContain(`phase ${phase}: commitment ${commitment}`);

      // open 1 Handy Pack: 3 cards with IDs, the pack consumed, a History row per card with its draws.
      // (The exploration may grant a Handy Pack again: the pack's own row says what opening it did.)
      const s = await state();
      expect(page).toMatch(/\|\| Pack opened \|\| Alice \|\| −1 Handy Pack \(1 → 0\): 3 card\(s\) #52, #53, #54/);
      const newCards = s.cards.filter((c) => c.id >= 52);
      expect(newCards.filter((c) => c.owner === 'Alice').length).toBeGreaterThanOrEqual(3);
      expect(page.match(/\|\| Card drawn \|\| Alice \|\|/g)).toHaveLength(3);
      // (MediaWiki expanded the signature ~~~~ when the line was saved.)
      expect(await lineOf('* open 1 Handy Pack [[User:Player')).toMatch(/croupier:done .*'''Done'''.*opened 1 Handy Pack: #52/);
      // The same line by another account: refused, answered, nothing drawn for it.
      expect(await lineOf('* open 1 Handy Pack <!--')).toMatch(/croupier:refused .*Admin, who added this line, is not the wiki account of any player/);
      // “provided they have at least the required cost in their inventory”
      expect(await lineOf('* buy 1 Legendary Pack')).toMatch(/croupier:refused .*costs 50 Vertebrae/);
      // The exploration with its dice: the scenario is a d14.
      expect(await lineOf('* explore yes')).toMatch(/croupier:done .*scenario \d+/);
      expect(page).toMatch(/\|\| Exploration \|\| Alice \|\| scenario \d+ .*#1 d14=\d+ scenario/);

      // Run again: nothing is resolved twice.
      const rev = (await b.readPage(G)).revid;
      expect((await game.cli(['referee', '--game', 'reftest'])).code).toBe(0);
      expect((await b.readPage(G)).revid).toBe(rev);
      expect(statSync(kept!).mtimeMs).toBeGreaterThan(keptAt);

      const v = await game.cli(['verify', '--game', 'reftest']);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout).toMatch(/[1-9]\d* draw\(s\) matching, 0 not matching/);
    },
    SLOW,
  );

  it(
    'keeps the same secret when the daemon restarts mid-phase, and resolves a request with it',
    async () => {
      const config = parseConfig(JSON.parse(readFileSync(game.configFile, 'utf8')));
      const store = new FileStore(game.storePath);
      const secret = await phaseSecret(store, 'reftest', phase);
      expect(secret).toBeDefined();
      const once = async () => {
        const d = await startDaemon(daemonOptions({ config, client: b, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 30_000 }));
        await d.scheduler.idle();
        await d.stop('test over');
      };
      await once();
      await append(player, '* buy 1 Chip');
      await once();
      expect(await phaseSecret(store, 'reftest', phase)).toBe(secret);
      const page = await text(G);
      expect(page.match(new RegExp(`phase ${phase}: commitment`, 'g'))).toHaveLength(1);
      expect(commitmentFor(page, phase)).toBe(commitmentOf(secret!));
      expect(await lineOf('* buy 1 Chip')).toMatch(/croupier:done/);
    },
    SLOW,
  );

  it(
    'reveals the secret once the phase is over; verify finds every draw matching, and names a hand-altered History row',
    async () => {
      expect(await text(G)).not.toMatch(new RegExp(`phase ${phase}: secret`));
      expect((await game.cli(['rollover', '--game', 'reftest', '--force', '--by', 'Admin'])).code).toBe(0);
      const r = await game.cli(['referee', '--game', 'reftest']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`revealed the secret of phase ${phase}`);
      const page = await text(G);
      const secret = new RegExp(`phase ${phase}: secret ([0-9a-f]{64})`).exec(page)![1]!;
      expect(commitmentOf(secret)).toBe(commitmentFor(page, phase));

      const v = await game.cli(['verify', '--game', 'reftest', '--phase', String(phase)]);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout).toMatch(new RegExp(`phase ${phase}: the secret revealed in History row \\d+ .* matches the commitment`));

      // A person alters a draw in the History.
      const m = /#2 d(\d+)=(\d+)/.exec(page)!;
      const wrong = (Number(m[2]) % Number(m[1])) + 1;
      await put(admin, G, page.replace(m[0], `#2 d${m[1]}=${wrong}`));
      const bad = await game.cli(['verify', '--game', 'reftest']);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(
        new RegExp(`MISMATCH .*draw #2 d${m[1]}=${wrong} in History row \\d+ of ${G.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .* does NOT match`),
      );
    },
    SLOW,
  );
});
