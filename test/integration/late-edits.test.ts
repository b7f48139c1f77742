// A Gamestate a player edited after a boundary the bot missed, on the real local MediaWiki (src/jobs/late-edits.ts).
// The page as it was before the boundary of 2026-11-19 00:00 is imported with its date (no API edit can date one),
// the player's edit is saved now through the API: the catch-up applies that boundary late. Where it would reset the
// player's mark of the new phase it makes no edit and names the cell, as where an edit of a cell it only reads would
// change what it records before that edit took effect (Jun's Last action in the new phase); otherwise it saves, naming
// the player's revision (a Last action dated before the boundary counts); the Judge's `late-edits = as-read` applies it
// over the mark.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { gameStatus } from '../../src/jobs/status.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, human, importRevisions, onEachWiki, put, root, uniquePrefix } from './helpers.ts';
import { PLAYER_COLUMN, withPlayerCell } from '../cycle16-cells.ts';

const ruleset = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8');
const gamestate = readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8');
// The fixture is in phase 4 until the boundary of 2026-11-19 00:00; its page as saved the day before.
const SAVED_BEFORE = new Date('2026-11-18T12:00:00Z');

const { used: USED, other: OTHER, lastAction: LAST_ACTION } = PLAYER_COLUMN;

onEachWiki(() => {
  const P = uniquePrefix('late-edits');
  let b: WikiClient, player: WikiClient, admin: WikiClient;
  const gameOf = (name: string) =>
    parseConfig({
      wiki: {},
      store: { path: '/nonexistent/store.json' },
      games: [{ id: 'c16', kind: 'cycle16', ruleset: `${P}/Ruleset`, gamestate: `${P}/${name}` }],
    }).games[0]!;
  /** A game whose Gamestate was saved before the boundary, then edited by the player now. */
  const lateGame = async (name: string, text: string) => {
    const game = gameOf(name);
    await importRevisions(game.gamestate, [{ at: SAVED_BEFORE, text: gamestate }]);
    const revid = await put(player, game.gamestate, text, 'my move');
    return { game, revid };
  };

  beforeAll(async () => {
    [b, player, admin] = await Promise.all([bot(), human('PLAYER'), human('ADMIN')]);
    await put(admin, `${P}/Ruleset`, ruleset);
  }, 120_000);

  it('makes no edit where the late boundary would reset a mark the player typed after it, and names the cell, the revision and the player', async () => {
    const { game, revid } = await lateGame('Refused', withPlayerCell(gamestate, 'Alice', USED, 'Exploration', 'Exploration, Duel'));
    // croupier status says so first, with an alert.
    const status = await gameStatus(b, game, new Date());
    expect(status.lateEdits).toMatchObject({ refused: true, problems: [expect.stringContaining(`revision ${revid} by ${player.names[0]} changed it after`)] });
    expect(status.alerts).toHaveLength(1);
    const err = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    const problems = (err as GamestateError).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 1, column: 'Used this phase' }]);
    expect(problems[0]!.message).toContain(`revision ${revid} by ${player.names[0]} changed it after 2026-11-19 00:00`);
    expect((await b.readPage(game.gamestate)).revid).toBe(revid);
  });

  it("makes no edit where what the late boundary records depends on a cell the player changed after it (Jun's Last action, which would keep him active at it)", async () => {
    // Jun's last action, 2026-11-15 23:50, is before phase 4: the boundary of 2026-11-19 makes him inactive.
    const { game, revid } = await lateGame('Depends', withPlayerCell(gamestate, 'Jun', LAST_ACTION, '2026-11-15 23:50', '2026-11-19 03:00'));
    const status = await gameStatus(b, game, new Date());
    expect(status.lateEdits).toMatchObject({ refused: true });
    const err = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    // His edit takes effect at the action it records (03:00), after the boundary: caught up to today, the run without it
    // records his inactivity at the boundary, the run with it does not.
    const problems = (err as GamestateError).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate }]);
    expect(problems[0]!.message).toContain(
      `(revision ${revid} by ${player.names[0]}: Players / Jun / Last action (UTC)), change what the run records before 2026-11-19 03:00, when they took effect: "2026-11-19 00:00 Inactivity Jun: active → inactive" only on the page as it was at 2026-11-19 00:00 (revision `,
    );
    expect((await b.readPage(game.gamestate)).revid).toBe(revid);
  });

  it("saves where the player's late edit records an action before the boundary (Jun's Last action of 2026-11-18 23:55, kept by hand after it): Jun active at it", async () => {
    const { game, revid } = await lateGame('Kept by hand', withPlayerCell(gamestate, 'Jun', LAST_ACTION, '2026-11-15 23:50', '2026-11-18 23:55'));
    expect((await gameStatus(b, game, new Date())).lateEdits).toMatchObject({ refused: false });
    const s = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(s.save.changed).toBe(true);
    const page = (await b.readPage(game.gamestate)).text;
    expect(page).toContain(`|| Late edits || - || applied 2026-11-19 00:00 late, to the page with revision ${revid} (${player.names[0]}), saved after it`);
    // Acted in phase 4: active at its end; no action in phase 5 (from 2026-11-19 to 2026-11-23): inactive at its end.
    expect(page).not.toContain('| 2026-11-19 00:00 || 5 || Inactivity || Jun ||');
    expect(page).toContain('| 2026-11-23 00:00 || 6 || Inactivity || Jun || active → inactive ||');
  });

  it("saves where the player's edit is not one the boundary changes, and names it in a History row", async () => {
    const { game, revid } = await lateGame('Saved', withPlayerCell(gamestate, 'Ines', OTHER, ' -', ' a feather'));
    const s = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(s.save.changed).toBe(true);
    const page = (await b.readPage(game.gamestate)).text;
    expect(page).toContain(`|| Late edits || - || applied 2026-11-19 00:00 late, to the page with revision ${revid} (${player.names[0]}), saved after it`);
    expect(page).toContain('late-edits=refuse-overlap (default)');
    const ines = page.split('\n').slice(page.split('\n').indexOf('|Ines'));
    expect([ines[OTHER], ines[USED]]).toEqual(['| a feather', '| -']);
    // Saved last by the bot: the next run asks nothing of the history, and changes nothing.
    const again = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(again.save.changed).toBe(false);
  });

  it('applies the boundary over the mark when the Judge ruled "late-edits = as-read" on the Rulings page', async () => {
    const { game } = await lateGame('As read', withPlayerCell(gamestate, 'Alice', USED, 'Exploration', 'Exploration, Duel'));
    await put(admin, game.rulingsPage!, '* late-edits = as-read\n');
    const s = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(s.save.changed).toBe(true);
    expect((await b.readPage(game.gamestate)).text).toMatch(/\|\| Late edits \|\| .*late-edits=as-read/);
  });
});
