import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../src/parse/document.ts';
import { readCycle16Ruleset } from '../../../src/games/cycle16/ruleset/read.ts';
import { readGamestate } from '../../../src/games/cycle16/gamestate/read.ts';
import { cycle16Referee } from '../../../src/games/cycle16/actions/index.ts';
import { cycle16Readings } from '../../../src/games/cycle16/readings.ts';
import { parseAction, type ActionOutcome } from '../../../src/games/actions.ts';
import { ChosenReadings } from '../../../src/games/shared/readings.ts';
import type { Cycle16Ruleset } from '../../../src/games/cycle16/ruleset/schema.ts';
import { DrawStream, seedMessage, seedOf } from '../../../src/sim/referee.ts';
import { historyLines, verifyDraws } from '../../../src/jobs/verify.ts';
import { cycle16Engine } from '../../../src/games/cycle16/engine.ts';
import { fixture } from '../helpers/fixtures.ts';
import { testTempDir } from '../../temp-dir.ts';

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
  execFileSync(process.execPath, [new URL('../../../scripts/add-wiki-account.mjs', import.meta.url).pathname, '--column', 'Good luck', join(dir, 'in'), join(dir, 'out'), ...players.map((p) => `${p}=yes`)]);
  return readFileSync(join(dir, 'out'), 'utf8');
}

let revid = 100;
/** A request as the job hands it: its own key and revision, its stream HMAC(secret, game|key|revision). */
function act(line: string, player: string, text: string, readings?: ChosenReadings, r: Cycle16Ruleset = ruleset, at = new Date('2026-11-18T17:30:00Z')): ActionOutcome & { key: string } {
  const p = parseAction(cycle16Referee, line);
  if (!p) throw new Error(`not an action: ${line}`);
  const id = ++revid;
  const key = `r${id}-0a1b2c3d`;
  const seed = seedOf(SECRET, seedMessage('cycle16', key, id));
  const o = p.def.resolve({
    ruleset: r, game: 'cycle16', page: { title: 'G', text, revid: id }, now: NOW, player,
    request: { key, text: line, author: player, revid: id, at },
    draws: () => ({ stream: new DrawStream(seed), seed }),
    ...(readings ? { readings } : {}),
  }, p.args);
  return { ...o, key };
}
const done = (o: ActionOutcome) => {
  if (!o.ok) throw new Error(`refused: ${o.reason}`);
  return { ...o, state: readGamestate(o.text, 'G', ruleset) };
};
const refused = (o: ActionOutcome) => (o.ok ? 'done' : o.reason);
const ruled = (value: string, reading = 'good-luck') => new ChosenReadings(cycle16Readings, [{ reading, value, line: 1, by: 'Judge', at: new Date('2026-11-18T00:00:00Z') }]);

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
    expect(reroll.change).toMatch(new RegExp(`^request ${opened.key} declared not to have happened: #52 .* removed; #53 .* removed; #54 .* removed; \\+1 Handy Pack \\(0 → 1\\)`));
    expect(reroll.reason.readings).toEqual(expect.arrayContaining(['good-luck=column (default)', 'reroll-scope=request (default)']));
    expect(o.changes.filter((c) => c.event === 'Card drawn')).toHaveLength(3);
  });

  it('reroll-is-action: by default the reroll is the player\'s action (Last action); ruled no, Last action stays what the original request set', () => {
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

  it('verify recomputes both the original draws and the reroll\'s, each from its own request\'s seed', () => {
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
    expect(report.findings.find((f) => /rerolls request/.test(f.text))).toMatchObject({ ok: true, text: expect.stringMatching(new RegExp(`Reroll, Alice\\): rerolls request cycle16\\|${opened.key}\\|`)) });
    // A Reroll row altered by hand to name a request that drew nothing is named.
    const altered = o.text.replace(`rerolled request = ${opened.key}`, 'rerolled request = r1-ffffffff');
    const bad = verifyDraws(historyLines({ title: 'G', text: altered }, cycle16Engine.history));
    // (This page has no commitment row: that finding is the same with or without the alteration.)
    expect(bad.findings.filter((f) => !f.ok && !/no commitment row/.test(f.text)).map((f) => f.text)).toEqual([expect.stringMatching(/^History row \d+ of G \(.*Reroll, Alice\): rerolls request r1-ffffffff, but no earlier row of phase 4 records draws of that request$/)]);
  });

  it('“once per phase”: a second reroll in the same phase is refused, nothing changed', () => {
    const lucky = withGoodLuck('Alice');
    const opened = act('open 1 Handy Pack', 'Alice', lucky);
    const once = done(act(`reroll ${opened.key}`, 'Alice', done(opened).text));
    expect(refused(act('reroll', 'Alice', once.text))).toMatch(/Alice has rerolled this phase already \(Used this phase\)/);
    expect(refused(act(`reroll ${opened.key}`, 'Alice', once.text))).toMatch(new RegExp(`request ${opened.key} was rerolled already`));
  });

  it('“If a player has good luck”: a player the Good luck column does not mark is refused, by the reading good-luck', () => {
    const lucky = withGoodLuck('Alice');
    const opened = act('open 2 Already-opened Packs', 'Cosima', lucky);
    expect(refused(act('reroll', 'Cosima', done(opened).text))).toMatch(/Cosima does not have good luck \(reading good-luck=column \(default\): the Players table's "Good luck" column does not say yes\)/);
    // Without the column nobody has good luck, unless the Judge rules good-luck = everyone.
    const plain = act('open 2 Already-opened Packs', 'Cosima', PAGE);
    expect(refused(act('reroll', 'Cosima', done(plain).text))).toMatch(/does not have good luck/);
    expect(done(act('reroll', 'Cosima', done(plain).text, ruled('everyone'))).changes[0]!.reason.readings).toContain('good-luck=everyone (ruling by Judge, 2026-11-18 00:00)');
  });

  it('refuses a request that is not the player\'s own, one that drew nothing, and one whose card has since changed hands (never a negative inventory)', () => {
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

  it('redraws the race chart and settles the drawn cards\' self-removing modifiers in the same edit: a rollover with nothing due leaves the page as the action wrote it, and the reroll still finds its cards', () => {
    // The page brought up to now first (what was due applied), as the daemon's catch-up does before the referee.
    const settled = cycle16Engine.rollover(ruleset, 'cycle16', { title: 'G', text: withGoodLuck('Alice'), revid: 1 }, { now: NOW, trigger: 'test' }).text;
    const chart = (t: string) => /<!-- croupier:begin race-chart[\s\S]*croupier:end race-chart -->/.exec(t)![0];
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
});
