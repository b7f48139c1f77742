import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../../src/cron/store.ts';
import { storeSecrets } from '../../../../src/cron/referee-runner.ts';
import { referee, type RefereeGame } from '../../../../src/jobs/referee.ts';
import { historyLines, verifyDraws } from '../../../../src/jobs/verify.ts';
import { readDocument } from '../../../../src/parse/document.ts';
import { drawTokens } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { type RefereeFakeWiki, wikiWithRequests } from '../../jobs/referee/fake-wiki.ts';
import { nomicoupEngine } from '../../../../src/games/nomicoup/index.ts';

// Nomicoup's referee (src/games/nomicoup/actions/index.ts): the kit's dice, with the turn as the committed period.

const GAME: RefereeGame = { id: 'nc', kind: 'nomicoup', ruleset: 'R', gamestate: 'G', actionsPage: 'G/Actions', statusPage: 'G/Status', lookback: 50 };
/** In turn 2 (Bram's, from 2026-11-17 09:30 for 48 hours). */
const NOW = new Date('2026-11-18T12:00:00Z');

const setup = (lines: string[]) => wikiWithRequests({ R: fixture('nomicoup'), G: fixture('nomicoup', 'gamestate') }, GAME.actionsPage, 'Alice', lines);
const run = (wiki: RefereeFakeWiki, store: MemoryStore, now: Date, secret: string) =>
  referee({ wiki, secrets: storeSecrets(store, () => now), now: () => now, newSecret: () => secret }, GAME);
const history = (wiki: RefereeFakeWiki) => historyLines({ title: 'G', text: wiki.text('G')! }, nomicoupEngine.history);

describe("Nomicoup's referee: the turn is the committed period", () => {
  it("a player's roll is committed to in turn 2, refused a draw from a table the Ruleset does not have, and verified once turn 3 reveals the secret", async () => {
    const wiki = setup(['* roll 2d6', '* draw 1 from Court Deck']);
    const store = new MemoryStore();
    expect(await run(wiki, store, NOW, 'ab'.repeat(32))).toMatchObject({ phase: 2, done: 1, refused: 1 });
    const rows = history(wiki);
    const roll = rows.find((r) => r.event === 'Roll')!;
    expect(roll.player).toBe('Alice');
    const [a, b] = drawTokens(roll.reason);
    expect(roll.change).toBe(`2d6 = ${a!.value} + ${b!.value} = ${a!.value + b!.value}`);
    expect(rows.some((r) => /phase 2: commitment [0-9a-f]{64}/.test(r.change))).toBe(true);
    expect(wiki.text('G/Actions')).toMatch(/Court Deck <!-- croupier:refused .*no table named "Court Deck"/);

    // Bram's turn times out after its 48 hours: the page moves to turn 3, and the next pass reveals turn 2's secret.
    const later = new Date('2026-11-19T12:00:00Z');
    const ruleset = nomicoupEngine.readRuleset(readDocument(fixture('nomicoup'), { page: 'R' }));
    const rolled = nomicoupEngine.rollover(ruleset, 'nc', { title: 'G', text: wiki.text('G')!, revid: 1 }, { now: later, trigger: 'test' });
    expect(rolled.result.state.phase.number).toBe(3);
    wiki.put('G', rolled.text);
    expect((await run(wiki, store, later, 'cd'.repeat(32))).revealed).toEqual([2]);
    const report = verifyDraws(history(wiki), { phase: 2 });
    expect(report).toMatchObject({ matching: 2, mismatching: 0 });
  });

  it("a won game's last turn is never ended by the clock, so the win reveals its secret and its roll can be verified; a roll after the win is refused", async () => {
    const wiki = setup(['* roll 2d6']);
    const store = new MemoryStore();
    expect(await run(wiki, store, NOW, 'ab'.repeat(32))).toMatchObject({ phase: 2, done: 1 });
    // Alice is recorded as the winner during turn 2 (the Judge's ruling, typed by an admin).
    const turn2 = '| 2026-11-16 12:00 || 1 || 2 || Bram || 2026-11-17 09:30 || 2026-11-19 09:30 || - || 43 || 10 || Bram || - || -';
    expect(wiki.text('G')).toContain(turn2);
    wiki.as('Admin', 'G', wiki.text('G')!.replace(turn2, `${turn2.slice(0, -1)}Alice`));
    wiki.as('Alice', 'G/Actions', `${wiki.text('G/Actions')!}* roll 1d6\n`);
    // A week later: the page still records turn 2, and the pass reveals its secret.
    const later = new Date('2026-11-25T12:00:00Z');
    const s = await run(wiki, store, later, 'cd'.repeat(32));
    expect(s).toMatchObject({ phase: 2, revealed: [2], done: 0, refused: 1 });
    expect(wiki.text('G')).toContain(`phase 2: secret ${'ab'.repeat(32)}`);
    expect(verifyDraws(history(wiki), { phase: 2 })).toMatchObject({ matching: 2, mismatching: 0, pending: 0 });
    expect(wiki.text('G/Actions')).toMatch(/roll 1d6 <!-- croupier:refused .*the game is over \(won by Alice\)/);
  });
});
