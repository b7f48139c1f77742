// Round 10 against the real local MediaWiki: a full week of the example page rolled over exactly once,
// a human's edit during the run kept, a Rulings line (read with its author) changing the next run's
// result and named in History, and the CLI (status, rollover, readings, publish-tables) on a config of its own.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/round10/gamestate/read.ts';
import { parseRound10Ruleset } from '../../src/games/round10/ruleset/index.ts';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { rollover, type RolloverGame } from '../../src/jobs/rollover.ts';
import { gameStatus } from '../../src/jobs/status.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { bot, human, humanEditDuringRun, put, root, runCli, uniquePrefix } from './helpers.ts';

const RULESET = readFileSync(`${root}fixtures/round10/ruleset.wikitext`, 'utf8');
const GAMESTATE = readFileSync(`${root}fixtures/round10/gamestate.wikitext`, 'utf8');
const ruleset = parseRound10Ruleset(RULESET);
const SUNDAY = { now: new Date('2026-11-15T12:00Z'), trigger: 'integration test' };

let b: WikiClient;
let player: WikiClient;
let admin: WikiClient;

beforeAll(async () => {
  [b, player, admin] = await Promise.all([bot(), human(), human('ADMIN')]);
});

async function freshGame(what: string): Promise<RolloverGame & { rulingsPage: string }> {
  const prefix = uniquePrefix(`round10-${what}`);
  const game = {
    id: 'round10',
    kind: 'round10',
    ruleset: `${prefix}/Ruleset`,
    gamestate: `${prefix}/Gamestate`,
    rulingsPage: `${prefix}/Gamestate/Rulings`,
    historyLimit: 200,
  };
  await put(b, game.ruleset, RULESET);
  await put(b, game.gamestate, GAMESTATE);
  return game;
}

const rows = (text: string, event: string) => text.split('\n').filter((l) => l.includes(` || ${event} || `));

describe('Round 10 on the real wiki', () => {
  it('a full week of the example page is applied once: income with tax, lot returns, hands, prizes, bids, auction, Star Price null', async () => {
    const game = await freshGame('week');
    const s = await rollover({ wiki: b }, game, SUNDAY);
    expect([s.save.changed, s.fromPhase, s.toPhase]).toEqual([true, 1, 3]);
    const page = await b.readPage(game.gamestate);
    const state = readGamestate(page.text, game.gamestate, ruleset);
    // Alice: 400 + 45 income (wealth 535, tax 55) + 40 prize − 30 (L1) − 60 (L3) = 395; see test/unit/games/round10/week.test.ts.
    expect(state.players.map((p) => [p.name, p.chips])).toEqual([
      ['Alice', 395],
      ['Bob', 280],
      ['Carol', 430],
      ['Dave', 100],
    ]);
    expect(state.phase.starPrice).toBeNull();
    expect(state.lots).toEqual([]);
    expect(rows(page.text, 'Income')).toHaveLength(4 + 1); // the seeded page's own row, and this week's four

    const again = await rollover({ wiki: b }, game, SUNDAY);
    expect(again.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it('a human edit made during the run, on a row the bot also changes, is kept', async () => {
    const game = await freshGame('human');
    // Dave is given a card in a trade while the bot is about to pay his income and stand him up.
    const beforeEdit = humanEditDuringRun(player, game.gamestate, (text) => text.replace('|| 9 of Bells || - ||', '|| 9 of Bells, 2 of Cups || - ||'), 'trade');
    const s = await rollover({ wiki: b, saveOptions: { beforeEdit } }, game, SUNDAY);
    expect(s.save.changed).toBe(true);
    const state = readGamestate((await b.readPage(game.gamestate)).text, game.gamestate, ruleset);
    const dave = state.players.find((p) => p.name === 'Dave')!;
    expect(dave.cards).toEqual([
      { rank: '9', suit: 'Bells' },
      { rank: '2', suit: 'Cups' },
    ]);
    expect([dave.chips, dave.table]).toEqual([100, null]);
  });

  it("a Rulings line by an admin changes the next run's result and is named in History; a player's line is ignored with a warning", async () => {
    const game = await freshGame('rulings');
    await put(admin, game.rulingsPage, 'Rulings of the Judge.\n* tax-rounding = ceil — the Judge\n');
    await player.save(game.rulingsPage, (p) => ({ text: `${p.text}\n* empty-multiplier = zero`, summary: 'my ruling' }), {});
    const s = await rollover({ wiki: b }, { ...game, allowedGroups: ['sysop'] }, SUNDAY);
    expect(s.rulings?.applied).toEqual([expect.stringMatching(/^tax-rounding=ceil \(ruling by Admin, \d{4}-\d\d-\d\d \d\d:\d\d\)$/)]);
    expect(s.rulings?.warnings).toEqual([
      expect.stringMatching(
        /line 3 \("\* empty-multiplier = zero"\): added by Player in revision \d+, who is not in an allowed group \(sysop\); the line is ignored/,
      ),
    ]);
    const text = (await b.readPage(game.gamestate)).text;
    const state = readGamestate(text, game.gamestate, ruleset);
    // 235 wealth above 300: a started step counts → tax 60 → Monday income 40, not 45.
    expect(state.players.find((p) => p.name === 'Alice')!.chips).toBe(395 - 5);
    expect(rows(text, 'Income').find((l) => l.includes('|| Alice ||'))).toMatch(/Chips 400 → 440 \(\+40\).*&#91;reading tax-rounding=ceil \(ruling by Admin, /);
    // The player's line did not count: Carol's plain hand still scored with the empty product 1.
    expect(text).toContain('&#91;reading empty-multiplier=one (default)&#93;');
    // status reads the same Rulings page, as the rollover does.
    const status = await gameStatus(b, { ...game, allowedGroups: ['sysop'] }, SUNDAY.now);
    expect(status.rulings).toEqual({ page: game.rulingsPage, applied: s.rulings!.applied, warnings: s.rulings!.warnings });
  });
});

describe('a Round 10 page that breaks a rule, on the real wiki', () => {
  it('"House Lots can contain only exactly 3 cards.": a House Lot of four cards is refused, naming its cell and the sentence, and the page is not edited', async () => {
    const prefix = uniquePrefix('round10-refused');
    const game = { id: 'round10', kind: 'round10', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate`, historyLimit: 200 };
    await put(b, game.ruleset, RULESET);
    await put(b, game.gamestate, GAMESTATE.replace('5 of Leaves, 6 of Leaves, Queen of Coins', '5 of Leaves, 6 of Leaves, Queen of Coins, King of Coins'));
    const before = await b.readPage(game.gamestate);
    const refused = await rollover({ wiki: b }, game, SUNDAY).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(GamestateError);
    expect((refused as GamestateError).problems).toEqual([
      {
        message: 'the House Lot L1 holds 4 card(s): The Auction House: "House Lots can contain only exactly 3 cards."',
        location: { page: game.gamestate, table: 'Lots', row: 1, column: 'Items' },
      },
    ]);
    expect((await b.readPage(game.gamestate)).revid).toBe(before.revid);
  });
});

describe('the CLI on a Round 10 game', () => {
  let dir: string;
  let configFile: string;
  let game: RolloverGame & { rulingsPage: string };

  beforeAll(async () => {
    game = await freshGame('cli');
    await put(b, `${game.gamestate}/Shutoff`, 'run');
    await put(admin, game.rulingsPage, '* rank-count = largest\n');
    dir = mkdtempSync(join(tmpdir(), 'croupier-round10-'));
    configFile = join(dir, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        wiki: { editThrottleMs: 0, maxRetries: 1, retryPauseMs: 100, shutoff: { page: `${game.gamestate}/Shutoff`, runWord: 'run' } },
        store: { path: join(dir, 'store.json') },
        games: [{ id: 'r10', kind: 'round10', ruleset: game.ruleset, gamestate: game.gamestate }],
      }),
    );
  });
  afterAll(() => removeDir(dir));

  it("status, rollover, readings and publish-tables --game work like Cycle 16's", async () => {
    const status = await runCli(['status', '--game', 'r10', '--now', '2026-11-15T12:00Z', '--json', '--config', configFile]);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ recorded: { number: 1 }, phase: { number: 3, name: 'Resolution Phase' }, rolloverDue: true });

    const run = await runCli(['rollover', '--game', 'r10', '--now', '2026-11-15T12:00Z', '--config', configFile]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('r10: phase 1 → 3 (Resolution Phase)');
    expect(run.stdout).toMatch(/reading rank-count=largest \(ruling by Admin, /);
    // r = 22 under the ruling: Bob's Running × Senatorial hand scores 3 × 22 × 54 + 18.
    expect((await b.readPage(game.gamestate)).text).toContain(`score ${3 * 22 * 54 + 18}`);

    const readings = await runCli(['readings', '--game', 'r10', '--config', configFile]);
    expect(readings.code).toBe(0);
    expect(readings.stdout).toMatch(/rank-count: rank-count=largest \(ruling by Admin, .*\)\n/);
    expect(readings.stdout).toMatch(
      /used in: rules\/hands.ts \(hand score\); tables\/ \(multipliers with an example score\); named in [1-9]\d* History row\(s\)/,
    );

    const tables = await runCli(['publish-tables', '--game', 'r10', '--config', configFile]);
    expect(tables.code).toBe(0);
    // The card tables are on their subpage (src/games/computed-blocks.ts); "undefined" is the word for a divergent expectation.
    expect((await b.readPage(`${game.gamestate}/Card tables`)).text).toContain('Expected payout: undefined.');
  });
});
