// Round 10's random actions through the referee on the real local MediaWiki: a player's requests on
// <gamestate>/Actions (a House Lot, the slots, the Star Price) resolved once each with their draws in the
// History, refusals answered on the line, the secret revealed after the phase, `croupier verify` finding
// every draw matching and naming a hand-altered row. The CLI runs with --now inside the example week.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/round10/gamestate/read.ts';
import { parseRound10Ruleset } from '../../src/games/round10/ruleset/index.ts';
import { commitmentOf } from '../../src/sim/commit-reveal.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { commitmentFor, put, refereeGame, root } from './helpers.ts';

const ruleset = parseRound10Ruleset(readFileSync(`${root}fixtures/round10/ruleset.wikitext`, 'utf8'));
const FRIDAY = '2026-11-13T12:00';
const MONDAY = '2026-11-16T12:00';

let b: WikiClient, player: WikiClient, admin: WikiClient, G: string, A: string;
// Bob is played by the wiki account "Player"; the page is brought to Friday of the second week (phase 3) first.
const read = (page: string, title: string) => readGamestate(page, title, ruleset);
const game = refereeGame(
  { what: 'referee-round10', id: 'r10ref', kind: 'round10', accounts: ['Bob=Player'], now: FRIDAY, read },
  (g) => ({ b, player, admin, G, A } = g),
);
const { text, state, append, lineOf } = game;
const bob = async () => (await state()).players.find((p) => p.name === 'Bob')!;

describe('Round 10 requests through the referee on the local wiki', () => {
  const SLOW = 600_000;

  it(
    "resolves a player's House Lot and slots once, after the phase's commitment, and answers the refusals on their lines",
    async () => {
      const before = await bob();
      expect([(await state()).phase.number, before.table, before.limited]).toEqual([3, null, {}]);
      await append(player, '* generate house lot ~~~~');
      await append(player, "* play slots Raven's Quest");
      await append(player, '* generate star price');
      await append(player, '* play slots');
      await append(admin, '* play slots Rose Garden');

      const r = await game.cli(['referee', '--game', 'r10ref', '--now', FRIDAY]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/2 request\(s\) done, 3 refused/);

      const page = await text(G);
      const commitment = commitmentFor(page, 3)!;
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      // The commitment was saved in an edit of its own before the first draw.
      const ordered = [...(await b.revisions(G, { limit: 10, content: true }))].reverse();
      const firstDraw = ordered.findIndex((v) => /#1 d\d+=/.test(v.text ?? ''));
      expect(firstDraw).toBeGreaterThan(0);
      expect(ordered[firstDraw - 1]!.text).toContain(`phase 3: commitment ${commitment}`);

      // “any player may generate a new House Lot by generating 3 cards”: a Lots row with 3 cards, six dice in its History row.
      const s = await state();
      const lot = s.lots.find((l) => l.kind === 'House' && l.id !== 'L1')!;
      expect(lot.items.cards).toHaveLength(3);
      expect(page).toMatch(new RegExp(`\\|\\| House Lot \\|\\| Bob \\|\\| ${lot.id} \\(House\\): .*#1 d13=\\d+ card 1: suit .*#6 d(20|22)=\\d+ card 3: rank`));
      expect(await lineOf('* generate house lot [[User:Player')).toMatch(new RegExp(`croupier:done .*'''Done'''.*House Lot ${lot.id}: `));
      // The slots: 6 chips in, three d20 rolls, one sitting of the week.
      const after = s.players.find((p) => p.name === 'Bob')!;
      expect(after.limited.Slots).toBe(1);
      const slots = page.split('\n').find((l) => l.includes('|| Slots || Bob ||'))!;
      expect(slots).toMatch(/Raven's Quest: −6 chips, .* → .*#1 d20=\d+ slots roll 1 .*#2 d20=\d+ slots roll 2 .*#3 d20=\d+ slots roll 3/);
      const won = /\+(\d+) chips/.exec(slots)?.[1];
      expect(after.chips).toBe(before.chips - 6 + Number(won ?? 0));
      expect(await lineOf("* play slots Raven's Quest")).toMatch(/croupier:done/);
      // Refused and answered: the Star Price is set; no table named; a wiki account that plays nobody.
      expect(await lineOf('* generate star price')).toMatch(/croupier:refused .*the Star Price is 7 \(set 2026-11-10 15:00\), not null/);
      expect(await lineOf('* play slots <!--')).toMatch(/croupier:refused .*say which table/);
      expect(await lineOf('* play slots Rose Garden')).toMatch(/croupier:refused .*Admin, who added this line, is not the wiki account of any player/);

      // Run again: nothing is resolved twice.
      const rev = (await b.readPage(G)).revid;
      expect((await game.cli(['referee', '--game', 'r10ref', '--now', FRIDAY])).code).toBe(0);
      expect((await b.readPage(G)).revid).toBe(rev);
      // The actions left the bot's display cells (Phase, Next rollover, Wealth, Tax…) as the rollover computes them:
      // a rollover at the same instant has nothing to write.
      expect(page).toMatch(/^\| 2026-11-02 00:00 \|\| 3 \|\| Resolution Phase \|\| 2026-11-16 00:00 \|\|/m);
      expect((await game.cli(['rollover', '--game', 'r10ref', '--now', FRIDAY])).code).toBe(0);
      expect((await b.readPage(G)).revid).toBe(rev);
    },
    SLOW,
  );

  it(
    "after the week's rollover, reveals phase 3's secret, rolls the Star Price Sunday set to null and the fortune Sunday recorded; verify finds every draw matching and names a hand-altered row",
    async () => {
      expect((await game.cli(['rollover', '--game', 'r10ref', '--now', MONDAY])).code).toBe(0);
      expect((await state()).phase.starPrice).toBeNull();
      // Sunday's revelation gave Carol's hand (The Fool of Arcana) its fortune, for her to roll. The account
      // "Player" now plays Carol (an admin moves the Wiki account).
      const revealed = await text(G);
      expect(revealed).toMatch(/\|\| Fortune \|\| Carol \|\| The Fool: /);
      await put(admin, G, revealed.replace(/^(\| Bob \|\|.*)\|\| Player$/m, '$1|| -').replace(/^(\| Carol \|\|.*)\|\| -$/m, '$1|| Player'));
      const chips = (await state()).players.find((p) => p.name === 'Carol')!.chips;
      await append(player, '* roll the star price');
      await append(player, '* roll fortune The Fool');
      const r = await game.cli(['referee', '--game', 'r10ref', '--now', MONDAY]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('revealed the secret of phase 3');
      expect(r.stdout).toMatch(/2 request\(s\) done, 0 refused/);
      const page = await text(G);
      // “The revealing player loses d100 chips.”
      const [, d100] = /\|\| Fortune rolled \|\| Carol \|\| The Fool \(hand H3\): .*#1 d100=(\d+)/.exec(page)!;
      expect((await state()).players.find((p) => p.name === 'Carol')!.chips).toBe(Math.max(0, chips - Number(d100)));
      const secret = /phase 3: secret ([0-9a-f]{64})/.exec(page)![1]!;
      expect(commitmentOf(secret)).toBe(commitmentFor(page, 3));
      // “rolling 1d6. The Star Price is the result of that roll plus 4.”
      const [, d6] = /\|\| Star Price \|\| Carol \|\| .*#1 d6=(\d)/.exec(page)!;
      expect((await state()).phase.starPrice).toBe(Number(d6) + 4);

      const v = await game.cli(['verify', '--game', 'r10ref']);
      expect(v.code, v.stdout).toBe(0);
      expect(v.stdout).toMatch(/phase 3: the secret revealed in History row \d+ .* matches the commitment/);
      expect(v.stdout).toMatch(/([1-9]\d*) draw\(s\) matching, 0 not matching/);

      // A person alters a draw of the House Lot in the History.
      const m = /#2 d(2[02])=(\d+) card 1: rank/.exec(page)!;
      const wrong = (Number(m[2]) % Number(m[1])) + 1;
      await put(admin, G, page.replace(m[0], `#2 d${m[1]}=${wrong} card 1: rank`));
      const bad = await game.cli(['verify', '--game', 'r10ref']);
      expect(bad.code).toBe(1);
      expect(bad.stdout).toMatch(
        new RegExp(
          `MISMATCH .*draw #2 d${m[1]}=${wrong} in History row \\d+ of ${G.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(2026-11-13 12:00, House Lot, Bob\\) does NOT match`,
        ),
      );
    },
    SLOW,
  );

  it(
    "a player who deletes the bot's Fortune rolled row and types a Fortune row of their own gets no roll: the bot rolls only what its own revisions recorded",
    async () => {
      const page = await text(G);
      const rolled = page.split('\n').find((l) => l.includes('|| Fortune rolled || Carol || The Fool (hand H3)'))!;
      const fool = page.split('\n').find((l) => l.includes('|| Fortune || Carol || The Fool: '))!;
      // Carol's player, on the page: the roll's row gone, and a Wheel of Fortune row (“gains d100 chips”) that looks like the bot's.
      const wheel = fool.replace(/The Fool: [^|]*\|\|/, 'Wheel of Fortune: The revealing player gains d100 chips. ||').replace(/action = H3/, 'action = H9');
      expect(wheel).not.toBe(fool);
      await put(
        player,
        G,
        page
          .replace(`${rolled}\n`, '')
          .replace(`${fool}\n`, `${fool}\n|-\n${wheel}\n`)
          .replace(/\n\|-\n\|-\n/g, '\n|-\n'),
        'history',
      );
      expect(await text(G)).not.toContain('|| Fortune rolled ||');
      const chips = (await state()).players.find((p) => p.name === 'Carol')!.chips;
      await append(player, '* roll fortune The Fool');
      await append(player, '* roll fortune Wheel of Fortune');
      const r = await game.cli(['referee', '--game', 'r10ref', '--now', MONDAY]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/0 request\(s\) done, 2 refused/);
      const after = await text(G);
      expect(after).not.toContain('|| Fortune rolled ||');
      expect((await state()).players.find((p) => p.name === 'Carol')!.chips).toBe(chips);
      const lines = (await text(A)).split('\n');
      const answer = (start: string) => lines.filter((l) => l.startsWith(start)).at(-1)!;
      expect(answer('* roll fortune The Fool')).toMatch(/croupier:refused .*the bot has recorded no Fortune row of The Fool for Carol that is not rolled yet/);
      expect(answer('* roll fortune Wheel of Fortune')).toMatch(/croupier:refused .*the bot has recorded no Fortune row of Wheel of Fortune for Carol/);
    },
    SLOW,
  );

  it(
    "an admin's Fortune row (a fortune the rollover missed, written by hand) is the record's as the bot's are: the player's roll of it is done",
    async () => {
      const page = await text(G);
      const typed = page.split('\n').find((l) => l.includes('|| Fortune || Carol || Wheel of Fortune: '))!;
      // The admin's correction of the row the player typed (in the test before): another hand.
      await put(admin, G, page.replace(typed, typed.replace('action = H9', 'action = H8')), 'the fortune of hand H8, which the rollover missed');
      const chips = (await state()).players.find((p) => p.name === 'Carol')!.chips;
      await append(player, '* roll fortune Wheel of Fortune');
      const r = await game.cli(['referee', '--game', 'r10ref', '--now', MONDAY]);
      expect(r.code, r.stderr).toBe(0);
      const answers = (await text(A)).split('\n').filter((l) => l.startsWith('* roll fortune Wheel of Fortune'));
      expect(answers.at(-1)).toMatch(/croupier:done /);
      expect(await text(G)).toContain('|| Fortune rolled || Carol || Wheel of Fortune (hand H8)');
      expect((await state()).players.find((p) => p.name === 'Carol')!.chips).toBeGreaterThan(chips);
    },
    SLOW,
  );
});
