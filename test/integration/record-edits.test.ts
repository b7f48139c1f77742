// The bot's record on a Gamestate, on the real local MediaWiki (src/jobs/record-edits.ts): the bot saves the page, a
// player changes a cell that records what the bot applied (Alice's Reputability grant emptied, the Phase number set
// back, a row renamed), and the run makes no edit, naming the cell, the revision and the player, where it would have
// paid the grant again or rolled the boundary over again; a row removed, and typed back after the bot's rollover saved
// the page without it, is compared with the record the bot's store keeps. The same change by an admin is applied.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it, onTestFinished } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { DryRunWiki } from '../../src/cron/dry-run.ts';
import { storeGoneRows } from '../../src/cron/gone-rows.ts';
import { FileStore } from '../../src/cron/store.ts';
import { TickPages } from '../../src/cron/tick-pages.ts';
import { RecordEditsRefusal } from '../../src/jobs/record-edits.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { bot, human, onEachWiki, put, root, uniquePrefix } from './helpers.ts';

const ruleset = readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8');
const gamestate = readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8');
// Within the fixture's phase 4: the run rewards its battles (an edit), no boundary is due.
const NOW = new Date('2026-11-18T12:00:00Z');
const ALICE = '|Alice\n|2026-11-02 10:15\n|2026-11-02 10:15\n|20\n';
const emptiedGrant = gamestate.replace(ALICE, ALICE.replace('|20\n', '| -\n'));
// Bram's removals of phase 4 would be refused in phase 3 (a Battle Phase): not what this is about.
const noRemovals = gamestate.replace('|Removal ×2', '| -');
const phaseBack = noRemovals.replace('| 2026-11-02 00:00 || 4 || Rest Phase', '| 2026-11-02 00:00 || 3 || Rest Phase');

onEachWiki(() => {
  const P = uniquePrefix('record-edits');
  let b: WikiClient, player: WikiClient, admin: WikiClient;
  /** A game whose Gamestate the bot saved, then `by` changed to `text`. */
  /** A game of the shared Ruleset whose Gamestate is `${P}/<name>`. */
  const gameNamed = (name: string) =>
    parseConfig({
      wiki: {},
      store: { path: '/nonexistent/store.json' },
      games: [{ id: 'c16', kind: 'cycle16', ruleset: `${P}/Ruleset`, gamestate: `${P}/${name}` }],
    }).games[0]!;
  const edited = async (name: string, saved: string, by: WikiClient, text: string) => {
    const game = gameNamed(name);
    const mine = await put(b, game.gamestate, saved, 'the bot keeps the page');
    const revid = await put(by, game.gamestate, text, 'my edit');
    expect(revid).toBeGreaterThan(mine);
    return { game, revid };
  };
  const run = (game: Parameters<typeof rollover>[1]) => rollover({ wiki: b }, game, { now: NOW, trigger: 'test' });

  beforeAll(async () => {
    [b, player, admin] = await Promise.all([bot(), human('PLAYER'), human('ADMIN')]);
    await put(admin, `${P}/Ruleset`, ruleset);
  }, 120_000);

  it("makes no edit where a player emptied the Reputability grant the bot recorded (it would pay Alice's 20 Vertebrae again), naming the cell and the player", async () => {
    const { game, revid } = await edited('Grant', gamestate, player, emptiedGrant);
    const err = await run(game).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    const problems = (err as RecordEditsRefusal).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 1, column: 'Reputability grant' }]);
    expect(problems[0]!.message).toContain(`Reputability grant "20" → empty: ${player.names[0]} changed it in revision ${revid} (`);
    expect((await b.readPage(game.gamestate)).revid).toBe(revid);
  });

  it('makes no edit where a player set the Phase number back (the boundary of phase 4 would be rolled over again)', async () => {
    const { game, revid } = await edited('Phase', noRemovals, player, phaseBack);
    const err = await run(game).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    expect((err as RecordEditsRefusal).problems.map((p) => [p.location, p.message.split(':')[0]])).toEqual([
      [{ page: game.gamestate, table: 'Phase', row: 1, column: 'Phase number' }, 'Phase number "4" → "3"'],
    ]);
    expect((await b.readPage(game.gamestate)).revid).toBe(revid);
  });

  it("makes no edit where a player renamed Alice's row, her grant emptied (the run would pay the new name): the row gone and the revision that removed it are named", async () => {
    const { game, revid } = await edited('Renamed', gamestate, player, emptiedGrant.replaceAll('Alice', 'Alyx'));
    const err = await run(game).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    const problems = (err as RecordEditsRefusal).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 1 }]);
    expect(problems[0]!.message).toContain(`row "Alice" gone, "Alyx" added: ${player.names[0]} removed it in revision ${revid} (`);
    expect((await b.readPage(game.gamestate)).revid).toBe(revid);
  });

  it("makes no edit where a player's row, removed and saved without by the bot's rollover, is typed back with its grant emptied (the bot's store keeps its record)", async () => {
    const ROW = '|-\n|Gideon\n|2026-11-03 16:20\n|2026-11-03 16:20\n|20\n';
    const CLOSED = '|-\n|2026-11-13 19:30\n|Alice\n|Gideon\n|4\n|closed\n';
    const row = gamestate.slice(gamestate.indexOf(ROW), gamestate.indexOf('|-\n|Hollis\n'));
    const { game } = await edited('TwoSteps', gamestate, player, gamestate.replace(row, '').replace(CLOSED, ''));
    const dir = await mkdtemp(join(tmpdir(), 'croupier-gone-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const store = new FileStore(join(dir, 'store.json'));
    const kept = { wiki: b, goneRows: storeGoneRows(store, game.id) };
    const saved = await rollover(kept, game, { now: NOW, trigger: 'test' });
    expect(saved.save.changed).toBe(true);
    // Typed back (with a cell for the Removals granted column the bot's save added), its grant emptied.
    const page = (await b.readPage(game.gamestate)).text;
    const back = await put(
      player,
      game.gamestate,
      page.replace('|-\n|Hollis\n', `${row.replace(ROW, ROW.replace('|20\n', '| -\n'))}| -\n|-\n|Hollis\n`),
      'my edit',
    );
    const err = await rollover(kept, game, { now: NOW, trigger: 'test' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    const problems = (err as RecordEditsRefusal).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 7, column: 'Reputability grant' }]);
    expect(problems[0]!.message).toContain(`Reputability grant "20" → empty, row "Gideon" added back: ${player.names[0]} added it in revision ${back} (`);
    expect((await b.readPage(game.gamestate)).revid).toBe(back);
  });

  it("makes no edit where the bot's next saves carried a player's change along (requests resolved): only a rollover's save vouches for the record", async () => {
    const game = gameNamed('Carried');
    const rolled = await put(b, game.gamestate, gamestate, 'Croupier: phase 4; 2 Battle won — from Ruleset rev 1; test');
    const mallory = await put(player, game.gamestate, emptiedGrant, 'my edit');
    // Two requests resolved since: the bot's last two revisions are not the rollover's, which is listed and read by its id.
    await put(b, game.gamestate, emptiedGrant.replace('|1 Gem Key', '|2 Gem Keys'), 'Croupier: 1 request(s) resolved: Bram (request r1)');
    const carried = await put(b, game.gamestate, emptiedGrant.replace('|1 Gem Key', '|3 Gem Keys'), 'Croupier: 1 request(s) resolved: Bram (request r2)');
    const err = await run(game).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    expect((err as RecordEditsRefusal).problems[0]!.message).toContain(
      `Reputability grant "20" → empty: ${player.names[0]} changed it in revision ${mallory} (`,
    );
    expect((err as RecordEditsRefusal).problems[0]!.message).toContain(`believed as the bot's revision ${rolled} wrote it`);
    expect((await b.readPage(game.gamestate)).revid).toBe(carried);
  });

  it("makes no edit where a rollover's save MediaWiki merged with a player's edit stayed (its parent is not the base its summary names): it is no record of the bot's", async () => {
    const game = gameNamed('Merged');
    const rolled = await put(b, game.gamestate, gamestate, 'Croupier: phase 4; 2 Battle won — from Ruleset rev 1; test');
    const mallory = await put(player, game.gamestate, emptiedGrant, 'my edit');
    // The bot's edit computed on its own revision, sent after Mallory's: MediaWiki merges the two (other lines).
    await b.request(
      {
        action: 'edit',
        title: game.gamestate,
        text: gamestate.replace('|1 Gem Key', '|2 Gem Keys'),
        baserevid: rolled,
        summary: `Croupier: phase 4; 1 Battle won — from Ruleset rev 1; test (base rev ${rolled})`,
        formatversion: 2,
      },
      { edit: true, page: game.gamestate },
    );
    const saved = await b.readPage(game.gamestate);
    const merged = saved.revid;
    expect([saved.parentid, saved.text.includes('|2 Gem Keys'), saved.text.includes(ALICE.replace('|20\n', '| -\n'))]).toEqual([mallory, true, true]);
    const err = await run(game).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    expect((err as RecordEditsRefusal).problems[0]!.message).toContain(
      `Reputability grant "20" → empty: ${player.names[0]} changed it in revision ${mallory} (`,
    );
    expect((await b.readPage(game.gamestate)).revid).toBe(merged);
  });

  it("refuses through the daemon's view of the wiki too (a tick's memo of its pages, and a dry run's)", async () => {
    const { game, revid } = await edited('Daemon', gamestate, player, emptiedGrant);
    const ticks = new TickPages(b);
    ticks.begin();
    const err = await rollover({ wiki: ticks }, game, { now: NOW, trigger: 'test' }).catch((e: unknown) => e);
    ticks.end();
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    const dry = await rollover({ wiki: new DryRunWiki(b) }, game, { now: NOW, trigger: 'test', dryRun: true }).catch((e: unknown) => e);
    expect(dry).toBeInstanceOf(RecordEditsRefusal);
    expect((await b.readPage(game.gamestate)).revid).toBe(revid);
  });

  it("leaves a player's undo of the bot's edit to the pause (MediaWiki's mw-undo tag), and refuses a player's own text restored over the admin's correction (mw-manual-revert of no bot revision)", async () => {
    // The bot's revision gave Alice her grant (the page before it had none); the player undoes that revision.
    const undone = await edited('Undo', gamestate, admin, emptiedGrant);
    const granted = await put(b, undone.game.gamestate, gamestate, 'the bot grants');
    await player.request({ action: 'edit', title: undone.game.gamestate, undo: granted, summary: 'undo' }, { edit: true, page: undone.game.gamestate });
    const paused = await run(undone.game).catch((e: unknown) => e);
    expect(paused).not.toBeInstanceOf(RecordEditsRefusal);
    expect(paused).toMatchObject({ code: 'paused' });
    // The player empties the grant, the admin puts it back (a manual revert of the player's edit), the player saves
    // their text again (a manual revert of the admin's): that is the player's edit, not a revert of the bot's.
    // (Saved through the API directly: the save layer of a player's client would itself give way to the admin's revert.)
    const { game } = await edited('Restored', gamestate, player, emptiedGrant);
    const edit = (who: WikiClient, text: string) =>
      who.request({ action: 'edit', title: game.gamestate, text, summary: 'by hand', formatversion: 2 }, { edit: true, page: game.gamestate });
    await edit(admin, gamestate);
    await edit(player, emptiedGrant);
    const again = (await b.readPage(game.gamestate)).revid;
    const err = await run(game).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    expect((err as RecordEditsRefusal).problems[0]!.message).toContain(`Reputability grant "20" → empty: ${player.names[0]} changed it in revision ${again} (`);
    // MediaWiki did tag the player's revision a revert (of the admin's): the tag alone does not make it the pause's.
    await expect.poll(async () => (await b.revisions(game.gamestate, { limit: 1 }))[0]!.tags, { timeout: 10_000 }).toContain('mw-manual-revert');
  });

  it('applies the same change made by an admin: the grant is paid again, with its History row', async () => {
    const { game, revid } = await edited('Admin', gamestate, admin, emptiedGrant);
    const s = await run(game);
    expect(s.gamestateRevid).toBeGreaterThan(revid);
    const page = await b.readPage(game.gamestate);
    expect(page.user).toBe(b.names[0]);
    expect(page.text).toContain('|| Reputability || Alice || +20 Vertebrae (41 → 61)');
  });
});
