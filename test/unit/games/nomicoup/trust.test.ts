// The inventory of docs/gamestate-format-nomicoup.md, line by line: the example page with one edit that
// breaks a rule, as a careless or cheating editor would make it. Each is refused at its cell (no edit) or
// handled as the rule says, with a History row quoting it.
import { describe, expect, test } from 'vitest';
import { computeRollover } from '../../../../src/jobs/rollover.ts';
import { advance } from '../../../../src/games/nomicoup/advance.ts';
import { defaultReadings } from '../../../../src/games/nomicoup/readings.ts';
import type { NomicoupState } from '../../../../src/games/nomicoup/gamestate/schema.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { describeLocation } from '../../../../src/parse/location.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { at, HOUR, player, ruleset, started, state } from './build.ts';

const PAGE = fixture('nomicoup', 'gamestate');
const game = { id: 'nomicoup', gamestate: 'Nomicoup/Gamestate' };
const roll = (text: string, now: string) => computeRollover(ruleset, game, { text, revid: 1 }, { now: at(now), trigger: 'test' });
const run = (s: ReturnType<typeof state>, now: string) => advance(ruleset, s, { now: at(now), game: 'nomicoup', readings: defaultReadings() });

/** The page with `from` replaced by `to` (which must be there: a test of an edit that did not happen proves nothing). */
function edited(from: string, to: string, text = PAGE): string {
  if (!text.includes(from)) throw new Error(`the page has no "${from}"`);
  return text.replace(from, to);
}

/** The refusal of a run: each problem as "<location>: <message>"; fails if the run gives a page. */
function refusal(text: string, now = '2026-11-18 09:00'): string[] {
  try {
    roll(text, now);
  } catch (err) {
    if (!(err instanceof GamestateError)) throw err;
    return err.problems.map((p) => `${describeLocation(p.location)}: ${p.message}`);
  }
  throw new Error('the page was accepted');
}

const TURN_1 = '| 1 || 1 || Alice || 2026-11-16 12:00 || 2026-11-17 09:30 || Income';
const TURN_2 = '| 2 || 1 || Bram || 2026-11-17 09:30 || - || -';
const ALICE = '| 1 || Alice || 2026-11-16 12:00 || 3 || 2 || - || 0 ||';
const BRAM = '| 2 || Bram || 2026-11-16 12:00 || 2 || 2 || - || 0 ||';
const PROPOSITION = '| 1 || Alice || 2026-11-17 08:00 || 2026-11-20 08:00 || 1 || 0 || 0 || active';
const CASE = '| 1 || 2026-11-16 20:00 || Bram || 2026-11-16 20:00 || 2026-11-17 10:00 || 1 || 0 || open';
const GAME = '| 2026-11-16 12:00 || 1 || 2 || Bram || 2026-11-17 09:30 || 2026-11-19 09:30 || - || 43 || 10 || Bram || - || -';

describe('3 Turns: "ends after they have performed an action, pass their turn or 48 hours have passed, whichever occurs first"', () => {
  test('a timeout written before the 48 hours passed is refused at its Ended cell', () => {
    expect(refusal(edited(TURN_1, '| 1 || 1 || Alice || 2026-11-16 12:00 || 2026-11-17 09:30 || timeout'))).toEqual([
      expect.stringMatching(
        /^page "Nomicoup\/Gamestate", table "Turns", row 1, column "Ended \(UTC\)": turn 1 is written as timed out at 2026-11-17 09:30, but its 48 hours end at 2026-11-18 12:00 \(3 Turns: ".*48 hours have passed, whichever occurs first\."\)$/,
      ),
    ]);
  });

  test('an action written on an earlier turn after its 48 hours is refused (a later turn already began)', () => {
    const page = edited(
      TURN_2,
      '| 2 || 1 || Bram || 2026-11-18 13:00 || - || -',
      edited(TURN_1, '| 1 || 1 || Alice || 2026-11-16 12:00 || 2026-11-18 13:00 || Income'),
    );
    expect(refusal(page, '2026-11-18 14:00')).toContainEqual(
      expect.stringContaining(
        'row 1, column "Ended (UTC)": turn 1 is written as ended by Income at 2026-11-18 13:00, after its 48 hours had passed at 2026-11-18 12:00',
      ),
    );
  });

  test('an action written on the current turn after its 48 hours is void: the turn timed out at 48 hours, with a History row quoting rule 3', () => {
    const c = roll(edited(TURN_2, '| 2 || 1 || Bram || 2026-11-17 09:30 || 2026-11-19 10:00 || Income'), '2026-11-19 11:00');
    expect(c.text).toContain('| 2 || 1 || Bram || 2026-11-17 09:30 || 2026-11-19 09:30 || timeout');
    expect(c.text).toContain('| 3 || 1 || Cosima || 2026-11-19 09:30 ||');
    const row = c.result.changes.find((x) => x.event === 'Turn timeout')!;
    expect(row.change).toContain('Income at 2026-11-19 10:00, after them, is void');
    expect(row.reason.rule).toContain('48 hours have passed, whichever occurs first');
  });

  test('a turn given to the wrong seat (Cosima instead of Bram) is refused: the bot begins each turn, and its History says Bram', () => {
    expect(refusal(edited(TURN_2, '| 2 || 1 || Cosima || 2026-11-17 09:30 || - || -'))).toContainEqual(
      expect.stringMatching(
        /table "Turns", row 2, column "Player": turn 2 \(round 1, Cosima, 2026-11-17 09:30\) is not a turn the bot began.*\(3 Turns: "Players take turns according to the turn order\."\)/,
      ),
    );
  });

  test('a turn row written by hand after the current one is refused at its Player cell', () => {
    const page = edited(TURN_2, `| 2 || 1 || Bram || 2026-11-17 09:30 || 2026-11-17 12:00 || Tax\n|-\n| 3 || 1 || Alice || 2026-11-17 12:00 || - || -`);
    expect(refusal(page, '2026-11-17 13:00')).toContainEqual(
      expect.stringContaining('row 3, column "Player": turn 3 (round 1, Alice, 2026-11-17 12:00) is not a turn the bot began'),
    );
  });

  test('a runaway page (a game start centuries ago: more than 100,000 turns timed out) is refused at its Start cell, nothing applied', () => {
    const s = started({ page: 'Nomicoup/Gamestate' });
    s.game.start = at('1226-11-16 12:00');
    s.turns[0]!.began = s.game.start;
    s.game.began = s.game.start;
    s.game.ends = new Date(s.game.start.getTime() + 48 * HOUR);
    for (const p of s.players) p.joined = s.game.start;
    let error: unknown;
    try {
      run(s, '2026-11-18 09:00');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(GamestateError);
    const [problem] = (error as GamestateError).problems;
    expect(problem!.location).toEqual({ page: 'Nomicoup/Gamestate', table: 'Game', row: 1, column: 'Start (UTC)' });
    expect(problem!.message).toMatch(
      /^more than 100,000 events are due between turn 1 and 2026-11-18 09:00 \(the next: turn \d+ times out at .*check the game start$/,
    );
  });

  test("a turn ended after the run's time is refused at its Ended cell", () => {
    expect(refusal(edited(TURN_2, '| 2 || 1 || Bram || 2026-11-17 09:30 || 2026-11-18 10:00 || Income'), '2026-11-18 09:00')).toEqual([
      'page "Nomicoup/Gamestate", table "Turns", row 2, column "Ended (UTC)": turn 2 ended at 2026-11-18 10:00 is after the run\'s time 2026-11-18 09:00: a page cannot record what has not happened',
    ]);
  });

  test('a turn that begins at another time than the previous one ended is refused at its Began cell', () => {
    expect(refusal(edited(TURN_2, '| 2 || 1 || Bram || 2026-11-17 11:00 || - || -'))).toContainEqual(
      expect.stringContaining('row 2, column "Began (UTC)": turn 2 began at 2026-11-17 11:00, but turn 1 ended at 2026-11-17 09:30'),
    );
  });

  test('a turn that skips a round is refused at its Round cell', () => {
    expect(refusal(edited(TURN_2, '| 2 || 3 || Bram || 2026-11-17 09:30 || - || -'))).toContainEqual(
      expect.stringContaining('row 2, column "Round": turn 2 is in round 3, after a turn of round 1'),
    );
  });

  test('4.4 "On a player\'s turn they may take one action": a turn ended by something that is no action of the Ruleset is refused at its Ended by cell', () => {
    expect(refusal(edited(TURN_1, '| 1 || 1 || Alice || 2026-11-16 12:00 || 2026-11-17 09:30 || Teleport'))).toEqual([
      expect.stringMatching(
        /row 1, column "Ended by": turn 1 is ended by "Teleport", which is no action of the Ruleset, nor a pass \(4\.4 Coup \/ Actions: "On a player's turn they may take one action\."\)$/,
      ),
    ]);
  });

  test('4.4 "If a player starts their turn with 10 or more credits, they *must* perform the Coup action": a flagged turn ended by Income is refused; by a pass (3.3 "This overrides anything that would normally be required") it is not', () => {
    const flagged = edited(GAME, GAME.replace('|| 2026-11-19 09:30 || - ||', '|| 2026-11-19 09:30 || yes ||'));
    expect(refusal(edited(TURN_2, '| 2 || 1 || Bram || 2026-11-17 09:30 || 2026-11-17 12:00 || Income', flagged))).toEqual([
      expect.stringMatching(
        /row 2, column "Ended by": Bram started turn 2 with Forced Coup, but it is ended by Income: only a Coup or a pass may end it .*they \*must\* perform the Coup action/,
      ),
    ]);
    const passed = roll(edited(TURN_2, '| 2 || 1 || Bram || 2026-11-17 09:30 || 2026-11-17 12:00 || pass', flagged), '2026-11-17 13:00');
    expect(passed.text).toContain('| 3 || 1 || Cosima || 2026-11-17 12:00 ||');
  });

  test('a turn of a player who joined after it began is refused at its Player cell', () => {
    expect(refusal(edited(BRAM, '| 2 || Bram || 2026-11-17 10:00 || 2 || 2 || - || 0 ||'))).toContainEqual(
      expect.stringContaining('row 2, column "Player": Bram\'s turn 2 began at 2026-11-17 09:30, before they joined at 2026-11-17 10:00'),
    );
  });
});

describe('2.3 Exiting and 3.1.1 Changing order', () => {
  test('a player who left before joining is refused at the Left cell', () => {
    expect(
      refusal(
        edited(
          '| 3 || Cosima || 2026-11-16 12:00 || 2 || 2 || - || 0 || yes || active || -',
          '| 3 || Cosima || 2026-11-16 12:00 || 2 || 2 || - || 0 || yes || forfeited || 2026-11-15 12:00',
        ),
      ),
    ).toContainEqual(
      expect.stringContaining('column "Left (UTC)": Cosima left at 2026-11-15 12:00, before joining at 2026-11-16 12:00 (2.3 Players / Exiting'),
    );
  });

  test('3.1.1 "the change comes into effect at the beginning of the next round": an order change written applied that the bot never applied is refused at its Applied cell', () => {
    expect(refusal(edited('| 2026-11-17 08:00 || Cosima, Alice, Bram || -', '| 2026-11-17 08:00 || Cosima, Alice, Bram || 1'))).toEqual([
      expect.stringMatching(
        /table "Upcoming Order", row 1, column "Applied \(round\)": the order change adopted at 2026-11-17 08:00 is written applied in round 1, but the bot never applied it/,
      ),
    ]);
  });
});

describe('5 Propositions', () => {
  test('5.3.3 "Each eligible voter may cast exactly one vote per proposition": three votes from two eligible voters are refused, not adopted', () => {
    expect(refusal(edited(PROPOSITION, '| 1 || Alice || 2026-11-17 08:00 || 2026-11-20 08:00 || 3 || 0 || 0 || active'))).toEqual([
      expect.stringMatching(
        /^page "Nomicoup\/Gamestate", table "Propositions", row 1, column "Up": proposition 1 has 3 votes \(3 up, 0 down, 0 right\) from 2 eligible voters \(5\.3\.3 .*Each eligible voter may cast exactly one vote per proposition/,
      ),
    ]);
  });

  test('a proposition written adopted that the bot never closed is refused at its Status cell', () => {
    expect(refusal(edited(PROPOSITION, '| 1 || Alice || 2026-11-17 08:00 || 2026-11-20 08:00 || 1 || 0 || 0 || adopted'))).toContainEqual(
      expect.stringContaining('row 1, column "Status": proposition 1 is written adopted, but the bot never closed it'),
    );
  });

  test('"A player may submit a proposition": one posted before its proponent joined is refused; one posted after the run too', () => {
    expect(refusal(edited(PROPOSITION, '| 1 || Bram || 2026-11-16 08:00 || - || 1 || 0 || 0 || active'))).toContainEqual(
      expect.stringContaining('column "Proponent": Bram posted proposition 1 at 2026-11-16 08:00, before joining at 2026-11-16 12:00'),
    );
    expect(refusal(edited(PROPOSITION, '| 1 || Alice || 2026-11-18 10:00 || - || 1 || 0 || 0 || active'))).toContainEqual(
      expect.stringContaining('column "Posted (UTC)": proposition 1 was posted at 2026-11-18 10:00 is after the run\'s time'),
    );
  });

  test("5.4 a majority the page shows is closed at the page's time, not the run's: runs an hour or a day later write the same row", () => {
    const page = edited(PROPOSITION, '| 1 || Alice || 2026-11-17 08:00 || 2026-11-20 08:00 || 2 || 0 || 0 || active');
    const early = roll(page, '2026-11-17 12:00').result.changes.find((c) => c.event === 'Proposition')!;
    const late = roll(page, '2026-11-18 11:00').result.changes.find((c) => c.event === 'Proposition')!;
    expect([early.at, late.at]).toEqual([at('2026-11-17 09:30'), at('2026-11-17 09:30')]); // the page's latest History row
    expect(early.change).toBe('proposition 1 adopted');
  });
});

describe('6 Clarifications: "A player cannot be chosen as the Judge two times in a row."', () => {
  test('a Judge written by hand for a new case (Bram again) is refused at its Judge cell: the bot draws the Judge', () => {
    const page = edited(CASE, `${CASE}\n|-\n| 2 || 2026-11-17 12:00 || Bram || 2026-11-17 12:00 || - || 0 || 0 || open`);
    expect(refusal(page)).toEqual([
      expect.stringMatching(
        /table "Judge", row 2, column "Judge": Bram is written as the Judge of case 2 chosen at 2026-11-17 12:00, but no draw of the bot chose them then.*A player cannot be chosen as the Judge two times in a row\./,
      ),
    ]);
  });

  test('the same player as Judge and Previous Judge is refused at the Previous Judge cell', () => {
    expect(refusal(edited(GAME, GAME.replace('|| Bram || - || -', '|| Bram || Bram || -')))).toEqual([
      expect.stringContaining('table "Game", row 1, column "Previous Judge": Bram is both the Judge and the Previous Judge (6.1'),
    ]);
  });

  test("a Judge chosen after the run's time is refused at its Chosen cell", () => {
    expect(refusal(edited(CASE, '| 1 || 2026-11-16 20:00 || Bram || 2026-11-18 20:00 || - || 0 || 0 || open'))).toContainEqual(
      expect.stringContaining('column "Chosen (UTC)": case 1\'s Judge was chosen at 2026-11-18 20:00 is after the run\'s time 2026-11-18 09:00'),
    );
  });

  test('6.3 "all players may vote": more votes than players, and a suggestion before the Judge was chosen, are refused', () => {
    expect(refusal(edited(CASE, '| 1 || 2026-11-16 20:00 || Bram || 2026-11-16 20:00 || 2026-11-17 10:00 || 3 || 1 || open'))).toContainEqual(
      expect.stringContaining('column "Up": case 1 has 4 votes from 3 players'),
    );
    expect(refusal(edited(CASE, '| 1 || 2026-11-16 20:00 || Bram || 2026-11-16 20:00 || 2026-11-16 19:00 || 1 || 0 || open'))).toContainEqual(
      expect.stringContaining('column "Suggested (UTC)": case 1\'s suggestion (2026-11-16 19:00) is before its Judge was chosen'),
    );
  });
});

describe('What players hold: "each player is dealt 2 cards"; "there is 3 cards of each character initially in the Court Deck"', () => {
  test('three influence is refused at the Influence cell', () => {
    expect(refusal(edited(ALICE, '| 1 || Alice || 2026-11-16 12:00 || 3 || 3 || - || 0 ||'))).toEqual([
      expect.stringMatching(/table "Players", row 1, column "Influence": Alice holds 3 influence and 0 revealed cards.*each player is dealt 2 cards secretly/),
    ]);
  });

  test('a fourth Duke revealed (the deck has 3) is refused at the Revealed cell of the player holding it', () => {
    const page = edited(
      BRAM,
      '| 2 || Bram || 2026-11-16 12:00 || 2 || 0 || Duke, Duke || 0 ||',
      edited(ALICE, '| 1 || Alice || 2026-11-16 12:00 || 3 || 0 || Duke, Duke || 0 ||'),
    );
    expect(refusal(page)).toEqual([
      expect.stringMatching(
        /table "Players", row 2, column "Revealed": 4 Duke cards are revealed, but the Court Deck has 3 \(4\.6 .*there is 3 cards of each character initially in the Court Deck/,
      ),
    ]);
  });

  test('a card that is no character is refused', () => {
    expect(refusal(edited(ALICE, '| 1 || Alice || 2026-11-16 12:00 || 3 || 1 || Joker || 0 ||'))).toContainEqual(
      expect.stringContaining('column "Revealed": "Joker" is not a character of the Ruleset'),
    );
  });
});

describe('cells the bot keeps are recomputed every run; a hand edit is named, not believed', () => {
  test('a Treasury written 40 is rewritten 43 (50 minus 7 held) with a History row naming the cell and both values', () => {
    const c = roll(edited(GAME, GAME.replace('|| 43 ||', '|| 40 ||')), '2026-11-18 09:00');
    expect(c.text).toContain(GAME);
    const row = c.result.changes.find((x) => x.event === 'Recomputed')!;
    expect(row.change).toBe('Game Treasury: the page said 40; its inputs give 43 (a cell the bot keeps)');
    expect(row.reason.rule).toContain('There are a total of 50 credits in the game.');
  });

  test("a Judge cell edited by hand (Alice) is put back to the Judge the History's last draw chose (Bram): the next draw still cannot choose Bram", () => {
    const c = roll(edited(GAME, GAME.replace('|| 10 || Bram || - ||', '|| 10 || Alice || - ||')), '2026-11-18 09:00');
    expect(c.text).toContain(GAME);
    expect(c.result.changes.map((x) => x.change)).toEqual(['Game Judge: the page said Alice; its inputs give Bram (a cell the bot keeps)']);
  });

  test('a Current turn and a Turn ends edited by hand are put back from the Turns table', () => {
    const c = roll(
      edited(GAME, GAME.replace('|| Bram || 2026-11-17 09:30 || 2026-11-19 09:30 ||', '|| Cosima || 2026-11-17 09:30 || 2026-11-25 09:30 ||')),
      '2026-11-18 09:00',
    );
    expect(c.text).toContain(GAME);
    expect(c.result.changes.map((x) => x.change)).toEqual([
      'Game Current turn: the page said Cosima; its inputs give Bram (a cell the bot keeps)',
      'Game Turn ends (UTC): the page said 2026-11-25 09:30; its inputs give 2026-11-19 09:30 (a cell the bot keeps)',
    ]);
  });
});

describe('4.3 Starting: "Each player is given 2 credits from the Treasury. If there are only 2 players, the starting player instead receives 1 credit."', () => {
  const before = (players: ReturnType<typeof player>[]) => state({ players, game: { ...state().game, treasury: 50, courtDeck: 16 } });

  test('three players each get 2 credits and 2 cards when the game starts, with a Start row quoting 4.3', () => {
    const r = run(
      before([
        player('Alice', 1, { credits: 0, influence: 0 }),
        player('Bram', 2, { credits: 0, influence: 0 }),
        player('Cosima', 3, { credits: 0, influence: 0 }),
      ]),
      '2026-11-16 13:00',
    );
    expect(r.state.players.map((p) => [p.name, p.credits, p.influence])).toEqual([
      ['Alice', 2, 2],
      ['Bram', 2, 2],
      ['Cosima', 2, 2],
    ]);
    expect(r.state.game).toMatchObject({ treasury: 44, courtDeck: 10, current: 'Alice' });
    const row = r.changes.find((c) => c.event === 'Start')!;
    expect([row.at, row.change]).toEqual([at('2026-11-16 12:00'), 'the game starts: Alice 2 credits, Bram 2 credits, Cosima 2 credits; 2 cards each']);
    expect(row.reason.rule).toContain('If there are only 2 players, the starting player instead receives 1 credit.');
  });

  test('with only two players the starting player (seat 1) receives 1 credit, the other 2', () => {
    const r = run(before([player('Bram', 2, { credits: 0 }), player('Alice', 1, { credits: 0 })]), '2026-11-16 13:00');
    expect(r.state.players.map((p) => [p.name, p.credits])).toEqual([
      ['Bram', 2],
      ['Alice', 1],
    ]);
    expect(r.state.game.treasury).toBe(47);
  });

  test('credits written before the start are not believed: the start sets them, and its row names what the page said', () => {
    const r = run(
      before([player('Alice', 1, { credits: 9 }), player('Bram', 2, { credits: 0, influence: 0 }), player('Cosima', 3, { credits: 0, influence: 0 })]),
      '2026-11-16 13:00',
    );
    expect(r.state.players[0]!.credits).toBe(2);
    expect(r.changes.find((c) => c.event === 'Start')!.reason.inputs['written before the start']).toBe('Alice 9 credits, 2 influence');
  });

  test('nothing is given before the start instant', () => {
    const r = run(before([player('Alice', 1, { credits: 0, influence: 0 }), player('Bram', 2, { credits: 0, influence: 0 })]), '2026-11-16 11:59');
    expect(r.changes).toEqual([]);
  });
});

describe('4.8.1 Exile: "When a player has no influence, they are considered to have been exiled … they draw 2 new cards."', () => {
  test('Alice with no influence and two revealed cards is exiled: Exiles 1, her revealed cards back in the Court Deck, 2 new cards', () => {
    const c = roll(edited(ALICE, '| 1 || Alice || 2026-11-16 12:00 || 3 || 0 || Duke, Captain || 0 ||'), '2026-11-18 09:00');
    expect(c.text).toContain('| 1 || Alice || 2026-11-16 12:00 || 3 || 2 || - || 1 ||');
    const row = c.result.changes.find((x) => x.event === 'Exile')!;
    expect(row.change).toBe('Alice has no influence: exiled (1 time); Duke, Captain shuffled into the Court Deck; 2 new cards');
    expect(row.reason.rule).toContain('they draw 2 new cards');
    expect(roll(c.text, '2026-11-18 09:00').result.changes).toEqual([]);
  });

  test('a player who has not played yet in a game not started is not exiled (4.3 deals their cards)', () => {
    const r = run(state({ players: [player('Alice', 1, { influence: 0 }), player('Bram', 2)] }), '2026-11-16 11:00');
    expect(r.changes.filter((c) => c.event === 'Exile')).toEqual([]);
  });

  test('a started game: each exile counts once more', () => {
    const r = run(started({ players: [player('Alice', 1, { influence: 0, revealed: ['Duke', 'Duke'], exiles: 2 }), player('Bram', 2)] }), '2026-11-16 13:00');
    expect(r.state.players[0]).toMatchObject({ exiles: 3, influence: 2, revealed: [] });
  });
});

describe('Victory: a Winner with its Won time ends the game then; what fell due before is applied, nothing after', () => {
  const won = (winner: string, time: string) =>
    edited(
      GAME,
      GAME.replace(/\|\| Bram \|\| - \|\| -$/, `|| Bram || - || ${winner} || ${time}`),
      edited('!! Previous Judge !! Winner', '!! Previous Judge !! Winner !! Won (UTC)'),
    );

  test("Alice won at 2026-11-19 12:00 on a page the bot last saw on the 17th: Bram's timeout (09:30) is applied, the proposition's deadline (20th) is not, and the Victory row is dated 12:00", () => {
    const c = roll(won('Alice', '2026-11-19 12:00'), '2026-11-22 12:00');
    expect(c.result.changes.map((x) => [x.event, x.at])).toEqual([
      ['Turn timeout', at('2026-11-19 09:30')],
      ['Turn', at('2026-11-19 09:30')],
      ['Victory', at('2026-11-19 12:00')],
    ]);
    expect((c.result.state as NomicoupState).propositions[0]!.status).toBe('active');
    expect(c.result.changes.at(-1)!.reason.rule).toContain('the first player who is unable to complete a turn is the winner');
    expect(roll(c.text, '2026-11-25 12:00').result.changes).toEqual([]);
  });

  test('a Winner without a Won time: nothing is applied (the bot cannot know what was due before)', () => {
    expect(roll(edited(GAME, GAME.replace(/\|\| -$/, '|| Alice')), '2026-11-22 12:00').result.changes).toEqual([]);
  });

  test('a Won time after the run is refused at its cell', () => {
    expect(refusal(won('Alice', '2026-11-19 12:00'), '2026-11-19 11:00')).toEqual([
      expect.stringContaining('table "Game", row 1, column "Won (UTC)": the game was won at 2026-11-19 12:00 is after the run\'s time'),
    ]);
  });
});
