import { describe, expect, test } from 'vitest';
import { advance } from '../../../../../src/games/cycle16/engine.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import type { Gamestate } from '../../../../../src/games/cycle16/gamestate/schema.ts';
import { rewardBattle } from '../../../../../src/games/cycle16/rules/battles.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';
import { battle, card, GAMESTATE, player, problemsOf, ruleset, state, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

// Issue 8 §2, points 3–9: rules the engine enforces on an edited example page — each either
// refuses the page (naming page, table, row and column, and editing nothing) or is applied as the
// rule says. docs/gamestate-format.md says which, per rule.

const PAGE = 'Cycle 16/Gamestate';
const read = (text: string) => readGamestate(text, PAGE, ruleset);
const run = (text: string, now: string) => cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text, revid: 1 }, { now: utc(now), trigger: 'cli' });
const byName = (s: Gamestate, name: string) => s.players.find((p) => p.name === name)!;
/** Adds rows at the end of the Gifts table (one cell a line, as the example page writes it). */
const withGifts = (text: string, ...gifts: [time: string, giver: string, receiver: string][]) => {
  // The table's end, and the bot's box around it once a run wrote History rows (src/games/shared/fit.ts).
  const end = text.includes('\n|}\n</div>\n\n== History ==') ? '\n|}\n</div>\n\n== History ==' : '\n|}\n\n== History ==';
  return replaceOnce(text, end, `${gifts.map(([t, g, r]) => `\n|-\n|${t}\n|${g}\n|${r}\n| -\n|recorded`).join('')}${end}`);
};
/** Adds a row at the end of the Battles table. */
const withBattle = (text: string, row: string) => replaceOnce(text, '|| - || - || - || - || declared\n|}', `|| - || - || - || - || declared\n|-\n${row}\n|}`);

describe('3 — gifts', () => {
  const ONCE = '“Once per phase, each player (the giver) may select one other player (the receiver) to receive a gift.”';

  test(`${ONCE}: a second gift by Alice in phase 4 is refused at its Giver cell, and nothing is granted`, () => {
    const text = withGifts(GAMESTATE, ['2026-11-17 10:00', 'Alice', 'Hollis'], ['2026-11-18 10:00', 'Alice', 'Jun']);
    expect(problemsOf(() => read(text))).toEqual([
      { message: `Alice already gave a gift in phase 4 (row 5, 2026-11-17 10:00): ${ONCE}`, location: { page: PAGE, table: 'Gifts', row: 6, column: 'Giver' } },
    ]);
    expect(problemsOf(() => run(text, '2026-11-18T20:00'))).toHaveLength(1);
    // One gift by Alice in phase 4 and one in phase 5 are two phases: both are read.
    expect(read(withGifts(GAMESTATE, ['2026-11-17 10:00', 'Alice', 'Hollis'], ['2026-11-19 10:00', 'Alice', 'Jun'])).gifts).toHaveLength(6);
  });

  test('“select one other player (the receiver)”: a gift to Lior at 13:00, before he joined at 14:00, is refused at its Receiver cell', () => {
    const text = replaceOnce(GAMESTATE, '|2026-11-18 15:20\n|Cosima\n|Lior', '|2026-11-18 13:00\n|Cosima\n|Lior');
    expect(problemsOf(() => read(text))).toEqual([
      {
        message: `Lior joined at 2026-11-18 14:00, after the gift of 2026-11-18 13:00: giver and receiver must be players at the gift's time (${ONCE})`,
        location: { page: PAGE, table: 'Gifts', row: 4, column: 'Receiver' },
      },
    ]);
  });

  test("“If the receiver is inactive, then the gift contains 2 additional Already-opened packs.”: a gift of phase 4 recorded after the rollover uses the receiver's status in phase 4 (from the History), not today's", () => {
    // The rollover to phase 5 makes Jun inactive (no action in phase 4; History row "Inactivity, Jun, active → inactive" in phase 5).
    const phase5 = run(GAMESTATE, '2026-11-19T00:00').text;
    expect(byName(read(phase5), 'Jun').status).toBe('inactive');
    // Hollis's gift to Jun on Wednesday (phase 4, Jun still active) is written up on Thursday.
    const late = withGifts(phase5, ['2026-11-18 10:30', 'Hollis', 'Jun']);
    const r = run(late, '2026-11-19T01:00');
    const gift = r.result.changes.find((c) => c.event === 'Gift' && c.player === 'Jun')!;
    // Jun holds 3 cards (#31 went to Cosima with battle 2's bets): base 1 + 1 (fewer than 10 cards), no +2: active in phase 4.
    expect(gift).toMatchObject({
      phase: 4,
      reason: { arithmetic: 'base 1 + 1 (receiver has fewer than 10 cards) = 2', inputs: { 'receiver status': 'active' } },
    });
    expect(byName(r.result.state, 'Jun').packs).toEqual({ 'Already-opened Pack': 1 + 2 });
  });

  test("a late gift whose phase the page's History no longer covers (archived) is refused at its Packs cell: the editor writes the packs", () => {
    // The example page's History has the rollovers into phases 4 and 5 (statuses known from phase 3 on); Hollis's gift to Jun of Wednesday 11 November was in phase 2.
    const text = withGifts(run(GAMESTATE, '2026-11-19T00:00').text, ['2026-11-11 10:00', 'Hollis', 'Jun']);
    const [problem] = problemsOf(() => read(text));
    expect(problem).toMatchObject({ location: { table: 'Gifts', row: 5, column: 'Packs' } });
    expect(problem!.message).toMatch(
      /^Jun's status in phase 2, the gift's phase, is not on this page \(its History records statuses from phase 3 on\): write the gift's packs in Packs/,
    );
    expect(read(replaceOnce(text, '|Jun\n| -\n|recorded', '|Jun\n|2\n|recorded')).gifts).toHaveLength(5);
  });
});

describe('4 — battles', () => {
  const DECLARE =
    '“During a Rest Phase, a player may state their intention to engage in Battle in the next phase … They may only do so if they have at least 4 cards in their inventory.”';

  test(`${DECLARE}: a battle for phase 6, a Rest Phase, is refused at its Phase cell`, () => {
    const text = replaceOnce(GAMESTATE, '| 3 || 5 || Bram (4)', '| 3 || 6 || Bram (4)');
    expect(problemsOf(() => read(text))).toEqual([
      { message: `phase 6 is a Rest Phase, not a Battle Phase: ${DECLARE}`, location: { page: PAGE, table: 'Battles', row: 3, column: 'Phase' } },
    ]);
  });

  test('“a player may state their intention to engage in Battle”: a participant listed twice is refused', () => {
    const text = replaceOnce(GAMESTATE, 'Bram (4), Eun-ji (4), Kestrel (6)', 'Bram (4), Kestrel (6), Bram (4)');
    expect(problemsOf(() => read(text))).toEqual([
      { message: 'Bram is listed twice among the participants', location: { page: PAGE, table: 'Battles', row: 3, column: 'Participants (hand)' } },
    ]);
  });

  test(`${DECLARE} — “a duplicate of all the cards in their inventory is made into their deck”: seen in the Rest Phase, Ines (2 cards) and a hand of 5 for Alice (4 cards) are refused; nothing is written`, () => {
    const text = withBattle(GAMESTATE, '| 4 || 5 || Alice (5), Ines (4) || - || - || - || - || declared');
    const problems = problemsOf(() => run(text, '2026-11-18T20:00'));
    expect(problems.map((p) => [p.location.table, p.location.row, p.location.column, p.message])).toEqual([
      [
        'Battles',
        4,
        'Participants (hand)',
        expect.stringMatching(/^Alice's hand has 5 cards but their inventory holds 4: “a duplicate of all the cards in their inventory/),
      ],
      ['Battles', 4, 'Participants (hand)', `Ines has 2 cards in their inventory: ${DECLARE}`],
    ]);
    // First seen in the Battle Phase, the inventories may have changed since the declaration: only the hand sizes are checked.
    expect(run(text, '2026-11-19T00:00').result.state.battles[3]!.decks ?? null).toBeNull();
  });

  test("the example page: in its Rest Phase the declared battle 3 gets its decks recorded (inventories after battle 2's rewards), and a hand larger than a recorded deck is then refused", () => {
    const r = run(GAMESTATE, '2026-11-18T20:00');
    // Bram owns #5–#8; Eun-ji #19, #20, #21, #51 (#17 is destroyed by battle 2, its 3rd); Kestrel #45–#50.
    expect(r.result.state.battles[2]!.decks).toEqual([
      { player: 'Bram', cards: 4 },
      { player: 'Eun-ji', cards: 4 },
      { player: 'Kestrel', cards: 6 },
    ]);
    expect(r.text).toContain('|| declared || Bram 4, Eun-ji 4, Kestrel 6');
    expect(r.result.changes.find((c) => c.event === 'Battle declared')!.change).toBe('battle 3: decks Bram 4, Eun-ji 4, Kestrel 6');
    expect(run(r.text, '2026-11-18T21:00').result.changes).toEqual([]);
    const [problem] = problemsOf(() => read(replaceOnce(r.text, 'Kestrel (6)', 'Kestrel (7)')));
    expect(problem).toMatchObject({ location: { table: 'Battles', row: 3, column: 'Participants (hand)' } });
    expect(problem!.message).toMatch(/^Kestrel's hand has 7 cards but their deck had 6/);
  });

  test('“The first participant to have zero cards in their hand wins”: a winner with 1 card in the final hand is refused', () => {
    const text = replaceOnce(GAMESTATE, 'Cosima 0, Eun-ji 3, Hollis 1, Jun 1 || Cosima', 'Cosima 1, Eun-ji 3, Hollis 1, Jun 1 || Cosima');
    expect(problemsOf(() => read(text))).toEqual([
      {
        message: 'the winner Cosima has 1 cards left in their final hand: “The first participant to have zero cards in their hand wins.”',
        location: { page: PAGE, table: 'Battles', row: 2, column: 'Final hands' },
      },
    ]);
  });

  test("“Fragile cards can only be used in 3 battles”: a card listed twice in one battle's Fragile cards played that battle once", () => {
    const s = state({ phaseNumber: 1, players: [player('A'), player('B')], cards: [card(27, 'B', 'Jester', { modifiers: ['Fragile'], battles: 1 })] });
    const b = battle({
      status: 'commenced',
      participants: [
        { player: 'A', cards: 4 },
        { player: 'B', cards: 4 },
      ],
      finalHands: [
        { player: 'A', cards: 0 },
        { player: 'B', cards: 2 },
      ],
      winner: 'A',
      fragile: [27, 27],
    });
    const changes = rewardBattle(s, ruleset, b, utc('2026-11-08T12:00'), 1);
    expect(s.cards[0]!.battles).toBe(2);
    expect(changes.filter((c) => c.event === 'Fragile')).toHaveLength(1);
  });
});

describe('5 — activity', () => {
  const JOIN = '“All players are active in the phase they join the game.”';

  test(`${JOIN}: Lior, who joined in phase 4 and is written "inactive", is active — and Cosima's gift to him counts no +2`, () => {
    const text = replaceOnce(
      GAMESTATE,
      '|Lior\n|2026-11-18 14:00\n| -\n| -\n|2026-11-18 16:05\n|active',
      '|Lior\n|2026-11-18 14:00\n| -\n| -\n|2026-11-18 16:05\n|inactive',
    );
    const r = run(text, '2026-11-18T20:00');
    expect(byName(r.result.state, 'Lior')).toMatchObject({ status: 'active', packs: { 'Already-opened Pack': 1 + 1 } });
    expect(r.result.changes.find((c) => c.event === 'Inactivity')).toMatchObject({ player: 'Lior', change: 'inactive → active', phase: 4 });
  });

  test('“inactive if they performed no actions in the previous phase”: a Last action after the page was saved (and the run’s time) is refused at its cell when a boundary reads it; a run within the phase is not', () => {
    // Jun writes a Last action of next year: at every boundary he would count as having acted.
    const text = replaceOnce(GAMESTATE, '|30\n|2026-11-15 23:50\n|active', '|30\n|2027-11-15 23:50\n|active');
    expect(problemsOf(() => run(text, '2026-11-19T00:10'))).toEqual([
      {
        message:
          "Jun's last action 2027-11-15 23:50 is after 2026-11-19 00:10, when the page was saved (or the run's time, if later): the rollover to phase 5 marks inactive " +
          'who “performed no actions in the previous phase”, ' +
          'and an action that has not happened yet cannot count. Write the time they last acted, in UTC',
        location: { page: PAGE, table: 'Players', row: 10, column: 'Last action (UTC)' },
      },
    ]);
    expect(run(text, '2026-11-18T20:00').result.state.phase.number).toBe(4);
    // A manual rollover decides the same.
    expect(
      problemsOf(() =>
        cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text, revid: 1 }, { now: utc('2026-11-18T20:00'), trigger: 'cli', force: { by: 'Judge' } }),
      ),
    ).toHaveLength(1);
  });

  test('“inactive if they performed no actions in the previous phase”: with the cycle starting Wednesday 12:00, an action at 09:00 that day counts as one of phase 0 (the docs: instants before the cycle start count as phase 0)', () => {
    const s = state({
      players: [player('Early', { joined: utc('2026-11-03T12:00'), lastAction: utc('2026-11-04T09:00') }), player('Idle', { joined: utc('2026-11-03T12:00') })],
    });
    s.phase.cycleStart = utc('2026-11-04T12:00');
    const r = advance(ruleset, s, { now: utc('2026-11-05T00:00') });
    expect(r.state.phase.number).toBe(1);
    expect(r.state.players.map((p) => [p.name, p.status])).toEqual([
      ['Early', 'active'],
      ['Idle', 'inactive'],
    ]);
  });
});

describe('6 — reputability', () => {
  test("“continuously been a player for the previous seven days”: a hand-written Reputable since without “(declared)” must be the rule's time", () => {
    const text = replaceOnce(GAMESTATE, '|Hollis\n|2026-11-10 12:00\n|2026-11-17 12:00', '|Hollis\n|2026-11-10 12:00\n|2026-11-16 12:00');
    const [problem, ...rest] = problemsOf(() => read(text));
    expect(rest).toEqual([]);
    expect(problem!.location).toEqual({ page: PAGE, table: 'Players', row: 8, column: 'Reputable since (UTC)' });
    expect(problem!.message).toMatch(
      /^Hollis became reputable by the rule at 2026-11-17 12:00 \(seven days after joining: .*\), not 2026-11-16 12:00: write the rule's time, or "2026-11-16 12:00 \(declared\)"/,
    );
    // Marked as a declaration, it is read.
    expect(read(replaceOnce(text, '|2026-11-16 12:00\n', '|2026-11-16 12:00 (declared)\n')).players[7]!.declared).toBe(true);
  });

  test('“If two reputable players publicly declare that an unreputable player … is reputable”: a declaration dated before Kestrel joined is refused', () => {
    const text = replaceOnce(GAMESTATE, '|2026-11-17 10:00 (declared)', '|2026-11-13 10:00 (declared)');
    const [problem] = problemsOf(() => read(text));
    expect(problem).toMatchObject({ location: { table: 'Players', row: 11, column: 'Reputable since (UTC)' } });
    expect(problem!.message).toMatch(/^Kestrel is declared reputable at 2026-11-13 10:00, before joining at 2026-11-14 11:00/);
  });
});

describe('7 — card removal', () => {
  test('“The card is removed and destroyed from their inventory and they receive 1 vertebrae.”: Bram\'s two removals give him 2 Vertebrae at once, recorded in "Removals granted", once', () => {
    const r = run(GAMESTATE, '2026-11-18T20:00');
    expect(byName(r.result.state, 'Bram')).toMatchObject({ vertebrae: 17 + 2 * 1, removalsGranted: 2, used: { Removal: 2 } });
    expect(r.result.changes.find((c) => c.event === 'Card removal')).toMatchObject({
      player: 'Bram',
      phase: 4,
      at: utc('2026-11-18T20:00'),
      reason: { arithmetic: '2 × 1 = 2' },
    });
    expect(r.text).toContain('!Used this phase\n!Removals granted\n');
    // Granted once: the next run has nothing to do, and the rollover clears both cells without granting again.
    expect(run(r.text, '2026-11-18T21:00').result.changes).toEqual([]);
    const next = run(r.text, '2026-11-19T00:00');
    expect(byName(next.result.state, 'Bram')).toMatchObject({ vertebrae: 19, used: {}, removalsGranted: 0 });
    expect(next.result.changes.filter((c) => c.event === 'Card removal')).toEqual([]);
    // A third removal is over the limit; fewer removals than already granted is refused (the Vertebrae are out).
    const third = replaceOnce(r.text, '|Removal ×2\n| 2', '|Removal ×3\n| 2');
    expect(problemsOf(() => read(third))[0]!.message).toMatch(/Removal 3 times; the rules allow 2 per Rest Phase/);
    const fewer = replaceOnce(r.text, '|Removal ×2\n| 2', '|Removal\n| 2');
    expect(problemsOf(() => read(fewer))[0]).toMatchObject({ location: { table: 'Players', row: 2, column: 'Used this phase' } });
  });

  test('“…and they receive 1 vertebrae”: removals found only after the phase ended (a catch-up) are granted within their phase, before the rollover clears them', () => {
    const r = run(GAMESTATE, '2026-11-19T00:00');
    expect(byName(r.result.state, 'Bram')).toMatchObject({ vertebrae: 17 + 2, used: {} });
    expect(r.result.changes.find((c) => c.event === 'Card removal')).toMatchObject({ player: 'Bram', phase: 4, at: utc('2026-11-18T23:59') });
    expect(r.text).not.toContain('Removals granted');
  });
});

describe('8 — exploring twice', () => {
  test('“You may explore, then explore again.”: Alice\'s "Exploration ×2 (maze)" is read and cleared at the rollover; a second exploration without the maze is refused', () => {
    const maze = replaceOnce(GAMESTATE, '|0\n| -\n|Exploration\n|-\n|Bram', '|0\n| -\n|Exploration ×2 (maze)\n|-\n|Bram');
    expect(byName(read(maze), 'Alice')).toMatchObject({ used: { Exploration: 2 }, mazes: 1 });
    expect(byName(run(maze, '2026-11-19T00:00').result.state, 'Alice').used).toEqual({});
    const twice = replaceOnce(GAMESTATE, '|0\n| -\n|Exploration\n|-\n|Bram', '|0\n| -\n|Exploration ×2\n|-\n|Bram');
    const [problem] = problemsOf(() => read(twice));
    expect(problem).toMatchObject({ location: { table: 'Players', row: 1, column: 'Used this phase' } });
    expect(problem!.message).toMatch(/^Alice used Exploration 2 times; the rules allow 1 per phase .*write "Exploration ×2 \(maze\)"/);
  });
});

describe('9 — items of someone who is not a player', () => {
  const RULE = '“if it would be owned by a non-player, it is instead destroyed”';

  test(`${RULE}: Kestrel's card #47 handed to Quinn, who is not a player, is destroyed with a History row; the rest of the page is applied`, () => {
    const text = replaceOnce(GAMESTATE, '| 47 || Kestrel || 5 ||', '| 47 || Quinn || 5 ||');
    const r = run(text, '2026-11-19T00:00');
    expect(r.result.state.cards.some((c) => c.id === 47)).toBe(false);
    expect(r.text).not.toContain('| 47 || Quinn');
    expect(r.result.changes.find((c) => c.event === 'Destroyed')).toMatchObject({ player: 'Quinn', change: 'card #47 (5) destroyed: Quinn is not a player' });
    expect(r.result.state.phase.number).toBe(5);
  });

  test(`${RULE} — but a name two letters from a player's ("Kestrl") is a typo, refused at the Owner cell, never destroyed`, () => {
    const [problem] = problemsOf(() => read(replaceOnce(GAMESTATE, '| 47 || Kestrel || 5 ||', '| 47 || Kestrl || 5 ||')));
    expect(problem).toMatchObject({ location: { table: 'Cards', column: 'Owner' } });
    expect(problem!.message).toMatch(/^"Kestrl" is not a player in the Players table, and is close to "Kestrel"/);
  });
});
