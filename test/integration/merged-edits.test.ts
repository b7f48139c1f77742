// MediaWiki's automatic merge, on the real wiki (issue 8 §1). The bot saves with `baserevid`; a human edit
// saved between the bot's read and its save, on other lines, is not an edit conflict: MediaWiki merges the
// bot's diff onto it. The page the bot leaves behind must still be the serial outcome — the bot's transform
// applied to the human's revision — which each test computes offline, with the engine, on that revision —
// even when the run is killed between the merged save and its correction (the next run corrects it).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGamestate } from '../../src/games/cycle16/gamestate/read.ts';
import { readCycle16Ruleset } from '../../src/games/cycle16/ruleset/read.ts';
import { computeRollover, rollover, type RolloverGame } from '../../src/jobs/rollover.ts';
import { RecordEditsRefusal } from '../../src/jobs/record-edits.ts';
import { lighten } from '../../src/games/computed-blocks.ts';
import { readDocument } from '../../src/parse/document.ts';
import type { RevisionInfo, WikiClient } from '../../src/wiki/client.ts';
import { WikiError } from '../../src/wiki/errors.ts';
import { normalizeText, type MergeContext, type SaveOptions } from '../../src/wiki/save.ts';
import { bot, freshRolloverGame, human, put, root, uniquePrefix } from './helpers.ts';
import { GamestateError } from '../../src/games/shared/gamestate-error.ts';
import { killedRollover } from './killed-rollover.ts';
import { cycle16Engine } from '../../src/games/cycle16/index.ts';

const GAMESTATE = readFileSync(`${root}fixtures/cycle16/gamestate.wikitext`, 'utf8');
const ruleset = readCycle16Ruleset(readDocument(readFileSync(`${root}fixtures/cycle16/ruleset.wikitext`, 'utf8')));
const BOUNDARY = { now: new Date('2026-11-19T00:00Z'), trigger: 'integration test' };

let b: WikiClient;
let player: WikiClient;
let admin: WikiClient;

beforeAll(async () => {
  [b, player, admin] = await Promise.all([bot(), human(), human('ADMIN')]);
});

const freshGame = (what: string): Promise<RolloverGame> => freshRolloverGame(b, `merged-${what}`);

/** A cell of a player's row in the Players table (one cell per line; `column` 0 is the name, 4 Last action, 8 Packs). */
const playerCell = (name: string, column: number, from: string, to: string) => (text: string) => {
  const out = text.replace(new RegExp(`(\\|${name}\\n(?:\\|[^\\n]*\\n){${column - 1}})\\|${from}\\n`), `$1|${to}\n`);
  expect(out, `${name}'s cell ${column} is ${from}`).not.toBe(text);
  return out;
};
const farahActed = playerCell('Farah', 4, '2026-11-11 19:00', '2026-11-18 12:00');
const eunjiIdle = playerCell('Eun-ji', 4, '2026-11-18 07:45', '2026-11-11 10:00');
/** The Dmitri → Farah gift's Status cell (a line the bot writes at the boundary). */
const giftStatus = (from: string, to: string) => (text: string) => {
  const out = text.replace(`|Dmitri\n|Farah\n|3\n|${from}\n`, `|Dmitri\n|Farah\n|3\n|${to}\n`);
  expect(out, `the gift's status ${from}`).not.toBe(text);
  return out;
};

/**
 * A human edit as a person makes it: read the page, change it, save. Returns the new revid. A person is not held
 * to the bot's shrink guard (restoring the page before the bot's edit drops the race chart it added).
 */
async function humanEdit(who: WikiClient, title: string, change: (text: string) => string, summary: string): Promise<number> {
  const page = await who.readPage(title);
  const r = await who.save(title, () => ({ text: change(page.text), summary }), { maxShrinkShare: 1 });
  expect(r.revid).toBeGreaterThan(page.revid);
  return r.revid!;
}

/** A rollover at the boundary, with human edits made when the bot is about to send its edit number `attempt`. */
function rolloverDuring(game: RolloverGame, edits: Record<number, () => Promise<unknown>>) {
  const beforeEdit: SaveOptions['beforeEdit'] = async (_page, _edit, attempt) => void (await edits[attempt]?.());
  return rollover({ wiki: b, saveOptions: { beforeEdit } }, game, BOUNDARY);
}

/** The serial outcome, offline: the engine on the text the humans' edits leave (`revid`: the last of them), its standings and race chart on their subpage. */
function serialOutcome(game: RolloverGame, text: string, revid: number, merge?: MergeContext): string {
  return normalizeText(lighten(computeRollover(ruleset, game, { text, revid }, BOUNDARY, cycle16Engine, merge).text, game.gamestate).text);
}

/** What a test knows about a merge: the bot's merged revisions, the humans' (Player first, then Admin), the last. */
const mergeOf = (merged: number[], humans: number[]): MergeContext => ({
  merged,
  edits: humans.map((revid, i) => ({ revid, user: i === 0 ? 'Player' : 'Admin', timestamp: '' })),
  on: humans.at(-1)!,
});

const history = async (title: string): Promise<RevisionInfo[]> => (await b.revisions(title, { limit: 20 })).reverse();
const botRevisions = async (title: string) => (await history(title)).filter((r) => r.user === 'Bot').slice(1); // after the seed

describe("a human edit saved between the bot's read and its save, on lines the bot does not write (MediaWiki merges)", () => {
  it("the issue's reproduction: Farah's Last action set to 2026-11-18 12:00 in the window; the saved page has Farah active, the gift returned and Dmitri's pack, and a second run changes nothing", async () => {
    const game = await freshGame('farah');
    let humanRevid = 0;
    const s = await rolloverDuring(game, { 1: async () => (humanRevid = await humanEdit(player, game.gamestate, farahActed, 'Farah acted')) });

    // What the wiki recorded: the seed, the human's edit, the bot's edit merged onto it (its parent is the
    // human's revision, not the base the bot sent), and the bot's correction based on the merged revision.
    const [, humanRev, mergedRev, correction, ...more] = await history(game.gamestate);
    expect(more).toEqual([]);
    expect(humanRev).toMatchObject({ revid: humanRevid, user: 'Player' });
    expect(mergedRev).toMatchObject({ user: 'Bot', parentid: humanRevid });
    expect(correction).toMatchObject({ user: 'Bot', parentid: mergedRev!.revid, revid: s.save.revid });
    expect(s.save.merged).toMatchObject({ merged: [mergedRev!.revid], edits: [{ revid: humanRevid, user: 'Player' }], on: humanRevid, corrected: true });

    // The page is the engine's rollover of the human's revision (plus the History row saying why it was recomputed).
    const humanText = (await b.revisions(game.gamestate, { limit: 20, content: true })).find((r) => r.revid === humanRevid)!.text!;
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(serialOutcome(game, humanText, humanRevid, mergeOf([mergedRev!.revid], [humanRevid])));

    // The facts the issue names. Cycle 16, Players: “inactive if they performed no actions in the previous phase”
    // — Farah acted on 2026-11-18 12:00, in phase 4; Card gifting: “If the receiver then performs an action in
    // that phase, the giver is granted 1 Already-opened pack.”
    const state = readGamestate(page.text, game.gamestate, ruleset);
    expect(state.players.find((p) => p.name === 'Farah')!.status).toBe('active');
    expect(state.gifts.find((g) => g.giver === 'Dmitri' && g.receiver === 'Farah')!.status).toBe('returned');
    const before = readGamestate(GAMESTATE, game.gamestate, ruleset).players.find((p) => p.name === 'Dmitri')!.packs['Already-opened Pack'] ?? 0;
    expect(state.players.find((p) => p.name === 'Dmitri')!.packs['Already-opened Pack']).toBe(before + 1);
    expect(page.text).toContain('| Dmitri || +1 Already-opened Pack (0 → 1) ||');
    expect(page.text).not.toContain('Gift closed');

    // The History and the edit summary say what happened.
    const said = `MediaWiki merged the bot's edit (revision ${mergedRev!.revid}) with a concurrent edit (revision ${humanRevid} (Player)); recomputed on revision ${humanRevid}`;
    expect(page.text.split('\n').filter((l) => l.includes(`|| Concurrent edit || - || ${said} ||`))).toHaveLength(1);
    expect(correction!.comment).toContain(said);

    const again = await rollover({ wiki: b }, game, BOUNDARY);
    expect(again.save.changed).toBe(false);
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it("two human edits in the window (Farah acted; Eun-ji's last action moved back): the page is the rollover of the second one's revision", async () => {
    const game = await freshGame('two');
    const humans: number[] = [];
    const s = await rolloverDuring(game, {
      1: async () => {
        humans.push(await humanEdit(player, game.gamestate, farahActed, 'Farah acted'));
        humans.push(await humanEdit(admin, game.gamestate, eunjiIdle, 'Eun-ji: wrong date'));
      },
    });
    const [mergedRev, correction] = await botRevisions(game.gamestate);
    expect(mergedRev!.parentid).toBe(humans[1]);
    expect(correction).toMatchObject({ parentid: mergedRev!.revid, revid: s.save.revid });
    expect(s.save.merged).toMatchObject({
      edits: [
        { revid: humans[0], user: 'Player' },
        { revid: humans[1], user: 'Admin' },
      ],
      on: humans[1],
      corrected: true,
    });

    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(serialOutcome(game, eunjiIdle(farahActed(GAMESTATE)), humans[1]!, mergeOf([mergedRev!.revid], humans)));
    // Players: “A player is considered to be 'inactive' if they performed no actions in the previous phase.”
    const state = readGamestate(page.text, game.gamestate, ruleset);
    expect(state.players.find((p) => p.name === 'Eun-ji')!.status).toBe('inactive');
    expect(state.players.find((p) => p.name === 'Farah')!.status).toBe('active');
    expect(correction!.comment).toContain(
      `with a concurrent edit (revisions ${humans[0]} (Player), ${humans[1]} (Admin)); recomputed on revision ${humans[1]}`,
    );
  });

  it('a human edit that changes nothing the bot reads: the merged page already is the serial outcome, and no second edit is made', async () => {
    const game = await freshGame('harmless');
    const note = (t: string) => t.replace('== Cards ==', '== Cards ==\nTrades are recorded on the talk page.');
    let humanRevid = 0;
    const s = await rolloverDuring(game, { 1: async () => (humanRevid = await humanEdit(player, game.gamestate, note, 'a note')) });
    const bots = await botRevisions(game.gamestate);
    expect(bots).toHaveLength(1); // the merged edit, no correction
    expect(bots[0]).toMatchObject({ parentid: humanRevid, revid: s.save.revid });
    expect(s.save.merged).toMatchObject({ merged: [s.save.revid], on: humanRevid, corrected: false });
    expect((await b.readPage(game.gamestate)).text).toBe(serialOutcome(game, note(GAMESTATE), humanRevid));
    // The next run finds the bot's merged revision already right: nothing pending, no edit.
    const again = await rollover({ wiki: b }, game, BOUNDARY);
    expect(again.save).toMatchObject({ changed: false });
    expect(again.save.merged).toBeUndefined();
  });
});

describe('a human edit of a line the bot writes', () => {
  it("is an edit conflict, not a merge: the bot recomputes on the human's revision before it saves", async () => {
    const game = await freshGame('conflict');
    // Dmitri's gift is closed at the boundary; an admin records meanwhile that Farah acted and the gift was returned.
    const fix = (t: string) => giftStatus('granted', 'returned')(farahActed(t));
    let humanRevid = 0;
    const s = await rolloverDuring(game, { 1: async () => (humanRevid ||= await humanEdit(admin, game.gamestate, fix, 'gift returned')) });
    // The gift's status is the bot's record, which the save cannot tell an admin changed: the run began again from its
    // read, which asked (src/jobs/record-edits.ts), and saved at its first attempt.
    expect(s.save).toMatchObject({ attempts: 1, changed: true });
    expect(s.save.merged).toBeUndefined();
    const bots = await botRevisions(game.gamestate);
    expect(bots).toHaveLength(1);
    expect(bots[0]).toMatchObject({ parentid: humanRevid, revid: s.save.revid });
    expect((await b.readPage(game.gamestate)).text).toBe(serialOutcome(game, fix(GAMESTATE), humanRevid));
  });
  it("made by a player, who changes the bot's record (the gift's status): no edit, the cell and the player named", async () => {
    const game = await freshGame('conflict-player');
    const fix = (t: string) => giftStatus('granted', 'returned')(farahActed(t));
    let humanRevid = 0;
    const err = await rolloverDuring(game, { 1: async () => (humanRevid ||= await humanEdit(player, game.gamestate, fix, 'gift returned')) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RecordEditsRefusal);
    expect((err as RecordEditsRefusal).problems.map((p) => [p.location, p.message.split(':')[0]])).toEqual([
      [{ page: game.gamestate, table: 'Gifts', row: 3, column: 'Status' }, 'Status "granted" → "returned"'],
    ]);
    expect(await botRevisions(game.gamestate)).toEqual([]);
    expect((await b.readPage(game.gamestate)).revid).toBe(humanRevid);
  });
});

describe('the correction itself races another human edit', () => {
  it("merged again (Eun-ji's last action changed before the correction lands): both human edits are in the page the bot computes on", async () => {
    const game = await freshGame('race');
    const humans: number[] = [];
    const s = await rolloverDuring(game, {
      1: async () => humans.push(await humanEdit(player, game.gamestate, farahActed, 'Farah acted')),
      2: async () => humans.push(await humanEdit(admin, game.gamestate, eunjiIdle, 'Eun-ji: wrong date')),
    });
    const bots = await botRevisions(game.gamestate);
    expect(bots.map((r) => r.parentid)).toEqual([humans[0], humans[1], bots[1]!.revid]);
    expect(s.save).toMatchObject({ attempts: 3, revid: bots[2]!.revid });
    expect(s.save.merged).toMatchObject({ merged: [bots[0]!.revid, bots[1]!.revid], on: humans[1], corrected: true });

    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(serialOutcome(game, eunjiIdle(farahActed(GAMESTATE)), humans[1]!, mergeOf([bots[0]!.revid, bots[1]!.revid], humans)));
    expect((await rollover({ wiki: b }, game, BOUNDARY)).save.changed).toBe(false);
  });

  it("a human changes a line the correction writes (gives Dmitri a Deck Pack by hand): an edit conflict; the run would add to that cell as if the pack came first, so the bot gives way (late-edits): its merged edit undone, the humans' page stands", async () => {
    const game = await freshGame('race-refused');
    const deckPack = playerCell('Dmitri', 8, ' -', '1 Deck Pack');
    const humans: number[] = [];
    const err = await rolloverDuring(game, {
      1: async () => humans.push(await humanEdit(player, game.gamestate, farahActed, 'Farah acted')),
      2: async () => humans.push(await humanEdit(admin, game.gamestate, deckPack, 'a pack for Dmitri')),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    const problems = (err as GamestateError).problems;
    expect(problems[0]).toMatchObject({ location: { page: game.gamestate, table: 'Players', row: 4, column: 'Packs' } });
    expect(problems[0]!.message).toContain(`revision ${humans[1]} by Admin changed it while the bot was saving`);
    const [merged, undo] = await botRevisions(game.gamestate);
    expect(merged).toMatchObject({ parentid: humans[0] });
    expect(undo!.tags).toContain('mw-undo');
    expect(problems.at(-1)!.message).toContain(`the bot's revision ${merged!.revid}, which MediaWiki had merged onto it, was undone`);
    expect((await b.readPage(game.gamestate)).text).toBe(normalizeText(deckPack(farahActed(GAMESTATE))));
  });

  it('under late-edits = as-read, a human who changes a line the correction writes (gives Dmitri a Deck Pack by hand): an edit conflict, recomputed with that edit carried over', async () => {
    const game = { ...(await freshGame('race-conflict')), rulingsPage: `${uniquePrefix('race-conflict')}/Rulings` };
    await put(admin, game.rulingsPage, '* late-edits = as-read\n');
    const deckPack = playerCell('Dmitri', 8, ' -', '1 Deck Pack');
    const humans: number[] = [];
    const s = await rolloverDuring(game, {
      1: async () => humans.push(await humanEdit(player, game.gamestate, farahActed, 'Farah acted')),
      2: async () => humans.push(await humanEdit(admin, game.gamestate, deckPack, 'a pack for Dmitri')),
    });
    // The correction was refused (editconflict), then based on the human's revision: it is not a merge.
    const bots = await botRevisions(game.gamestate);
    expect(bots.map((r) => r.parentid)).toEqual([humans[0], humans[1]]);
    expect(s.save).toMatchObject({ attempts: 3, revid: bots[1]!.revid });
    expect(s.save.merged).toMatchObject({ merged: [bots[0]!.revid], on: humans[1], corrected: true });
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(serialOutcome(game, deckPack(farahActed(GAMESTATE)), humans[1]!, mergeOf([bots[0]!.revid], humans)));
    const dmitri = readGamestate(page.text, game.gamestate, ruleset).players.find((p) => p.name === 'Dmitri')!;
    expect(dmitri.packs).toMatchObject({ 'Deck Pack': 1, 'Already-opened Pack': 1 });
  });

  it("a human rewrites a line of the bot's merged revision: the bot cannot take its own edit out, so it saves nothing more and says so", async () => {
    const game = await freshGame('race-refused');
    const humans: number[] = [];
    const err = await rolloverDuring(game, {
      1: async () => humans.push(await humanEdit(player, game.gamestate, farahActed, 'Farah acted')),
      2: async () => humans.push(await humanEdit(admin, game.gamestate, giftStatus('closed', 'closed (checked)'), 'checked')),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WikiError);
    const bots = await botRevisions(game.gamestate);
    expect(bots).toHaveLength(1);
    expect(err).toMatchObject({ code: 'merge-uncorrected', page: game.gamestate });
    expect((err as Error).message).toContain(
      `MediaWiki merged the bot's edit (revision ${bots[0]!.revid}) with a concurrent edit (revisions ${humans[0]} (Player), ${humans[1]} (Admin))`,
    );
    expect((err as Error).message).toContain(`undo revision ${bots[0]!.revid}`);
    expect((await b.readPage(game.gamestate)).revid).toBe(humans[1]); // the human's edit stands
  });
});

/** What a test knows about a merge found by a later run (its run was killed before it could correct it). */
const lateMergeOf = (merged: number, humans: number[], on = humans.at(-1)!): MergeContext => ({ ...mergeOf([merged], humans), on, late: true });

/** A real rollover SIGKILLed right after the wiki saved its edit, which MediaWiki merged with `human`'s (made meanwhile). */
async function rolloverKilledAfterMerge(game: RolloverGame, human: () => Promise<number>): Promise<{ merged: number; human: number }> {
  let humanRevid = 0;
  const k = await killedRollover(game, BOUNDARY.now, 'saved', async () => (humanRevid = await human()));
  return { merged: k.saved!, human: humanRevid };
}

describe('a run killed between its merged save and the correction (SIGKILL): the next run corrects the page', () => {
  it("the issue's reproduction, killed: the merged page stays until the next run, which replaces it with the rollover of the human's revision; a third run makes no edit", async () => {
    const game = await freshGame('killed');
    const k = await rolloverKilledAfterMerge(game, () => humanEdit(player, game.gamestate, farahActed, 'Farah acted'));
    // What the kill left: MediaWiki's merge of the bot's edit onto the human's revision, its summary naming the
    // base the bot had read (the seed), and Farah inactive although she acted in the phase.
    const [seed, humanRev, mergedRev, ...none] = await history(game.gamestate);
    expect(none).toEqual([]);
    expect(humanRev!.revid).toBe(k.human);
    expect(mergedRev).toMatchObject({ revid: k.merged, user: 'Bot', parentid: k.human });
    expect(mergedRev!.comment).toMatch(new RegExp(`\\(base rev ${seed!.revid}\\)$`));
    const left = await b.readPage(game.gamestate);
    expect(readGamestate(left.text, game.gamestate, ruleset).players.find((p) => p.name === 'Farah')!.status).toBe('inactive');

    const second = await rollover({ wiki: b }, game, BOUNDARY);
    const humanText = farahActed(GAMESTATE);
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(serialOutcome(game, humanText, k.human, lateMergeOf(k.merged, [k.human])));
    expect(second.save).toMatchObject({ changed: true, revid: page.revid, merged: { merged: [k.merged], on: k.human, late: true, corrected: true } });
    // Cycle 16, Players: “inactive if they performed no actions in the previous phase”; Card gifting: “If the
    // receiver then performs an action in that phase, the giver is granted 1 Already-opened pack.”
    const state = readGamestate(page.text, game.gamestate, ruleset);
    expect(state.players.find((p) => p.name === 'Farah')!.status).toBe('active');
    expect(state.gifts.find((g) => g.giver === 'Dmitri' && g.receiver === 'Farah')!.status).toBe('returned');

    // The History and the edit summary say what happened.
    const said = `MediaWiki merged the bot's edit (revision ${k.merged}) with a concurrent edit (revision ${k.human} (Player)) and the run that saved it stopped before correcting it; recomputed on revision ${k.human}`;
    expect(page.text.split('\n').filter((l) => l.includes(`|| Concurrent edit || - || ${said} ||`))).toHaveLength(1);
    const correction = (await history(game.gamestate)).at(-1)!;
    expect(correction).toMatchObject({ revid: page.revid, parentid: k.merged, user: 'Bot' });
    expect(correction.comment).toContain(said);
    expect(correction.comment).toMatch(new RegExp(`\\(base rev ${k.merged}\\)$`));

    const third = await rollover({ wiki: b }, game, BOUNDARY);
    expect(third.save).toMatchObject({ changed: false });
    expect(third.save.merged).toBeUndefined();
    expect((await b.readPage(game.gamestate)).revid).toBe(page.revid);
  });

  it("a human edits another line after the uncorrected merge (Eun-ji's last action): carried over, the page is the rollover of both human edits", async () => {
    const game = await freshGame('killed-later');
    const k = await rolloverKilledAfterMerge(game, () => humanEdit(player, game.gamestate, farahActed, 'Farah acted'));
    const later = await humanEdit(admin, game.gamestate, eunjiIdle, 'Eun-ji: wrong date');
    const second = await rollover({ wiki: b }, game, BOUNDARY);
    const page = await b.readPage(game.gamestate);
    expect(page.text).toBe(serialOutcome(game, eunjiIdle(farahActed(GAMESTATE)), later, lateMergeOf(k.merged, [k.human, later])));
    expect(second.save.merged).toMatchObject({
      merged: [k.merged],
      edits: [
        { revid: k.human, user: 'Player' },
        { revid: later, user: 'Admin' },
      ],
      on: later,
      corrected: true,
    });
    const state = readGamestate(page.text, game.gamestate, ruleset);
    expect(state.players.find((p) => p.name === 'Eun-ji')!.status).toBe('inactive');
    expect(state.players.find((p) => p.name === 'Farah')!.status).toBe('active');
    expect((await rollover({ wiki: b }, game, BOUNDARY)).save.changed).toBe(false);
  });

  it('a human rewrites a line of the uncorrected merged revision: refused (merge-uncorrected, naming it), their edit stands; after they undo it, the next run rolls over the page they left', async () => {
    const game = await freshGame('killed-refused');
    const k = await rolloverKilledAfterMerge(game, () => humanEdit(player, game.gamestate, farahActed, 'Farah acted'));
    // The admin sees the gift closed although Farah acted, and sets it to returned by hand.
    const checked = await humanEdit(admin, game.gamestate, giftStatus('closed', 'returned'), 'Farah acted: gift returned');
    const err = await rollover({ wiki: b }, game, BOUNDARY).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(WikiError);
    expect(err).toMatchObject({ code: 'merge-uncorrected', page: game.gamestate });
    expect((err as Error).message).toContain(
      `MediaWiki merged the bot's edit (revision ${k.merged}) with a concurrent edit (revisions ${k.human} (Player), ${checked} (Admin)) and the run that saved it stopped before correcting it`,
    );
    expect((err as Error).message).toContain(`undo revision ${k.merged}`);
    expect((await b.readPage(game.gamestate)).revid).toBe(checked); // the human's edit stands, no bot edit

    // MediaWiki cannot undo the bot's revision automatically (the line was rewritten since): the admin restores
    // the page as the human left it before the bot's edit, in words of their own: the revert is read from its tag.
    const undo = await humanEdit(admin, game.gamestate, () => farahActed(GAMESTATE), 'Restored as Farah left it');
    // MediaWiki tags it a manual revert of the bot's revision: the game pauses (no edit) until an admin resumes it.
    const paused = await rollover({ wiki: b }, game, BOUNDARY).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(paused).toMatchObject({ code: 'paused', page: game.gamestate });
    expect((await b.readPage(game.gamestate)).revid).toBe(undo);
    // Resumed (the pause's record has seen that revert): the next run rolls over the page they left.
    b.knownRevert = async (r) => r.revid === undo;
    try {
      const after = await rollover({ wiki: b }, game, BOUNDARY);
      expect(after.save.merged).toBeUndefined();
      expect((await b.readPage(game.gamestate)).text).toBe(serialOutcome(game, farahActed(GAMESTATE), undo));
    } finally {
      delete b.knownRevert;
    }
  });
});
