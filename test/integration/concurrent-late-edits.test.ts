// A player's edit saved while the bot saves a phase boundary, on the real local MediaWiki (src/jobs/late-edits.ts,
// `concurrentLateEdits`). The bot read the page at the boundary; the player marks a card used in the new phase before
// the bot's edit lands. Computing on the player's page would reset that mark as if it were made in the old phase, so
// the run gives way: in an edit conflict (the player's line is one the boundary changes) it makes no edit; when
// MediaWiki merged the two (the boundary leaves the player's line as it was) it undoes its merged edit. Either way the
// page is the player's, its standings are put back, the refusal names the cell, and the next run refuses the same.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import type { SaveOptions } from '../../src/wiki/save.ts';
import { PLAYER_COLUMN, withPlayerCell } from '../cycle16-cells.ts';
import { BOUNDARY, DAY_BEFORE, establishedGame, type EstablishedGame } from './established-game.ts';
import { bot, human, importRevisions, onEachWiki, put, root, uniquePrefix } from './helpers.ts';
import { killedRollover } from './killed-rollover.ts';

const { used: USED } = PLAYER_COLUMN;

onEachWiki(() => {
  let b: WikiClient, player: WikiClient, admin: WikiClient;
  beforeAll(async () => {
    [b, player, admin] = await Promise.all([bot(), human('PLAYER'), human('ADMIN')]);
  }, 120_000);

  /** The rollover at the boundary, the player's `mark` saved just before the bot's first Gamestate edit: its revision, and the run's outcome. */
  const markDuringRun = async (game: EstablishedGame, mark: (text: string) => string) => {
    let theirs = 0;
    const beforeEdit: SaveOptions['beforeEdit'] = async (_p, _e, attempt) => {
      if (attempt !== 1) return;
      theirs = await put(player, game.gamestate, mark((await player.readPage(game.gamestate)).text), 'used a Duel');
    };
    const outcome = await rollover({ wiki: b, saveOptions: { beforeEdit } }, game, BOUNDARY).catch((e: unknown) => e);
    return { theirs, outcome };
  };
  /**
   * An established game (the day before's run made its subpage) whose Gamestate was first saved before the boundary,
   * imported with its date: the history the next run reads reaches back to the boundary.
   */
  const establishedSinceBefore = async (what: string): Promise<EstablishedGame> => {
    const prefix = uniquePrefix(what);
    const game = { id: 'cycle16', ruleset: `${prefix}/Ruleset`, gamestate: `${prefix}/Gamestate`, historyLimit: 200, rulingsPage: `${prefix}/Rulings` };
    await put(admin, game.ruleset, readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8'));
    await importRevisions(game.gamestate, [{ at: new Date('2026-11-18T12:00:00Z'), text: readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8') }]);
    await rollover({ wiki: b }, game, DAY_BEFORE);
    const standings = `${game.gamestate}/Standings`;
    return { ...game, standings, pages: [game.gamestate, standings] };
  };
  const history = async (title: string) => (await b.revisions(title, { limit: 10 })).reverse();

  it("a mark on a line the boundary changes (Alice's, in an edit conflict): no edit, the player's page stands, the standings are put back, the cell is named", async () => {
    const game = await establishedGame(b, 'concurrent-conflict');
    const standings = await b.readPage(game.standings);
    const { theirs, outcome } = await markDuringRun(game, (t) => withPlayerCell(t, 'Alice', USED, 'Exploration', 'Exploration, Duel'));
    expect(outcome).toBeInstanceOf(GamestateError);
    const problems = (outcome as GamestateError).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 1, column: 'Used this phase' }]);
    expect(problems[0]!.message).toContain(`revision ${theirs} by ${player.names[0]} changed it while the bot was saving 2026-11-19 00:00`);
    expect((await b.readPage(game.gamestate)).revid).toBe(theirs);
    const text = (await b.readPage(game.standings)).text;
    expect(text).toBe(standings.text);
    expect((await history(game.standings)).at(-1)!.comment).toMatch(/^Croupier: back to revision \d+: the edit of .* was not saved/);
  });

  it("a mark on a line the boundary leaves as it was (Gideon's, merged by MediaWiki): the bot's merged edit is undone, the page is the player's, and the next run refuses the same", async () => {
    const game = await establishedSinceBefore('concurrent-merged');
    const standings = await b.readPage(game.standings);
    const mark = (t: string) => withPlayerCell(t, 'Gideon', USED, ' -', 'Duel');
    const { theirs, outcome } = await markDuringRun(game, mark);
    expect(outcome).toBeInstanceOf(GamestateError);
    const problems = (outcome as GamestateError).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 7, column: 'Used this phase' }, { page: game.gamestate }]);
    expect(problems[0]!.message).toContain(`revision ${theirs} by ${player.names[0]} changed it while the bot was saving 2026-11-19 00:00`);
    // MediaWiki merged the bot's edit onto the player's; the bot undid it.
    const [, merged, undo] = (await history(game.gamestate)).slice(-3);
    expect(merged).toMatchObject({ user: b.names[0], parentid: theirs });
    expect(undo).toMatchObject({ user: b.names[0], parentid: merged!.revid });
    expect(undo!.tags).toContain('mw-undo');
    expect(problems[1]!.message).toContain(`the bot's revision ${merged!.revid}, which MediaWiki had merged onto it, was undone`);
    const page = await b.readPage(game.gamestate);
    const players = await b.revisions(game.gamestate, { limit: 10, content: true });
    expect(page.text).toBe(players.find((r) => r.revid === theirs)!.text);
    expect((await b.readPage(game.standings)).text).toBe(standings.text);

    // The next run, now (its history read up to now: the revisions are dated now), meets the bot's undo last, reads
    // the history under it back to the boundary, and finds the mark: no edit.
    const now = { now: new Date(), trigger: 'integration test' };
    const next = await rollover({ wiki: b }, game, now).catch((e: unknown) => e);
    expect((next as GamestateError).problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 7, column: 'Used this phase' }]);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);

    // The Judge's reading applies the run over it.
    await put(admin, game.rulingsPage!, '* late-edits = as-read\n');
    const asRead = await rollover({ wiki: b }, game, now);
    expect(asRead.save.changed).toBe(true);
  });

  it('the same mark merged, and the run killed (SIGKILL) before it could check its save: the next run, correcting that merge, gives way the same — the merged edit undone, the cell named', async () => {
    const game = await establishedSinceBefore('concurrent-killed');
    const seed = await b.readPage(game.gamestate);
    let theirs = 0;
    const mark = async () => {
      theirs = await put(player, game.gamestate, withPlayerCell((await player.readPage(game.gamestate)).text, 'Gideon', USED, ' -', 'Duel'), 'used a Duel');
    };
    const k = await killedRollover(game, BOUNDARY.now, 'saved', mark);
    expect(k.read).toBe(seed.revid);
    // What the kill left: MediaWiki's merge of the boundary (computed on the page before the mark) onto the mark.
    expect((await b.revisions(game.gamestate, { limit: 1 }))[0]).toMatchObject({ revid: k.saved, parentid: theirs, user: b.names[0] });

    const next = await rollover({ wiki: b }, game, BOUNDARY).catch((e: unknown) => e);
    expect(next).toBeInstanceOf(GamestateError);
    const problems = (next as GamestateError).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 7, column: 'Used this phase' }, { page: game.gamestate }]);
    expect(problems[0]!.message).toContain(`revision ${theirs} by ${player.names[0]} changed it while the bot was saving 2026-11-19 00:00`);
    expect(problems[1]!.message).toContain(`the bot's revision ${k.saved}, which MediaWiki had merged onto it, was undone`);
    const [undo, ...more] = (await history(game.gamestate)).filter((r) => r.revid > k.saved!);
    expect(more).toEqual([]);
    expect(undo).toMatchObject({ user: b.names[0], parentid: k.saved });
    expect(undo!.tags).toContain('mw-undo');
    expect(undo!.comment).toContain(
      `Croupier: undo revision ${k.saved}: MediaWiki merged the edit of a run of the bot's that stopped before checking it with revision ${theirs}`,
    );
    const players = await b.revisions(game.gamestate, { limit: 10, content: true });
    expect((await b.readPage(game.gamestate)).text).toBe(players.find((r) => r.revid === theirs)!.text);

    // A third run, now (its history read up to now: the revisions are dated now), meets the bot's undo, reads the
    // history under it, and refuses the same with no edit.
    const third = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'integration test' }).catch((e: unknown) => e);
    expect((third as GamestateError).problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 7, column: 'Used this phase' }]);
    expect((await b.readPage(game.gamestate)).revid).toBe(undo!.revid);
  });
});
