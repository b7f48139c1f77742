// The referee against the tricks of issue 24, each played on the real local MediaWiki as a player or an
// editor would: a planted request key, a fake commitment, identical lines, a flood, a forged rollover,
// a line laundered through a revert (Rulings and requests pages), a withdrawn line put back by another's revert
// (Rulings, actions and requests pages), a ruling a player deletes, a request another player deletes or marks as
// answered, and a local user reading the store.
import { createHash } from 'node:crypto';
import { chmodSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { startDaemon } from '../../src/cron/daemon.ts';
import { createLogger } from '../../src/cron/log.ts';
import { FileStore, gameRecord } from '../../src/cron/store.ts';
import { requestKey } from '../../src/cron/requests.ts';
import { daemonOptions } from '../../src/cron/wiring.ts';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { MAX_REQUESTS_PER_AUTHOR } from '../../src/jobs/referee-requests.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { otherUserUnavailable, peekAsOtherUser, type Peek } from '../other-user.ts';
import { commitmentFor, devEnv, put, refereeGame, root } from './helpers.ts';

const ruleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));
let b: WikiClient, player: WikiClient, admin: WikiClient, G: string, A: string;
// Alice is played by the plain account "Player", Bram by "Admin" (an editor of the wiki who also plays).
const game = refereeGame(
  {
    what: 'referee-tricks',
    id: 'tricks',
    accounts: ['Alice=Player', 'Bram=Admin'],
    actions: '== Requests ==\n',
    read: (page, title) => readGamestate(page, title, ruleset),
  },
  (g) => ({ b, player, admin, G, A } = g),
);
const { text, state } = game;
const alice = async () => (await state()).players.find((p) => p.name === 'Alice')!;
const botUser = () => devEnv().CROUPIER_USERNAME!.split('@')[0]!;
const SLOW = 400_000;

/** Lines written by `who` in one edit of the Actions page; the revision that added them. */
async function write(who: WikiClient, lines: string[]): Promise<number> {
  const page = await who.readPage(A);
  return put(who, A, `${page.text.replace(/\s*$/, '')}\n${lines.join('\n')}\n`, 'requests');
}
/** The Actions page's lines that start with `start`, with their answers. */
const answers = async (start: string) => (await text(A)).split('\n').filter((l) => l.startsWith(start));
const referee = async () => {
  const r = await game.cli(['referee', '--game', 'tricks']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
};
/** The good-luck reading as `croupier readings --json` gives it, and the Rulings page's warnings, one string. */
const goodLuck = async () => {
  const r = await game.cli(['readings', '--game', 'tricks', '--json']);
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as { readings: { id: string; current: string }[]; warnings: string[] };
  return { current: out.readings.find((x) => x.id === 'good-luck')?.current, warnings: out.warnings.join('\n') };
};
/** Revisions of `title` saved by the bot after revision `after`. */
const botEditsSince = async (title: string, after: number) =>
  (await b.revisions(title, { limit: 50 })).filter((r) => r.revid > after && r.user === botUser()).length;
const latest = async (title: string) => (await b.readPage(title)).revid;
/** An undo as a person makes it in the wiki's interface (MediaWiki tags it mw-undo). */
const undo = (who: WikiClient, title: string, revid: number) =>
  who.request({ action: 'edit', title, undo: revid, summary: 'undo', formatversion: 2 }, { edit: true, page: title });

// A local user of the bot's machine reads every file beside the store during all the runs of this file.
const noPeek = otherUserUnavailable();
let peek: { stop(): Promise<Peek> } | undefined;
beforeAll(() => {
  if (noPeek) return;
  chmodSync(game.dir, 0o755); // a directory anyone may list, as an operator's may be
  peek = peekAsOtherUser(game.dir);
});
afterAll(async () => {
  await peek?.stop();
});

describe('the referee resists tricks (issue 24) on the local wiki', () => {
  let phase: number;

  it(
    "fake commitments typed on the page, before and after where the bot's row goes, stop no draw: the bot publishes its own and draws",
    async () => {
      phase = (await state()).phase.number;
      const fake = (hex: string) => `<!-- phase ${phase}: commitment ${hex.repeat(64)} -->`;
      const clean = await text(G);
      await put(admin, G, `${fake('0')}\n${clean}\n${fake('f')}\n`);
      await write(player, ['* open 1 Handy Pack']);
      try {
        const out = await referee();
        expect(out).toMatch(/1 request\(s\) done/);
        const page = await text(G);
        expect(page.match(/\|\| Card drawn \|\| Alice \|\|/g)).toHaveLength(3);
        expect(commitmentFor(page.replace(/<!--[\s\S]*?-->/g, ''), phase)).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        // The fakes go, whatever happened, so that each later trick is played on its own.
        await put(admin, G, (await text(G)).replace(`${fake('0')}\n`, '').replace(`${fake('f')}\n`, ''));
      }
    },
    SLOW,
  );

  it(
    'a request key copied onto the Gamestate page by another editor does not make the bot skip the request',
    async () => {
      const before = await alice();
      const revid = await write(player, ['* buy 1 Chip']);
      const key = requestKey(revid, '* buy 1 Chip');
      await put(admin, G, `${await text(G)}\n<!-- request ${key} -->\n`);
      expect(await referee()).toMatch(/1 request\(s\) done/);
      const after = await alice();
      // “provided they have at least the required cost”: 1 Chip for 25 Vertebrae (the Ruleset's shop table).
      expect([after.chips, after.vertebrae]).toEqual([before.chips + 1, before.vertebrae - 25]);
      expect((await text(G)).split('\n').filter((l) => l.includes(`request ${key}`) && l.startsWith('|')).length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'two identical lines in one edit are two requests with two keys: each resolved on its own',
    async () => {
      const revid = await write(player, ['* explore no', '* explore no']);
      const [k1, k2] = [requestKey(revid, '* explore no', 1), requestKey(revid, '* explore no', 2)];
      expect(k1).not.toBe(k2);
      await referee();
      const [first, second] = await answers('* explore no');
      // “Once per phase, each player may explore” (a maze allows a second one).
      expect(first).toMatch(new RegExp(`croupier:done .*scenario \\d+.*request ${k1}`));
      expect(second).toMatch(/croupier:(refused|done)/);
      expect(second).not.toContain(`request ${k1}`);
      if (second!.includes('croupier:done')) expect(second).toContain(`request ${k2}`);
      else expect(second).toMatch(/once per phase|Once per phase|already/i);
    },
    SLOW,
  );

  it(
    `a flood of lines by one author: one pass answers them all in one edit of the Actions page and at most one of the Gamestate, the first ${MAX_REQUESTS_PER_AUTHOR} taken, the rest refused with the cap`,
    async () => {
      const n = MAX_REQUESTS_PER_AUTHOR + 3;
      await write(
        player,
        Array.from({ length: n }, () => '* buy 1 Legendary Pack'),
      );
      const [a0, g0] = [await latest(A), await latest(G)];
      await referee();
      expect(await botEditsSince(A, a0)).toBe(1);
      expect(await botEditsSince(G, g0)).toBeLessThanOrEqual(1);
      const lines = await answers('* buy 1 Legendary Pack');
      expect(lines).toHaveLength(n);
      expect(lines.filter((l) => /croupier:refused .*costs 50 Vertebrae/.test(l))).toHaveLength(MAX_REQUESTS_PER_AUTHOR);
      expect(lines.filter((l) => new RegExp(`croupier:refused .*more than ${MAX_REQUESTS_PER_AUTHOR} requests`).test(l))).toHaveLength(3);
    },
    SLOW,
  );

  it(
    "a Phase number bumped by a non-admin (with a Phase start) reveals no secret; once undone, the phase's draws go on with its secret",
    async () => {
      const page = await text(G);
      const forged = page
        .replace(/^(! Cycle start \(UTC\) !! Phase number !! Phase !! Next rollover \(UTC\) !! Winner)$/m, '$1 !! Phase start (UTC)')
        .replace(
          new RegExp(`^(\\| [0-9-]+ [0-9:]+ \\|\\| )${phase}( \\|\\| .*)$`, 'm'),
          (_, a: string, rest: string) => `${a}${phase + 1}${rest} || ${new Date(Date.now() - 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}`,
        );
      expect(forged).toContain('!! Phase start (UTC)');
      expect(forged).toMatch(new RegExp(`^\\| [0-9-]+ [0-9:]+ \\|\\| ${phase + 1} \\|\\|`, 'm'));
      const bump = await put(player, G, forged, 'phase over');
      const out = await referee();
      expect(out).toMatch(/ahead of the calendar/);
      expect(await text(G)).not.toMatch(new RegExp(`phase ${phase}: secret`));
      await undo(admin, G, bump);
      expect((await state()).phase.number).toBe(phase);
      await write(admin, ['* explore yes']);
      expect(await referee()).toMatch(/1 request\(s\) done/);
      expect((await answers('* explore yes'))[0]).toMatch(/croupier:done .*scenario \d+/);
      expect(await text(G)).toMatch(/\|\| Exploration \|\| Bram \|\| scenario \d+ .*#1 d14=\d+/);
    },
    SLOW,
  );

  it(
    "a ruling added by a player, blanked, and restored by the Judge's undo is still the player's: it does not count",
    async () => {
      const R = `${G}/Rulings`;
      await put(admin, R, '== Rulings ==\n');
      await put(player, R, '== Rulings ==\n* good-luck = everyone\n');
      const blank = await put(player, R, '== Rulings ==\n');
      await undo(admin, R, blank);
      expect(await text(R)).toContain('* good-luck = everyone');
      const out = await goodLuck();
      expect(out.current).toBe('column');
      expect(out.warnings).toMatch(/added by Player in revision \d+, who is not in an allowed group/);
    },
    SLOW,
  );

  it(
    "a `* rollover now` laundered through a revert is refused: a non-admin's restored by an admin's undo, and an admin's withdrawn and put back by a player's undo",
    async () => {
      const Q = `${G}/Requests`;
      await put(admin, Q, '== Requests ==\n');
      await put(player, Q, '== Requests ==\n* rollover now\n');
      const blank = await put(player, Q, '== Requests ==\n');
      await undo(admin, Q, blank);
      const withAdmins = `${await text(Q)}\n* rollover now (the Judge)\n`;
      await put(admin, Q, withAdmins);
      const withdrawn = await put(admin, Q, withAdmins.replace('* rollover now (the Judge)\n', ''), 'no rollover after all');
      await undo(player, Q, withdrawn);
      expect(await text(Q)).toContain('* rollover now (the Judge)');
      const config = parseConfig(JSON.parse(readFileSync(game.configFile, 'utf8')));
      const d = await startDaemon(daemonOptions({ config, client: b, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 30_000 }));
      await d.scheduler.idle();
      await d.stop('test over');
      const lines = (await text(Q)).split('\n');
      expect(lines.find((l) => l.startsWith('* rollover now <!--'))).toMatch(
        /croupier:refused .*Player, who added this line in revision \d+, is not in an allowed group/,
      );
      expect(lines.find((l) => l.startsWith('* rollover now (the Judge)'))).toMatch(
        /croupier:refused .*Admin added this line in revision \d+; it was put back in revision \d+ by Player after its author removed it/,
      );
      expect((await state()).phase.number).toBe(phase);
    },
    SLOW,
  );

  it(
    "an admin's `* check` a player marks with a typed answer is still the admin's: the daemon performs it once and answers it by a line it adds",
    async () => {
      const Q = `${G}/Requests`;
      const added = await put(admin, Q, `${(await text(Q)).replace(/\s*$/, '')}\n* check (the Judge)\n`);
      const faked = await put(player, Q, (await text(Q)).replace('* check (the Judge)', "* check (the Judge) <!-- croupier:done r1 --> → '''Done''': no"));
      const config = parseConfig(JSON.parse(readFileSync(game.configFile, 'utf8')));
      // Each start finds the store's last check an hour old: the hourly check, which answers the page, is due. On the
      // real clock: a clock moved ahead could pass the phase's real boundary, and the daemon would roll the page into
      // a phase that, for the later tests' runs, has not begun (the page refused as ahead of the calendar).
      const daemon = async () => {
        await new FileStore(game.storePath).update((d) => {
          gameRecord(d, 'tricks').lastCheck = new Date(Date.now() - 3_660_000).toISOString();
        });
        const d = await startDaemon(daemonOptions({ config, client: b, logger: createLogger({ level: 'silent' }), handleSignals: false, graceMs: 30_000 }));
        await d.scheduler.idle();
        await d.stop('test over');
      };
      await daemon();
      const answers = (await text(Q)).split('\n').filter((l) => l.startsWith(`* check (the Judge) <!-- croupier:done r${added} -->`));
      expect(answers).toHaveLength(1);
      expect(answers[0]).toContain(`removed in revision ${faked} by Player, who may not withdraw it`);
      expect(answers[0]).toContain('of Admin');
      const page = await latest(Q);
      await daemon();
      expect(await latest(Q)).toBe(page);
    },
    SLOW,
  );

  it(
    "an admin's ruling, withdrawn by the admin and put back by a player's undo, does not count",
    async () => {
      // (Signed: a text the page never had, which would be a restoration of that revision's lines.)
      const R = `${G}/Rulings`;
      const ruling = '* good-luck = everyone — the Judge';
      await put(admin, R, '== Rulings ==\n');
      await put(admin, R, `== Rulings ==\n${ruling}\n`);
      const withdrawn = await put(admin, R, '== Rulings ==\n', 'ruling withdrawn');
      await undo(player, R, withdrawn);
      expect(await text(R)).toContain(ruling);
      const out = await goodLuck();
      expect(out.current).toBe('column');
      expect(out.warnings).toMatch(/added by Admin in revision \d+, put back in revision \d+ by Player after its author removed it/);
    },
    SLOW,
  );

  it(
    "an admin's ruling a player deletes still counts, named in a warning, until an admin saves the page",
    async () => {
      const R = `${G}/Rulings`;
      const ruling = '* good-luck = everyone — the Judge, once more';
      // (The admin's client saves over the player's undo of its withdrawal in the test before: over reverts.)
      const asAdmin = (text: string) => admin.save(R, () => ({ text, summary: 'ruling' }), { overReverts: true });
      await asAdmin(`== Rulings ==\n${ruling}\n`);
      await put(player, R, '== Rulings ==\n<!-- tidied -->\n', 'tidy');
      const deleted = await goodLuck();
      expect(deleted.current).toBe('everyone');
      expect(deleted.warnings).toMatch(/added by Admin in revision \d+, removed by Player, who is not in an allowed group \(sysop\); it still counts until/);
      await asAdmin('== Rulings ==\n<!-- tidied, and the Judge agrees -->\n');
      expect(await goodLuck()).toEqual({ current: 'column', warnings: expect.not.stringMatching(/still counts/) });
    },
    SLOW,
  );

  it(
    "a player's request its author withdrew, put back by another player's undo, is refused: it is not theirs to make",
    async () => {
      const bram = async () => (await state()).players.find((p) => p.name === 'Bram')!;
      const before = await bram();
      await write(admin, ['* buy 1 Chip']);
      const withdrawn = await put(admin, A, (await text(A)).replace(/\n\* buy 1 Chip\n?$/, '\n'), 'withdrawn');
      expect((await answers('* buy 1 Chip')).filter((l) => !l.includes('croupier:'))).toEqual([]);
      await undo(player, A, withdrawn);
      const out = await referee();
      expect(out).not.toMatch(/[1-9]\d* request\(s\) done/);
      expect((await answers('* buy 1 Chip')).at(-1)).toMatch(/croupier:refused .*put back in revision \d+ by Player after its author removed it/);
      const after = await bram();
      expect([after.chips, after.vertebrae]).toEqual([before.chips, before.vertebrae]);
    },
    SLOW,
  );

  it(
    "a player's request another player deletes, or marks as answered with a mark the bot did not write, is still its author's: performed once, answered by a line the bot adds",
    async () => {
      const rolls = async () => (await text(G)).split('\n').filter((l) => /\|\| Roll \|\| Bram \|\|/.test(l)).length;
      const before = await rolls();
      const deleted = '* roll 2d6 — the one Alice deletes';
      const marked = '* roll 2d6 — the one Alice marks';
      const added = await write(admin, [deleted, marked]);
      const fake = `${marked} <!-- croupier:refused r${added} --> → '''Refused''' (Croupier, 2026-11-18 17:00 UTC): no`;
      const taken = await put(player, A, (await text(A)).replace(`${deleted}\n`, '').replace(marked, fake), 'tidied');
      expect(await referee()).toMatch(/\b2 request\(s\) done/);
      for (const line of [deleted, marked]) {
        const answer = (await answers(`${line} <!-- croupier:done`)).filter((l) => l.includes('removed in revision'));
        expect(answer, line).toHaveLength(1);
        expect(answer[0]).toContain(`<!-- croupier:done r${added} -->`);
        expect(answer[0]).toContain(`removed in revision ${taken} by Player, who may not withdraw it`);
      }
      // Alice's text stays: her fake answer is still on the page, beside the bot's.
      expect(await text(A)).toContain(fake);
      expect(await rolls()).toBe(before + 2);
      // Once: the next pass makes no edit and rolls nothing more.
      const page = await latest(A);
      await referee();
      expect(await latest(A)).toBe(page);
      expect(await rolls()).toBe(before + 2);
    },
    SLOW,
  );

  it(
    "a Winner typed by an editor reveals the phase's secret; undone, the phase makes no more draws: a dice roll waits for the next phase",
    async () => {
      const row = new RegExp(`^(\\| [0-9-]+ [0-9:]+ \\|\\| ${phase} \\|\\| [^|]*\\|\\| )[0-9-]+ [0-9:]+ \\|\\| -$`, 'm');
      const page = await text(G);
      expect(page).toMatch(row);
      const won = await put(admin, G, page.replace(row, '$1- || Bram'), 'Bram won');
      expect(await referee()).toMatch(/the game is over \(won by Bram\)/);
      const secret = new RegExp(`phase ${phase}: secret ([0-9a-f]{64})`).exec(await text(G))?.[1];
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      // The reveal is the bot's, and the commitment it published for the phase is that secret's SHA-256.
      expect(createHash('sha256').update(Buffer.from(secret!, 'hex')).digest('hex')).toBe(commitmentFor(await text(G), phase));
      await undo(admin, G, won);
      expect((await state()).phase.winner).toEqual([]);
      await write(player, ['* roll 1d6']);
      expect(await referee()).toMatch(new RegExp(`secret of phase ${phase} has been revealed`));
      expect((await answers('* roll 1d6'))[0]).not.toContain('croupier:');
      expect(await text(G)).not.toMatch(/\|\| Roll \|\| Alice/);
    },
    SLOW,
  );

  it.skipIf(noPeek !== undefined)(
    `no local user read a secret, or any file beside the store, during the runs${noPeek ? ` (skipped: ${noPeek})` : ''}`,
    async () => {
      const seen = await peek!.stop();
      peek = undefined;
      expect(seen.seen).toContain(game.storePath);
      expect(seen.read.filter((r) => r.secrets.length > 0)).toEqual([]);
      expect(seen.read.filter((r) => !r.path.endsWith('config.json')).map((r) => r.path)).toEqual([]);
    },
  );
});
