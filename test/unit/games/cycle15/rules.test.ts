import { describe, expect, test } from 'vitest';
import { advance, calendarOf } from '../../../../src/games/cycle15/engine.ts';
import { readGamestate } from '../../../../src/games/cycle15/gamestate/read.ts';
import type { Gamestate, Move, Player } from '../../../../src/games/cycle15/gamestate/schema.ts';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { CHILI_N, cycle15Readings, RANDOM_GARBAGE, TUNE_UP_COUNT } from '../../../../src/games/cycle15/readings.ts';
import { ChosenReadings } from '../../../../src/games/shared/readings.ts';
import { chiliN } from '../../../../src/games/cycle15/rules/reputability.ts';
import { Draws, seedText } from '../../../../src/sim/rng.ts';
import type { Change } from '../../../../src/sim/trail.ts';
import { fixture } from '../../helpers/fixtures.ts';

const ruleset = parseCycle15Ruleset(fixture('cycle15'), 'Cycle 15/Ruleset');
const page = readGamestate(fixture('cycle15', 'gamestate'), 'Cycle 15/Gamestate', ruleset);
const at = (iso: string) => new Date(`${iso}Z`);
const run = (state: Gamestate, now: string, readings?: ChosenReadings) => advance(ruleset, state, { now: at(now), game: 'c15', readings });
const player = (s: Gamestate, name: string) => s.players.find((p) => p.name === name)!;
const move = (s: Gamestate, who: string, time: string) => s.moves.find((m) => m.player === who && m.time.getTime() === at(time).getTime())!;
const events = (r: { changes: Change[] }, event: string) => r.changes.filter((c) => c.event === event);

/** A state with only the given players and moves (the fixture's phase, board and proposals). */
function state(players: Partial<Player>[] = [], moves: Move[] = []): Gamestate {
  const s = structuredClone(page);
  const base: Player = {
    name: 'P',
    joined: at('2026-11-09 01:00'),
    left: null,
    reputableSince: at('2026-11-09 01:00'),
    grant: 0,
    location: 0,
    movedThisPhase: false,
    movedLastPhase: false,
    macGyveredThisPhase: false,
    crystals: 0,
    shards: 0,
    garbage: {},
    traits: [],
  };
  s.players = players.map((p, i) => ({ ...base, row: i + 1, ...p }));
  s.moves = moves;
  s.proposals = [];
  s.phase.parties = 1;
  s.phase.partyTime = true;
  return s;
}

/** The readings a Judge's Rulings lines select. */
function readings(values: Record<string, string>): ChosenReadings {
  const rulings = Object.entries(values).map(([reading, value], i) => ({ reading, value, line: i + 1, by: 'Hana', at: at('2026-11-10 12:00') }));
  return new ChosenReadings(cycle15Readings, rulings);
}

describe('Phases: “Phase I: Monday, Tuesday, Wednesday, and Thursday” / “Phase II: Friday, Saturday, and Sunday”', () => {
  test('rollovers happen at Monday 00:00 and Friday 00:00, one per boundary crossed', () => {
    const r = run(state(), '2026-11-24 12:00');
    expect(events(r, 'Rollover').map((c) => [c.at.toISOString(), c.phase])).toEqual([
      ['2026-11-16T00:00:00.000Z', 2],
      ['2026-11-20T00:00:00.000Z', 3],
      ['2026-11-23T00:00:00.000Z', 4],
    ]);
    expect(r.state.phase).toMatchObject({ number: 4, name: 'Phase I', nextRollover: at('2026-11-27 00:00') });
  });

  test('a run just before a boundary changes nothing; at the boundary it rolls over', () => {
    expect(run(state(), '2026-11-15 23:59').changes).toEqual([]);
    expect(events(run(state(), '2026-11-16 00:00'), 'Rollover')).toHaveLength(1);
  });

  test('a runaway page (a cycle start centuries ago: more than 100,000 rollovers due) is refused at its Cycle start cell, nothing applied', () => {
    const s = state();
    s.phase.cycleStart = at('1026-11-02T00:00');
    // A GamestateError (the one type the jobs catch) with one problem at the cell.
    expect(() => run(s, '2026-11-20T00:00')).toThrow(
      expect.objectContaining({
        name: 'GamestateError',
        problems: [
          {
            location: { page: 'Cycle 15/Gamestate', table: 'Phase', row: 1, column: 'Cycle start (UTC)' },
            message: expect.stringMatching(/^more than 100,000 events are due between phase \d+ and 2026-11-20 00:00 .*check the cycle start$/),
          },
        ],
      }),
    );
  });

  test('a Phase number ahead of the calendar is refused, naming the cell', () => {
    const s = state();
    s.phase.number = 4;
    expect(() => run(s, '2026-11-15 12:00')).toThrow(/Phase number.*phase 4 begins at 2026-11-23 00:00/s);
  });
});

describe('Movement: “move, provided they have not done so previously in the current phase” and MacGyvering: “Once per phase”', () => {
  test('at a rollover Moved this phase becomes Moved last phase and clears; MacGyvered this phase clears', () => {
    const s = state([
      { name: 'A', movedThisPhase: true, macGyveredThisPhase: true },
      { name: 'B', movedLastPhase: true },
    ]);
    const r = run(s, '2026-11-16 00:00');
    expect(player(r.state, 'A')).toMatchObject({ movedThisPhase: false, movedLastPhase: true, macGyveredThisPhase: false });
    expect(player(r.state, 'B')).toMatchObject({ movedThisPhase: false, movedLastPhase: false });
    expect(events(r, 'Movement reset')[0]!.reason.rule).toContain('provided they have not done so previously in the current phase');
    expect(events(r, 'MacGyver reset')[0]!.change).toBe('MacGyvered this phase cleared for A');
  });
});

describe('Progressive Actions: performed only if “The time is in the same phase in which they commenced the action.”', () => {
  test('a move commenced in phase 1 and not finished is not performed once phase 1 ends', () => {
    const m: Move = { row: 1, time: at('2026-11-15 11:00'), player: 'A', roll: [], selections: [], status: 'commenced' };
    const before = run(state([{ name: 'A' }], [m]), '2026-11-15 23:00');
    expect(move(before.state, 'A', '2026-11-15 11:00').status).toBe('commenced');
    const after = run(state([{ name: 'A' }], [m]), '2026-11-16 00:00');
    expect(move(after.state, 'A', '2026-11-15 11:00').status).toBe('not performed');
    expect(events(after, 'Move not performed')[0]!.reason.rule).toContain('The time is in the same phase in which they commenced the action.');
  });
});

describe('Movement: “If an error in movement goes unnoticed by the end of the following phase, … the movement is accepted as legitimate”', () => {
  const moves = (): Move[] => [
    { row: 1, time: at('2026-11-13 15:00'), player: 'A', roll: [1, 2], selections: [1, 2, 3], status: 'performed' },
    { row: 2, time: at('2026-11-14 15:00'), player: 'B', roll: [1, 2], selections: [1, 2, 3], status: 'error' },
  ];
  test('a move of phase 1 is still open at the end of phase 1 and accepted at the end of phase 2', () => {
    const s = state([{ name: 'A' }, { name: 'B' }], moves());
    expect(move(run(s, '2026-11-16 00:00').state, 'A', '2026-11-13 15:00').status).toBe('performed');
    const r = run(s, '2026-11-20 00:00');
    expect(move(r.state, 'A', '2026-11-13 15:00').status).toBe('accepted');
    expect(events(r, 'Move accepted').map((c) => c.at.toISOString())).toEqual(['2026-11-20T00:00:00.000Z']);
  });
  test('a move marked "error" (noticed) is never accepted by the bot', () => {
    expect(move(run(state([{ name: 'A' }, { name: 'B' }], moves()), '2026-12-03 00:00').state, 'B', '2026-11-14 15:00').status).toBe('error');
  });
});

describe("Movement: “If an incomplete move occurred in the previous phase and is identified after they have moved again, their move for the current phase is negated and they are granted a 'Time Bean Chili'.”", () => {
  const incomplete: Move = { row: 1, time: at('2026-11-11 12:00'), player: 'A', roll: [1, 3], selections: [1, 2, 3], status: 'incomplete' };
  const again: Move = { row: 2, time: at('2026-11-14 09:00'), player: 'A', roll: [2, 2], selections: [1, 2, 3, 4], status: 'performed' };
  test('identified in phase 1 after moving again in phase 1: that move is negated and a Time Bean Chili granted', () => {
    const r = run(state([{ name: 'A', garbage: { 'Time Bean Chili': 1 } }], [incomplete, again]), '2026-11-15 12:00');
    expect(move(r.state, 'A', '2026-11-14 09:00').status).toBe('negated');
    expect(move(r.state, 'A', '2026-11-11 12:00').status).toBe('penalised');
    expect(player(r.state, 'A').garbage['Time Bean Chili']).toBe(2);
  });
  test('identified before they moved again: no penalty', () => {
    const r = run(state([{ name: 'A' }], [incomplete]), '2026-11-15 12:00');
    expect(move(r.state, 'A', '2026-11-11 12:00').status).toBe('identified');
    expect(player(r.state, 'A').garbage).toEqual({});
  });
});

describe('Players: “A player is "reputable" if they have continuously been a player for the previous seven days or … within 3 days of the round starting.”', () => {
  test('joined more than 3 days after the cycle start: reputable seven days after joining, with the three grants then', () => {
    const s = state([{ name: 'Jun', joined: at('2026-11-12 06:00'), reputableSince: null, grant: null }]);
    expect(events(run(s, '2026-11-19 05:59'), 'Reputability')).toEqual([]);
    const r = run(s, '2026-11-19 06:00');
    const jun = player(r.state, 'Jun');
    expect(jun).toMatchObject({ reputableSince: at('2026-11-19 06:00'), grant: 2 });
    const rows = events(r, 'Reputability');
    expect(rows.map((c) => c.reason.rule.split(' (')[0])).toEqual([
      '“When a player becomes reputable, grant them a Summoning Whistle.”',
      '“When a player becomes reputable, grant them 1 random garbage.”',
      '“When a player becomes reputable, grant that player N-3 Time Bean Chilis, where N is the current phase.”',
    ]);
    expect(jun.garbage['Summoning Whistle']).toBe(1);
  });

  test('joined within 3 days of the cycle start: reputable at joining', () => {
    const r = run(state([{ name: 'K', joined: at('2026-11-11 23:00'), reputableSince: null, grant: null }]), '2026-11-15 12:00');
    expect(player(r.state, 'K')).toMatchObject({ reputableSince: at('2026-11-11 23:00'), grant: 0 });
  });

  test('the random garbage is the seeded draw its History row names: recomputed from the seed, it is the same item', () => {
    const r = run(state([{ name: 'Jun', joined: at('2026-11-12 06:00'), reputableSince: null, grant: null }]), '2026-11-19 06:00');
    const row = events(r, 'Reputability')[1]!;
    expect(row.reason.seed).toBe(seedText({ game: 'c15', phase: 2, subject: 'reputability Jun' }));
    const expected = ruleset.garbage[new Draws(row.reason.seed!).int(0, ruleset.garbage.length - 1, 'random garbage')]!;
    expect(row.change).toMatch(new RegExp(`^\\+1 ${expected.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(`));
    expect(row.reason.readings).toEqual(['random-garbage=uniform (default)']);
    // The same run again draws the same item.
    expect(
      events(run(state([{ name: 'Jun', joined: at('2026-11-12 06:00'), reputableSince: null, grant: null }]), '2026-11-19 06:00'), 'Reputability')[1]!.change,
    ).toBe(row.change);
  });

  test('with the reading random-garbage=judge nothing is drawn and the row says the Judge draws it', () => {
    const r = run(
      state([{ name: 'Jun', joined: at('2026-11-12 06:00'), reputableSince: null, grant: null }]),
      '2026-11-19 06:00',
      readings({ [RANDOM_GARBAGE]: 'judge' }),
    );
    expect(events(r, 'Reputability')[1]!.change).toBe('1 random garbage to be drawn by the Judge');
    expect(Object.keys(player(r.state, 'Jun').garbage)).toEqual(['Summoning Whistle']);
  });

  test('N-3 Time Bean Chilis: none while N-3 is not positive, N-3 once it is (N per the reading chili-n)', () => {
    // Reputable in phase 4 (Monday 23 November): N = 4 by the default reading, 5 by phase-count, 1 by weekly.
    const joined = { name: 'L', joined: at('2026-11-16 10:00'), reputableSince: null, grant: null };
    const chilis = (values: Record<string, string>) =>
      player(run(state([joined]), '2026-11-23 12:00', readings(values)).state, 'L').garbage['Time Bean Chili'] ?? 0;
    expect(chilis({})).toBe(4 - 3);
    expect(chilis({ [CHILI_N]: 'phase-count' })).toBe(5 - 3);
    expect(chilis({ [CHILI_N]: 'weekly' })).toBe(0);
    expect(chiliN('phase-number', 1, 1)).toBe(1);
    const row = events(run(state([joined]), '2026-11-23 12:00'), 'Reputability')[2]!;
    expect(row.reason).toMatchObject({ arithmetic: '4 − 3 = 1', readings: ['chili-n=phase-number (default)'] });
    const ruled = events(run(state([joined]), '2026-11-23 12:00', readings({ [CHILI_N]: 'phase-count' })), 'Reputability')[2]!;
    expect(ruled.reason.readings).toEqual(['chili-n=phase-count (ruling by Hana, 2026-11-10 12:00)']);
  });
});

describe('Tune Up: “If a proposal has had the Tune Up class for greater than 3 phases consecutively it is automatically discarded.”', () => {
  const withTuneUp = () => {
    const s = state();
    s.proposals = [{ row: 1, id: '#41', submitted: at('2026-11-07 20:00'), proposalClass: 'Tune Up', tuneUpSince: 0, status: 'tune up', votes: null }];
    return s;
  };
  test('made Tune Up in phase 0: kept through phase 3, discarded when phase 4 begins (the phase it became one counts)', () => {
    expect(run(withTuneUp(), '2026-11-22 23:59').state.proposals[0]!.status).toBe('tune up');
    const r = run(withTuneUp(), '2026-11-23 00:00');
    expect(r.state.proposals[0]!.status).toBe('discarded');
    expect(events(r, 'Tune Up discarded')[0]!.reason.arithmetic).toBe('4 phases > 3');
  });
  test('with the reading tune-up-count=whole-phases it is discarded a phase later', () => {
    const rd = readings({ [TUNE_UP_COUNT]: 'whole-phases' });
    expect(run(withTuneUp(), '2026-11-23 00:00', rd).state.proposals[0]!.status).toBe('tune up');
    expect(run(withTuneUp(), '2026-11-27 00:00', rd).state.proposals[0]!.status).toBe('discarded');
  });
});

describe('Party: “If a party is started it is deemed to be party time. If another party is started it is no longer party time.”', () => {
  test('a second party started ends party time; a third starts it again', () => {
    const s = state();
    s.phase.parties = 2;
    const r = run(s, '2026-11-15 12:00');
    expect(r.state.phase.partyTime).toBe(false);
    expect(events(r, 'Party time')[0]!.change).toBe('it is no longer party time');
    s.phase.parties = 3;
    expect(run(s, '2026-11-15 12:00').changes).toEqual([]);
  });
});

describe('Winning: “a number of crystals greater than or equal to 15 and at least five more than any other player”', () => {
  test('15 crystals and five more than anyone else wins; the cycle ends (no rollover after)', () => {
    const r = run(
      state([
        { name: 'A', crystals: 15 },
        { name: 'B', crystals: 10 },
      ]),
      '2026-11-15 12:00',
    );
    expect(r.state.phase.winner).toEqual(['A']);
    expect(r.state.phase.nextRollover).toBeNull();
    expect(run(r.state, '2026-11-23 00:00').changes).toEqual([]);
  });
  test('14 crystals, or only four more than another player, does not win', () => {
    expect(
      run(
        state([
          { name: 'A', crystals: 14 },
          { name: 'B', crystals: 0 },
        ]),
        '2026-11-15 12:00',
      ).state.phase.winner,
    ).toEqual([]);
    expect(
      run(
        state([
          { name: 'A', crystals: 15 },
          { name: 'B', crystals: 11 },
        ]),
        '2026-11-15 12:00',
      ).state.phase.winner,
    ).toEqual([]);
  });
  test('Crustals are not crystals: 10 crystals and 5 Crustals do not win', () => {
    expect(run(state([{ name: 'A', crystals: 10, garbage: { Crustal: 5 } }]), '2026-11-15 12:00').state.phase.winner).toEqual([]);
  });
});

describe('Items: “if it would be owned by a non-player, it is instead destroyed”', () => {
  test('someone who left loses every item, crystal and shard, with a History row; a second run changes nothing', () => {
    const r = run(state([{ name: 'M', left: at('2026-11-14 14:00'), crystals: 3, shards: 12, garbage: { Duck: 1, Beer: 2 } }]), '2026-11-15 12:00');
    expect(player(r.state, 'M')).toMatchObject({ crystals: 0, shards: 0, garbage: {} });
    expect(events(r, 'Destroyed')[0]!.change).toBe('Duck, 2 Beer, 3 crystals, 12 shards destroyed: M is not a player since 2026-11-14 14:00');
    expect(run(r.state, '2026-11-15 13:00').changes).toEqual([]);
  });
});

test('the fixture Gamestate is read with the calendar of the Ruleset: phase 1 is Phase II, 13–15 November', () => {
  const c = calendarOf(ruleset, page);
  expect(c.phase(1)).toMatchObject({ name: 'Phase II', start: at('2026-11-13 00:00'), end: at('2026-11-16 00:00') });
});

describe('Proposals closed at the end of their voting period, where the page records the votes', () => {
  const proposal = (proposalClass: 'Standard' | 'Urgent' | 'Second Reading', votes: { for: number; against: number; rewrite: number } | null) => {
    const s = state();
    s.proposals = [{ row: 1, id: '#9', submitted: at('2026-11-14 10:00'), proposalClass, tuneUpSince: null, status: 'voting', votes }];
    return s;
  };
  const closed = (s: Gamestate, now: string) => run(s, now).state.proposals[0]!;

  test('Urgent: “ends two days (48 hours) after”; “popular if it has no more than two votes against it”, a rewrite vote counted against', () => {
    expect(closed(proposal('Urgent', { for: 6, against: 1, rewrite: 1 }), '2026-11-16 09:59').status).toBe('voting');
    expect(closed(proposal('Urgent', { for: 6, against: 1, rewrite: 1 }), '2026-11-16 10:00').status).toBe('passed');
    expect(closed(proposal('Urgent', { for: 6, against: 2, rewrite: 1 }), '2026-11-16 10:00').status).toBe('failed');
  });

  test('Standard: its voting period is the phase after the one it was submitted in (here phase 2, ending 20 November 00:00)', () => {
    expect(closed(proposal('Standard', { for: 5, against: 2, rewrite: 1 }), '2026-11-19 23:59').status).toBe('voting');
    const r = run(proposal('Standard', { for: 5, against: 2, rewrite: 1 }), '2026-11-20 00:00');
    expect(r.state.proposals[0]!.status).toBe('passed');
    expect(events(r, 'Proposal closed')[0]!.reason.arithmetic).toBe('for 5 + rewrite 1 = 6 > against 2; rewrites 1/8 = 12.5% < 30%');
  });

  test('Standard: “the rewrite votes constitute equal to or greater than 30% of the total votes” makes it a Tune Up class proposal from the phase that begins', () => {
    // 3 rewrites of 10 votes: exactly 30%.
    expect(closed(proposal('Standard', { for: 5, against: 2, rewrite: 3 }), '2026-11-20 00:00')).toMatchObject({
      status: 'tune up',
      proposalClass: 'Tune Up',
      tuneUpSince: 3,
    });
    expect(closed(proposal('Standard', { for: 2, against: 5, rewrite: 2 }), '2026-11-20 00:00').status).toBe('failed');
  });

  test('Second Reading: “A Rewrite vote … will be considered identical to a vote against”', () => {
    expect(closed(proposal('Second Reading', { for: 4, against: 2, rewrite: 2 }), '2026-11-20 00:00').status).toBe('failed');
    expect(closed(proposal('Second Reading', { for: 5, against: 2, rewrite: 2 }), '2026-11-20 00:00').status).toBe('passed');
  });

  test('without recorded votes nothing is closed', () => {
    expect(closed(proposal('Standard', null), '2026-12-03 00:00').status).toBe('voting');
  });
});
