import { describe, expect, it } from 'vitest';
import { findRegion } from '../../../../src/parse/regions.ts';
import { STANDINGS_REGION } from '../../../../src/games/shared/standings.ts';
import { parseAction, type ActionOutcome } from '../../../../src/games/actions.ts';
import { BROKEN } from '../../../../src/games/round10/rules/limits.ts';
import { readGamestate } from '../../../../src/games/round10/gamestate/read.ts';
import { ROUND10_READINGS } from '../../../../src/games/round10/readings.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import type { Round10Ruleset } from '../../../../src/games/round10/ruleset/schema.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import { HISTORY_COLUMNS, historyTable } from '../../../../src/games/round10/gamestate/tables.ts';
import { commitRow, revealRow } from '../../../../src/jobs/referee-secrets.ts';
import { historyLines, verifyDraws } from '../../../../src/jobs/verify.ts';
import { commitmentOf, drawTokens, DrawStream, replay, seedMessage, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { round10Engine, round10Referee } from '../../../../src/games/round10/index.ts';

// Round 10's random actions through the referee, on the fixture Gamestate (phase 1, the Resolution Phase of
// 5–8 November 2026), each rule quoted.

const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const PAGE = fixture('round10', 'gamestate');
const FRIDAY = new Date('2026-11-06T12:00:00Z');
const SECRET = '22'.repeat(32);
const NULL_STAR = PAGE.replace('|| 7 || 2026-11-10 15:00 ||', '|| null || - ||');

function act(
  line: string,
  player: string,
  opts: { r?: Round10Ruleset; text?: string; now?: Date; readings?: ChosenReadings; record?: string } = {},
): ActionOutcome {
  const p = parseAction(round10Referee, line);
  if (!p) throw new Error(`not an action: ${line}`);
  const key = 'r9-0a1b2c3d';
  const seed = seedOf(SECRET, seedMessage('round10', key, 9));
  return p.def.resolve(
    {
      ruleset: opts.r ?? ruleset,
      game: 'round10',
      page: { title: 'G', text: opts.text ?? PAGE, revid: 9 },
      now: opts.now ?? FRIDAY,
      player,
      request: { key, text: line, author: player, revid: 9, at: new Date((opts.now ?? FRIDAY).getTime() - 600_000) },
      draws: () => ({ stream: new DrawStream(seed), seed }),
      ...(opts.readings ? { readings: opts.readings } : {}),
      ...(opts.record !== undefined ? { record: opts.record } : {}),
    },
    p.args,
  );
}
const done = (o: ActionOutcome) => {
  if (!o.ok) throw new Error(`refused: ${o.reason}`);
  return { ...o, state: readGamestate(o.text, 'G', ruleset) };
};
const refused = (o: ActionOutcome) => (o.ok ? 'done' : o.reason);
const who = (o: ReturnType<typeof done>, name: string) => o.state.players.find((p) => p.name === name)!;
/** The request's dice, replayed from its seed: what the page must show. */
const dice = (o: ActionOutcome & { ok: true }) => drawTokens(o.changes.map((c) => c.reason.arithmetic ?? '').join(' '));
const withRolls = (symbol: string): Round10Ruleset => ({
  ...ruleset,
  slots: { ...ruleset.slots, rolls: [{ ...ruleset.slots.rolls[0]!, from: 1, to: 20, symbol }] },
});

describe('Round 10 actions', () => {
  it('the requests are read by their grammar, and other lines are not actions', () => {
    expect(round10Referee.actions.map((a) => a.grammar)).toEqual([
      'generate house lot',
      'generate star price',
      'play slots <table>',
      'roll fortune <fortune>',
      'create art at <table>: "<title>" <description>',
      'roll <N>d<K>[+<M>]',
      'draw <N> from <table> [without replacement]',
    ]);
    // The game's own actions first: a fortune's roll is not the kit's dice roll.
    expect(parseAction(round10Referee, 'roll fortune The Fool')?.def.name).toBe('fortune');
    expect(parseAction(round10Referee, 'roll 2d6')?.args).toEqual({ count: 2, sides: 6, modifier: 0, text: '2d6' });
    expect(parseAction(round10Referee, 'Generate a new House Lot')?.def.name).toBe('house lot');
    expect(parseAction(round10Referee, 'roll the star price')?.def.name).toBe('star price');
    expect(parseAction(round10Referee, "play slots at Raven's Quest")?.args).toEqual({ table: "Raven's Quest" });
    expect(parseAction(round10Referee, 'open 1 Handy Pack')).toBeUndefined();
  });

  describe('House Lots', () => {
    it("“any player may generate a new House Lot by generating 3 cards”: a Lots row L5 with 3 cards, each drawn by a suit die then its archetype's rank die", () => {
      const o = done(act('generate house lot', 'Carol'));
      const lot = o.state.lots.find((l) => l.id === 'L5')!;
      expect([lot.kind, lot.creator, lot.created, lot.items.cards.length]).toEqual(['House', null, FRIDAY, 3]);
      const d = dice(o);
      expect(d.map((t) => t.n)).toEqual([1, 2, 3, 4, 5, 6]);
      // Suits: d13 (the highest roll of the Suits table); ranks: d20 for Standard, d22 for Arcana (the Max row).
      d.forEach((t, i) => {
        if (i % 2 === 0) expect(t.sides).toBe(13);
        else expect(t.sides).toBe(d[i - 1]!.value === 13 ? 22 : 20);
      });
      expect(
        replay(
          seedOf(SECRET, seedMessage('round10', 'r9-0a1b2c3d', 9)),
          d.map((t) => t.sides),
        ),
      ).toEqual(d.map((t) => t.value));
      lot.items.cards.forEach((c, i) => {
        const suit = ruleset.suits.find((s) => s.roll === d[2 * i]!.value)!;
        expect(c.suit).toBe(suit.name);
        expect(c.rank).toBe(ruleset.ranks.find((a) => a.name === suit.archetype)!.ranks[d[2 * i + 1]!.value - 1]);
      });
      expect(o.changes[0]!.reason.readings).toEqual(['participation-rounding=whole-groups (default)']);
      expect(o.text).toMatch(/\|-\n\| L5 \|\| House \|\| - \|\| 2026-11-06 12:00 \|\| .+ of .+\n\|\}/);
    });

    it('a new lot never takes the ID of a lot of an earlier week that the page still names (bids, History)', () => {
      const emptied = PAGE.replace(/\|-\n\| L\d \|\|[^\n]*\n/g, '');
      expect(emptied).not.toContain('| L4 ||');
      expect(done(act('generate house lot', 'Carol', { text: emptied })).state.lots.map((l) => l.id)).toEqual(['L4']);
    });

    it('“at any time during the Resolution Phase”: refused in the Auction Phase, nothing drawn', () => {
      const auction = PAGE.replace('| 2026-11-02 00:00 || 1 || Resolution Phase', '| 2026-11-02 00:00 || 2 || Auction Phase');
      expect(refused(act('generate house lot', 'Carol', { text: auction, now: new Date('2026-11-10T12:00Z') }))).toMatch(
        /^it is the Auction Phase: “If, at any time during the Resolution Phase/,
      );
    });

    it('“the number of House Lots currently in the weekly Auction is less than the Participation value”: refused when it is not', () => {
      const r = { ...ruleset, constants: { ...ruleset.constants, participation: { minimum: 1, perPlayers: { gain: 0, per: 3 }, perBidder: 2 } } };
      expect(refused(act('generate house lot', 'Carol', { r }))).toBe('the weekly Auction has 1 House Lots (L1), not fewer than the Participation value 1');
    });
  });

  describe('the Star Price', () => {
    it('“If it is not Sunday and if the Star Price is null, any player can generate it … by rolling 1d6. The Star Price is the result of that roll plus 4.”', () => {
      const o = done(act('generate star price', 'Bob', { text: NULL_STAR }));
      const [d6] = dice(o);
      expect(d6!.sides).toBe(6);
      expect(o.state.phase.starPrice).toBe(d6!.value + 4);
      expect(o.state.phase.starPriceSet).toEqual(FRIDAY);
      expect(o.changes[0]!.change).toBe(`Star Price none → ${d6!.value + 4} (1d6 = ${d6!.value}, plus 4)`);
    });

    it('refused while the Star Price is set, and on a Sunday', () => {
      expect(refused(act('generate star price', 'Bob'))).toMatch(/^the Star Price is 7 \(set 2026-11-10 15:00\), not null/);
      expect(refused(act('generate star price', 'Bob', { text: NULL_STAR, now: new Date('2026-11-08T12:00Z') }))).toMatch(/^it is Sunday/);
    });
  });

  describe('the slots', () => {
    it('“they must put 6 chips in the machine … The player then rolls 3 times”: three d20 rolls read on the roll table, the payout higher in the chart, one more sitting this week', () => {
      const o = done(act("play slots Raven's Quest", 'Bob'));
      const d = dice(o);
      expect(d.map((t) => t.sides)).toEqual([20, 20, 20]);
      const symbols = d.map((t) => ruleset.slots.rolls.find((x) => x.from <= t.value && t.value <= x.to)!.symbol);
      const row = ruleset.slots.payouts.find((p) => symbols.filter((s) => s === p.symbol).length >= p.count);
      const chips = row?.chips ?? 0;
      expect(who(o, 'Bob').chips).toBe(120 - 6 + chips);
      expect(who(o, 'Bob').limited).toMatchObject({ Slots: 3 });
      expect(who(o, 'Bob').table).toBeNull(); // “Play at this table ends when the payout is awarded.”
      expect(o.changes[0]!.reason.inputs).toMatchObject({ table: "Raven's Quest" });
    });

    it('“at most 3 times per week”: Bob, who sat there twice, plays once more and is then refused', () => {
      const once = done(act("play slots Raven's Quest", 'Bob'));
      expect(refused(act('play slots 9 Lives', 'Bob', { text: once.text }))).toMatch(/^Bob has sat at the slots 3 times this week/);
    });

    it("a sitting whose Slots row a person deleted, the count taken down with it, is still counted: the bot's record holds it (this week's only)", () => {
      const once = done(act("play slots Raven's Quest", 'Bob'));
      const row = once.text.split('\n').find((l) => l.includes('|| Slots || Bob ||'))!;
      const wiped = once.text.replace(`|-\n${row}\n`, '').replace(/(\n\| Bob \|\|.*)\|\| Slots 3\n/, '$1|| Slots 2\n');
      expect(readGamestate(wiped, 'G', ruleset).players.find((p) => p.name === 'Bob')!.limited.Slots).toBe(2);
      expect(refused(act('play slots 9 Lives', 'Bob', { text: wiped }))).toBe('done'); // the page alone: a fourth sitting
      expect(refused(act('play slots 9 Lives', 'Bob', { text: wiped, record: `${row}\n` }))).toMatch(
        /^Bob has sat at the slots 3 times this week \(Limited tables this week, or the Slots rows of the bot's record\)/,
      );
      // The same row of last week's phase is not this week's.
      const phase = readGamestate(wiped, 'G', ruleset).phase.number;
      const lastWeek = row.replace(new RegExp(`^(\\| [^|]+ \\|\\| )${phase} \\|\\|`), `$1${phase - 2} ||`);
      expect(lastWeek).not.toBe(row);
      expect(refused(act('play slots 9 Lives', 'Bob', { text: wiped, record: `${lastWeek}\n` }))).toBe('done');
    });

    it('refusals: no table named, a table that is not a Slots table, sitting at another table, not enough chips', () => {
      expect(refused(act('play slots', 'Alice'))).toMatch(
        /^say which table: “specifying clearly which table they are sitting at” \(the Slots tables: Raven's Quest, /,
      );
      expect(refused(act('play slots The Great War', 'Alice'))).toMatch(/^"The Great War" is not a Slots table/);
      expect(refused(act('play slots Rose Garden', 'Dave'))).toBe(
        'Dave is sitting at The Great War: “A player may not be sitting at multiple Tables at the same time.”',
      );
      const poor = PAGE.replace('| Carol || 2026-11-02 00:00 || - || 250 ||', '| Carol || 2026-11-02 00:00 || - || 5 ||');
      expect(refused(act('play slots Rose Garden', 'Carol', { text: poor }))).toMatch(
        /^Carol has 5 chips: “they must put 6 chips in the machine … A player may not play the slots if they do not have enough chips to do so.”/,
      );
    });

    it('🃏🃏🃏 “Gain a random card”: a card drawn as the Cards rule says, after the three rolls', () => {
      const o = done(act('play slots Rose Garden', 'Carol', { r: withRolls('🃏') }));
      const d = dice(o);
      expect(d.map((t) => t.sides).slice(0, 4)).toEqual([20, 20, 20, 13]);
      expect(who(o, 'Carol').cards).toHaveLength(3);
      expect(who(o, 'Carol').chips).toBe(244);
      expect(o.changes[0]!.change).toMatch(/^Rose Garden: −6 chips, 🃏 🃏 🃏 → 🃏🃏🃏: .+ of .+; Slots 0 → 1 this week$/);
    });

    it('🦆🦆🦆 “Machine broke, you may not play the slots any more times this week. Gain no payout”', () => {
      const o = done(act('play slots Rose Garden', 'Carol', { r: withRolls('🦆') }));
      expect(who(o, 'Carol').chips).toBe(244);
      expect(who(o, 'Carol').limited).toEqual({ Slots: 1, [BROKEN]: 1 });
      expect(refused(act('play slots Rose Garden', 'Carol', { text: o.text }))).toMatch(/machine broke this week/);
    });

    it('🔺🔺🔺 “Gain 150 chips” (the row higher in the chart than 🔺🔺)', () => {
      expect(who(done(act('play slots Rose Garden', 'Carol', { r: withRolls('🔺') })), 'Carol').chips).toBe(250 - 6 + 150);
    });

    it('a roll the table gives no Value (20, 10-13) shows no symbol, by the named reading slots-blank-roll, or is refused under its other value', () => {
      const o = done(act('play slots Rose Garden', 'Carol', { r: withRolls(null as unknown as string) }));
      expect(o.changes[0]!.change).toMatch(/\(none\) \(none\) \(none\) → no payout/);
      expect(o.changes[0]!.reason.readings).toEqual(['slots-blank-roll=no-symbol (default)']);
      const ruled = new ChosenReadings(ROUND10_READINGS, [
        { reading: 'slots-blank-roll', value: 'refuse', line: 1, by: 'Judge', at: new Date('2026-11-01T00:00Z') },
      ]);
      expect(refused(act('play slots Rose Garden', 'Carol', { readings: ruled }))).toMatch(
        /^the slots roll table gives no Value for 20 and 10-13 \(reading slots-blank-roll=refuse \(ruling by Judge/,
      );
    });
  });

  describe('fortunes', () => {
    // The rollover's rows for fortunes (rules/prizes.ts): the hand's player rolls them.
    const fortune = (player: string, name: string, effect: string, hand: string) =>
      `|-\n| 2026-11-08 00:00 || 1 || Fortune || ${player} || ${name}: ${effect} (to be rolled publicly by ${player} and recorded on the page) || Fortunes: "Revealed hands …" (condition = …; action = ${hand})\n`;
    const end = PAGE.lastIndexOf('|}');
    const ROWS = [
      fortune('Carol', 'The Fool', 'The revealing player loses d100 chips.', 'H3'),
      fortune('Bob', 'The Magician', 'The revealing player gains 3 random cards.', 'H2'),
    ];
    const WITH = PAGE.slice(0, end) + ROWS.join('') + PAGE.slice(end);
    // The bot's record: the rollover that wrote the rows was the bot's (the lines its revision added).
    const RECORD = `{{Some line of the bot's}}\n${ROWS.join('')}`;
    const roll = (line: string, player: string, opts: Parameters<typeof act>[2] = {}) => act(line, player, { record: RECORD, ...opts });

    it("“Where dice rolls are called for, they should be done publicly by the player who revealed the hand”: The Fool's d100, rolled once", () => {
      const o = done(roll('roll fortune The Fool', 'Carol', { text: WITH }));
      const [d100] = dice(o);
      expect(d100!.sides).toBe(100);
      expect(who(o, 'Carol').chips).toBe(250 - d100!.value);
      expect(o.changes[0]!.change).toBe(`The Fool (hand H3): d100 = ${d100!.value}: −${d100!.value} chips`);
      expect(refused(roll('roll fortune The Fool', 'Carol', { text: o.text }))).toMatch(
        /^the bot has recorded no Fortune row of The Fool for Carol that is not rolled yet/,
      );
    });

    it('The Magician: “The revealing player gains 3 random cards”, drawn as the Cards rule says', () => {
      const o = done(roll('roll fortune the magician', 'Bob', { text: WITH }));
      expect(
        dice(o)
          .map((t) => t.sides)
          .filter((_, i) => i % 2 === 0),
      ).toEqual([13, 13, 13]);
      expect(who(o, 'Bob').cards).toHaveLength(3 + 3);
    });

    it('a fortune nobody triggered, or not a fortune, is refused; a loss beyond the chips follows the reading fortune-loss', () => {
      expect(refused(roll('roll fortune The Fool', 'Bob', { text: WITH }))).toMatch(/^the bot has recorded no Fortune row of The Fool for Bob/);
      expect(refused(roll('roll fortune The Tower', 'Bob', { text: WITH }))).toBe(
        '"The Tower" is not a fortune of the Ruleset (The Fool, The Magician, Wheel of Fortune)',
      );
      const poor = WITH.replace('| Carol || 2026-11-02 00:00 || - || 250 ||', '| Carol || 2026-11-02 00:00 || - || 0 ||');
      const o = done(roll('roll fortune The Fool', 'Carol', { text: poor }));
      expect(o.changes[0]!.change).toMatch(/: −0 chips \(all 0 they had\)$/);
      expect(o.changes[0]!.reason.readings).toEqual(['fortune-loss=all-chips (default)']);
      const ruled = new ChosenReadings(ROUND10_READINGS, [
        { reading: 'fortune-loss', value: 'refuse', line: 1, by: 'Judge', at: new Date('2026-11-01T00:00Z') },
      ]);
      expect(refused(roll('roll fortune The Fool', 'Carol', { text: poor, readings: ruled }))).toMatch(
        /^Carol has 0 chips, and a d100 may take more \(reading fortune-loss=refuse/,
      );
    });

    it('a Fortune row a person typed on the page entitles nobody: only a row the bot wrote can be rolled', () => {
      const wheel = fortune('Bob', 'Wheel of Fortune', 'The revealing player gains d100 chips.', 'H2');
      const typed = PAGE.slice(0, end) + ROWS.join('') + wheel + PAGE.slice(end);
      expect(refused(roll('roll fortune Wheel of Fortune', 'Bob', { text: typed }))).toMatch(
        /^the bot has recorded no Fortune row of Wheel of Fortune for Bob/,
      );
      // The same row in the bot's record: rolled.
      expect(done(roll('roll fortune Wheel of Fortune', 'Bob', { text: typed, record: RECORD + wheel })).changes[0]!.change).toMatch(
        /^Wheel of Fortune \(hand H2\): d100 = \d+: \+\d+ chips$/,
      );
      // A copy of the bot's row altered to name another player is not the bot's row either.
      const carols = PAGE.slice(0, end) + ROWS.join('') + ROWS[1]!.replace(/Bob/g, 'Carol') + PAGE.slice(end);
      expect(refused(roll('roll fortune The Magician', 'Carol', { text: carols }))).toMatch(/^the bot has recorded no Fortune row of The Magician for Carol/);
      // No record at all (a caller that read none): nothing is entitled.
      expect(refused(act('roll fortune The Fool', 'Carol', { text: WITH }))).toMatch(/^the bot has recorded no Fortune row/);
    });

    it("deleting the bot's Fortune rolled row, or its Fortune row, does not make the roll again or take it away", () => {
      const o = done(roll('roll fortune The Fool', 'Carol', { text: WITH }));
      const rolledLine = o.text.split('\n').find((l) => l.includes('|| Fortune rolled || Carol ||'))!;
      const deleted = o.text.replace(`|-\n${rolledLine}\n`, '');
      expect(deleted).not.toContain('|| Fortune rolled ||');
      // The bot's record holds its row: still rolled.
      expect(refused(roll('roll fortune The Fool', 'Carol', { text: deleted, record: `${RECORD}${rolledLine}\n` }))).toMatch(
        /^the bot has recorded no Fortune row of The Fool for Carol that is not rolled yet/,
      );
      // The Fortune row deleted from the page before the roll: the bot's record still entitles Carol to it.
      const noRow = WITH.replace(ROWS[0]!, '');
      expect(done(roll('roll fortune The Fool', 'Carol', { text: noRow })).changes[0]!.change).toMatch(/^The Fool \(hand H3\): d100 = /);
    });
  });

  describe('the Studio', () => {
    const ART = 'create art at Haiku Night: "Dawn over Trungle" Orange and purple, in oils';

    it('“The initial Value of a Work of Art is determined by generating an integer between 1 and the Participation Value …, then multiplying by 4”: a d10, × 4, for 50 chips', () => {
      const o = done(act(ART, 'Carol'));
      const [d] = dice(o);
      expect(d!.sides).toBe(10); // Participation 10 (“whichever is higher: 10; 2 for every 3 players…”)
      expect(o.state.works.find((w) => w.id === 'W2')).toEqual({ row: 2, id: 'W2', title: 'Dawn over Trungle', owner: 'Carol', value: d!.value * 4 });
      expect([who(o, 'Carol').chips, who(o, 'Carol').works, who(o, 'Carol').limited]).toEqual([200, ['W2'], { Studio: 1 }]);
      expect(o.changes[0]!.reason.inputs).toMatchObject({ description: '“Orange and purple, in oils”' });
    });

    it('refusals: once per week, sitting elsewhere, fewer than 50 chips, a title over 30 characters, not a Studio table', () => {
      expect(refused(act(ART, 'Alice'))).toMatch(/^Alice has sat at the Studio 1 time\(s\) this week/);
      expect(refused(act(ART, 'Dave'))).toMatch(/^Dave is sitting at The Great War/);
      const poor = PAGE.replace('| Carol || 2026-11-02 00:00 || - || 250 ||', '| Carol || 2026-11-02 00:00 || - || 49 ||');
      expect(refused(act(ART, 'Carol', { text: poor }))).toMatch(
        /^Carol has 49 chips: “A player's attempt at creating a Work of Art fails if they do not have at least 50 chips to lose.”/,
      );
      expect(refused(act('create art at Haiku Night: "A title that is much too long for it" x', 'Carol'))).toMatch(/^the title has 36 characters/);
      expect(refused(act('create art at Rose Garden: "T" d', 'Carol'))).toMatch(/^"Rose Garden" is not a Studio table/);
    });
  });

  it("the page must be the current phase's: a rollover due first is said, and a Phase number ahead of the calendar stops the run", () => {
    expect(refused(act('generate house lot', 'Carol', { now: new Date('2026-11-10T12:00Z') }))).toBe(
      'the Gamestate page records phase 1, but at this time it is phase 2 (Auction Phase): the rollover is due first; write the request again after it',
    );
    expect(() => round10Referee.phase(ruleset, { title: 'G', text: PAGE, revid: 1 }, new Date('2026-11-03T12:00Z'))).toThrow(
      /Phase number 1 is ahead of the calendar \(phase 0/,
    );
    expect(round10Referee.phase(ruleset, { title: 'G', text: PAGE, revid: 1 }, FRIDAY)).toBe(1);
  });

  it('croupier verify finds every draw of the rows matching once the secret is revealed, and names a hand-altered row', () => {
    const committed = round10Referee.appendRows(ruleset, { title: 'G', text: NULL_STAR, revid: 1 }, [commitRow(1, commitmentOf(SECRET), FRIDAY)]);
    const o = done(act('generate house lot', 'Carol', { text: committed }));
    const revealed = round10Referee.appendRows(ruleset, { title: 'G', text: o.text, revid: 2 }, [revealRow(1, SECRET, new Date('2026-11-09T00:00Z'), 2)]);
    const spec = { identify: historyTable.identify, columns: HISTORY_COLUMNS };
    const ok = verifyDraws(historyLines({ title: 'G', text: revealed }, spec));
    expect([ok.matching, ok.mismatching, ok.findings.every((f) => f.ok)]).toEqual([6, 0, true]);
    const [, sides, value] = /#3 d(\d+)=(\d+)/.exec(revealed)!;
    const altered = revealed.replace(`#3 d${sides}=${value}`, `#3 d${sides}=${(Number(value) % Number(sides)) + 1}`);
    const bad = verifyDraws(historyLines({ title: 'G', text: altered }, spec));
    expect(bad.mismatching).toBe(1);
    expect(bad.findings.find((f) => !f.ok)!.text).toMatch(/draw #3 .* in History row 4 of G \(2026-11-06 12:00, House Lot, Carol\) does NOT match/);
  });

  describe("the bot's display cells", () => {
    const rollover = (text: string, readings?: ChosenReadings) =>
      round10Engine.rollover(ruleset, 'round10', { title: 'G', text, revid: 9 }, { now: FRIDAY, trigger: 'test', ...(readings ? { readings } : {}) });

    it("an action leaves Phase, Next rollover, Participation, Wealth, Tax and the secret actions' dates as a rollover at that instant computes them", () => {
      // The example page is up to date on Friday (a rollover then changes nothing): an action changes only what it does.
      expect(rollover(PAGE).text).toBe(PAGE);
      const lot = done(act('generate house lot', 'Carol'));
      // Every line outside the standings block (whose "since" line names the new row) is kept.
      const standings = findRegion(PAGE, STANDINGS_REGION)!;
      const outside = PAGE.slice(0, standings.start) + PAGE.slice(standings.end);
      expect(outside.split('\n').filter((l) => !lot.text.includes(l))).toEqual([]);
      expect(rollover(lot.text).text).toBe(lot.text);
      // The slots change Bob's chips: his Wealth follows (120 + C1's 35 + his Player Lot L2's 10 chips, − 6 + the payout).
      const slots = done(act("play slots Raven's Quest", 'Bob'));
      const bob = slots.text
        .split('\n')
        .find((l) => l.startsWith('| Bob ||'))!
        .split(' || ');
      expect(Number(bob[9])).toBe(who(slots, 'Bob').chips + 35 + 10);
      expect(rollover(slots.text).text).toBe(slots.text);
    });

    it("an action after a ruling changed a display reading: the cells it changes get their Reading rows in the action's edit", () => {
      const ceil = new ChosenReadings(ROUND10_READINGS, [{ reading: 'tax-rounding', value: 'ceil', line: 1, by: 'Judge', at: new Date('2026-11-05T12:00Z') }]);
      const o = done(act('generate house lot', 'Carol', { readings: ceil }));
      // Alice: wealth 535, ⌈235 / 20⌉ = 12 steps: tax 60 (55 whole steps); Carol: 350, 2.5 steps: 15 (10).
      expect(o.changes.filter((c) => c.event === 'Reading').map((c) => [c.player, c.change, c.reason.readings])).toEqual([
        ['Alice', 'Tax 55 → 60', ['tax-rounding=ceil (ruling by Judge, 2026-11-05 12:00)']],
        ['Carol', 'Tax 10 → 15', ['tax-rounding=ceil (ruling by Judge, 2026-11-05 12:00)']],
      ]);
      expect(rollover(o.text, ceil).result.changes).toEqual([]);
    });
  });
});
