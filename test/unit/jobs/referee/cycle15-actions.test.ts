import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { readCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { readGamestate } from '../../../../src/games/cycle15/gamestate/read.ts';
import { cycle15Readings } from '../../../../src/games/cycle15/readings.ts';
import { cycle15, cycle15Referee } from '../../../../src/games/cycle15/index.ts';
import { refereeFor } from '../../../../src/games/registry.ts';
import { parseAction, type ActionOutcome } from '../../../../src/games/actions.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import { historyTable } from '../../../../src/games/cycle16/gamestate/tables.ts';
import { HISTORY_COLUMNS } from '../../../../src/games/shared/history.ts';
import { historyLines, verifyDraws } from '../../../../src/jobs/verify.ts';
import { DrawStream, replay, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';

// Cycle 15's actions on the fixture Gamestate (phase 1, Phase II: Friday 2026-11-13 to Monday 2026-11-16),
// each rule quoted. What a draw gives is derived from the request's seed (replay), never copied from output.

const ruleset = readCycle15Ruleset(readDocument(fixture('cycle15'), { page: 'Cycle 15/Ruleset' }));
const PAGE = fixture('cycle15', 'gamestate');
const NOW = new Date('2026-11-15T18:00:00Z');
const SECRET = '22'.repeat(32);

/** Moves rows added to the fixture (a performed move ending where the player is). */
const withMoves = (...rows: string[]) =>
  PAGE.replace(
    '| 2026-11-15 11:00 || Bram || - || - || commenced\n',
    `| 2026-11-15 11:00 || Bram || - || - || commenced\n${rows.map((r) => `|-\n| ${r}\n`).join('')}`,
  );

interface Acted {
  outcome: ActionOutcome;
  seed: string;
}
function act(line: string, player: string, opts: { text?: string; key?: string; at?: string; readings?: Record<string, string>; record?: string } = {}): Acted {
  const p = parseAction(cycle15Referee, line);
  if (!p) throw new Error(`not an action: ${line}`);
  const key = opts.key ?? 'r9-0a1b2c3d';
  const seed = seedOf(SECRET, `c15|${key}|9`);
  const rulings = Object.entries(opts.readings ?? {}).map(([reading, value], i) => ({
    reading,
    value,
    line: i + 1,
    by: 'Hana',
    at: new Date('2026-11-10T12:00:00Z'),
  }));
  const outcome = p.def.resolve(
    {
      ruleset,
      game: 'c15',
      page: { title: 'G', text: opts.text ?? PAGE, revid: 9 },
      now: NOW,
      player,
      request: { key, text: line, author: player, revid: 9, at: new Date(opts.at ?? '2026-11-15T17:30:00Z') },
      readings: new ChosenReadings(cycle15Readings, rulings),
      draws: () => ({ stream: new DrawStream(seed), seed }),
      ...(opts.record !== undefined ? { record: opts.record } : {}),
    },
    p.args,
  );
  return { outcome, seed };
}
const done = ({ outcome }: Acted) => {
  if (!outcome.ok) throw new Error(`refused: ${outcome.reason}`);
  return { ...outcome, state: readGamestate(outcome.text, 'G', ruleset) };
};
const refused = ({ outcome }: Acted) => (outcome.ok ? 'done' : outcome.reason);
const who = (o: ReturnType<typeof done>, name: string) => o.state.players.find((p) => p.name === name)!;
/** A request key whose seed's first two d4 do (or do not) show the same number. */
function keyWithDoubles(doubles: boolean): string {
  for (let i = 0; ; i++) {
    const [a, b] = replay(seedOf(SECRET, `c15|r9-k${i}|9`), [4, 4]);
    if ((a === b) === doubles) return `r9-k${i}`;
  }
}

describe('Cycle 15 actions', () => {
  it("the Cycle 15 module declares its actions as its referee, the kit's roll and draw after them", () => {
    expect(cycle15.referee).toBe(cycle15Referee);
    expect(refereeFor('cycle15')?.actions.map((a) => a.grammar)).toEqual([
      'move',
      'macgyver <item>, <item>',
      'shatter <count> crystal',
      'land [gamble]',
      'combo',
      'roll <N>d<K>[+<M>]',
      'draw <N> from <table> [without replacement]',
    ]);
  });

  it('“First, a random choice of 2d4. Let the result be N.”: the referee rolls the two dice and commences the move on the Moves table', () => {
    const key = keyWithDoubles(false);
    const a = act('move', 'Cosima', { key });
    const o = done(a);
    const [d1, d2] = replay(a.seed, [4, 4]);
    const move = o.state.moves.find((m) => m.player === 'Cosima' && m.status === 'commenced')!;
    expect(move).toMatchObject({ time: new Date('2026-11-15T17:30:00Z'), roll: [d1, d2], selections: [] });
    expect(o.changes).toHaveLength(1);
    expect(o.changes[0]!.change).toBe(`2d4 = ${d1} + ${d2} = ${d1! + d2!}: N = ${d1! + d2!} selections of a space (move of 2026-11-15 17:30 commenced)`);
    expect(o.changes[0]!.reason.arithmetic).toBe(`draws #1 d4=${d1} Movement: N = 2d4 die 1; #2 d4=${d2} Movement: N = 2d4 die 2`);
    // The path is the player's: Moved this phase stays theirs to write when the move is performed.
    expect(who(o, 'Cosima').movedThisPhase).toBe(false);
  });

  it('a move the page shows commenced (a Moves row with no roll) gets the roll; no second row', () => {
    const o = done(act('move', 'Bram'));
    const rows = o.state.moves.filter((m) => m.player === 'Bram');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.roll).toHaveLength(2);
    expect(o.changes[0]!.change).toMatch(/move of 2026-11-15 11:00 \(the Moves row commenced on the page\)/);
  });

  it('“provided they have not done so previously in the current phase”: Alice (Moved this phase: yes) is refused; a second roll is refused by Random Choices', () => {
    expect(refused(act('move', 'Alice'))).toMatch(/^Alice has moved this phase \(Moved this phase: yes\)/);
    const first = done(act('move', 'Cosima'));
    expect(refused(act('move', 'Cosima', { text: first.text, key: 'r10-0a1b2c3d' }))).toMatch(
      /^Cosima rolled \d\+\d for the move of 2026-11-15 17:30 this phase .*Random Choices: “If a person has selected some or all of the random values/,
    );
  });

  it('a move asked for in a phase that has ended is refused (the move would be commenced in that phase), and one asked for in a phase the page has not reached yet', () => {
    expect(refused(act('move', 'Cosima', { at: '2026-11-12T10:00:00Z' }))).toMatch(
      /^the request was written in phase 0, which has ended \(the page is in phase 1\)/,
    );
    expect(refused(act('move', 'Cosima', { at: '2026-11-16T10:00:00Z' }))).toMatch(
      /^the Gamestate page still records phase 1, and the request was written in phase 2/,
    );
  });

  it("“If you roll multiple of the same number when moving, grant yourself a 'Time Bean Chili'.”: granted with the roll (reading doubles-chili), or left to the player", () => {
    const key = keyWithDoubles(true);
    const o = done(act('move', 'Cosima', { key }));
    expect(who(o, 'Cosima').garbage['Time Bean Chili']).toBe(1);
    expect(o.changes[1]).toMatchObject({ event: 'Doubles', change: expect.stringMatching(/^\+1 Time Bean Chili \(0 → 1\)/) });
    expect(o.changes[1]!.reason.readings).toEqual(['doubles-chili=with-roll (default)']);
    const left = done(act('move', 'Cosima', { key, readings: { 'doubles-chili': 'players' } }));
    expect(who(left, 'Cosima').garbage['Time Bean Chili']).toBeUndefined();
    expect(left.changes).toHaveLength(1);
    expect(left.message).toMatch(/doubles: grant yourself a Time Bean Chili/);
    expect(done(act('move', 'Cosima', { key: keyWithDoubles(false) })).changes).toHaveLength(1);
  });

  it('MacGyvering: “specifying 2 different items defined by Garbage in their possession, then granting themselves a random item defined by Garbage. This destroys the specified items.”', () => {
    const a = act('macgyver Summoning Whistle, Beer', 'Cosima');
    const o = done(a);
    const [v] = replay(a.seed, [ruleset.garbage.length]);
    const item = ruleset.garbage[v! - 1]!;
    const expected: Record<string, number> = { [item.name]: 1 };
    expect(who(o, 'Cosima').garbage).toEqual(expected);
    expect(who(o, 'Cosima').macGyveredThisPhase).toBe(true);
    expect(o.changes[0]!.reason.arithmetic).toBe(
      `draws #1 d${ruleset.garbage.length}=${v} random garbage (the Garbage table's ${ruleset.garbage.length} rows, 1/${ruleset.garbage.length} each)`,
    );
    expect(o.changes[0]!.reason.readings).toEqual(['random-garbage=uniform (default)']);
  });

  it("a player who deletes the bot's MacGyver row and writes MacGyvered this phase back to no is refused: the bot's record holds the row", () => {
    const o = done(act('macgyver Summoning Whistle, Beer', 'Cosima'));
    const row = o.text.split('\n').find((l) => l.includes('|| MacGyver || Cosima ||'))!;
    // Cosima's cells, a line each: MacGyvered this phase the 9th, Garbage the 12th (her two items given back too).
    const lines = o.text.replace(`|-\n${row}\n`, '').split('\n');
    const at = lines.indexOf('|Cosima');
    [lines[at + 8], lines[at + 11]] = ['|no', '|Summoning Whistle, Beer'];
    const wiped = lines.join('\n');
    expect(wiped).not.toContain('|| MacGyver || Cosima ||');
    expect(refused(act('macgyver Summoning Whistle, Beer', 'Cosima', { text: wiped, key: 'r11-0a1b2c3d' }))).toBe('done'); // the page alone
    expect(refused(act('macgyver Summoning Whistle, Beer', 'Cosima', { text: wiped, key: 'r11-0a1b2c3d', record: `${row}\n` }))).toMatch(
      /^Cosima has MacGyvered this phase \(a MacGyver row in the bot's record of the page\): “Once per phase/,
    );
  });

  it('MacGyvering is refused once per phase, for items not held, for the same item twice, and under random-garbage=judge', () => {
    expect(refused(act('macgyver Duck, Crustal', 'Bram'))).toMatch(/^Bram has MacGyvered this phase \(MacGyvered this phase: yes\): “Once per phase/);
    expect(refused(act('macgyver Duck and Beer', 'Hana'))).toMatch(/^Hana has no Beer \(the Players table's Garbage\)/);
    expect(refused(act('macgyver Duck, Duck', 'Mallory'))).toBe('“2 different items defined by Garbage”: Duck twice');
    expect(refused(act('macgyver Duck, Nonsense', 'Hana'))).toMatch(/^"Nonsense" is not an item of the Garbage table: name 2 items/);
    expect(refused(act('macgyver Summoning Whistle, Beer', 'Cosima', { readings: { 'random-garbage': 'judge' } }))).toMatch(
      /under the reading random-garbage=judge \(ruling by Hana.*the Judge draws random Garbage items/,
    );
  });

  it('Shards: “players can gain 10+1d10 shards by destroying 1 crystal in their possession” — each crystal its own 10+1d10', () => {
    const a = act('shatter 2 crystals', 'Alice');
    const o = done(a);
    const [x, y] = replay(a.seed, [10, 10]);
    expect(who(o, 'Alice')).toMatchObject({ crystals: 10, shards: 14 + 10 + x! + 10 + y! });
    expect(refused(act('shatter 1 crystal', 'Femi'))).toMatch(/^Femi has 0 crystal\(s\) \(the Players table's Crystals; a Crustal is not a crystal\), not 1/);
  });

  it('Casino: “they may choose to gamble by rolling a d2. If the result is 1, they lose all their shards. If the result is 2, the amount of shards they own is doubled.”', () => {
    // Dario's move of 2026-11-14 09:00 (performed) ends on space 7, a Casino, where he is.
    const a = act('land gamble', 'Dario');
    const o = done(a);
    const [d] = replay(a.seed, [2]);
    expect(who(o, 'Dario').shards).toBe(d === 1 ? 0 : 12);
    expect(refused(act('land', 'Dario'))).toMatch(/^landing on space 7 \(Casino\) draws nothing: to gamble, ask "land gamble"/);
    // Once per landing: the History row of the first names the move.
    expect(refused(act('land gamble', 'Dario', { text: o.text, key: 'r10-0a1b2c3d' }))).toMatch(
      /^the landing of Dario's move of 2026-11-14 09:00 on space 7 has had its draws/,
    );
    // A person deletes the bot's Landing row, or alters it: the bot's record of it still says the draws were made.
    const row = o.text.split('\n').find((l) => l.includes('|| Landing || Dario ||'))!;
    for (const text of [o.text.replace(`|-\n${row}\n`, ''), o.text.replace(row, row.replace('move of 2026-11-14 09:00', 'move of 2026-11-14 09:01'))]) {
      expect(done(act('land gamble', 'Dario', { text, key: 'r11-0a1b2c3d' })).changes[0]!.event).toBe('Landing'); // the page alone would allow it
      expect(refused(act('land gamble', 'Dario', { text, key: 'r11-0a1b2c3d', record: `a line of the bot's\n${row}\n` }))).toMatch(
        /^the landing of Dario's move of 2026-11-14 09:00 on space 7 has had its draws \(a Landing row in the History, or in the bot's record of it\)/,
      );
    }
  });

  it('Geode: “When a player lands on a Geode space, grant them a random item from the list below” — a d7 over the list (reading geode-item)', () => {
    const text = PAGE.replace(
      '| 2026-11-14 17:20 || Elif || 3+4 || 10, 11, 0, 1, 2, 3, 9 || error',
      '| 2026-11-14 17:20 || Elif || 3+4 || 10, 11, 0, 1, 2, 3, 9 || performed',
    );
    const a = act('land', 'Elif', { text });
    const o = done(a);
    const [v] = replay(a.seed, [ruleset.geode.length]);
    const item = ruleset.geode[v! - 1]!;
    const elif = who(o, 'Elif');
    if (item === 'Crystal') expect(elif.crystals).toBe(4);
    else if (item === 'Shard') expect(elif.shards).toBe(1);
    else expect(elif.garbage[item]).toBe(1);
    expect(o.changes[0]!.change).toContain(`Geode: ${item}`);
    expect(refused(act('land', 'Elif', { text, readings: { 'geode-item': 'judge' } }))).toMatch(/the Judge draws a Geode's item/);
  });

  it("“When a player lands on a space with a category as its type, the space's current pseudo-type applies, then that player must make a random selection for its new pseudo-type”: Shard Pile’s 1d6, then a d4 over Treasure", () => {
    const text = withMoves('2026-11-15 10:00 || Jun || 1+2 || 1, 2, 3 || performed');
    const a = act('land', 'Jun', { text });
    const o = done(a);
    const treasure = ruleset.categories.find((c) => c.name === 'Treasure')!.types;
    const [pile, type] = replay(a.seed, [6, treasure.length]);
    expect(who(o, 'Jun').shards).toBe(2 + pile!);
    expect(o.state.spaces.find((s) => s.id === 3)!.pseudoType).toBe(treasure[type! - 1]);
  });

  it('Garbage Pile: “a player may optionally select a random item defined by the rule "Garbage" to grant themself” — the same draw as every random Garbage', () => {
    const text = withMoves('2026-11-15 10:30 || Femi || 1+1 || 1, 2 || performed');
    const a = act('land', 'Femi', { text });
    const o = done(a);
    const [v] = replay(a.seed, [ruleset.garbage.length]);
    expect(who(o, 'Femi').garbage[ruleset.garbage[v! - 1]!.name]).toBe(ruleset.garbage[v! - 1]!.name === "Gay'nbow Gun" ? 2 : 1);
  });

  it('landing is refused without a performed move of this phase ending where the player is, and where the space draws nothing', () => {
    expect(refused(act('land', 'Hana'))).toMatch(/^no performed move of Hana this phase ends on space 0/);
    expect(refused(act('land', 'Alice'))).toMatch(/^landing on space 8 \(Dance Pad\) draws nothing/);
  });

  it("Combos: “If it is party time and multiple players roll the same number on any of their dice, any of these players may choose to combo. When a player combos, they gain a 'Party Pizza' and a random garbage item.”", () => {
    // Party time (1 party started); Alice rolled 4+4 this phase and Elif 3+4: both show a 4.
    const a = act('combo', 'Alice');
    const o = done(a);
    const [v] = replay(a.seed, [ruleset.garbage.length]);
    const item = ruleset.garbage[v! - 1]!.name;
    expect(who(o, 'Alice').garbage['Party Pizza']).toBe(item === 'Party Pizza' ? 2 : 1);
    expect(who(o, 'Alice').garbage[item]).toBeGreaterThanOrEqual(1);
    expect(o.changes[0]!.change).toMatch(/the move of 2026-11-13 15:00 \(4\+4\) and Elif's roll 3\+4 both show 4$/);
    expect(o.changes[0]!.reason.readings).toEqual(['combo-rolls=same-phase (default)', 'random-garbage=uniform (default)']);
    expect(refused(act('combo', 'Alice', { text: o.text, key: 'r10-0a1b2c3d' }))).toMatch(
      /^Alice has comboed on the roll of the move of 2026-11-13 15:00 already/,
    );
    // Its row deleted from the page: the bot's record (the lines its revision added) still says it was done.
    const row = o.text.split('\n').find((l) => l.includes('|| Combo || Alice ||'))!;
    const deleted = o.text.replace(`|-\n${row}\n`, '');
    expect(deleted).not.toContain('|| Combo || Alice ||');
    expect(refused(act('combo', 'Alice', { text: deleted, key: 'r11-0a1b2c3d', record: `${row}\n` }))).toMatch(
      /^Alice has comboed on the roll of the move of 2026-11-13 15:00 already \(a Combo row in the History, or in the bot's record of it\)/,
    );
    // Dario's 2+2 shares no number with anyone's roll this phase; Cosima has not rolled.
    expect(refused(act('combo', 'Dario'))).toMatch(/^no other player's roll this phase shares a number with Dario's 2\+2/);
    expect(refused(act('combo', 'Cosima'))).toBe('Cosima has no movement roll this phase (the Moves table)');
    const quiet = PAGE.replace(
      '| 2026-11-09 00:00 || 1 || Phase II || 2026-11-16 00:00 || 1 || yes ||',
      '| 2026-11-09 00:00 || 1 || Phase II || 2026-11-16 00:00 || 2 || no ||',
    );
    expect(refused(act('combo', 'Alice', { text: quiet }))).toMatch(/^it is not party time/);
    expect(refused(act('combo', 'Alice', { readings: { 'combo-rolls': 'judge' } }))).toMatch(/the Judge decides which rolls make a combo/);
  });

  it('a player who ceased being a player is refused; a finished cycle takes no actions', () => {
    expect(refused(act('shatter 1 crystal', 'Mallory'))).toMatch(/^Mallory ceased being a player at 2026-11-14 14:00/);
    const won = PAGE.replace(
      '| 2026-11-09 00:00 || 1 || Phase II || 2026-11-16 00:00 || 1 || yes || Hana || -',
      '| 2026-11-09 00:00 || 1 || Phase II || - || 1 || yes || Hana || Alice',
    );
    expect(refused(act('move', 'Cosima', { text: won }))).toBe('the cycle has ended (winner: Alice); no more actions');
  });

  it('the rows of every action carry their draws: verify recomputes them from the seed, and a hand-altered draw is a mismatch naming its row', () => {
    let text = PAGE;
    for (const [line, player, key] of [
      ['move', 'Cosima', 'r11-a'],
      ['macgyver Summoning Whistle, Beer', 'Cosima', 'r12-b'],
      ['shatter 1 crystal', 'Alice', 'r13-c'],
      ['land gamble', 'Dario', 'r14-d'],
    ] as const) {
      text = done(act(line, player, { text, key })).text;
    }
    const spec = { identify: historyTable.identify, columns: HISTORY_COLUMNS };
    const ok = verifyDraws(historyLines({ title: 'G', text }, spec));
    expect(ok.matching).toBe(2 + 1 + 1 + 1);
    expect(ok.mismatching).toBe(0);
    const m = /#1 d10=(\d+)/.exec(text)!;
    const altered = text.replace(m[0], `#1 d10=${(Number(m[1]) % 10) + 1}`);
    const bad = verifyDraws(historyLines({ title: 'G', text: altered }, spec));
    expect(bad.mismatching).toBe(1);
    expect(bad.findings.filter((f) => !f.ok && /does NOT match/.test(f.text)).map((f) => f.text)).toEqual([
      expect.stringMatching(/draw #1 d10=\d+ in History row \d+ of G \(.*Crystal destroyed, Alice\) does NOT match/),
    ]);
  });
});
