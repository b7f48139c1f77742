// A run that applies a phase boundary late (the bot was down at it) to a Gamestate people edited after that boundary
// (src/jobs/late-edits.ts): it names their edits, and makes no edit where it would change a cell they changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { GamestateError } from '../../../src/games/shared/gamestate-error.ts';
import { WikiError } from '../../../src/wiki/errors.ts';
import { loadGames, readingsFor } from '../../../src/games/registry.ts';
import { ChosenReadings } from '../../../src/games/shared/readings.ts';
import { concurrentLateEdits, lateEdits, LateEditsRefusal } from '../../../src/jobs/late-edits.ts';
import { describeStatus, gameStatus } from '../../../src/jobs/status.ts';
import { rollover, type RolloverWiki } from '../../../src/jobs/rollover.ts';
import type { PageRevision, ReadOptions } from '../../../src/wiki/pages.ts';
import { GAMESTATE } from '../games/cycle16/engine/build.ts';
import { FakeWiki } from '../games/cycle16/engine/fake-wiki.ts';
import { fixture } from '../helpers/fixtures.ts';
import { PLAYER_COLUMN, withPlayerCell } from '../../cycle16-cells.ts';

const game = { id: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate', historyLimit: 200, rulingsPage: 'Cycle 16/Rulings' };
// The fixture's phase 4 (a Rest Phase) ends at the boundary of 2026-11-19 00:00, when phase 5 (a Battle Phase) begins.
const BOUNDARY = '2026-11-19T00:00:00.000Z';
const NOW = new Date('2026-11-19T06:00:00Z');
const BOT = 'Croupier';
// What a rollover's save says (editSummary): the page it computed on is the bot's.
const ROLLOVER = 'Croupier: phase 4; 2 Battle won — from Ruleset rev 1001; daemon';

/** A wiki that keeps the Gamestate's history: each revision with its author and time (the fake's own saves are the bot's, at NOW). */
class HistoryWiki extends FakeWiki implements RolloverWiki {
  readonly names = [BOT];
  readonly saved: { revid: number; text: string; user: string; timestamp: string; comment?: string }[] = [];
  asked = 0;
  #next: { user: string; timestamp: string; comment?: string } | undefined;

  constructor(revisions: { user: string; timestamp: string; text: string; comment?: string }[]) {
    super({ [game.ruleset]: fixture('cycle16') });
    for (const r of revisions) {
      this.#next = r;
      this.put(game.gamestate, r.text);
    }
    this.#next = undefined;
  }

  override put(title: string, text: string): void {
    super.put(title, text);
    if (title !== game.gamestate) return;
    const by = this.#next ?? { user: BOT, timestamp: NOW.toISOString() };
    this.saved.push({ revid: this.pages.get(title)!.revid, text, ...by });
  }

  override async readPages(titles: readonly string[], opts: ReadOptions = {}): Promise<Map<string, PageRevision>> {
    const out = await super.readPages(titles, opts);
    const latest = this.saved.at(-1);
    if (latest && out.has(game.gamestate)) {
      const parentid = this.saved.at(-2)?.revid ?? 0;
      const comment = latest.comment === undefined ? {} : { comment: latest.comment };
      out.set(game.gamestate, { ...out.get(game.gamestate)!, timestamp: latest.timestamp, user: latest.user, parentid, ...comment });
    }
    return out;
  }

  /** The Rulings page: its one revision, by an admin. */
  rulings = '';
  async history(title: string) {
    if (title !== game.rulingsPage || this.rulings === '') return [];
    return [{ revid: 900, parentid: 0, user: 'Judge', timestamp: '2026-11-18T00:00:00Z', text: this.rulings }];
  }
  async userGroups(users: string[]): Promise<Map<string, string[]>> {
    return new Map(users.filter((u) => u === 'Judge').map((u) => [u, ['sysop']]));
  }

  override async revisionsInForce(title: string, since: Date, until: Date): ReturnType<RolloverWiki['revisionsInForce']> {
    if (title !== game.gamestate) return super.revisionsInForce(title, since);
    this.asked++;
    const at = this.saved.filter((r) => Date.parse(r.timestamp) <= since.getTime()).length - 1; // saved in time order
    return at < 0 ? [] : this.saved.slice(at).filter((r) => Date.parse(r.timestamp) <= until.getTime());
  }
}

const run = (w: HistoryWiki) => rollover({ wiki: w }, game, { now: NOW, trigger: 'test' });
const seeded = { user: 'Admin', timestamp: '2026-11-18T12:00:00Z', text: GAMESTATE };
const { used: USED, other: OTHER, lastAction: LAST_ACTION, chips: CHIPS } = PLAYER_COLUMN;

beforeAll(() => loadGames());

describe('a rollover that applies a boundary late, to a Gamestate edited after it', () => {
  it("refuses, naming the cell, when it would reset a mark a player typed after the boundary (Alice's use of a Duel in phase 5)", async () => {
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel') };
    const w = new HistoryWiki([seeded, late]);
    const err = await run(w).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    const [problem, ...more] = (err as GamestateError).problems;
    expect(more).toEqual([]);
    expect(problem!.location).toEqual({ page: game.gamestate, table: 'Players', row: 1, column: 'Used this phase' });
    expect(problem!.message).toContain(`revision ${w.saved[1]!.revid} by Player changed it after 2026-11-19 00:00`);
    expect(problem!.message).toContain('"* late-edits = as-read"');
    expect(w.edits).toBe(0);
  });

  it('applies the boundary and names the edit in a History row when the edit changed nothing the boundary changes', async () => {
    // Ines's Other items: the boundary of phase 5 changes only her "Used this phase".
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: withPlayerCell(GAMESTATE, 'Ines', OTHER, ' -', ' a feather') };
    const w = new HistoryWiki([seeded, late]);
    const s = await run(w);
    expect(s.toPhase).toBe(5);
    const page = w.text(game.gamestate)!;
    expect(page).toMatch(
      new RegExp(
        `\\|\\| Late edits \\|\\| - \\|\\| applied 2026-11-19 00:00 late, to the page with revision ${w.saved[1]!.revid} \\(Player\\), saved after it: read as made before it .*late-edits=refuse-overlap \\(default\\)`,
      ),
    );
    // Her item as she wrote it, her mark of phase 4 reset by the boundary.
    const ines = page.split('\n').slice(page.split('\n').indexOf('|Ines'));
    expect([ines[OTHER], ines[USED]]).toEqual(['| a feather', '| -']);
  });

  it('applies the boundary over the edit when the Judge ruled "late-edits = as-read", and says so', async () => {
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel') };
    const w = new HistoryWiki([seeded, late]);
    w.rulings = '* late-edits = as-read\n';
    const s = await run(w);
    expect(s.toPhase).toBe(5);
    expect(w.text(game.gamestate)).toMatch(
      new RegExp(
        `\\|\\| Late edits \\|\\| - \\|\\| applied 2026-11-19 00:00 late, to the page as of revision ${w.saved[1]!.revid} \\(Player\\), saved after it: .*late-edits=as-read`,
      ),
    );
    expect(w.asked).toBe(0); // applied over whatever they changed: their history is not read
  });

  it('refuses, naming the page, when more revisions were saved after the boundary than the wiki reads back; as-read applies the run', async () => {
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: withPlayerCell(GAMESTATE, 'Ines', OTHER, ' -', ' a feather') };
    const w = new HistoryWiki([seeded, late]);
    w.revisionsInForce = async () => {
      throw new WikiError({
        code: 'history-too-long',
        page: game.gamestate,
        message: `"${game.gamestate}" has more than 100 revisions saved since ${BOUNDARY}: not read`,
      });
    };
    const err = await run(w).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    expect((err as GamestateError).problems.map((p) => p.location)).toEqual([{ page: game.gamestate }]);
    expect((err as GamestateError).problems[0]!.message).toMatch(/more than 100 revisions .* not compared .*"\* late-edits = as-read"/);
    expect(w.edits).toBe(0);
    w.rulings = '* late-edits = as-read\n';
    expect((await run(w)).toPhase).toBe(5);
  });

  it("refuses, naming what it would record otherwise, when a cell it only reads was changed after the boundary (Jun's Last action, which kept him active at it)", async () => {
    // Jun's last action (2026-11-15 23:50) is before phase 4: the boundary makes him inactive. He acts in phase 5.
    const late = {
      user: 'Jun',
      timestamp: '2026-11-19T03:00:00Z',
      text: withPlayerCell(GAMESTATE, 'Jun', LAST_ACTION, '2026-11-15 23:50', '2026-11-19 03:00'),
    };
    const w = new HistoryWiki([seeded, late]);
    const err = await run(w).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LateEditsRefusal);
    const problems = (err as GamestateError).problems;
    expect(problems.map((p) => p.location)).toEqual([{ page: game.gamestate }]);
    const [seededRevid, lateRevid] = w.saved.map((r) => r.revid);
    // His edit takes effect at the action it records, 03:00: the boundary before it records his inactivity only without it.
    expect(problems[0]!.message).toBe(
      `the edits saved after 2026-11-19 00:00, an instant this run applies late (revision ${lateRevid} by Jun: Players / Jun / Last action (UTC)), change what the run records before 2026-11-19 03:00, when they took effect: "2026-11-19 00:00 Inactivity Jun: active → inactive" only on the page as it was at 2026-11-19 00:00 (revision ${seededRevid}); nothing only with them. The run would count them as made before it. No edit made: an admin may undo those edits, let the bot catch up, and make them again; or a Judge's ruling "* late-edits = as-read" on the Rulings page applies the run over them`,
    );
    expect(w.edits).toBe(0);
    // The same input again: the same refusal, still no edit.
    expect(((await run(w).catch((e: unknown) => e)) as GamestateError).problems).toEqual(problems);
    expect(w.edits).toBe(0);
    // As the Judge may rule: the page as read, Jun active at the boundary.
    w.rulings = '* late-edits = as-read\n';
    expect((await run(w)).toPhase).toBe(5);
    expect(w.text(game.gamestate)).not.toContain('|| Inactivity || Jun ||');
  });

  it("applies the boundary, then the win a player's Chips typed after it make, from the action her row records (Alice's 12 Chips at 02:00)", async () => {
    // Victory: "If a player possesses at least 10 Chips in their inventory, then the player who possesses the most
    // Chips wins the cycle." The win is dated from her Last action, after the boundary: the boundary is applied as the
    // page then was, and the run records nothing before 02:00 otherwise than it would without her edit.
    const chips = withPlayerCell(GAMESTATE, 'Alice', CHIPS, '3', '12');
    const late = {
      user: 'Alice',
      timestamp: '2026-11-19T03:00:00Z',
      text: withPlayerCell(chips, 'Alice', LAST_ACTION, '2026-11-18 09:12', '2026-11-19 02:00'),
    };
    const w = new HistoryWiki([seeded, late]);
    const s = await run(w);
    expect([s.toPhase, s.winner]).toEqual([5, ['Alice']]);
    const page = w.text(game.gamestate)!;
    expect(page).toContain('|| Inactivity || Jun || active → inactive ||');
    expect(page).toMatch(/\| 2026-11-19 02:00 \|\| 5 \|\| Victory \|\| Alice \|\|/);
  });

  it("applies the boundary to a page an admin mended after it (Bram's Chips written as a word, which the page's reader refuses, set to 2): the page as it was is not compared", async () => {
    const broken = { ...seeded, text: withPlayerCell(GAMESTATE, 'Bram', CHIPS, '2', 'two') };
    const w = new HistoryWiki([broken, { user: 'Admin', timestamp: '2026-11-19T03:00:00Z', text: GAMESTATE }]);
    expect((await run(w)).toPhase).toBe(5);
    expect(w.text(game.gamestate)).toContain(`to the page with revision ${w.saved[1]!.revid} (Admin), saved after it`);
  });

  it("applies the boundary to a Last action kept by hand after it for an action made before it (Jun's of 2026-11-18 23:55): a record of then, as an added row is", async () => {
    const late = {
      user: 'Admin',
      timestamp: '2026-11-19T03:00:00Z',
      text: withPlayerCell(GAMESTATE, 'Jun', LAST_ACTION, '2026-11-15 23:50', '2026-11-18 23:55'),
    };
    const w = new HistoryWiki([seeded, late]);
    expect((await run(w)).toPhase).toBe(5);
    const page = w.text(game.gamestate)!;
    expect(page).toContain('|Jun\n|2026-11-08 15:00\n|2026-11-15 15:00\n|30\n|2026-11-18 23:55\n|active\n');
    expect(page).not.toContain('|| Inactivity || Jun ||');
    expect(page).toContain(`to the page with revision ${w.saved[1]!.revid} (Admin), saved after it`);
  });

  it("applies the boundary when a cell it only reads was changed after it with no effect on what it writes (Alice's Last action: she was active either way)", async () => {
    const late = {
      user: 'Alice',
      timestamp: '2026-11-19T03:00:00Z',
      text: withPlayerCell(GAMESTATE, 'Alice', LAST_ACTION, '2026-11-18 09:12', '2026-11-19 03:00'),
    };
    const w = new HistoryWiki([seeded, late]);
    expect((await run(w)).toPhase).toBe(5);
    const page = w.text(game.gamestate)!;
    expect(page).toContain('|Alice\n|2026-11-02 10:15\n|2026-11-02 10:15\n|20\n|2026-11-19 03:00\n|active\n');
    expect(page).toContain('|| Inactivity || Jun || active → inactive ||');
  });

  it('a row a player added after the boundary (a gift recorded late) is a record the run processes at its date: granted, named, not refused', async () => {
    const gift = GAMESTATE.replace('|recorded\n|}', '|recorded\n|-\n|2026-11-18 17:00\n|Eun-ji\n|Gideon\n| -\n|recorded\n|}');
    expect(gift).not.toBe(GAMESTATE);
    const w = new HistoryWiki([seeded, { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: gift }]);
    const s = await run(w);
    expect(s.toPhase).toBe(5);
    const page = w.text(game.gamestate)!;
    expect(page).toContain('|2026-11-18 17:00\n|Eun-ji\n|Gideon\n|');
    expect(page).not.toContain('|2026-11-18 17:00\n|Eun-ji\n|Gideon\n| -\n|recorded');
    expect(page).toContain(`to the page with revision ${w.saved[1]!.revid} (Player), saved after it`);
  });

  it('a region a player typed around the Players table does not hide their mark from the comparison', async () => {
    const mark = withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel');
    const wrapped = mark
      .replace('== Players ==\n', '== Players ==\n<!-- croupier:begin standings-2 -->\n')
      .replace('\n== Cards ==', '<!-- croupier:end standings-2 -->\n\n== Cards ==');
    expect(wrapped).toContain('croupier:end standings-2');
    const w = new HistoryWiki([seeded, { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: wrapped }]);
    const err = await run(w).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    expect((err as GamestateError).problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 1, column: 'Used this phase' }]);
    expect(w.edits).toBe(0);
  });

  it('refuses, naming the revision, when the page as it was at the boundary has its text hidden', async () => {
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: withPlayerCell(GAMESTATE, 'Ines', OTHER, ' -', ' a feather') };
    const w = new HistoryWiki([seeded, late]);
    const history = w.revisionsInForce.bind(w);
    w.revisionsInForce = async (...a) => (await history(...a)).map((r, i) => (i === 0 ? { ...r, text: '', textHidden: true as const } : r));
    const err = await run(w).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GamestateError);
    expect((err as GamestateError).problems[0]!.message).toContain(`revision ${w.saved[0]!.revid}, the page as it was at 2026-11-19 00:00`);
    expect(w.edits).toBe(0);
  });

  it('an edit undone before the run changes nothing of it (a vandal and the revert are both named)', async () => {
    const vandal = { user: 'Vandal', timestamp: '2026-11-19T02:00:00Z', text: withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel') };
    const undo = { user: 'Admin', timestamp: '2026-11-19T02:30:00Z', text: GAMESTATE };
    const w = new HistoryWiki([seeded, vandal, undo]);
    await run(w);
    const [, v, u] = w.saved.map((r) => r.revid);
    expect(w.text(game.gamestate)).toContain(`to the page with revision ${v} (Vandal), revision ${u} (Admin), saved after it`);
  });

  it('asks nothing more when the page was last saved before the boundary, or last by the bot, or never before it', async () => {
    for (const revisions of [
      [seeded],
      [seeded, { user: BOT, timestamp: '2026-11-19T03:00:00Z', text: GAMESTATE.replace('== History ==', '== History ==\n'), comment: ROLLOVER }],
      [{ ...seeded, timestamp: '2026-11-19T01:00:00Z' }],
    ]) {
      const w = new HistoryWiki(revisions);
      await run(w);
      expect(w.asked).toBe(0);
      expect(w.text(game.gamestate)).not.toContain('Late edits');
    }
  });

  // Neither is a rollover's save: the bot's undo gives way to the late edit; its save of a request's History row carries it along.
  it.each([
    [
      "the bot's undo of its own edit, giving way to a late edit",
      "Croupier: undo revision 7: MediaWiki merged this edit of the bot's with revision 6 (Player)",
      '',
    ],
    ["the bot's save of a request's History row, which carried the late edit along", 'Croupier: History row for request r9 (done)', ' '],
  ])('reads the history when the last revision is %s: the mark under it is found', async (_, comment, spacing) => {
    const mark = withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel');
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: mark };
    const w = new HistoryWiki([
      seeded,
      late,
      { user: BOT, timestamp: '2026-11-19T03:00:05Z', text: mark.replace('== History ==', `== History ==${spacing}`), comment },
    ]);
    const err = await run(w).catch((e: unknown) => e);
    expect(w.asked).toBe(1);
    expect((err as GamestateError).problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 1, column: 'Used this phase' }]);
    expect((err as GamestateError).problems[0]!.message).toContain(`revision ${w.saved[1]!.revid} by Player changed it after 2026-11-19 00:00`);
  });
});

describe("a summary a player types to look like the bot's", () => {
  it("a player's revision whose summary reads as the bot's undo is still a person's: their mark refuses the run", async () => {
    const mark = withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel');
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: mark, comment: 'Croupier: undo revision 5: the bot gives way' };
    const w = new HistoryWiki([seeded, late]);
    const err = await run(w).catch((e: unknown) => e);
    expect((err as GamestateError).problems.map((p) => p.location)).toEqual([{ page: game.gamestate, table: 'Players', row: 1, column: 'Used this phase' }]);
    expect(w.edits).toBe(0);
  });
});

describe('when late edits take effect: each span between them compared on its own', () => {
  // A run applying the boundary of 2026-11-19 00:00 on 2026-11-23 06:00, after one revision saved at 05:00 with two edits:
  // Bram's Last action dated 2026-11-19 00:01 (in effect from then) and Ines's feather (undated: from its save, 05:00).
  // The rules of this test: a feather makes its owner's "Feather" change at 2026-11-22 00:00.
  const BOUNDARY_ = new Date(BOUNDARY);
  const saved = '2026-11-23T05:00:00Z';
  const edited = withPlayerCell(withPlayerCell(GAMESTATE, 'Ines', OTHER, ' -', ' a feather'), 'Bram', LAST_ACTION, '2026-11-17 22:05', '2026-11-19 00:01');
  const revision = (revid: number, text: string, user: string, timestamp: string) => ({
    title: game.gamestate,
    revid,
    parentid: revid - 1,
    text,
    user,
    timestamp,
  });
  const flies = (at: string) => ({ at: new Date(at), phase: 5, event: 'Feather', player: 'Ines', change: 'flies', reason: { rule: 'test', inputs: {} } });
  const check = (feather = flies('2026-11-22T00:00:00Z')) =>
    lateEdits(
      { revisionsInForce: async () => [revision(1, GAMESTATE, 'Admin', '2026-11-18T12:00:00Z'), revision(2, edited, 'Player', saved)] },
      {
        title: game.gamestate,
        bot: BOT,
        latest: revision(2, edited, 'Player', saved),
        instant: BOUNDARY_,
        now: new Date('2026-11-23T06:00:00Z'),
        computed: edited,
        changes: [feather],
        rollOn: (text) => (text.includes('| a feather') ? [feather] : []),
      },
    );

  it("refuses where an undated edit counts before it was saved, though another row's edit is dated earlier (Bram's 00:01 does not shield Ines's feather)", async () => {
    const err = await check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LateEditsRefusal);
    expect((err as GamestateError).problems[0]!.message).toContain(
      'change what the run records from 2026-11-19 00:01 to 2026-11-23 05:00, when they took effect: nothing only on the page as it was at 2026-11-19 00:00 (revision 1); "2026-11-22 00:00 Feather Ines: flies" only with them',
    );
  });

  it('applies the run where what the edit makes happen comes after it took effect (the feather flies at 05:30)', async () => {
    expect((await check(flies('2026-11-23T05:30:00Z')))?.revisions).toEqual([{ revid: 2, user: 'Player', timestamp: saved }]);
  });
});

describe('croupier status, before the rollover', () => {
  it('says the next rollover will make no edit, naming the cell, and raises an alert', async () => {
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel') };
    const w = new HistoryWiki([seeded, late]);
    const s = await gameStatus(w, game, NOW);
    expect(s.rolloverDue).toBe(true);
    expect(s.lateEdits).toEqual({
      refused: true,
      problems: [
        expect.stringMatching(
          /^page "Cycle 16\/Gamestate", table "Players", row 1, column "Used this phase": revision \d+ by Player changed it after 2026-11-19 00:00/,
        ),
      ],
    });
    expect(s.alerts).toEqual(['the next rollover will make no edit: 1 late edit problem(s), listed above']);
    expect(describeStatus(s)).toContain('\nlate edits: page "Cycle 16/Gamestate", table "Players", row 1, column "Used this phase": revision');
    expect(w.edits).toBe(0);
  });

  it("says the next rollover will make no edit where what it records depends on a late edit (Jun's Last action), naming it", async () => {
    const late = {
      user: 'Jun',
      timestamp: '2026-11-19T03:00:00Z',
      text: withPlayerCell(GAMESTATE, 'Jun', LAST_ACTION, '2026-11-15 23:50', '2026-11-19 03:00'),
    };
    const s = await gameStatus(new HistoryWiki([seeded, late]), game, NOW);
    expect(s.lateEdits).toEqual({
      refused: true,
      problems: [
        expect.stringMatching(
          /^page "Cycle 16\/Gamestate": the edits saved after 2026-11-19 00:00, .* "2026-11-19 00:00 Inactivity Jun: active → inactive" only on the page as it was/,
        ),
      ],
    });
    expect(s.alerts).toEqual(['the next rollover will make no edit: 1 late edit problem(s), listed above']);
  });

  it('names the edits the next rollover will apply the boundary to, with no alert; says nothing when there are none', async () => {
    const late = { user: 'Player', timestamp: '2026-11-19T03:00:00Z', text: withPlayerCell(GAMESTATE, 'Ines', OTHER, ' -', ' a feather') };
    const w = new HistoryWiki([seeded, late]);
    const s = await gameStatus(w, game, NOW);
    expect(s.lateEdits).toEqual({
      refused: false,
      instant: '2026-11-19T00:00:00Z',
      revisions: [{ revid: w.saved[1]!.revid, user: 'Player', timestamp: late.timestamp }],
    });
    expect(s.alerts).toBeUndefined();
    expect(describeStatus(s)).toContain(
      `\nlate edits: revision ${w.saved[1]!.revid} (Player), saved after 2026-11-19 00:00 UTC: the next rollover applies that instant to them, and names them in a History row`,
    );
    const none = await gameStatus(new HistoryWiki([seeded]), game, NOW);
    expect(none.lateEdits).toBeUndefined();
  });
});

describe('an edit saved while the run was saving (an edit conflict or a merge made it compute on that page)', () => {
  const page = (revid: number, text: string, user = 'Player'): PageRevision => ({
    title: game.gamestate,
    revid,
    text,
    user,
    timestamp: '2026-11-19T00:00:02Z',
  });
  const read = page(10, GAMESTATE, BOT);
  const mark = withPlayerCell(GAMESTATE, 'Alice', USED, 'Exploration', 'Exploration, Duel');
  /** The run on the page met: the boundary resets Alice's "Used this phase". */
  const resetting = (met: string) => withPlayerCell(met, 'Alice', USED, 'Exploration, Duel', ' -');
  const check = (o: Partial<Parameters<typeof concurrentLateEdits>[0]>) =>
    concurrentLateEdits({ title: game.gamestate, bot: BOT, read, met: page(11, mark), instant: new Date(BOUNDARY), computed: resetting(mark), ...o });

  it('refuses, naming the cell and the revision, when the run would change a cell that edit changed', () => {
    const err = (() => {
      try {
        check({});
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(LateEditsRefusal);
    const [problem, ...more] = (err as LateEditsRefusal).problems;
    expect(more).toEqual([]);
    expect(problem!.location).toEqual({ page: game.gamestate, table: 'Players', row: 1, column: 'Used this phase' });
    expect(problem!.message).toContain('revision 11 by Player changed it while the bot was saving 2026-11-19 00:00, an instant this run applies late');
  });

  it("lets the run be when it changes nothing that edit changed, when the page met is the bot's, older than the one read or saved before the instant, or under as-read", () => {
    const ines = withPlayerCell(GAMESTATE, 'Ines', OTHER, ' -', ' a feather');
    expect(() => check({ met: page(11, ines), computed: withPlayerCell(ines, 'Alice', USED, 'Exploration', ' -') })).not.toThrow();
    expect(() => check({ met: page(11, mark, BOT) })).not.toThrow();
    expect(() => check({ met: page(9, mark) })).not.toThrow();
    // A merge a killed run of another job left (its read given), with an edit saved before the boundary: not late.
    expect(() => check({ met: { ...page(11, mark), timestamp: '2026-11-18T23:59:59Z' } })).not.toThrow();
    expect(() => check({ instant: undefined })).not.toThrow();
    const asRead = new ChosenReadings(readingsFor('cycle16'), [
      { reading: 'late-edits', value: 'as-read', line: 1, by: 'Judge', at: new Date('2026-11-18T00:00:00Z') },
    ]);
    expect(() => check({ readings: asRead })).not.toThrow();
  });
});
