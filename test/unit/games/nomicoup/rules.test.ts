import { describe, expect, test } from 'vitest';
import { advance } from '../../../../src/games/nomicoup/advance.ts';
import { defaultReadings, NOMICOUP_READINGS } from '../../../../src/games/nomicoup/readings.ts';
import { ChosenReadings, ReadingDef } from '../../../../src/games/shared/readings.ts';
import { atTimeLimit, eligibleVoters, majority } from '../../../../src/games/nomicoup/rules/propositions.ts';
import { takeFromTreasury, treasuryOf } from '../../../../src/games/nomicoup/rules/treasury.ts';
import { effectedCredits } from '../../../../src/games/nomicoup/rules/credits.ts';
import { judgeCandidates, judgeSeed } from '../../../../src/games/nomicoup/rules/judge.ts';
import { Draws } from '../../../../src/sim/rng.ts';
import { at, HOUR, player, ruleset, started, state } from './build.ts';

const readings = defaultReadings();
const run = (s: ReturnType<typeof state>, now: string, r: ChosenReadings = readings) => advance(ruleset, s, { now: at(now), game: 'nomicoup', readings: r });
/** Readings as the Judge's lines on the Rulings page choose them. */
const chosen = (values: Record<string, string>): ChosenReadings =>
  new ChosenReadings(
    NOMICOUP_READINGS,
    Object.entries(values).map(([reading, value], i) => ({ reading, value, line: i + 1, by: 'Judge', at: new Date('2026-11-20T10:00Z') })),
  );

describe('3 Turns: "ends after they have performed an action, pass their turn or 48 hours have passed, whichever occurs first"', () => {
  test('the first turn begins at the game start with the first player in the turn order', () => {
    const r = run(state(), '2026-11-16 13:00');
    expect(r.state.turns).toEqual([{ number: 1, round: 1, player: 'Alice', began: at('2026-11-16 12:00'), ended: null, endedBy: null }]);
    expect(r.state.game.ends).toEqual(at('2026-11-18 12:00'));
  });

  test("a turn with no action for 48 hours ends at exactly 48 hours, and the next player's turn begins then", () => {
    const r = run(state(), '2026-11-18 12:00');
    expect(r.state.turns.map((t) => [t.player, t.ended, t.endedBy])).toEqual([
      ['Alice', at('2026-11-18 12:00'), 'timeout'],
      ['Bram', null, null],
    ]);
    expect(r.changes.find((c) => c.event === 'Turn timeout')!.reason.rule).toContain('48 hours have passed, whichever occurs first');
  });

  test('one minute before the 48 hours nothing times out', () => {
    const r = run(state(), '2026-11-18 11:59');
    expect(r.state.turns).toHaveLength(1);
    expect(r.due.next).toEqual(at('2026-11-18 12:00'));
  });

  test('a turn recorded as ended by an action gives the next player the turn from that instant', () => {
    const s = run(state(), '2026-11-16 13:00').state;
    s.turns[0]!.ended = at('2026-11-16 15:00');
    s.turns[0]!.endedBy = 'Income';
    const r = run(s, '2026-11-16 16:00');
    expect(r.state.turns[1]).toMatchObject({ number: 2, player: 'Bram', began: at('2026-11-16 15:00') });
  });

  test('the reading turn-begins=notified starts the next turn at the run that writes it, and says so', () => {
    const s = run(state(), '2026-11-16 13:00').state;
    s.turns[0]!.ended = at('2026-11-16 15:00');
    const r = run(s, '2026-11-16 16:00', chosen({ 'turn-begins': 'notified' }));
    expect(r.state.turns[1]!.began).toEqual(at('2026-11-16 16:00'));
    expect(r.changes.find((c) => c.event === 'Turn')!.reason.readings).toEqual(['turn-begins=notified (ruling by Judge, 2026-11-20 10:00)']);
  });

  test('missed timeouts are applied one after the other: 3 × 48 h later it is round 2 again with Alice', () => {
    const r = run(state(), '2026-11-22 12:00');
    expect(r.state.turns.map((t) => `${t.round}:${t.player}:${t.endedBy ?? '-'}`)).toEqual([
      '1:Alice:timeout',
      '1:Bram:timeout',
      '1:Cosima:timeout',
      '2:Alice:-',
    ]);
  });
});

describe('3.2 Rounds: "After the last player in the turn order ends their turn, a new round begins, starting with the first person in the turn order"', () => {
  test('after Cosima (the last seat) comes round 2 with Alice, with a New round row', () => {
    const r = run(state(), '2026-11-22 12:00');
    expect(r.state.game).toMatchObject({ round: 2, turn: 4, current: 'Alice' });
    expect(r.changes.filter((c) => c.event === 'New round').map((c) => c.change)).toEqual(['round 2 begins with Alice']);
  });

  test('3.1.1 "the change comes into effect at the beginning of the next round": an order adopted in round 1 applies at round 2', () => {
    const s = state({ orderChanges: [{ adopted: at('2026-11-17 00:00'), order: ['Cosima', 'Alice', 'Bram'], applied: null }] });
    const mid = run(s, '2026-11-18 12:00');
    expect(mid.state.turns.at(-1)!.player).toBe('Bram'); // still round 1 in the old order
    const r = run(s, '2026-11-22 12:00');
    expect(r.state.turns.at(-1)).toMatchObject({ round: 2, player: 'Cosima' });
    expect(r.state.orderChanges[0]!.applied).toBe(2);
    expect(r.state.players.map((p) => [p.name, p.seat])).toEqual([
      ['Alice', 2],
      ['Bram', 3],
      ['Cosima', 1],
    ]);
  });

  test('an order change adopted after the round began waits for the round after', () => {
    const s = state({ orderChanges: [{ adopted: at('2026-11-22 13:00'), order: ['Bram'], applied: null }] });
    const r = run(s, '2026-11-22 14:00');
    expect(r.state.orderChanges[0]!.applied).toBeNull();
  });
});

describe('2.2.1 Placement: "has their turn placed before that of the current turn at the time of their request. The player is given 2 credits from the Treasury"', () => {
  test("Dara asking during Bram's turn sits before Bram, with 2 credits; Bram keeps his turn", () => {
    const s = state({ players: [...state().players, player('Dara', null, { joined: at('2026-11-19 10:00'), credits: 0, influence: 0 })] });
    const r = run(s, '2026-11-19 11:00');
    expect(r.state.players.map((p) => [p.name, p.seat, p.credits])).toEqual([
      ['Alice', 1, 2],
      ['Bram', 3, 2],
      ['Cosima', 4, 2],
      ['Dara', 2, 2],
    ]);
    expect(r.state.game.current).toBe('Bram');
    expect(r.state.game.treasury).toBe(50 - 8);
  });

  test('4.2 "they only take up to the quantity in the Treasury": a join with 1 credit left in the Treasury gets 1', () => {
    const s = started({
      players: [player('Alice', 1, { credits: 25 }), player('Bram', 2, { credits: 24 }), player('Dara', null, { joined: at('2026-11-17 10:00'), credits: 0 })],
    });
    const r = run(s, '2026-11-17 11:00');
    expect(r.state.players.find((p) => p.name === 'Dara')!.credits).toBe(1);
    expect(r.state.game.treasury).toBe(0);
    expect(r.changes.find((c) => c.event === 'Join')!.change).toContain('the Treasury held only 1');
  });
});

describe('2.3 Exiting: "Any credits they had are returned to the Treasury"', () => {
  test('Bram forfeiting during his own turn ends it; his credits go back; Cosima plays next', () => {
    const s = state({
      players: [player('Alice', 1), player('Bram', 2, { credits: 6, status: 'forfeited', left: at('2026-11-19 00:00') }), player('Cosima', 3)],
    });
    const r = run(s, '2026-11-19 01:00');
    expect(r.state.turns.map((t) => [t.player, t.endedBy])).toEqual([
      ['Alice', 'timeout'],
      ['Bram', 'forfeit'],
      ['Cosima', null],
    ]);
    expect(r.state.players.find((p) => p.name === 'Bram')).toMatchObject({ seat: null, credits: 0 });
    expect(r.state.game.treasury).toBe(50 - 4);
  });
});

describe('4.2 Treasury and 4.2.1 Credits', () => {
  test('"There are a total of 50 credits in the game": the Treasury is 50 minus what the players hold', () => {
    expect(treasuryOf(50, [{ credits: 10 }, { credits: 5 }, { credits: 0 }])).toBe(35);
  });

  test('"they only take up to the quantity in the Treasury": 3 asked of 2 gives 2; of 0 gives 0', () => {
    expect([takeFromTreasury(3, 2), takeFromTreasury(3, 0), takeFromTreasury(2, 10)]).toEqual([2, 0, 2]);
  });

  test('"If a non positive value is described it is instead zero": -2 and 0 give 0', () => {
    expect([effectedCredits(-2, readings), effectedCredits(0, readings)]).toEqual([0, 0]);
  });

  test('"Any description involving positive real values is rounded when effected": 2.5 gives 3 (half-up) or 2 (floor)', () => {
    expect(effectedCredits(2.5, readings)).toBe(3);
    expect(effectedCredits(2.5, chosen({ 'credit-rounding': 'floor' }))).toBe(2);
  });

  test('a Credits cell written -3 is effected as 0, with a History row quoting 4.2.1', () => {
    const s = started({ players: [player('Alice', 1, { credits: -3 }), player('Bram', 2)] });
    const r = run(s, '2026-11-16 13:00');
    expect(r.state.players[0]!.credits).toBe(0);
    expect(r.changes.find((c) => c.event === 'Credits')!.reason.rule).toContain('If a non positive value is described it is instead zero.');
  });
});

describe('4.4 "If a player starts their turn with 10 or more credits, they *must* perform the Coup action"', () => {
  test('Bram starting his turn with 10 credits is flagged; Alice with 9 is not', () => {
    const s = started({ players: [player('Alice', 1, { credits: 9 }), player('Bram', 2, { credits: 10 })] });
    expect(run(s, '2026-11-16 13:00').state.game.forcedCoup).toBe(false);
    const r = run(s, '2026-11-18 12:00');
    expect(r.state.game).toMatchObject({ current: 'Bram', forcedCoup: true });
    expect(r.changes.find((c) => c.event === 'Forced Coup')!.player).toBe('Bram');
  });
});

describe('5.3, 5.4 and 5.4.1: propositions', () => {
  const votes = (up: number, down: number, right: number) => ({ up, down, right });

  test('5.3.2 "Every player is an eligible voter - excluding the rules\' proponent"', () => {
    expect(eligibleVoters(['Alice', 'Bram', 'Cosima'], 'Alice')).toBe(2);
  });

  test('5.4 "adopted if and when it receives majority of its possible votes as upvotes": 3 of 4 eligible up is adopted at once; 2 of 4 is not', () => {
    expect(majority(votes(3, 0, 0), 4, readings)).toEqual({ outcome: 'adopted', by: 'majority', tie: false });
    expect(majority(votes(2, 0, 0), 4, readings)).toBeUndefined();
    expect(majority(votes(0, 3, 0), 4, readings)?.outcome).toBe('rejected');
  });

  test('5.3.1 "Should a rightvote majority occur, the outcome (up or down) with the second greatest votes occurs instead"', () => {
    expect(majority(votes(1, 0, 3), 4, readings)).toEqual({ outcome: 'adopted', by: 'rightvote', tie: false });
    expect(majority(votes(0, 1, 3), 4, readings)).toEqual({ outcome: 'rejected', by: 'rightvote', tie: false });
  });

  test('5.4.1 at 72 hours "the majority is decided out of the current votes": 2 up 1 down adopted; 1 up 1 down is a tie (reading vote-tie)', () => {
    expect(atTimeLimit(votes(2, 1, 0), readings).outcome).toBe('adopted');
    expect(atTimeLimit(votes(1, 1, 0), readings)).toEqual({ outcome: 'rejected', by: 'time-limit', tie: true });
    expect(atTimeLimit(votes(1, 1, 0), chosen({ 'vote-tie': 'adopted' })).outcome).toBe('adopted');
    expect(atTimeLimit(votes(1, 0, 2), readings)).toEqual({ outcome: 'adopted', by: 'rightvote', tie: false });
  });

  test('a proposition posted at 10:00 with 1 up closes 72 hours later, at its deadline, adopted', () => {
    const s = state({
      propositions: [{ id: '1', proponent: 'Alice', posted: at('2026-11-17 10:00'), deadline: null, up: 1, down: 0, right: 0, status: 'active' }],
    });
    expect(run(s, '2026-11-20 09:59').state.propositions[0]!.status).toBe('active');
    const r = run(s, '2026-11-20 10:00');
    expect(r.state.propositions[0]).toMatchObject({ status: 'adopted', deadline: at('2026-11-20 10:00') });
    const row = r.changes.find((c) => c.event === 'Proposition')!;
    expect([row.at, row.reason.rule]).toEqual([at('2026-11-20 10:00'), expect.stringContaining('72 hours after it is made')]);
  });

  test('a tie at the deadline names the reading in its History row', () => {
    const s = state({
      propositions: [{ id: '2', proponent: 'Alice', posted: at('2026-11-17 10:00'), deadline: null, up: 1, down: 1, right: 0, status: 'active' }],
    });
    expect(run(s, '2026-11-20 10:00').changes.find((c) => c.event === 'Proposition')!.reason.readings).toEqual(['vote-tie=rejected (default)']);
  });
});

describe('6.1 "The Judge is randomly selected from the list of Judge candidates. A player cannot be chosen as the Judge two times in a row."', () => {
  const candidates = () => [player('Alice', 1, { candidate: true }), player('Bram', 2, { candidate: true }), player('Cosima', 3, { candidate: true })];
  const openCase = { id: '1', raised: at('2026-11-17 10:00'), judge: null, chosen: null, suggested: null, up: 0, down: 0, status: 'open' as const, draws: 0 };

  test('the draw is the seeded draw of "nomicoup/judge case 1/draw 1" over the candidates, recorded with its seed', () => {
    const r = run(state({ players: candidates(), cases: [{ ...openCase }] }), '2026-11-17 11:00');
    const expected = ['Alice', 'Bram', 'Cosima'][new Draws('nomicoup/judge case 1/draw 1').int(0, 2, 'x')];
    expect(r.state.cases[0]!.judge).toBe(expected);
    expect(r.changes.find((c) => c.event === 'Judge')!.reason.seed).toBe(judgeSeed('nomicoup', { id: '1' }, 1));
  });

  test('the Judge of last time is not a candidate', () => {
    expect(judgeCandidates({ players: candidates(), game: { ...state().game, judge: 'Bram' } })).toEqual(['Alice', 'Cosima']);
  });

  test('6.4 "does not suggest a fix within 48 hours, a new Judge is chosen": a different Judge at 48 hours', () => {
    const first = run(state({ players: candidates(), cases: [{ ...openCase }] }), '2026-11-17 11:00').state;
    const r = run(first, '2026-11-19 10:00');
    const judges = r.changes.filter((c) => c.event === 'Judge').map((c) => c.player);
    expect(judges).toHaveLength(1);
    expect(judges[0]).not.toBe(first.cases[0]!.judge);
    expect(r.changes.filter((c) => c.event === 'Judge deferral').map((c) => c.at)).toEqual([at('2026-11-19 10:00')]);
    expect(r.state.game.previousJudge).toBe(first.cases[0]!.judge);
  });

  test('6.3 a suggestion with more up than down votes after 72 hours is adopted; otherwise a new Judge is drawn', () => {
    const base = run(state({ players: candidates(), cases: [{ ...openCase }] }), '2026-11-17 11:00').state;
    base.cases[0]!.suggested = at('2026-11-18 10:00');
    base.cases[0]!.up = 1;
    expect(run(base, '2026-11-21 10:00').state.cases[0]!.status).toBe('adopted');
    base.cases[0]!.down = 1;
    const r = run(base, '2026-11-21 10:00');
    expect(r.state.cases[0]).toMatchObject({ status: 'open', draws: 2, suggested: null });
  });

  test('with no candidate the case waits, pending, without a draw', () => {
    const r = run(state({ cases: [{ ...openCase }] }), '2026-11-17 11:00');
    expect(r.state.cases[0]!.judge).toBeNull();
    expect(r.due.pending).toContainEqual({ at: null, what: 'case 1: waiting for a Judge candidate' });
  });
});

test('the run is pure: the state given is not changed, and a second run on the result at the same time changes nothing', () => {
  const s = state();
  const r = run(s, '2026-11-22 12:00');
  expect(s.turns).toEqual([]);
  expect(run(r.state, '2026-11-22 12:00').changes).toEqual([]);
  expect(r.state.game.ends!.getTime() - r.state.game.began!.getTime()).toBe(48 * HOUR);
});

test('every Nomicoup reading is a valid ReadingDef whose default is one of its alternatives', () => {
  for (const def of NOMICOUP_READINGS) expect(ReadingDef.safeParse(def).success).toBe(true);
  expect(NOMICOUP_READINGS.map((d) => d.id)).toEqual(['turn-begins', 'credit-rounding', 'vote-tie']);
});
