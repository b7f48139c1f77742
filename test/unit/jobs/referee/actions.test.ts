import { describe, expect, it } from 'vitest';
import { readDocument } from '../../../../src/parse/document.ts';
import { readCycle16Ruleset } from '../../../../src/games/cycle16/ruleset/read.ts';
import { readGamestate } from '../../../../src/games/cycle16/gamestate/read.ts';
import { parseAction, type ActionOutcome } from '../../../../src/games/actions.ts';
import type { Cycle16Ruleset } from '../../../../src/games/cycle16/ruleset/schema.ts';
import { DrawStream, seedOf } from '../../../../src/sim/commit-reveal.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import { cycle16Readings } from '../../../../src/games/cycle16/readings.ts';
import { cycle16Referee } from '../../../../src/games/cycle16/index.ts';

// Cycle 16's actions on the fixture Gamestate (phase 4, a Rest Phase), each rule quoted. A scenario is
// tested alone by giving the ruleset only that scenario (the d1 that draws it always shows 1).

const ruleset = readCycle16Ruleset(readDocument(fixture('cycle16'), { page: 'Cycle 16/Ruleset' }));
const PAGE = fixture('cycle16', 'gamestate');
const NOW = new Date('2026-11-18T18:00:00Z');

function act(line: string, player: string, r: Cycle16Ruleset = ruleset, text = PAGE, readings?: ChosenReadings, record?: string): ActionOutcome {
  const p = parseAction(cycle16Referee, line);
  if (!p) throw new Error(`not an action: ${line}`);
  const seed = seedOf('11'.repeat(32), `cycle16|r9-${line}|9`);
  return p.def.resolve(
    {
      ruleset: r,
      game: 'cycle16',
      page: { title: 'G', text, revid: 9 },
      now: NOW,
      player,
      request: { key: 'r9-0a1b2c3d', text: line, author: player, revid: 9, at: new Date('2026-11-18T17:30:00Z') },
      draws: () => ({ stream: new DrawStream(seed), seed }),
      ...(readings ? { readings } : {}),
      ...(record !== undefined ? { record } : {}),
    },
    p.args,
  );
}
const done = (o: ActionOutcome) => {
  if (!o.ok) throw new Error(`refused: ${o.reason}`);
  return { ...o, state: readGamestate(o.text, 'G', ruleset) };
};
const refused = (o: ActionOutcome) => (o.ok ? 'done' : o.reason);
const only = (n: number): Cycle16Ruleset => ({ ...ruleset, scenarios: [ruleset.scenarios[n - 1]!] });
const who = (o: ReturnType<typeof done>, name: string) => o.state.players.find((p) => p.name === name)!;

describe('Cycle 16 actions', () => {
  it('“they can open the pack …, obtaining the random cards inside”: a player who has no such pack is refused, nothing drawn', () => {
    expect(refused(act('open 1 Deck Pack', 'Alice'))).toBe("Alice has 0 Deck Pack (the Players table's Packs cell), not 1");
    expect(refused(act('open 1 Mystery Pack', 'Alice'))).toMatch(/"Mystery Pack" is not a card pack of the ruleset/);
  });

  it('opening 2 Already-opened Packs (“gains 1 random card”) adds 2 cards and takes both packs; the request is an action (Last action)', () => {
    const o = done(act('open 2 Already-opened Packs', 'Cosima'));
    expect(o.state.cards.filter((c) => c.id >= 52).map((c) => [c.id, c.owner])).toEqual([
      [52, 'Cosima'],
      [53, 'Cosima'],
    ]);
    expect(who(o, 'Cosima').packs['Already-opened Pack'] ?? 0).toBe(0);
    expect(who(o, 'Cosima').lastAction).toEqual(new Date('2026-11-18T17:30:00Z'));
  });

  it('“When a purchase is made, the purchaser is granted the item and the cost is revoked”: 2 Chips at 25 Vertebrae each', () => {
    const o = done(act('buy 2 Chips', 'Cosima'));
    expect(who(o, 'Cosima')).toMatchObject({ vertebrae: 56 - 50, chips: 4 + 2 });
  });

  it('scenario 2 answered yes: “grant yourself 2d3 vertebrae”, the two dice in the row', () => {
    const o = done(act('explore yes', 'Bram', only(2)));
    const gained = who(o, 'Bram').vertebrae - 17;
    const [a, b] = /2d3 = (\d) \+ (\d)/.exec(o.changes[0]!.change)!.slice(1).map(Number);
    expect(gained).toBe(a! + b!);
    expect(who(o, 'Bram').used.Exploration).toBe(1);
  });

  it("scenario 5 answered yes: “grant yourself 1 'Gem Key'” goes into Other items; answered no: 2d8 Vertebrae", () => {
    expect(who(done(act('explore yes', 'Cosima', only(5))), 'Cosima').other).toBe('1 Gem Key');
    const no = done(act('explore no', 'Cosima', only(5)));
    expect(who(no, 'Cosima').vertebrae - 56).toBeGreaterThanOrEqual(2);
    expect(who(no, 'Cosima').other).toBe(null);
  });

  it('scenario 6 answered yes: “grant yourself 1 Lotto Ticket with the modifiers Sacrificial, Red Coating, and Hearts Insignia”', () => {
    const o = done(act('explore yes', 'Cosima', only(6)));
    expect(o.changes[0]!.change).toContain('+#52 Lotto Ticket (Sacrificial, Red Coating, Hearts Insignia)');
    // “This card gains the colour Red. This modifier is then removed.” and “This card gains the Hearts suit.
    // This modifier is then removed.”: settled in the same edit, as every rollover does.
    expect(o.state.cards.find((c) => c.id === 52)).toMatchObject({
      owner: 'Cosima',
      species: 'Lotto Ticket',
      modifiers: ['Sacrificial'],
      gained: ['Red', 'Hearts'],
    });
    expect(o.changes.filter((c) => c.event === 'Modifier' && c.change.startsWith('card #52 ')).map((c) => c.change)).toEqual([
      'card #52 (Lotto Ticket) gains the colour Red; Red Coating removed',
      'card #52 (Lotto Ticket) gains the suit Hearts; Hearts Insignia removed',
    ]);
  });

  // 70 %, 5 %, 10 %, 15 % are 14, 1, 2 and 3 twentieths: a d20 read in that order.
  it('scenario 7, the slot machine: a Chip goes in and one outcome is drawn by its chances; without a Chip nothing is drawn', () => {
    const o = done(act('explore yes', 'Cosima', only(7)));
    expect(who(o, 'Cosima').chips).toBe(3);
    expect(o.changes[0]!.reason.arithmetic).toMatch(
      /#2 d20=\d+ outcome \(Nothing 70%, One legendary card pack 5%, Two Deck packs 10%, Six already-opened packs 15%/,
    );
    const none = done(act('explore yes', 'Farah', only(7)));
    expect(none.changes[0]!.change).toContain('no Chip to put in');
  });

  it('scenario 13, the discount shop: option 1 “pay 6🝬 for a Handy Pack”', () => {
    const o = done(act('explore option 1', 'Cosima', only(13)));
    expect(who(o, 'Cosima')).toMatchObject({ vertebrae: 50, packs: { 'Already-opened Pack': 2, 'Handy Pack': 1 } });
  });

  it('scenario 14, the maze: “You may explore, then explore again.” — recorded as Exploration (maze), and a second exploration is allowed', () => {
    const o = done(act('explore', 'Cosima', only(14)));
    expect(o.text).toMatch(/\|Gift, Fusion, Exploration \(maze\)/);
    const again = done(act('explore', 'Cosima', only(14), o.text));
    expect(who(again, 'Cosima')).toMatchObject({ used: { Exploration: 2 }, mazes: 2 });
  });

  it('“Once per phase, each player may explore”: Alice, who explored this phase, is refused', () => {
    expect(refused(act('explore yes', 'Alice'))).toMatch(/Alice has explored 1 time\(s\) this phase/);
  });

  it("a player who takes Exploration out of Used this phase and deletes the bot's Exploration row has still explored: the bot's record holds the row", () => {
    const o = done(act('explore yes', 'Farah', only(7)));
    const row = o.text.split('\n').find((l) => l.includes('|| Exploration || Farah ||'))!;
    // Farah's Used this phase, the 12th of her cells (a line each).
    const lines = o.text.replace(`|-\n${row}\n`, '').split('\n');
    const used = lines.indexOf('|Farah') + 11;
    expect(lines[used]).toMatch(/Exploration/);
    lines[used] = lines[used]!.replace(/,? ?Exploration\b/, '').replace(/^\|\s*$/, '| -');
    const wiped = lines.join('\n');
    expect(who({ ...o, state: readGamestate(wiped, 'G', ruleset) }, 'Farah').used.Exploration ?? 0).toBe(0);
    expect(refused(act('explore yes', 'Farah', only(7), wiped))).toBe('done'); // the page alone
    expect(refused(act('explore yes', 'Farah', only(7), wiped, undefined, `${row}\n`))).toMatch(
      /^Farah has explored 1 time\(s\) this phase \(Used this phase, or the Exploration rows of the bot's record\), and may explore 1 time\(s\)/,
    );
  });

  it('fusion: “destroy 9 Vertebrae then select 2 cards from their deck to fuse together, destroying both”', () => {
    expect(refused(act('fuse #5 #9', 'Bram'))).toBe("card #9 is Cosima's, not Bram's");
    expect(refused(act('fuse #45 #46', 'Kestrel'))).toMatch(/fusion costs 9 Vertebrae .*Kestrel has 3/);
    expect(refused(act('fuse #10 #11', 'Cosima'))).toMatch(/has fused this phase already/);
    const o = done(act('fuse #5 #6', 'Bram'));
    expect(o.state.cards.some((c) => c.id === 5 || c.id === 6)).toBe(false);
    expect(o.state.cards.find((c) => c.id === 52)).toMatchObject({ species: 'Amalgam', modifiers: ['Speedy'] });
    expect(who(o, 'Bram')).toMatchObject({ vertebrae: 8, used: { Removal: 2, Fusion: 1 } });
  });

  it("fusion: “value, suit and colour randomly taken from the two selected cards' respective properties” is the reading fusion-properties, named in the row", () => {
    const each = done(act('fuse #5 #6', 'Bram'));
    expect(each.changes[0]!.reason.arithmetic).toMatch(/^draws #1 d2=\d value from .*; #2 d2=\d suits from .*; #3 d2=\d colours from /);
    expect(each.changes[0]!.reason.readings).toEqual(['fusion-properties=each (default)']);
    const judge = new ChosenReadings(cycle16Readings, [
      { reading: 'fusion-properties', value: 'together', line: 1, by: 'Judge', at: new Date('2026-11-18T00:00:00Z') },
    ]);
    const together = done(act('fuse #5 #6', 'Bram', ruleset, PAGE, judge));
    // One d2 for the three: the Amalgam's value, suits and colours are all one card's.
    expect(together.changes[0]!.reason.arithmetic).toMatch(/^draws #1 d2=(\d) value, suits and colours from \(1: #5, 2: #6\)$/);
    expect(together.changes[0]!.reason.readings).toEqual(['fusion-properties=together (ruling by Judge, 2026-11-18 00:00)']);
  });
});
