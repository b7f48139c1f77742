// The referee against the real local MediaWiki, continued: Cycle 16's luck reroll resolved by the CLI and
// checked by `croupier verify`; referee actions leave nothing for the next hourly rollover to redraw; and
// a referee run racing a rollover in another process (and a person's edit) on the same Gamestate page.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { historyLines } from '../../src/jobs/verify.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { put, refereeGame, root, runCli } from './helpers.ts';
import { cycle16Engine } from '../../src/games/cycle16/index.ts';

const ruleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));

/** The game of this file: the bot, the two human accounts, the Gamestate and actions pages. */
let b: WikiClient, player: WikiClient, admin: WikiClient, G: string, A: string;
// Alice is played by the account "Player" and has good luck; Bram is played by "Admin" and has none.
const game = refereeGame(
  {
    what: 'referee-luck',
    id: 'lucktest',
    accounts: ['Alice=Player', 'Bram=Admin'],
    columns: { 'Good luck': ['Alice=yes'] },
    actions: readFileSync(`${root}fixtures/cycle16/actions.wikitext`, 'utf8'),
    read: (page, title) => readGamestate(page, title, ruleset),
  },
  (g) => ({ b, player, admin, G, A } = g),
);
const { text, state, append } = game;
/** A second config for the same game with a store of its own: another process, not serialised by the CLI lock. */
let otherConfig: string;

const lineOf = async (start: string) =>
  (await text(A))
    .split('\n')
    .filter((l) => l.startsWith(start))
    .at(-1)!;
const rows = async () => historyLines({ title: G, text: await text(G) }, cycle16Engine.history);

beforeAll(() => {
  const config = JSON.parse(readFileSync(game.configFile, 'utf8'));
  otherConfig = join(game.dir, 'other-config.json');
  writeFileSync(otherConfig, JSON.stringify({ ...config, store: { path: join(game.dir, 'other-store.json') } }));
});

// Several CLI runs each: minutes on a loaded 2-core machine.
const SLOW = 600_000;

describe('the luck reroll on the local wiki', () => {
  it(
    '“they may reroll, by declaring the original outcome of the chance to have not happened”: the first cards are gone, new ones added, verify matches; a second reroll and a player without good luck are refused',
    async () => {
      await append(player, '* open 1 Handy Pack');
      expect((await game.cli(['referee', '--game', 'lucktest'])).code).toBe(0);
      const first = (await state()).cards.filter((c) => c.id >= 52);
      expect(first.map((c) => [c.id, c.owner])).toEqual([
        [52, 'Alice'],
        [53, 'Alice'],
        [54, 'Alice'],
      ]);

      await append(player, '* reroll');
      const r = await game.cli(['referee', '--game', 'lucktest']);
      expect(r.code, r.stderr).toBe(0);
      expect(await lineOf('* reroll')).toMatch(/croupier:done .*declared not to have happened .*rerolled: opened 1 Handy Pack: #55 /);
      const s = await state();
      expect(s.cards.some((c) => [52, 53, 54].includes(c.id))).toBe(false);
      expect(s.cards.filter((c) => c.id >= 52).map((c) => [c.id, c.owner])).toEqual([
        [55, 'Alice'],
        [56, 'Alice'],
        [57, 'Alice'],
      ]);
      const alice = s.players.find((p) => p.name === 'Alice')!;
      expect(alice.packs['Handy Pack'] ?? 0).toBe(0);
      expect(alice.used.Reroll).toBe(1);
      const reroll = (await rows()).find((l) => l.event === 'Reroll')!;
      expect(reroll.change).toMatch(
        /^request r\d+-[0-9a-f]{8} declared not to have happened: #52 .*removed; #53 .*removed; #54 .*removed; \+1 Handy Pack \(0 → 1\)/,
      );
      expect(reroll.reason).toContain('[reading good-luck=column (default)]');

      // “once per phase”; and Bram (the account Admin) has no good luck.
      await append(player, '* reroll');
      await append(admin, '* reroll');
      expect((await game.cli(['referee', '--game', 'lucktest'])).code).toBe(0);
      const answers = (await text(A)).split('\n').filter((l) => l.startsWith('* reroll <!-- croupier:refused'));
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/Alice has rerolled this phase already/);
      expect(answers[1]).toMatch(/Bram does not have good luck/);

      // verify recomputes the original draws and the reroll's: two requests, every draw matching.
      const v = await game.cli(['verify', '--game', 'lucktest']);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout).toMatch(/[1-9]\d* draw\(s\) matching, 0 not matching/);
      const requests = new Set((await rows()).flatMap((l) => /HMAC\(phase secret, (lucktest\|r\d+-[0-9a-f]{8}\|\d+)\)/.exec(l.reason)?.[1] ?? []));
      expect(requests.size).toBe(2);
      for (const req of requests) expect(v.stdout).toContain(`request ${req}: `);
    },
    SLOW,
  );

  it(
    'referee actions redraw the race chart in their own edit: the next rollover with nothing due makes no edit',
    async () => {
      await append(player, '* buy 1 Chip');
      expect((await game.cli(['referee', '--game', 'lucktest'])).code).toBe(0);
      expect(await lineOf('* buy 1 Chip')).toMatch(/croupier:done/);
      const rev = (await b.readPage(G)).revid;
      const r = await game.cli(['rollover', '--game', 'lucktest']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('no edit');
      expect((await b.readPage(G)).revid).toBe(rev);
    },
    SLOW,
  );

  it(
    'names a hand-altered draw of the reroll as a mismatch',
    async () => {
      const page = await text(G);
      const reroll = (await rows()).find((l) => l.event === 'Reroll')!;
      const rerollKey = /on-wiki request (r\d+-[0-9a-f]{8}) by/.exec(reroll.reason)![1]!;
      expect(reroll.reason).not.toContain(`rerolled request = ${rerollKey}`);
      const line = page.split('\n').find((l) => l.includes(`request ${rerollKey} by`) && /#1 d\d+=\d+/.test(l))!;
      const m = /#1 d(\d+)=(\d+)/.exec(line)!;
      const wrong = (Number(m[2]) % Number(m[1])) + 1;
      await put(admin, G, page.replace(line, line.replace(m[0], `#1 d${m[1]}=${wrong}`)));
      const bad = await game.cli(['verify', '--game', 'lucktest']);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(
        new RegExp(`MISMATCH request lucktest\\|${rerollKey}\\|\\d+: draw #1 d${m[1]}=${wrong} in History row \\d+ of .* does NOT match`),
      );
      await put(admin, G, page);
    },
    SLOW,
  );

  it(
    "a player who deletes the bot's Reroll row and takes Reroll out of Used this phase gets no second reroll in the phase: the bot's record holds the row",
    async () => {
      // An editor gives Alice a pack; her player then wipes the reroll of this phase from the page.
      await admin.save(G, (p) => {
        const lines = p.text.split('\n');
        const packs = lines.indexOf('|Alice') + 8;
        expect(lines[packs]).toMatch(/^\| ?-?$/);
        lines[packs] = '|1 Handy Pack';
        return { text: lines.join('\n'), summary: 'a pack for Alice' };
      });
      await player.save(G, (p) => {
        const row = p.text.split('\n').find((l) => l.includes('|| Reroll || Alice ||'))!;
        const lines = p.text.replace(`|-\n${row}\n`, '').split('\n');
        const at = lines.indexOf('|Alice');
        const used = lines.findIndex((l, i) => i > at && /^\|.*\bReroll\b/.test(l));
        lines[used] = lines[used]!.replace(/,? ?\bReroll\b/, '').replace(/^\|\s*$/, '| -');
        return { text: lines.join('\n'), summary: 'history' };
      });
      expect(await text(G)).not.toContain('|| Reroll || Alice ||');
      expect((await state()).players.find((p) => p.name === 'Alice')!.used.Reroll ?? 0).toBe(0);
      await append(player, '* open 1 Handy Pack');
      expect((await game.cli(['referee', '--game', 'lucktest'])).code).toBe(0);
      expect(await lineOf('* open 1 Handy Pack')).toMatch(/croupier:done /);
      const before = await b.readPage(G);

      await append(player, '* reroll');
      const r = await game.cli(['referee', '--game', 'lucktest']);
      expect(r.code, r.stderr).toBe(0);
      expect(await lineOf('* reroll')).toMatch(
        /croupier:refused .*Alice has rerolled this phase already \(a Reroll row of the bot's, in its record of the page\)/,
      );
      expect((await b.readPage(G)).revid).toBe(before.revid);
    },
    SLOW,
  );
});

describe("the luck reroll checks the original request's History rows against its draws first", () => {
  it(
    "“declaring the original outcome of the chance to have not happened”: an editor who alters the opening's Card drawn row to name another of the player's cards before the reroll gets the reroll refused, naming the row; the cards are unchanged and the edit kept",
    async () => {
      // A new phase (“once per phase”: Alice rerolled in this one), then Alice buys a Handy Pack and opens it.
      expect((await game.cli(['rollover', '--game', 'lucktest', '--force', '--by', 'Admin'])).code).toBe(0);
      await append(player, '* buy 1 Handy Pack');
      await append(player, '* open 1 Handy Pack');
      const opened = await game.cli(['referee', '--game', 'lucktest']);
      expect(opened.code, opened.stderr).toBe(0);
      const openLine = await lineOf('* open 1 Handy Pack');
      expect(openLine).toMatch(/croupier:done /);
      const key = /\(request (r\d+-[0-9a-f]{8})\)/.exec(openLine)![1]!;
      const drawn = (await rows()).filter((l) => l.event === 'Card drawn' && l.reason.includes(`request ${key} by`));
      expect(drawn).toHaveLength(3);
      const first = /^#(\d+) /.exec(drawn[0]!.change)![1]!;
      // Card #1 (Ace, Holographic) was Alice's before the opening; an editor's edit makes the row say the pack gave it.
      expect((await state()).cards.find((c) => c.id === 1)).toMatchObject({ owner: 'Alice', species: 'Ace', modifiers: ['Holographic'] });
      const was = new RegExp(`&#35;${first} [^|]*? from Handy Pack`);
      await admin.save(G, (page) => {
        expect(page.text).toMatch(was);
        return { text: page.text.replace(was, '&#35;1 Ace (Holographic) from Handy Pack'), summary: 'an editor alters a History row' };
      });
      const before = await b.readPage(G);
      const cards = (await state()).cards;
      const altered = (await rows()).find((l) => l.change === '#1 Ace (Holographic) from Handy Pack')!;
      expect(altered).toBeDefined();

      await append(player, `* reroll ${key}`);
      const r = await game.cli(['referee', '--game', 'lucktest']);
      expect(r.code, r.stderr).toBe(0);
      const answer = await lineOf(`* reroll ${key}`);
      expect(answer).toMatch(/<!-- croupier:refused r\d+ -->/);
      expect(answer).toContain(
        `the History rows of request ${key} disagree with its draws replayed with the phase's secret on the revision it was resolved on — History row ${altered.row} of ${G} (${altered.time}, Card drawn, Alice), cell Change, reads "#1 Ace (Holographic) from Handy Pack"; the replay gives "#${first} `,
      );
      // No Gamestate edit: the cards are as they were (card #1 and the three drawn ones Alice's), the editor's edit kept.
      const after = await b.readPage(G);
      expect(after.revid).toBe(before.revid);
      expect(after.text).toBe(before.text);
      expect((await state()).cards).toEqual(cards);
      const ids = [1, ...drawn.map((l) => Number(/^#(\d+) /.exec(l.change)![1]))];
      expect(ids.map((id) => cards.find((c) => c.id === id)?.owner)).toEqual(['Alice', 'Alice', 'Alice', 'Alice']);
      expect((await state()).players.find((p) => p.name === 'Alice')!.used.Reroll ?? 0).toBe(0);
    },
    SLOW,
  );
});

describe('a referee run racing a rollover in another process', () => {
  // Orderings: both at once; the referee a moment first; the rollover a moment first.
  const orderings = [
    [0, 0],
    [0, 400],
    [400, 0],
  ] as const;

  it("resolves the request once and advances the phase once, with no History row lost or doubled and the person's edit kept, whichever saves first", async () => {
    for (const [i, [refereeDelay, rolloverDelay]] of orderings.entries()) {
      const before = await state();
      const rowsBefore = await rows();
      // Alice (Player) and Bram (Admin) in turn: a request that waited is resolved in the next phase, and
      // “Once per phase, each player may explore” must not refuse the next iteration's.
      await append(i % 2 === 0 ? player : admin, `* explore no`);
      const note = `Race note ${i}: kept by hand.`;
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const [ref, roll] = await Promise.all([
        wait(refereeDelay).then(() => game.cli(['referee', '--game', 'lucktest'])),
        wait(rolloverDelay).then(() => runCli(['rollover', '--game', 'lucktest', '--force', '--by', 'Admin', '--config', otherConfig])),
        // A person edits the page meanwhile (the intro), as carefully as a wiki editor does: on the page as it is.
        wait(200).then(() => admin.save(G, (page) => ({ text: page.text.replace('== Phase ==', `${note}\n\n== Phase ==`), summary: 'a note' }))),
      ]);
      expect(roll.code, `${roll.stdout}\n${roll.stderr}`).toBe(0);
      expect(ref.code, `${ref.stdout}\n${ref.stderr}`).toBe(0);
      // A request that found the page moved waits for the next run (the daemon's next tick): run it.
      expect((await game.cli(['referee', '--game', 'lucktest'])).code).toBe(0);

      const after = await state();
      expect(after.phase.number, `ordering ${i}`).toBe(before.phase.number + 1);
      const page = await text(G);
      expect(page).toContain(note);
      const line = await lineOf('* explore no');
      expect(line, `ordering ${i}`).toMatch(/croupier:done /);
      const key = /\(request (r\d+-[0-9a-f]{8})\)/.exec(line)![1]!;
      const now = await rows();
      expect(
        now.filter((l) => l.event === 'Exploration' && l.reason.includes(`request ${key} by`)),
        `ordering ${i}`,
      ).toHaveLength(1);
      const manual = (ls: typeof now) => ls.filter((l) => l.event === 'Manual rollover').length;
      expect(manual(now), `ordering ${i}`).toBe(manual(rowsBefore) + 1);
      // None of the rows before is lost or doubled; no new row is written twice.
      const id = (l: (typeof now)[number]) => [l.time, l.phase, l.event, l.player, l.change, l.reason].join('|');
      const tally = (ls: typeof now) => ls.reduce((m, l) => m.set(id(l), (m.get(id(l)) ?? 0) + 1), new Map<string, number>());
      const [was, is] = [tally(rowsBefore), tally(now)];
      for (const [row, n] of was) expect(is.get(row), `ordering ${i}: ${row}`).toBe(n);
      for (const [row, n] of is) if (!was.has(row)) expect(n, `ordering ${i}: doubled ${row}`).toBe(1);
    }
    const v = await game.cli(['verify', '--game', 'lucktest']);
    expect(v.code, v.stdout).toBe(0);
  }, 1_800_000);
});

describe('a limited action counted from the bot’s record', () => {
  /** A new phase (an admin's manual rollover), in which Alice explores once. */
  const exploredInANewPhase = async () => {
    expect((await game.cli(['rollover', '--game', 'lucktest', '--force', '--by', 'Admin'])).code).toBe(0);
    await append(player, '* explore no');
    expect((await game.cli(['referee', '--game', 'lucktest'])).code).toBe(0);
    expect(await lineOf('* explore no')).toMatch(/croupier:done /);
  };

  it(
    "a player who deletes the bot's Exploration row and takes Exploration out of Used this phase cannot explore again in the phase",
    async () => {
      await exploredInANewPhase();
      await player.save(G, (p) => ({ text: `${withoutUse(p.text, 'Exploration')}\n<!-- tidied -->`, summary: 'history' }));
      expect((await state()).players.find((p) => p.name === 'Alice')!.used.Exploration ?? 0).toBe(0);
      const before = await b.readPage(G);
      await append(player, '* explore no');
      expect((await game.cli(['referee', '--game', 'lucktest'])).code).toBe(0);
      expect(await lineOf('* explore no')).toMatch(
        /croupier:refused .*Alice has explored 1 time\(s\) this phase \(Used this phase, or the Exploration rows of the bot's record\)/,
      );
      expect((await b.readPage(G)).revid).toBe(before.revid);
    },
    SLOW,
  );

  it(
    "an admin who deletes the bot's Exploration row and takes Exploration out of Used this phase gives the use back: the player explores again",
    async () => {
      await exploredInANewPhase();
      const explorations = async () => (await rows()).filter((r) => r.event === 'Exploration' && r.player === 'Alice').length;
      const before = await explorations();
      await admin.save(G, (p) => ({ text: `${withoutUse(p.text, 'Exploration')}\n<!-- given back -->`, summary: 'an exploration given back' }));
      await append(player, '* explore no');
      const again = await game.cli(['referee', '--game', 'lucktest']);
      expect(await lineOf('* explore no')).toMatch(/croupier:done /);
      expect(again.code, again.stdout).toBe(0);
      expect(await explorations()).toBe(before); // the deleted row, and the new one
      expect((await state()).players.find((p) => p.name === 'Alice')!.used.Exploration).toBe(1);
    },
    SLOW,
  );
});

/**
 * The page without Alice's (latest) `event` row of History, and `event` out of her Used this phase cell. (The tests
 * add a note too: after a scenario that changed nothing else, this alone is the page before the bot's edit, which
 * MediaWiki tags as a revert, for which the bot pauses the game: test/integration/reverts-and-liveness.test.ts.)
 */
function withoutUse(text: string, event: string): string {
  const row = text
    .split('\n')
    .filter((l) => l.includes(`|| ${event} || Alice ||`))
    .at(-1)!;
  const lines = text.replace(`|-\n${row}\n`, '').split('\n');
  const at = lines.indexOf('|Alice');
  const used = lines.findIndex((l, i) => i > at && new RegExp(`^\\|.*\\b${event}\\b`).test(l));
  // Each entry of the cell but the event's ("Exploration ×2 (maze)" after the maze scenario).
  const rest = lines[used]!.slice(1)
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '' && x !== '-' && !x.startsWith(event));
  lines[used] = `| ${rest.join(', ') || '-'}`;
  return lines.join('\n');
}
