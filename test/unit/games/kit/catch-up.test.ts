import { describe, expect, test } from 'vitest';
import { catchUp, dueOf, EventLimit, listedAgain, refuseRunBefore, type CatchUpEvent, type DueQueue } from '../../../../src/games/kit/catch-up.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { DueEvents } from '../../../../src/sim/due-events.ts';
import type { Change } from '../../../../src/sim/trail.ts';

const at = (hhmm: string) => new Date(`2026-11-16T${hhmm}:00Z`);
const CELL = { page: 'Game/Gamestate', table: 'Phase', row: 1, column: 'Cycle start (UTC)' };
const RUNAWAY = { table: 'Phase', column: 'Cycle start (UTC)', check: 'the cycle start' };
const limit = (max?: number) => new EventLimit(RUNAWAY, { page: 'Game/Gamestate', from: 'phase 0', to: at('23:00'), max });

/** A History row saying which event made it. */
const row = (label: string, when: Date): Change => ({ at: when, phase: 0, event: 'Test', player: '-', change: label, reason: { rule: 'test', inputs: {} } });

/** An event recording its label when applied, then doing `then` (changing the state). */
function event(label: string, hhmm: string, order: number, then: () => void = () => {}): CatchUpEvent {
  return {
    at: at(hhmm),
    order,
    label,
    apply: () => {
      then();
      return [row(label, at(hhmm))];
    },
  };
}

/** The labels of the changes a catch-up made, in order. */
function run(queue: DueQueue<CatchUpEvent>, until = at('23:00'), o: { done?: () => boolean; max?: number } = {}): string[] {
  const changes: Change[] = [];
  catchUp({ queue, until: until.getTime(), limit: limit(o.max), changes, ...(o.done ? { done: o.done } : {}) });
  return changes.map((c) => c.change);
}

/** One state: a set of pending events, each applied once (the state remembers what was applied). */
function state(events: (applied: Set<string>) => CatchUpEvent[]) {
  const applied = new Set<string>();
  return () => events(applied).filter((e) => !applied.has(e.label));
}
const once = (applied: Set<string>, label: string, hhmm: string, order: number, then?: () => void) =>
  event(label, hhmm, order, () => {
    applied.add(label);
    then?.();
  });

describe('the catch-up loop (src/games/kit/catch-up.ts)', () => {
  const mixed = (applied: Set<string>) => [
    once(applied, 'noon, order 2', '12:00', 2),
    once(applied, 'noon, order 1, listed first', '12:00', 1),
    once(applied, 'morning', '09:00', 5),
    once(applied, 'noon, order 1, listed second', '12:00', 1),
  ];
  const expected = ['morning', 'noon, order 1, listed first', 'noon, order 1, listed second', 'noon, order 2'];

  test('events are applied earliest first, ties by order then listing order', () => {
    expect(run(listedAgain(state(mixed)))).toEqual(expected);
  });

  test('the heap of sources (src/sim/due-events.ts) applies them in the same order as listing everything again', () => {
    const list = state(mixed);
    const sources = [0, 1, 2, 3].map((i) => () => list().filter((e) => e.label === mixed(new Set())[i]!.label));
    const heap = new DueEvents(sources);
    // Each event changes only its own source: only that one is listed again.
    expect(run(heap)).toEqual(expected);
  });

  test("an event's apply changes what is due next", () => {
    // The rollover at 10:00 makes a grant due at 10:30, before the event listed for 11:00.
    let rolled = false;
    const list = state((applied) => [
      once(applied, 'rollover', '10:00', 0, () => (rolled = true)),
      once(applied, 'eleven', '11:00', 0),
      ...(rolled ? [once(applied, 'grant made due by the rollover', '10:30', 0)] : []),
    ]);
    expect(run(listedAgain(list))).toEqual(['rollover', 'grant made due by the rollover', 'eleven']);
  });

  test('an event that changes what every source reads has them all listed again (DueEvents)', () => {
    let phase = 0;
    const applied = new Set<string>();
    const rollover = (): CatchUpEvent[] => (phase === 0 ? [{ ...once(applied, 'rollover', '10:00', 0, () => (phase = 1)), everything: true }] : []);
    const reader = (): CatchUpEvent[] => (phase === 1 && !applied.has('in phase 1') ? [once(applied, 'in phase 1', '10:00', 1)] : []);
    expect(run(new DueEvents([rollover, reader]))).toEqual(['rollover', 'in phase 1']);
  });

  test('nothing after `until` is applied (an event at `until` is)', () => {
    const list = state((applied) => [once(applied, 'at until', '12:00', 0), once(applied, 'a minute later', '12:01', 0)]);
    expect(run(listedAgain(list), at('11:59'))).toEqual([]);
    expect(run(listedAgain(list), at('12:00'))).toEqual(['at until']);
  });

  test('done() stops the loop: nothing is applied after the event that ended the game', () => {
    let won = false;
    const list = state((applied) => [once(applied, 'win', '10:00', 0, () => (won = true)), once(applied, 'later', '11:00', 0)]);
    expect(run(listedAgain(list), at('23:00'), { done: () => won })).toEqual(['win']);
    expect(run(listedAgain(state((applied) => [once(applied, 'never', '10:00', 0)])), at('23:00'), { done: () => true })).toEqual([]);
  });

  test('after(event) runs after each event, before the next is chosen, and its rows follow the event’s', () => {
    const checked: string[] = [];
    const changes: Change[] = [];
    const list = state((applied) => [once(applied, 'first', '10:00', 0), once(applied, 'second', '11:00', 0)]);
    catchUp({
      queue: listedAgain(list),
      until: at('23:00').getTime(),
      limit: limit(),
      changes,
      after: (e) => {
        checked.push(e.label);
        return [row(`checked after ${e.label}`, e.at)];
      },
    });
    expect(changes.map((c) => c.change)).toEqual(['first', 'checked after first', 'second', 'checked after second']);
    expect(checked).toEqual(['first', 'second']);
  });

  test('more than the limit of events throws a GamestateError naming the cell (page, table, row, column), and nothing is returned', () => {
    // An endless clock: each tick makes the next one due a minute later.
    let minute = 0;
    const ticks = listedAgain(() => [
      {
        at: new Date(at('00:00').getTime() + minute * 60_000),
        order: 0,
        label: `tick ${minute}`,
        apply: () => {
          minute++;
          return [];
        },
      },
    ]);
    let error: unknown;
    try {
      run(ticks, at('23:00'), { max: 3 });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(GamestateError);
    expect((error as GamestateError).problems).toEqual([
      {
        message:
          'more than 3 events are due between phase 0 and 2026-11-16 23:00 (the next: tick 3 at 2026-11-16 00:03); ' +
          'the bot applies at most 3 in one run and stops without writing anything — check the cycle start',
        location: CELL,
      },
    ]);
    // The limit counts every event of the run, over all its catch-ups.
    minute = 0;
    const shared = limit(3);
    catchUp({ queue: ticks, until: at('00:01').getTime(), limit: shared, changes: [] });
    expect(() => catchUp({ queue: ticks, until: at('00:05').getTime(), limit: shared, changes: [] })).toThrow(/more than 3 events are due/);
  });
});

describe('what is due (dueOf)', () => {
  test('the events still listed by time (listing order at one instant), then what waits on the page; next is the earliest', () => {
    const listed = [event('b', '12:00', 0), event('a', '09:00', 3), event('c', '12:00', 0)];
    const waiting = [{ at: null, what: 'battle 2: waiting for its winner' }];
    expect(dueOf(false, () => listed, waiting)).toEqual({
      next: at('09:00'),
      pending: [
        { at: at('09:00'), what: 'a' },
        { at: at('12:00'), what: 'b' },
        { at: at('12:00'), what: 'c' },
        { at: null, what: 'battle 2: waiting for its winner' },
      ],
    });
  });

  test('with nothing listed nothing is next, even while something waits on the page', () => {
    expect(dueOf(false, () => [], [{ at: null, what: 'case 1: waiting for a Judge candidate' }])).toEqual({
      next: null,
      pending: [{ at: null, what: 'case 1: waiting for a Judge candidate' }],
    });
  });

  test('once the game is over nothing is due, neither an event nor what still waits on the page, and no event is listed', () => {
    const listed = () => {
      throw new Error('the events of a game that is over are not listed');
    };
    expect(dueOf(true, listed, [{ at: null, what: 'case 1: waiting for a Judge candidate' }])).toEqual({ next: null, pending: [] });
  });
});

describe("a run's time before the state the page records (refuseRunBefore)", () => {
  const starts = [
    { at: at('08:00'), cell: { ...CELL, column: 'Cycle start (UTC)' }, refused: () => 'the cycle start is after the run' },
    { at: at('12:00'), cell: { ...CELL, column: 'Phase number' }, refused: () => 'the phase begins after the run' },
  ];

  test('is refused at the first recorded start after it, naming that cell', () => {
    const refusal = (now: string) => {
      try {
        refuseRunBefore(at(now), starts);
      } catch (err) {
        return (err as GamestateError).problems;
      }
      return [];
    };
    expect(refusal('07:00')).toEqual([{ message: 'the cycle start is after the run', location: { ...CELL, column: 'Cycle start (UTC)' } }]);
    expect(refusal('11:59')).toEqual([{ message: 'the phase begins after the run', location: { ...CELL, column: 'Phase number' } }]);
  });

  test('a run at or after every recorded start goes on', () => {
    expect(() => refuseRunBefore(at('12:00'), starts)).not.toThrow();
  });
});
