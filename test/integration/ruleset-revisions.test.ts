// The Ruleset edited after instants the bot missed, on the real local MediaWiki. A proposal repealed the Planning
// Phase's Favour grant after boundaries a stopped bot missed: the catch-up applies them with the rules in force then
// (the revision saved before them, imported with its date: no API edit can date one), names the revisions in a
// History row, and a second run changes nothing; the Judge's ruling `ruleset-revision = latest` applies the current
// Ruleset instead; the daemon's catch-up, boundary by boundary, does the same (its dry run). And what the bot relies on
// from the wiki: the revisions in force over a span, from its history.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import { adoptText } from '../../src/jobs/adopt.ts';
import { publishTables } from '../../src/jobs/publish-tables.ts';
import { rollover } from '../../src/jobs/rollover.ts';
import { readDocument } from '../../src/parse/document.ts';
import { formatInstant } from '../../src/sim/trail.ts';
import type { WikiClient } from '../../src/wiki/client.ts';
import { removeDir } from '../temp-dir.ts';
import { humanEdit } from './game-races.ts';
import { bot, human, importRevisions, onEachWiki, put, root, runCli, uniquePrefix } from './helpers.ts';
import { at, DAY, gamestateText, HOUR, rulesetText } from './newcycle-dated.ts';

const GRANT = 'At the beginning of each Planning Phase, each active player is granted 2 Favour.';
const before = rulesetText;
// The proposal that passed since: no more Favour at the Planning Phase.
const after = before.replace(GRANT, 'Favour is no longer granted at the beginning of the Planning Phase.');
// Ada last acted in the Market Phase (phase 2): active at the Planning Phase start of T0 + 7 days, not at T0 + 14.
const hand = gamestateText(at(5 * DAY + 10 * HOUR));
const DECLARED = [
  '* inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be \'inactive\' if they performed no actions in the previous phase."',
  `* grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "${GRANT}"`,
];

const favourOf = (page: string, name: string): string => {
  const table = readDocument(page).tables.find((t) => t.rule === 'Miners')!;
  const row = table.rows.find((r) => r.list[0]!.text === name)!;
  return row.list[table.headers.indexOf('favour')]!.text;
};

onEachWiki(() => {
  const P = uniquePrefix('ruleset-revisions');
  const ruleset = `${P}/Ruleset`;
  let b: WikiClient, player: WikiClient, admin: WikiClient;
  let revs: { old: number; current: number };
  const gameOf = (gamestate: string) =>
    parseConfig({ wiki: {}, store: { path: '/nonexistent/store.json' }, games: [{ id: 'c17', kind: 'generic', ruleset, gamestate }] }).games[0]!;
  /** A Gamestate page adopted in phase 1, with its Rulings page: the declarations, and `more` lines. */
  const freshGame = async (name: string, more: string[] = []) => {
    const game = gameOf(`${P}/${name}`);
    await put(player, game.gamestate, adoptText(hand, { text: after, title: ruleset }, game.gamestate, { now: at(2 * DAY + 10 * HOUR) }).text);
    await put(admin, game.rulingsPage, `${[...DECLARED, ...more].join('\n')}\n`);
    return game;
  };

  beforeAll(async () => {
    [b, player, admin] = await Promise.all([bot(), human('PLAYER'), human('ADMIN')]);
    // The Ruleset as saved the day before the cycle began, then the proposal's edit, now.
    await importRevisions(ruleset, [{ at: at(-DAY), text: before }]);
    revs = { old: (await b.readPage(ruleset)).revid, current: await put(admin, ruleset, after, 'Proposal 12 passed: no more Favour') };
  }, 120_000);

  it('the wiki gives the revision in force at an instant and those saved after it, oldest first, with their text', async () => {
    const now = new Date();
    const span = await b.revisionsInForce(ruleset, at(5 * DAY), now);
    // (An edit's text is kept without its final newline; an import keeps the dump's as it is.)
    expect(span.map((r) => [r.revid, r.text])).toEqual([
      [revs.old, before],
      [revs.current, after.trimEnd()],
    ]);
    // Up to an instant before the edit: the old revision alone; from an instant after it, the new one alone.
    expect((await b.revisionsInForce(ruleset, at(5 * DAY), at(6 * DAY))).map((r) => r.revid)).toEqual([revs.old]);
    expect((await b.revisionsInForce(ruleset, now, now)).map((r) => r.revid)).toEqual([revs.current]);
    // Before the page's first revision: none in force, so none.
    expect(await b.revisionsInForce(ruleset, at(-2 * DAY), now)).toEqual([]);
  });

  it('boundaries missed before the Ruleset was edited are applied with the revision in force at them, and a row names both', async () => {
    const game = await freshGame('Gamestate');
    const r = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(r).toMatchObject({ fromPhase: 1, rulesetRevid: revs.current, save: { changed: true } });
    const page = (await b.readPage(game.gamestate)).text;
    // Granted at the Planning Phase start of T0 + 7 days, before the repeal, by the rule then in force.
    expect(favourOf(page, 'Ada')).toBe('7');
    expect(page.match(/\|\| Grant \|\|/g)).toHaveLength(1);
    expect(page).toMatch(new RegExp(`^\\| ${formatInstant(at(7 * DAY))} \\|\\| 3 \\|\\| Grant \\|\\| Ada \\|\\| Favour 5 → 7 \\|\\|`, 'm'));
    expect(page).toMatch(
      new RegExp(
        `\\|\\| Ruleset revisions \\|\\| - \\|\\| applied with the Ruleset as it was then: revision ${revs.old} before \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d, revision ${revs.current} after \\|\\|.*&#91;reading ruleset-revision=saved \\(default\\)&#93;$`,
        'm',
      ),
    );
    const summary = (await b.revisions(game.gamestate, { limit: 1 }))[0]!.comment;
    expect(summary).toContain(`from Ruleset revs ${revs.old}, ${revs.current}`);

    // The next run finds nothing due: no edit, and no second row.
    const rev = (await b.readPage(game.gamestate)).revid;
    const again = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(again.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(rev);
  }, 120_000);

  it("a person's edit of a line the run only reads, saved between its read and its save, is computed with the revisions in force too", async () => {
    const game = await freshGame('Gamestate merged');
    // Cress's last action moved into the Market Phase: active at the Planning Phase start of T0 + 7 days, so granted
    // 2 Favour by the rule then in force. The run does not write Cress's row, so MediaWiki merges the edit with its own.
    const lastAction = (text: string) => text.match(/^\| Cress \|\|.*$/m)![0]!;
    const moved = (text: string) =>
      text.replace(lastAction(text), lastAction(text).replace(/\d{4}-\d\d-\d\d \d\d:\d\d/, formatInstant(at(5 * DAY + 12 * HOUR))));
    let humanRevid = 0;
    const beforeEdit = async (_page: unknown, _edit: unknown, attempt: number) => {
      if (attempt === 1) humanRevid = await humanEdit(player, game.gamestate, moved, "Cress's action in the Market Phase");
    };
    const r = await rollover({ wiki: b, saveOptions: { beforeEdit } }, game, { now: new Date(), trigger: 'test' });
    expect(r.save).toMatchObject({ changed: true, merged: { on: humanRevid, corrected: true } });
    const page = (await b.readPage(game.gamestate)).text;
    expect(page).toContain(formatInstant(at(5 * DAY + 12 * HOUR)));
    // Both granted at the Planning Phase start of T0 + 7 days, by the revision then in force; once each.
    expect([favourOf(page, 'Ada'), favourOf(page, 'Cress')]).toEqual(['7', '5']);
    expect(page).toMatch(new RegExp(`^\\| ${formatInstant(at(7 * DAY))} \\|\\| 3 \\|\\| Grant \\|\\| Cress \\|\\| Favour 3 → 5 \\|\\|`, 'm'));
    expect(page.match(/\|\| Grant \|\|/g)).toHaveLength(2);
    expect(page.match(/\|\| Ruleset revisions \|\|/g)).toHaveLength(1);
    expect(page.match(/\|\| Concurrent edit \|\|/g)).toHaveLength(1);
    expect((await b.revisions(game.gamestate, { limit: 1 }))[0]!.comment).toContain(`from Ruleset revs ${revs.old}, ${revs.current}`);

    const again = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(again.save.changed).toBe(false);
  }, 120_000);

  it("a revision a person took back is never in force: the one before it applies through its span, as the wiki's history shows", async () => {
    // A vandal's edit the day before the Planning Phase (the grant's sentence gone, so no grant by it), undone now by an admin.
    const vandalised = `${P}/Ruleset vandalised`;
    // (Kept as an edit keeps a text, without its final newline: the undo restores that text, with the same SHA-1.)
    await importRevisions(vandalised, [
      { at: at(-DAY), text: before.trimEnd() },
      { at: at(6 * DAY), text: before.replace(GRANT, 'Favour is never granted.').trimEnd() },
    ]);
    const vandal = (await b.readPage(vandalised)).revid;
    await admin.request({ action: 'edit', title: vandalised, undo: vandal, summary: 'vandalism' }, { page: vandalised, edit: true });
    const span = await b.revisionsInForce(vandalised, at(5 * DAY), new Date());
    expect(span.map((r) => [r.revid === vandal, r.reverted ?? false, r.tags.includes('mw-undo')])).toEqual([
      [false, false, false],
      [true, true, false],
      [false, false, true],
    ]);
    expect(span[0]!.text).toBe(span[2]!.text);
    // Up to an instant before the undo (the daemon catching up a past boundary): the vandal's revision is still marked.
    const past = await b.revisionsInForce(vandalised, at(5 * DAY), at(7 * DAY));
    expect(past.map((r) => [r.revid === vandal, r.reverted ?? false])).toEqual([
      [false, false],
      [true, true],
    ]);

    const game = parseConfig({
      wiki: {},
      store: { path: '/nonexistent/store.json' },
      games: [{ id: 'c17', kind: 'generic', ruleset: vandalised, gamestate: `${P}/Gamestate vandalised` }],
    }).games[0]!;
    await put(player, game.gamestate, adoptText(hand, { text: before, title: vandalised }, game.gamestate, { now: at(2 * DAY + 10 * HOUR) }).text);
    await put(admin, game.rulingsPage, `${DECLARED.join('\n')}\n`);
    const r = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(r.save.changed).toBe(true);
    const page = (await b.readPage(game.gamestate)).text;
    // Granted at the Planning Phase of T0 + 7 days by the rules the undo restored; the vandal's revision granted nothing.
    expect(favourOf(page, 'Ada')).toBe('7');
    expect(page).toMatch(
      new RegExp(
        `\\|\\| Ruleset revisions \\|\\| - \\|\\| .*; not applied, taken back by a later revision: revision ${vandal} \\(a Judge's ruling .*saved-including-reverted.* applies it\\) \\|\\|`,
      ),
    );

    // The same instant again: nothing due, no edit (the skipped revision is not applied by a second run).
    const rev = (await b.readPage(game.gamestate)).revid;
    expect((await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' })).save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(rev);
  }, 120_000);

  it('a revert whose restored revision is older than the first few read makes the wiki read on, and takes back every revision between', async () => {
    // Five edits the days before the cycle's second week, in force at T0 + 5 days; then the text of the revision before
    // them saved again (a manual revert): the first batch read (5) holds the revert and four of them, not the revision it restored.
    const title = `${P}/Ruleset reverted far`;
    const text = before.trimEnd();
    await importRevisions(title, [{ at: at(-2 * DAY), text }, ...[1, 2, 3, 4, 5].map((i) => ({ at: at(-DAY + i * HOUR), text: `${text}\n\nEdit ${i}.` }))]);
    await put(admin, title, text, 'back to the rules as they were');
    const span = await b.revisionsInForce(title, at(5 * DAY), new Date());
    expect(span.map((r) => r.reverted ?? false)).toEqual([false, true, true, true, true, true, false]);
    expect(span.at(-1)!.tags).toContain('mw-manual-revert');
    expect(span[0]!.text).toBe(text);
  }, 120_000);

  it("the bot's own edit of its card tables on the Ruleset, though it restores an older text, takes nothing back", async () => {
    // The card tables on the Ruleset page itself (`tablesPage`): a proposal raises a price, the bot writes the tables
    // for it, a later proposal puts the price back, and the bot's tables for that make the page's text of before.
    const title = `${P}/Ruleset with its tables`;
    const input = {
      wiki: { editThrottleMs: 0 },
      store: { path: '/nonexistent/store.json' },
      games: [{ id: 'c16', kind: 'cycle16', ruleset: title, gamestate: `${P}/Gamestate of the tables`, tablesPage: title }],
    };
    const config = parseConfig(input);
    const publish = async () => (await publishTables({ config, client: b }, config.games[0]!)).save;
    const price = (n: number) => (text: string) => text.replace(/^\| Handy Pack \|\| \d+ Vertebrae$/m, `| Handy Pack || ${n} Vertebrae`);
    const edit = async (change: (text: string) => string, summary: string) => put(admin, title, change((await b.readPage(title)).text), summary);
    await put(admin, title, readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8'));
    const tables = await publish();
    // The wiki dates revisions to the second: the proposal's edit is saved after the instant the span starts at.
    await new Promise((r) => setTimeout(r, 1100));
    const raised = await edit(price(14), 'Proposal 20 passed: the Handy Pack costs 14');
    expect((await publish()).changed).toBe(true);
    const back = await edit(price(12), 'Proposal 21 passed: the Handy Pack costs 12 again');
    const again = await publish();
    const [first, last] = await Promise.all(
      [tables.revid, again.revid].map(async (revid) => (await b.revisions(title, { limit: 10 })).find((r) => r.revid === revid)!),
    );
    // What makes the case: the bot's last edit has the text of its first, and MediaWiki says it reverts the edits between.
    expect(last!.sha1).toBe(first!.sha1);
    expect(last!.tags).toContain('mw-manual-revert');

    const span = await b.revisionsInForce(title, new Date(first!.timestamp), new Date());
    expect(span.map((r) => r.revid)).toEqual(expect.arrayContaining([raised, back, last!.revid]));
    expect(span.filter((r) => r.reverted).map((r) => r.revid)).toEqual([]);
  }, 120_000);

  it("the daemon's dry run catches up each missed boundary at its instant with the revision in force then, as its diffs show", async () => {
    const game = await freshGame('Gamestate daemon');
    const dir = mkdtempSync(join(tmpdir(), 'croupier-revisions-'));
    try {
      const config = join(dir, 'config.json');
      writeFileSync(
        config,
        JSON.stringify({
          wiki: { editThrottleMs: 0 },
          store: { path: join(dir, 'store.json') },
          games: [{ id: 'c17', kind: 'generic', ruleset, gamestate: game.gamestate }],
        }),
      );
      const rev = (await b.readPage(game.gamestate)).revid;
      const r = await runCli(['daemon', '--dry-run', '--config', config]);
      expect(r.code, r.stderr).toBe(0);
      // The Planning Phase's boundary, caught up at its own instant: the grant by the revision then in force, which the row names.
      expect(r.stdout).toMatch(new RegExp(`row \\d+ added: ${formatInstant(at(7 * DAY))} \\| 3 \\| Grant \\| Ada \\| Favour 5 → 7 \\|`));
      expect(r.stdout).toMatch(
        new RegExp(
          `row \\d+ added: ${formatInstant(at(7 * DAY))} \\| 3 \\| Ruleset revisions \\| - \\| applied with the Ruleset as it was then: revision ${revs.old} \\(saved `,
        ),
      );
      expect((await b.readPage(game.gamestate)).revid).toBe(rev);
    } finally {
      removeDir(dir);
    }
  }, 120_000);

  it("the Judge's ruling ruleset-revision = latest applies the current Ruleset to every missed boundary: no grant", async () => {
    const game = await freshGame('Gamestate latest', ['* ruleset-revision = latest — the proposal took effect before the bot stopped']);
    const r = await rollover({ wiki: b }, game, { now: new Date(), trigger: 'test' });
    expect(r).toMatchObject({ fromPhase: 1, rulesetRevid: revs.current, save: { changed: true } });
    expect(r.rulings?.applied).toEqual([expect.stringMatching(/^ruleset-revision=latest \(ruling by Admin, /)]);
    const page = (await b.readPage(game.gamestate)).text;
    expect(favourOf(page, 'Ada')).toBe('5');
    expect(page).not.toMatch(/\|\| (Grant|Ruleset revisions) \|\|/);
  }, 120_000);
});
