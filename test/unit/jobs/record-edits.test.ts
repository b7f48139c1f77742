// The cells of the Gamestate that are the bot's record (the Phase number, a Reputability grant, a Winner) are believed as
// the bot's own revision wrote them or as the game's admins changed them since (src/jobs/record-edits.ts): a player who
// empties their grant or sets the Phase number back is not paid again.
import { createHash } from 'node:crypto';
import { storeGoneRows } from '../../../src/cron/gone-rows.ts';
import { MemoryStore } from '../../../src/cron/store.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGames } from '../../../src/games/registry.ts';
import { gamestatePage } from '../../../src/games/cycle16/gamestate/tables.ts';
import { recordCells } from '../../../src/games/kit/record-cells.ts';
import { readDocument } from '../../../src/parse/document.ts';
import { vouchedByBot } from '../../../src/jobs/bot-revisions.ts';
import { addedBackChanges, BelievedRecords, concurrentRecordEdits, RecordEditsRefusal, recordEdits } from '../../../src/jobs/record-edits.ts';
import { rollover, type RolloverWiki } from '../../../src/jobs/rollover.ts';
import { describeStatus, gameStatus } from '../../../src/jobs/status.ts';
import type { RevisionInfo } from '../../../src/wiki/client.ts';
import type { PageRevision, ReadOptions } from '../../../src/wiki/pages.ts';
import { GAMESTATE } from '../games/cycle16/engine/build.ts';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';
import { fixture } from '../helpers/fixtures.ts';

const game = { id: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate', historyLimit: 200 };
// Within phase 4 (a Rest Phase, 2026-11-16 to 11-19): the run edits the page (battles to reward), no boundary due.
const NOW = new Date('2026-11-18T12:00:00Z');
const BOT = 'Croupier';
// What a rollover's save says (editSummary): the bot vouches for the record it holds.
const ROLLOVER = 'Croupier: phase 4; 2 Battle won — from Ruleset rev 1001; daemon';

interface Saved extends RevisionInfo {
  text: string;
}

/** A wiki that keeps the Gamestate's history, each revision with its author and tags; Judge is an admin. */
class HistoryWiki extends FakeWiki implements RolloverWiki {
  readonly names = [BOT];
  readonly saved: Saved[] = [];
  /** The bot's store beside this wiki (the rows of its record people removed). */
  readonly store = new MemoryStore();
  requests = 0;
  #next: { user: string; tags?: string[]; comment?: string } | undefined;

  /** Each revision saved in turn; the bot's say what a rollover's save says unless given a `comment`. */
  constructor(revisions: { user: string; text: string; tags?: string[]; comment?: string }[]) {
    super({ [game.ruleset]: fixture('cycle16') });
    for (const r of revisions) {
      this.#next = r;
      this.put(game.gamestate, r.text);
    }
    this.#next = undefined;
  }

  /** A revision by `user` saved now. */
  putAs(user: string, text: string, comment?: string): void {
    this.#next = { user, comment };
    this.put(game.gamestate, text);
    this.#next = undefined;
  }

  override put(title: string, text: string, summary?: string): void {
    super.put(title, text);
    if (title !== game.gamestate) return;
    const { revid, parentid } = this.pages.get(title)!;
    const by = this.#next ?? { user: BOT };
    const timestamp = new Date(Date.parse('2026-11-18T00:00:00Z') + this.saved.length * 60_000).toISOString();
    const sha1 = createHash('sha1').update(text).digest('hex');
    const comment = summary ?? by.comment ?? (by.user === BOT ? ROLLOVER : '');
    this.saved.push({ revid, parentid, user: by.user, timestamp, comment, tags: by.tags ?? [], sha1, text });
  }

  override async readPages(titles: readonly string[], opts: ReadOptions = {}): Promise<Map<string, PageRevision>> {
    const out = await super.readPages(titles, opts);
    const latest = this.saved.at(-1);
    if (latest && out.has(game.gamestate))
      out.set(game.gamestate, { ...out.get(game.gamestate)!, user: latest.user, tags: latest.tags, parentid: latest.parentid, comment: latest.comment });
    return out;
  }

  override async revisions(
    title: string,
    opts: { limit: number; content?: boolean; user?: string; batch?: number; startid?: number; enough?: (found: readonly RevisionInfo[]) => boolean },
  ): Promise<RevisionInfo[]> {
    const all = [...this.saved]
      .reverse()
      .filter((r) => title === game.gamestate && (opts.user === undefined || r.user === opts.user) && r.revid <= (opts.startid ?? Infinity))
      // As the API answers: the text only when asked for, and at most 50 revisions with it (500 without) a request.
      .map(({ text, ...r }) => (opts.content ? { ...r, text } : r));
    const out: RevisionInfo[] = [];
    do {
      this.requests++; // a request, answered with none when nobody matches
      out.push(...all.slice(out.length, out.length + Math.min(opts.batch ?? Infinity, opts.content ? 50 : 500)));
    } while (out.length < Math.min(opts.limit, all.length) && !(opts.enough?.(out) ?? false));
    return out.slice(0, opts.limit);
  }

  async userGroups(users: readonly string[]): Promise<Map<string, string[]>> {
    return new Map(users.map((u) => [u, u === 'Judge' ? ['sysop'] : []]));
  }
}

/** The run's edits of the Gamestate (its standings subpage is edited with it). */
const saves = (w: HistoryWiki) => w.edited.filter((t) => t === game.gamestate).length;
const run = (w: HistoryWiki) => rollover({ wiki: w, goneRows: storeGoneRows(w.store, game.id) }, game, { now: NOW, trigger: 'test' });
const refusal = async (w: HistoryWiki) => {
  const err = await run(w).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(RecordEditsRefusal);
  return (err as RecordEditsRefusal).problems;
};

const ALICE = '|Alice\n|2026-11-02 10:15\n|2026-11-02 10:15\n|20\n';
const aliceGrant = (text: string, grant: string) => text.replace(ALICE, ALICE.replace('|20\n', `|${grant}\n`));
const PHASE = '| 2026-11-02 00:00 || 4 || Rest Phase || 2026-11-19 00:00 || -';
const phaseRow = (text: string, to: string) => text.replace(PHASE, to);
const records = (text: string) => recordCells(readDocument(text, { page: game.gamestate }), gamestatePage);
// Bram's two removals of phase 4 would be refused in a phase 3 (a Battle Phase): not what these tests are about.
const noRemovals = GAMESTATE.replace('|Removal ×2', '| -');

beforeAll(() => loadGames());

describe("the bot's record on the Gamestate, changed by a person since the bot's revision", () => {
  it('refuses to pay a Reputability grant again when a player emptied it, naming the cell, the revision and its author; no edit', async () => {
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -') },
    ]);
    const [problem, ...more] = await refusal(w);
    expect(more).toEqual([]);
    expect(problem!.location).toEqual({ page: game.gamestate, table: 'Players', row: 1, column: 'Reputability grant' });
    expect(problem!.message).toContain(`Reputability grant "20" → empty: Mallory changed it in revision ${w.saved[1]!.revid} (2026-11-18 00:01 UTC)`);
    expect(problem!.message).toContain('an admin puts "20" back');
    expect(w.edits).toBe(0);
  });

  it('is previewed by croupier status, with an alert', async () => {
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -') },
    ]);
    const status = await gameStatus(w, game, NOW);
    expect(status.recordEdits).toEqual([
      expect.stringMatching(
        /^page "Cycle 16\/Gamestate", table "Players", row 1, column "Reputability grant": Reputability grant "20" → empty: Mallory changed it/,
      ),
    ]);
    expect(status.alerts).toEqual(["the next rollover will make no edit: 1 change(s) of the bot's record (a cell, or a row renamed), listed above"]);
    expect(describeStatus(status)).toContain(`the bot's record: ${status.recordEdits![0]}`);
    const judge = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Judge', text: aliceGrant(GAMESTATE, ' -') },
    ]);
    expect((await gameStatus(judge, game, NOW)).recordEdits).toBeUndefined();
  });

  it('applies the change when the Judge (an admin) made it: the grant is paid again, with its History row', async () => {
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Judge', text: aliceGrant(GAMESTATE, ' -') },
    ]);
    await run(w);
    expect(saves(w)).toBe(1);
    expect(w.text(game.gamestate)).toContain('|| Reputability || Alice || +20 Vertebrae (41 → 61)');
    // The rollover's own save vouches for the record it holds (what its summary says, and nothing else of the bot's).
    const saved = w.saved.at(-1)!;
    expect([saved.user, vouchedByBot(saved, BOT)]).toEqual([BOT, true]);
  });

  it("is vouched for by the summaries of a rollover's saves only, as the rollover writes them, never by another edit of the bot's or a person's", () => {
    const by = (comment: string, user = BOT) => vouchedByBot({ user, comment, tags: [] }, BOT);
    for (const rollover of [
      'Croupier: phase 3 → 4 (Rest Phase); 1 Rollover, 6 Limits reset — from Ruleset rev 12; daemon',
      'Croupier: turn 7; 1 Turn — from Ruleset revs 3, 9; manual by Judge',
      'Croupier: computed columns — from Ruleset rev 12; cli (on r3456)',
    ])
      expect([rollover, by(rollover)]).toEqual([rollover, true]);
    for (const other of [
      'Croupier: 1 request(s) resolved: phase 4 (request r7)',
      'Croupier: History row for request r9 (done)',
      'Croupier: referee commitment for phase 4',
      'Croupier: nothing to change on revision 1234',
      'Croupier: undo revision 1234: phase 4 merged',
      'Croupier: updated the card tables (1 row changed), computed from [[Cycle 16/Ruleset]] [[Special:PermanentLink/1|r1]] (trigger: cli)',
      'phase 4',
    ])
      expect([other, by(other)]).toEqual([other, false]);
    expect(by('Croupier: phase 4; 1 Reputability — from Ruleset rev 1; daemon', 'Mallory')).toBe(false);
    // Saved on the revision it was computed on (its summary's base), or merged by MediaWiki with a person's edit.
    const saved = (parentid: number) =>
      vouchedByBot({ user: BOT, comment: 'Croupier: phase 4; 1 Reputability — from Ruleset rev 1; daemon (base rev 40)', parentid }, BOT);
    expect([saved(40), saved(41)]).toEqual([true, false]);
  });

  it("refuses a player's change that MediaWiki merged into a rollover's save the bot could not undo (its parent is not the base its summary names)", async () => {
    const emptied = aliceGrant(GAMESTATE, ' -');
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: emptied },
    ]);
    // Computed on the bot's revision, saved after Mallory's: MediaWiki merged the two.
    w.putAs(
      BOT,
      emptied.replace('|1 Gem Key', '|2 Gem Keys'),
      `Croupier: phase 4; 1 Battle won — from Ruleset rev 1001; daemon (base rev ${w.saved[0]!.revid})`,
    );
    const [problem] = await refusal(w);
    expect(problem!.message).toContain(`Reputability grant "20" → empty: Mallory changed it in revision ${w.saved[1]!.revid}`);
    expect(w.edits).toBe(0);
  });

  it('refuses a Phase number set back by a player (the boundary of phase 4 would be rolled over again, its limits reset)', async () => {
    const w = new HistoryWiki([
      { user: BOT, text: noRemovals },
      { user: 'Mallory', text: phaseRow(noRemovals, PHASE.replace('|| 4 ||', '|| 3 ||')) },
    ]);
    const problems = await refusal(w);
    expect(problems.map((p) => [p.location, p.message.split(':')[0]])).toEqual([
      [{ page: game.gamestate, table: 'Phase', row: 1, column: 'Phase number' }, 'Phase number "4" → "3"'],
    ]);
    expect(w.edits).toBe(0);
  });

  it('refuses a Winner typed by a player, which would end the game', async () => {
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: phaseRow(GAMESTATE, PHASE.replace('|| -', '|| Mallory')) },
    ]);
    const problems = await refusal(w);
    expect(problems.map((p) => p.message.split(':')[0])).toEqual(['Winner empty → "Mallory"']);
    expect(problems[0]!.message).toContain('No edit made: an admin empties it again, or writes the value they rule');
  });

  it('names the last person who changed the cell: a player after the Judge is refused, the Judge after a player is believed', async () => {
    const byPlayerLast = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Judge', text: aliceGrant(GAMESTATE, '25') },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -') },
    ]);
    expect((await refusal(byPlayerLast))[0]!.message).toContain('"20" → empty: Mallory changed it');
    const byJudgeLast = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, '25') },
      { user: 'Judge', text: aliceGrant(GAMESTATE, ' -') },
    ]);
    await run(byJudgeLast);
    expect(saves(byJudgeLast)).toBe(1);
  });

  it('refuses a battle set back from rewarded (its rewards would be given again) and a gift from granted; lets a player mark a battle ready', async () => {
    const BATTLE = '|| Alice || #8 || rewarded';
    const GIFT = '|Dmitri\n|Farah\n|3\n|granted';
    const battle = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace(BATTLE, '|| Alice || #8 || commenced') },
    ]);
    expect((await refusal(battle)).map((p) => [p.location, p.message.split(':')[0]])).toEqual([
      [{ page: game.gamestate, table: 'Battles', row: 1, column: 'Status' }, 'Status "rewarded" → "commenced"'],
    ]);
    const gift = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace(GIFT, GIFT.replace('granted', 'recorded')) },
    ]);
    expect((await refusal(gift)).map((p) => [p.location, p.message.split(':')[0]])).toEqual([
      [{ page: game.gamestate, table: 'Gifts', row: 3, column: 'Status' }, 'Status "granted" → "recorded"'],
    ]);
    const ready = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace('|| - || declared', '|| - || ready') },
    ]);
    await run(ready);
    expect(saves(ready)).toBe(1);
  });

  it("lets anyone fill a grant the bot's revision left empty (a grant marked given): Ines's 0", async () => {
    const INES = '|Ines\n|2026-11-12 03:00\n| -\n| -\n';
    expect(GAMESTATE).toContain(INES);
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace(INES, INES.replace(/\| -\n$/, '|0\n')) },
    ]);
    await run(w);
    expect(saves(w)).toBe(1);
  });

  it("does not refuse a revert of the bot's edit (that pauses the game), nor an edit of cells that are not the record", async () => {
    const reverted = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -'), tags: ['mw-undo'] },
    ]);
    await run(reverted);
    expect(saves(reverted)).toBe(1);
    // The bot's revision that gave the grant restored an older text of its own, so MediaWiki tagged it a manual revert:
    // still the bot's record, and Mallory's undo of it a revert of the bot's.
    const tagged = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Judge', text: aliceGrant(GAMESTATE, ' -') },
      { user: BOT, text: GAMESTATE, tags: ['mw-manual-revert'] },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -'), tags: ['mw-undo'] },
    ]);
    await run(tagged);
    expect(saves(tagged)).toBe(1);
    // Not a revert of the bot's: Mallory restores her own text over the Judge's correction (MediaWiki tags it a revert too).
    const own = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -') },
      { user: 'Judge', text: GAMESTATE, tags: ['mw-manual-revert'] },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -'), tags: ['mw-manual-revert'] },
    ]);
    expect((await refusal(own))[0]!.message).toContain(`"20" → empty: Mallory changed it in revision ${own.saved[3]!.revid}`);
    const items = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace('|1 Gem Key', '|2 Gem Keys') },
    ]);
    await run(items);
    expect(saves(items)).toBe(1);
  });

  it("refuses a row holding the record renamed by a player (Alice's row, her grant emptied, would be paid as a new player's), naming the row and the revision that removed it", async () => {
    const renamed = aliceGrant(GAMESTATE, ' -').replaceAll('Alice', 'Alyx');
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: renamed },
    ]);
    const [problem, ...more] = await refusal(w);
    // The grant cell of row "Alyx" is not the record's: that row is new. The row gone is.
    expect(more).toEqual([]);
    expect(problem!.location).toEqual({ page: game.gamestate, table: 'Players', row: 1 });
    expect(problem!.message).toContain(`row "Alice" gone, "Alyx" added: Mallory removed it in revision ${w.saved[1]!.revid} (2026-11-18 00:01 UTC)`);
    expect(problem!.message).toContain(`(Reputability grant "20", Status "active")`);
    expect(problem!.message).toContain('No edit made: an admin gives the row its name back');
    expect(w.edits).toBe(0);
    // The same rename by the Judge is the Judge's ruling: computed on.
    const judge = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Judge', text: renamed },
    ]);
    await run(judge);
    expect(saves(judge)).toBe(1);
    expect(judge.text(game.gamestate)).toContain('|| Reputability || Alyx || +20 Vertebrae (41 → 61)');
  });

  it('refuses a granted gift renamed (its time changed) and set back to recorded, though another player added the row later: the remover is named', async () => {
    const GIFT = '|2026-11-17 21:00\n|Dmitri\n|Farah\n|3\n|granted\n';
    expect(GAMESTATE).toContain(GIFT);
    const removed = GAMESTATE.replace(`|-\n${GIFT}`, '');
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: removed },
      { user: 'Nadia', text: GAMESTATE.replace(GIFT, '|2026-11-17 21:01\n|Dmitri\n|Farah\n|3\n|recorded\n') },
    ]);
    const problems = await refusal(w);
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Gifts', row: 3 }]);
    expect(problems[0]!.message).toContain(
      `row "2026-11-17 21:00" gone, "2026-11-17 21:01" added: Mallory removed it in revision ${w.saved[1]!.revid} (2026-11-18 00:01 UTC)`,
    );
    expect(problems[0]!.message).toContain('(Status "granted")');
    expect(w.edits).toBe(0);
  });

  it("refuses a gift set back from granted when another gift has the same time (two rows of one name are two rows of the bot's record)", async () => {
    const GIFT = '|2026-11-17 21:00\n|Dmitri\n|Farah\n|3\n|granted\n';
    const twin = '|2026-11-17 21:00\n|Jun\n|Kestrel\n|2\n|granted\n';
    const both = GAMESTATE.replace(GIFT, `${GIFT}|-\n${twin}`);
    const w = new HistoryWiki([
      { user: BOT, text: both },
      { user: 'Mallory', text: both.replace(GIFT, GIFT.replace('granted', 'recorded')) },
    ]);
    expect((await refusal(w)).map((p) => [p.location, p.message.split(':')[0]])).toEqual([
      [{ page: game.gamestate, table: 'Gifts', row: 3, column: 'Status' }, 'Status "granted" → "recorded"'],
    ]);
    expect(w.edits).toBe(0);
  });

  it('lets a player remove a row holding the record when no row is added (a gift closed long ago, a player who left)', async () => {
    const CLOSED = '|-\n|2026-11-13 19:30\n|Alice\n|Gideon\n|4\n|closed\n';
    expect(GAMESTATE).toContain(CLOSED);
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace(CLOSED, '') },
    ]);
    await run(w);
    expect(saves(w)).toBe(1);
    expect(w.text(game.gamestate)).not.toContain('|2026-11-13 19:30\n|Alice');
  });

  it("refuses a row removed and then added back with its record emptied, across the bot's save between (a rename in two steps)", async () => {
    // Gideon leaves (his row and his closed gift removed); the bot's next rollover saves the page without them.
    const ROW = '|-\n|Gideon\n|2026-11-03 16:20\n|2026-11-03 16:20\n|20\n';
    const CLOSED = '|-\n|2026-11-13 19:30\n|Alice\n|Gideon\n|4\n|closed\n';
    const row = GAMESTATE.slice(GAMESTATE.indexOf(ROW), GAMESTATE.indexOf('|-\n|Hollis\n'));
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace(row, '').replace(CLOSED, '') },
    ]);
    await run(w);
    expect(saves(w)).toBe(1);
    // A dry run, and croupier status, before that save would have kept nothing (they write nothing).
    const dry = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: GAMESTATE.replace(row, '').replace(CLOSED, '') },
    ]);
    await rollover({ wiki: dry, goneRows: storeGoneRows(dry.store, game.id) }, game, { now: NOW, trigger: 'test', dryRun: true });
    await gameStatus(dry, game, NOW, {}, { goneRows: storeGoneRows(dry.store, game.id) });
    expect([await storeGoneRows(dry.store, game.id).get(game.gamestate), await storeGoneRows(w.store, game.id).get(game.gamestate)]).toEqual([
      [],
      [expect.objectContaining({ table: 'Players', label: 'Gideon' }), expect.objectContaining({ table: 'Gifts', label: '2026-11-13 19:30' })],
    ]);
    // Then his row is typed back, its grant empty: it would be paid as a new player's.
    // (The bot's save added a Removals granted column: the row typed back has its cell.)
    const back = (text: string, r: string) => text.replace('|-\n|Hollis\n', `${r}| -\n|-\n|Hollis\n`);
    const emptied = row.replace(ROW, ROW.replace('|20\n', '| -\n'));
    w.putAs('Mallory', back(w.text(game.gamestate)!, emptied));
    const [problem, ...more] = await refusal(w);
    expect(more).toEqual([]);
    expect(problem!.location).toEqual({ page: game.gamestate, table: 'Players', row: 7, column: 'Reputability grant' });
    expect(problem!.message).toContain(
      `Reputability grant "20" → empty, row "Gideon" added back: Mallory added it in revision ${w.saved[3]!.revid} (2026-11-18 00:03 UTC)`,
    );
    expect(problem!.message).toContain(`The bot's revision ${w.saved[0]!.revid} held this row, Reputability grant "20", before a person removed it`);
    expect(saves(w)).toBe(1);
    // The row typed back as the bot's revision held it is the row as it was, and the Judge's row is the Judge's ruling.
    for (const user of ['Mallory', 'Judge']) {
      w.putAs(user, back(w.saved[2]!.text, user === 'Judge' ? emptied : row));
      const latest = (await w.readPages([game.gamestate])).get(game.gamestate)!;
      const check = { title: game.gamestate, bot: BOT, latest, computed: '', records, gone: storeGoneRows(w.store, game.id) };
      await expect(recordEdits(w, check)).resolves.toBeUndefined();
    }
  });

  it('keeps the latest record of a row removed again, and believes a row typed back as any row of its name it keeps', async () => {
    const ROW = '|-\n|Gideon\n|2026-11-03 16:20\n|2026-11-03 16:20\n|20\n';
    const CLOSED = '|-\n|2026-11-13 19:30\n|Alice\n|Gideon\n|4\n|closed\n';
    const row = GAMESTATE.slice(GAMESTATE.indexOf(ROW), GAMESTATE.indexOf('|-\n|Hollis\n'));
    // Gideon's grant was 20 when he first left; the Judge made it 30 after he came back; he leaves again.
    const thirty = GAMESTATE.replace(ROW, ROW.replace('|20\n', '|30\n'));
    const w = new HistoryWiki([
      { user: BOT, text: thirty },
      { user: 'Mallory', text: thirty.replace(row.replace('|20\n', '|30\n'), '').replace(CLOSED, '') },
    ]);
    const gone = storeGoneRows(w.store, game.id);
    await gone.set!(game.gamestate, [{ table: 'Players', label: 'Gideon', revid: 1, cells: [{ column: 'Reputability grant', text: '20' }] }]);
    const latest = (await w.readPages([game.gamestate])).get(game.gamestate)!;
    await recordEdits(w, { title: game.gamestate, bot: BOT, latest, computed: '', records, gone });
    expect(await gone.get(game.gamestate)).toEqual([
      {
        table: 'Players',
        label: 'Gideon',
        revid: w.saved[0]!.revid,
        cells: [
          { column: 'Reputability grant', text: '30' },
          { column: 'Status', text: 'inactive' },
        ],
      },
      // His closed gift, removed with him.
      { table: 'Gifts', label: '2026-11-13 19:30', revid: w.saved[0]!.revid, cells: [{ column: 'Status', text: 'closed' }] },
    ]);
    // Two gifts of one time removed at once, one typed back: it is either of them, or neither.
    const GIFT = '|-\n|2026-11-17 21:00\n|Dmitri\n|Farah\n|3\n|granted\n';
    const kept = ['granted', 'returned'].map((status) => ({
      table: 'Gifts',
      label: '2026-11-17 21:00',
      revid: 1,
      cells: [{ column: 'Status', text: status }],
    }));
    const without = records(GAMESTATE.replace(GIFT, ''));
    const typedBack = (status: string) => addedBackChanges(kept, without, records(GAMESTATE.replace(GIFT, GIFT.replace('granted', status))));
    expect(typedBack('returned')).toEqual([]);
    expect(typedBack('recorded').map((c) => [c.cell.label, c.from, c.to])).toEqual([['2026-11-17 21:00', 'granted', 'recorded']]);
  });

  it("refuses a player's change the bot's next save carried along (a request resolved, a History row): only a rollover's save vouches for the record", async () => {
    const emptied = aliceGrant(GAMESTATE, ' -');
    for (const comment of ['Croupier: 1 request(s) resolved: Bram (request r7)', 'Croupier: History row for request r9 (done)']) {
      const w = new HistoryWiki([
        { user: BOT, text: GAMESTATE },
        { user: 'Mallory', text: emptied },
        { user: BOT, text: emptied.replace('|1 Gem Key', '|2 Gem Keys'), comment },
      ]);
      const [problem] = await refusal(w);
      expect(problem!.message).toContain(`Reputability grant "20" → empty: Mallory changed it in revision ${w.saved[1]!.revid}`);
      expect(w.edits).toBe(0);
    }
  });

  it("refuses a player's change carried along by many of the bot's saves since its rollover (a busy phase): its revisions are listed until the rollover's", async () => {
    const emptied = aliceGrant(GAMESTATE, ' -');
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: emptied },
      ...Array.from({ length: 25 }, (_, i) => ({ user: BOT, text: `${emptied}\n<!-- ${i} -->`, comment: `Croupier: History row for request r${i} (done)` })),
    ]);
    const [problem] = await refusal(w);
    expect(problem!.message).toContain(`Reputability grant "20" → empty: Mallory changed it in revision ${w.saved[1]!.revid}`);
    expect(problem!.message).toContain(`believed as the bot's revision ${w.saved[0]!.revid} wrote it`);
    expect(w.edits).toBe(0);
  });

  it("refuses a player's change that MediaWiki merged into a rollover's save the bot then undid (that save is not its record)", async () => {
    const emptied = aliceGrant(GAMESTATE, ' -');
    const merged = emptied.replace('|1 Gem Key', '|2 Gem Keys');
    const w = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: emptied },
      { user: BOT, text: merged }, // says what a rollover's save says
    ]);
    w.putAs(BOT, emptied, `Croupier: undo revision ${w.saved[2]!.revid}: a person's edit of the bot's record was merged into it`);
    const [problem] = await refusal(w);
    expect(problem!.message).toContain(`Reputability grant "20" → empty: Mallory changed it in revision ${w.saved[1]!.revid}`);
    expect(w.edits).toBe(0);
  });

  it("asks the wiki once for a revision found to hold the bot's record (the daemon's checks until the next rollover), every time for one that does not", async () => {
    const items = GAMESTATE.replace('|1 Gem Key', '|2 Gem Keys');
    // One memo per wiki, as the daemon keeps one (these fakes number their revisions alike).
    const memos = new Map<HistoryWiki, BelievedRecords>();
    const asked = async (w: HistoryWiki) => {
      const believedRecords = memos.get(w) ?? memos.set(w, new BelievedRecords()).get(w)!;
      const before = w.requests;
      await rollover({ wiki: w, believedRecords }, game, { now: NOW, trigger: 'test', dryRun: true }).catch((e: unknown) => e);
      return w.requests - before;
    };
    const fine = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: BOT, text: items, comment: 'Croupier: History row for request r9 (done)' },
    ]);
    expect([await asked(fine), await asked(fine)]).toEqual([1, 0]);
    const refused = new HistoryWiki([
      { user: BOT, text: GAMESTATE },
      { user: 'Mallory', text: aliceGrant(items, ' -') },
    ]);
    expect([await asked(refused), await asked(refused)]).toEqual([2, 2]);
  });

  it("reads nothing when the page is the bot's own revision, or was never edited by the bot", async () => {
    const own = new HistoryWiki([
      { user: 'Admin', text: GAMESTATE },
      { user: BOT, text: aliceGrant(GAMESTATE, ' -') },
    ]);
    await run(own);
    expect(own.requests).toBe(0);
    const never = new HistoryWiki([
      { user: 'Admin', text: GAMESTATE },
      { user: 'Mallory', text: aliceGrant(GAMESTATE, ' -') },
    ]);
    await run(never);
    expect(saves(never)).toBe(1);
    expect(never.requests).toBe(1); // the bot's revisions: none
  });
});

describe('a record cell changed while the bot was saving', () => {
  /** A rollover of the bot's page during which `user` empties Alice's grant, between the run's read and its save. */
  const raced = async (user: string) => {
    const w = new HistoryWiki([{ user: BOT, text: GAMESTATE }]);
    let landed = false;
    const beforeEdit = async () => {
      if (landed) return;
      landed = true;
      w.putAs(user, aliceGrant(GAMESTATE, ' -')); // the edit conflict: the save reads again, the transform meets it
    };
    const outcome = await rollover({ wiki: w, saveOptions: { beforeEdit } }, game, { now: NOW, trigger: 'test' }).catch((e: unknown) => e);
    return { w, outcome };
  };

  it("is not saved over: the run starts again from its read, which names the player's change; no edit", async () => {
    const { w, outcome } = await raced('Mallory');
    expect(outcome).toBeInstanceOf(RecordEditsRefusal);
    expect((outcome as RecordEditsRefusal).problems[0]!.message).toContain(
      `Reputability grant "20" → empty: Mallory changed it in revision ${w.saved[1]!.revid}`,
    );
    expect(saves(w)).toBe(0);
  });

  it("is computed on when the Judge made it: one edit, on the Judge's revision, the grant paid again", async () => {
    const { w, outcome } = await raced('Judge');
    expect(outcome).not.toBeInstanceOf(Error);
    expect(saves(w)).toBe(1);
    expect(w.saved.map((r) => r.user)).toEqual([BOT, 'Judge', BOT]);
    expect(w.text(game.gamestate)).toContain('|| Reputability || Alice || +20 Vertebrae (41 → 61)');
  });

  const met = (user: string, text: string): PageRevision => ({ title: game.gamestate, revid: 7, timestamp: '2026-11-18T12:00:01Z', user, text });
  const read = GAMESTATE;

  it("is refused when a person's edit changed it, and not when the bot's own run did", () => {
    const changed = aliceGrant(GAMESTATE, ' -');
    expect(() => concurrentRecordEdits({ title: game.gamestate, bot: BOT, read, met: met('Mallory', changed), records })).toThrow(
      /Reputability grant "20" → empty by Mallory \(revision 7\) while the bot was saving/,
    );
    expect(() => concurrentRecordEdits({ title: game.gamestate, bot: BOT, read, met: met(BOT, changed), records })).not.toThrow();
    expect(() =>
      concurrentRecordEdits({ title: game.gamestate, bot: BOT, read, met: met('Mallory', GAMESTATE.replace('|1 Gem Key', '|2 Gem Keys')), records }),
    ).not.toThrow();
    expect(() => concurrentRecordEdits({ title: game.gamestate, bot: BOT, read, met: met('Mallory', read.replaceAll('Alice', 'Alyx')), records })).toThrow(
      /row "Alice" gone, "Alyx" added by Mallory \(revision 7\) while the bot was saving: that row holds the bot's record/,
    );
    // A row removed with none added: the next run's check keeps its record before a save takes it off the page.
    const row = read.slice(read.indexOf('|-\n|Gideon\n'), read.indexOf('|-\n|Hollis\n'));
    expect(() => concurrentRecordEdits({ title: game.gamestate, bot: BOT, read, met: met('Mallory', read.replace(row, '')), records })).toThrow(
      /row "Gideon" removed by Mallory \(revision 7\) while the bot was saving: that row holds the bot's record/,
    );
  });
});
