import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { readCycle16Ruleset } from '../../../../src/games/cycle16/ruleset/read.ts';
import { readGamestate } from '../../../../src/games/cycle16/gamestate/read.ts';
import { cycle16Readings } from '../../../../src/games/cycle16/readings.ts';
import { parseAction, type ActionOutcome, type Replay } from '../../../../src/games/actions.ts';
import { resolveRequest } from '../../../../src/jobs/referee-requests.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import type { Cycle16Ruleset } from '../../../../src/games/cycle16/ruleset/schema.ts';
import { DrawStream, seedMessage, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { historyLines, verifyDraws } from '../../../../src/jobs/verify.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { testTempDir } from '../../../temp-dir.ts';
import { cycle16Engine, cycle16Referee } from '../../../../src/games/cycle16/index.ts';

// Luck: “If a player has good luck, once per phase, when selecting a random choice, they may reroll, by
// declaring the original outcome of the chance to have not happened, and any effects thereof to be null.
// They must then select a new random value for that choice, with any effects”

const ruleset = readCycle16Ruleset(readDocument(fixture('cycle16'), { page: 'Cycle 16/Ruleset' }));
const PAGE = fixture('cycle16', 'gamestate');
const NOW = new Date('2026-11-18T18:00:00Z');
const SECRET = '11'.repeat(32);

/** The fixture with a "Good luck" column saying yes for these players (as the demo and the wiki tests add it). */
function withGoodLuck(...players: string[]): string {
  const dir = testTempDir('reroll');
  writeFileSync(join(dir, 'in'), PAGE);
  execFileSync(process.execPath, [
    new URL('../../../../scripts/add-wiki-account.mjs', import.meta.url).pathname,
    '--column',
    'Good luck',
    join(dir, 'in'),
    join(dir, 'out'),
    ...players.map((p) => `${p}=yes`),
  ]);
  return readFileSync(join(dir, 'out'), 'utf8');
}

let revid = 100;
/** Every request made here, with the page it was resolved on: what the job replays a reroll's original from. */
const made = new Map<string, { line: string; player: string; text: string; id: number; at: Date; ruleset: Cycle16Ruleset; readings?: ChosenReadings }>();
/**
 * The original request replayed as the job does (src/jobs/referee.ts, `resolveRequest`): its line, on the page
 * it was resolved on, with its own stream. `made` stands for the wiki's revisions here; a key not in it is gone.
 */
function replayOf(key: string): Replay {
  const was = made.get(key);
  if (!was) return { key, unavailable: 'no revision of it in this test' };
  const g = { ruleset: was.ruleset, referee: cycle16Referee, ...(was.readings ? { readings: was.readings } : {}) };
  return {
    key,
    outcome: resolveRequest(
      g,
      'cycle16',
      { title: 'G', text: was.text, revid: was.id },
      NOW,
      { key, text: was.line, author: was.player, revid: was.id, at: was.at },
      SECRET,
    ),
  };
}
/** A request as the job hands it: its own key and revision, its stream HMAC(secret, game|key|revision); a reroll's original replayed. */
function act(
  line: string,
  player: string,
  text: string,
  readings?: ChosenReadings,
  r: Cycle16Ruleset = ruleset,
  at = new Date('2026-11-18T17:30:00Z'),
  replay = replayOf,
  record?: string,
): ActionOutcome & { key: string } {
  const p = parseAction(cycle16Referee, line);
  if (!p) throw new Error(`not an action: ${line}`);
  const id = ++revid;
  const key = `r${id}-0a1b2c3d`;
  made.set(key, { line, player, text, id, at, ruleset: r, ...(readings ? { readings } : {}) });
  const seed = seedOf(SECRET, seedMessage('cycle16', key, id));
  const input = {
    ruleset: r,
    game: 'cycle16',
    page: { title: 'G', text, revid: id },
    now: NOW,
    player,
    request: { key, text: line, author: player, revid: id, at },
    ...(readings ? { readings } : {}),
    ...(record !== undefined ? { record } : {}),
  };
  const target = p.def.replays?.(input, p.args);
  const o = p.def.resolve(
    { ...input, draws: () => ({ stream: new DrawStream(seed), seed }), ...(target === undefined ? {} : { original: replay(target) }) },
    p.args,
  );
  return { ...o, key };
}
const done = (o: ActionOutcome) => {
  if (!o.ok) throw new Error(`refused: ${o.reason}`);
  return { ...o, state: readGamestate(o.text, 'G', ruleset) };
};
const refused = (o: ActionOutcome) => (o.ok ? 'done' : o.reason);
const ruled = (value: string, reading = 'good-luck') =>
  new ChosenReadings(cycle16Readings, [{ reading, value, line: 1, by: 'Judge', at: new Date('2026-11-18T00:00:00Z') }]);

/** The page with `from` replaced by `to` in its History (the standings' "since" line above repeats the counts). */
const inHistory = (text: string, from: string, to: string) => {
  const at = text.indexOf(from, text.indexOf('== History =='));
  return text.slice(0, at) + to + text.slice(at + from.length);
};

describe('the luck reroll', () => {
  it('“declaring the original outcome of the chance to have not happened … They must then select a new random value”: the first cards are gone, new ones added with new IDs, the pack opened once', () => {
    const lucky = withGoodLuck('Alice');
    const opened = act('open 1 Handy Pack', 'Alice', lucky);
    const first = done(opened).state.cards.filter((c) => c.id >= 52);
    expect(first.map((c) => c.id)).toEqual([52, 53, 54]);
    const o = done(act(`reroll ${opened.key}`, 'Alice', done(opened).text));
    const alice = o.state.players.find((p) => p.name === 'Alice')!;
    // The three first cards are removed, three new ones drawn under new IDs (an ID is never given twice).
    expect(o.state.cards.filter((c) => c.owner === 'Alice' && c.id >= 52).map((c) => c.id)).toEqual([55, 56, 57]);
    // “Open packs are discarded”: the pack given back by the undoing is opened again, once.
    expect(alice.packs['Handy Pack'] ?? 0).toBe(0);
    expect(alice.used).toMatchObject({ Reroll: 1 });
    const reroll = o.changes[0]!;
    expect(reroll.event).toBe('Reroll');
    expect(reroll.change).toMatch(
      new RegExp(`^request ${opened.key} declared not to have happened: #52 .* removed; #53 .* removed; #54 .* removed; \\+1 Handy Pack \\(0 → 1\\)`),
    );
    expect(reroll.reason.readings).toEqual(expect.arrayContaining(['good-luck=column (default)', 'reroll-scope=request (default)']));
    expect(o.changes.filter((c) => c.event === 'Card drawn')).toHaveLength(3);
  });

  it("reroll-is-action: by default the reroll is the player's action (Last action); ruled no, Last action stays what the original request set", () => {
    const lucky = withGoodLuck('Alice');
    const opened = done(act('open 1 Handy Pack', 'Alice', lucky));
    const later = new Date('2026-11-18T17:50:00Z');
    const last = (o: ReturnType<typeof done>) => o.state.players.find((p) => p.name === 'Alice')!.lastAction;
    expect(last(opened)).toEqual(new Date('2026-11-18T17:30:00Z'));
    expect(last(done(act('reroll', 'Alice', opened.text, undefined, ruleset, later)))).toEqual(later);
    const not = done(act('reroll', 'Alice', opened.text, ruled('no', 'reroll-is-action'), ruleset, later));
    expect(last(not)).toEqual(new Date('2026-11-18T17:30:00Z'));
    expect(not.changes[0]!.reason.readings).toContain('reroll-is-action=no (ruling by Judge, 2026-11-18 00:00)');
  });

  it("verify recomputes both the original draws and the reroll's, each from its own request's seed", () => {
    const lucky = withGoodLuck('Alice');
    const opened = act('open 1 Handy Pack', 'Alice', lucky);
    const o = done(act('reroll', 'Alice', done(opened).text));
    const rows = historyLines({ title: 'G', text: o.text }, cycle16Engine.history);
    const report = verifyDraws(rows);
    // Two requests with draws: the opening and the reroll, each matching (the phase's commitment is not on this page).
    const requests = report.findings.filter((f) => f.ok && /^request /.test(f.text));
    expect(requests.map((f) => f.text.split(':')[0])).toEqual([`request cycle16|${opened.key}|${revid - 1}`, `request cycle16|r${revid}-0a1b2c3d|${revid}`]);
    expect(report.mismatching).toBe(0);
    expect(report.matching).toBeGreaterThanOrEqual(6);
    expect(report.findings.find((f) => /rerolls request/.test(f.text))).toMatchObject({
      ok: true,
      text: expect.stringMatching(new RegExp(`Reroll, Alice\\): rerolls request cycle16\\|${opened.key}\\|`)),
    });
    // A Reroll row altered by hand to name a request that drew nothing is named.
    const altered = o.text.replace(`rerolled request = ${opened.key}`, 'rerolled request = r1-ffffffff');
    const bad = verifyDraws(historyLines({ title: 'G', text: altered }, cycle16Engine.history));
    // (This page has no commitment row: that finding is the same with or without the alteration.)
    expect(bad.findings.filter((f) => !f.ok && !/no commitment row/.test(f.text)).map((f) => f.text)).toEqual([
      expect.stringMatching(
        /^History row \d+ of G \(.*Reroll, Alice\): rerolls request r1-ffffffff, but no earlier row of phase 4 records draws of that request$/,
      ),
    ]);
  });

  it('“once per phase”: a second reroll in the same phase is refused, nothing changed', () => {
    const lucky = withGoodLuck('Alice');
    const opened = act('open 1 Handy Pack', 'Alice', lucky);
    const once = done(act(`reroll ${opened.key}`, 'Alice', done(opened).text));
    expect(refused(act('reroll', 'Alice', once.text))).toMatch(/Alice has rerolled this phase already \(Used this phase\)/);
    expect(refused(act(`reroll ${opened.key}`, 'Alice', once.text))).toMatch(new RegExp(`request ${opened.key} was rerolled already`));
  });

  it("a person who deletes the bot's Reroll row and sets Used this phase back gets no second reroll in the phase: the bot's record still holds the row", () => {
    const lucky = withGoodLuck('Alice').replace('\n|1 Handy Pack\n', '\n|2 Handy Pack\n');
    const opened = act('open 1 Handy Pack', 'Alice', lucky);
    const once = done(act(`reroll ${opened.key}`, 'Alice', done(opened).text));
    const row = once.text.split('\n').find((l) => l.includes('|| Reroll || Alice ||'))!;
    // Alice's Used this phase cell: the Players table writes a cell a line, that one the 12th of her row.
    const lines = once.text.replace(`|-\n${row}\n`, '').split('\n');
    const used = lines.indexOf('|Alice') + 11;
    lines[used] = lines[used]!.replace(/,? ?Reroll\b/, '');
    const wiped = lines.join('\n');
    expect(wiped).not.toContain('|| Reroll || Alice ||');
    expect(readGamestate(wiped, 'G', ruleset).players.find((p) => p.name === 'Alice')!.used.Reroll ?? 0).toBe(0);
    // Her second pack, opened and rerolled: the page alone allows it.
    const second = act('open 1 Handy Pack', 'Alice', wiped);
    expect(refused(act(`reroll ${second.key}`, 'Alice', done(second).text))).toBe('done');
    // With the bot's record (the lines its revisions added: its Reroll row), refused.
    const record = `${row}\n`;
    expect(refused(act(`reroll ${second.key}`, 'Alice', done(second).text, undefined, ruleset, undefined, replayOf, record))).toMatch(
      /^Alice has rerolled this phase already \(a Reroll row of the bot's, in its record of the page\)/,
    );
    // And the request rerolled, named again: refused as rerolled already, whatever else the page says.
    expect(refused(act(`reroll ${opened.key}`, 'Alice', wiped, undefined, ruleset, undefined, replayOf, record))).toMatch(
      new RegExp(`^request ${opened.key} was rerolled already`),
    );
  });

  it('“If a player has good luck”: a player the Good luck column does not mark is refused, by the reading good-luck', () => {
    const lucky = withGoodLuck('Alice');
    const opened = act('open 2 Already-opened Packs', 'Cosima', lucky);
    expect(refused(act('reroll', 'Cosima', done(opened).text))).toMatch(
      /Cosima does not have good luck \(reading good-luck=column \(default\): the Players table's "Good luck" column does not say yes\)/,
    );
    // Without the column nobody has good luck, unless the Judge rules good-luck = everyone.
    const plain = act('open 2 Already-opened Packs', 'Cosima', PAGE);
    expect(refused(act('reroll', 'Cosima', done(plain).text))).toMatch(/does not have good luck/);
    expect(done(act('reroll', 'Cosima', done(plain).text, ruled('everyone'))).changes[0]!.reason.readings).toContain(
      'good-luck=everyone (ruling by Judge, 2026-11-18 00:00)',
    );
  });

  it("refuses a request that is not the player's own, one that drew nothing, and one whose card has since changed hands (never a negative inventory)", () => {
    const lucky = withGoodLuck('Alice', 'Cosima');
    const opened = act('open 1 Handy Pack', 'Alice', lucky);
    expect(refused(act(`reroll ${opened.key}`, 'Cosima', done(opened).text))).toBe(`request ${opened.key} is Alice's, not Cosima's`);
    const bought = act('buy 2 Chips', 'Cosima', lucky);
    expect(refused(act(`reroll ${bought.key}`, 'Cosima', done(bought).text))).toBe(`request ${bought.key} drew nothing: there is no random choice to reroll`);
    // Card #53 given to Bram by hand after the opening: its effects can no longer be declared null.
    const given = done(opened).text.replace('| 53 || Alice ||', '| 53 || Bram ||');
    expect(given).not.toBe(done(opened).text);
    expect(refused(act(`reroll ${opened.key}`, 'Alice', given))).toMatch(/card #53 .*which the request added, is now Bram's/);
  });

  it('a fusion rerolled: the Amalgam removed, both cards and the 9 Vertebrae given back, the fusion made again', () => {
    const lucky = withGoodLuck('Bram');
    const fused = done(act('fuse #5 #6', 'Bram', lucky));
    const before = readGamestate(lucky, 'G', ruleset);
    const o = done(act('reroll', 'Bram', fused.text));
    expect(o.changes[0]!.change).toMatch(/#52 Amalgam .*removed; #5 .* restored; #6 .* restored; \+9 Vertebrae \(8 → 17\); Used this phase: Fusion −1/);
    expect(o.state.cards.find((c) => c.id === 53)).toMatchObject({ species: 'Amalgam', owner: 'Bram' });
    expect(o.state.players.find((p) => p.name === 'Bram')).toMatchObject({ vertebrae: 8, used: { Fusion: 1, Reroll: 1 } });
    expect(before.cards.find((c) => c.id === 5)).toBeDefined();
  });

  it('an exploration rerolled: its Vertebrae and Used this phase given back, the scenario drawn again with the answer given first', () => {
    const lucky = withGoodLuck('Cosima');
    const only5: Cycle16Ruleset = { ...ruleset, scenarios: [ruleset.scenarios[4]!] };
    const explored = done(act('explore no', 'Cosima', lucky, undefined, only5));
    const gained = explored.state.players.find((p) => p.name === 'Cosima')!.vertebrae - 56;
    expect(gained).toBeGreaterThanOrEqual(2);
    const o = done(act('reroll', 'Cosima', explored.text, undefined, only5));
    expect(o.changes[0]!.change).toContain(`-${gained} Vertebrae (${56 + gained} → 56); Used this phase: Exploration −1`);
    const again = /2d8 = (\d) \+ (\d)/.exec(o.changes[1]!.change)!.slice(1).map(Number);
    expect(o.state.players.find((p) => p.name === 'Cosima')).toMatchObject({ vertebrae: 56 + again[0]! + again[1]!, used: { Exploration: 1, Reroll: 1 } });
  });

  it("redraws the race chart and settles the drawn cards' self-removing modifiers in the same edit: a rollover with nothing due leaves the page as the action wrote it, and the reroll still finds its cards", () => {
    // The page brought up to now first (what was due applied), as the daemon's catch-up does before the referee.
    const settled = cycle16Engine.rollover(ruleset, 'cycle16', { title: 'G', text: withGoodLuck('Alice'), revid: 1 }, { now: NOW, trigger: 'test' }).text;
    const chart = (t: string) => /== Race ==\n<div data-croupier="race-chart"[\s\S]*croupier:end standings -->/.exec(t)![0];
    const bought = done(act('buy 1 Chip', 'Alice', settled));
    // “If a player possesses at least 10 Chips …”: the chart of Chips shows Alice's 4 now (3 + the one bought).
    expect(chart(bought.text)).not.toBe(chart(settled));
    const quiet = (text: string) => {
      const again = cycle16Engine.rollover(ruleset, 'cycle16', { title: 'G', text, revid: 1 }, { now: NOW, trigger: 'test' });
      expect(again.result.changes).toEqual([]);
      expect(again.text).toBe(text);
    };
    quiet(bought.text);
    // A pack whose cards carry a modifier that removes itself (“This card gains the colour Red. This modifier
    // is then removed.”): the first request (in revision order) whose draws give one.
    let opened: ReturnType<typeof act> | undefined;
    for (let i = 0; i < 40 && !opened; i++) {
      const o = act('open 1 Handy Pack', 'Alice', bought.text);
      if (o.ok && o.changes.some((c) => c.event === 'Modifier')) opened = o;
    }
    expect(opened).toBeDefined();
    quiet(done(opened!).text);
    const rerolled = done(act(`reroll ${opened!.key}`, 'Alice', done(opened!).text));
    expect(rerolled.changes[0]!.change).toMatch(/declared not to have happened: #\d+ .*removed/);
    quiet(rerolled.text);
  });

  // The reroll undoes the original request “as its History rows recorded them”, and any editor can change a
  // row: before undoing, the rows are checked against the original request replayed with the phase's secret.
  describe('“declaring the original outcome of the chance to have not happened”: the outcome that was drawn, not what a History row says', () => {
    /** A request done, with its key. */
    const requested = (...a: Parameters<typeof act>) => {
      const o = act(...a);
      return { ...done(o), key: o.key };
    };
    const row = (text: string, has: string) => historyLines({ title: 'G', text }, cycle16Engine.history).find((l) => l.change.includes(has))!;

    it("a Card drawn row altered to name another of the player's cards is refused, naming the row and cell: that card is not removed", () => {
      const opened = requested('open 1 Handy Pack', 'Alice', withGoodLuck('Alice'));
      // #1 Ace (Holographic) is Alice's own card from before: the row now says the pack gave it.
      const was = /&#35;52 [^|]*? from Handy Pack/.exec(opened.text)![0];
      const altered = opened.text.replace(was, '&#35;1 Ace (Holographic) from Handy Pack');
      const r = row(altered, '#1 Ace');
      const o = act('reroll', 'Alice', altered);
      expect(o.ok).toBe(false);
      expect(refused(o)).toBe(
        `the History rows of request ${opened.key} disagree with its draws replayed with the phase's secret on the revision it was resolved on — History row ${r.row} of G (${r.time}, Card drawn, Alice), cell Change, reads "#1 Ace (Holographic) from Handy Pack"; the replay gives "${was.replace('&#35;', '#')}": the reroll undoes only what was drawn (croupier verify names altered rows)`,
      );
      // Refused: no page text, so no edit; card #1 stays Alice's.
      expect('text' in o).toBe(false);
      expect(readGamestate(altered, 'G', ruleset).cards.find((c) => c.id === 1)).toMatchObject({ owner: 'Alice', species: 'Ace' });
    });

    it('a Fusion row whose Vertebrae count is altered (so that the undoing would give back more) is refused, naming the row and cell', () => {
      const fused = requested('fuse #5 #6', 'Bram', withGoodLuck('Bram'));
      expect(fused.text).toContain('-9 Vertebrae (17 → 8)');
      const altered = inHistory(fused.text, '-9 Vertebrae (17 → 8)', '-20 Vertebrae (28 → 8)');
      const r = row(altered, '-20 Vertebrae');
      expect(refused(act('reroll', 'Bram', altered))).toMatch(
        new RegExp(
          `^the History rows of request ${fused.key} disagree with .* — History row ${r.row} of G \\(${r.time}, Fusion, Bram\\), cell Change, reads ".*-20 Vertebrae \\(28 → 8\\)"; the replay gives ".*-9 Vertebrae \\(17 → 8\\)"`,
        ),
      );
      // The Pack opened row's count, likewise (“−1 Handy Pack (1 → 0)” would give back two packs as “−2 … (2 → 0)”).
      const opened = requested('open 1 Handy Pack', 'Alice', withGoodLuck('Alice'));
      const packs = inHistory(opened.text, '−1 Handy Pack (1 → 0)', '−2 Handy Pack (2 → 0)');
      expect(packs).not.toBe(opened.text);
      expect(refused(act('reroll', 'Alice', packs))).toMatch(
        new RegExp(`History row ${row(packs, '−2 Handy Pack').row} of G \\(.*Pack opened, Alice\\), cell Change, reads "−2 Handy Pack \\(2 → 0\\)`),
      );
    });

    it('a draw altered in a Reason cell, and a row added or removed that names the request, are refused', () => {
      const opened = requested('open 1 Handy Pack', 'Alice', withGoodLuck('Alice'));
      const first = row(opened.text, '#52 ');
      const m = /#1 d(\d+)=(\d+)/.exec(first.reason)!;
      const drawnAltered = opened.text.replace(m[0], `#1 d${m[1]}=${(Number(m[2]) % Number(m[1])) + 1}`);
      expect(refused(act('reroll', 'Alice', drawnAltered))).toMatch(
        new RegExp(`History row ${first.row} of G \\(.*Card drawn, Alice\\), cell Reason, records the draws #1 d${m[1]}=\\d+ `),
      );
      // The #53 row deleted: the request's rows are fewer than its draws wrote.
      const lines = opened.text.split('\n');
      const at = lines.findIndex((l) => l.includes('&#35;53 '));
      const removed = [...lines.slice(0, at - 1), ...lines.slice(at + 1)].join('\n');
      expect(refused(act('reroll', 'Alice', removed))).toMatch(
        /the History table has 3 row\(s\) naming the request, the replay 4: the row "Card drawn: #53 .*" is missing/,
      );
    });

    it('rows as the draws wrote them: the reroll is done as before (an edit elsewhere on the page does not matter)', () => {
      const opened = requested('open 1 Handy Pack', 'Alice', withGoodLuck('Alice'));
      const noted = opened.text.replace('== Phase ==', 'A note by an editor.\n\n== Phase ==');
      expect(noted).not.toBe(opened.text);
      const o = requested('reroll', 'Alice', noted);
      expect(o.changes[0]!.change).toMatch(
        new RegExp(`^request ${opened.key} declared not to have happened: #52 .* removed; #53 .* removed; #54 .* removed; \\+1 Handy Pack \\(0 → 1\\)`),
      );
      expect(o.text).toContain('A note by an editor.');
    });

    it('an original the bot cannot replay (its revision gone, no secret) is refused with the reason, not trusted', () => {
      const opened = requested('open 1 Handy Pack', 'Alice', withGoodLuck('Alice'));
      const gone = (key: string): Replay => ({
        key,
        unavailable: `revision 5 of G/Actions, which added the request, is not among the 200 latest revisions the bot reads (or was deleted)`,
      });
      expect(refused(act('reroll', 'Alice', opened.text, undefined, ruleset, undefined, gone))).toBe(
        `request ${opened.key} cannot be replayed to check its History rows against its draws (revision 5 of G/Actions, which added the request, is not among the 200 latest revisions the bot reads (or was deleted)): the reroll does not undo effects it cannot check`,
      );
      // Handed no replay at all (as an action called without the job's secret would be).
      const p = parseAction(cycle16Referee, 'reroll')!;
      const seed = seedOf(SECRET, seedMessage('cycle16', 'r1-0a1b2c3d', 1));
      const bare = p.def.resolve(
        {
          ruleset,
          game: 'cycle16',
          page: { title: 'G', text: opened.text, revid: 1 },
          now: NOW,
          player: 'Alice',
          request: { key: 'r1-0a1b2c3d', text: 'reroll', author: 'Alice', revid: 1, at: NOW },
          draws: () => ({ stream: new DrawStream(seed), seed }),
        },
        p.args,
      );
      expect(refused(bare)).toMatch(
        new RegExp(`^request ${opened.key} cannot be replayed to check its History rows against its draws \\(the bot did not replay it\\)`),
      );
    });
  });
});
