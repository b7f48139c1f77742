import { describe, expect, test } from 'vitest';
import { CalendarError, makeCalendar, withPhaseStart, type PhaseSpec } from '../../../src/sim/calendar.ts';

// "The Phase Number is the number of phases since the beginning of the cycle, starting with 0 on
// the phase the cycle began." Rest Phase: Monday–Wednesday; Battle Phase: Thursday–Sunday.
const CYCLE16: PhaseSpec[] = [
  { name: 'Rest Phase', days: [1, 2, 3] },
  { name: 'Battle Phase', days: [4, 5, 6, 7] },
];
const DAY = 86_400_000;
const utc = (s: string) => new Date(`${s}Z`);

/** A small seeded generator (mulberry32) for the property loops: no extra dependency. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ISO weekday, 1 = Monday. */
const weekday = (t: Date) => ((t.getUTCDay() + 6) % 7) + 1;

describe('the Cycle 16 calendar', () => {
  const cal = makeCalendar(CYCLE16, utc('2026-11-02T00:00'));

  test('"starting with 0 on the phase the cycle began": Monday 2 November is phase 0, a Rest Phase', () => {
    expect(cal.phaseAt(utc('2026-11-02T00:00'))).toMatchObject({ number: 0, name: 'Rest Phase' });
    expect(cal.phaseAt(utc('2026-11-04T23:59'))).toMatchObject({ number: 0, name: 'Rest Phase' });
  });

  test('Thursday 00:00 UTC starts the Battle Phase, phase 1; Monday 00:00 starts phase 2', () => {
    expect(cal.phaseAt(utc('2026-11-05T00:00'))).toMatchObject({ number: 1, name: 'Battle Phase' });
    expect(cal.phaseAt(utc('2026-11-08T23:59:59.999'))).toMatchObject({ number: 1 });
    expect(cal.phaseAt(utc('2026-11-09T00:00'))).toMatchObject({ number: 2, name: 'Rest Phase' });
  });

  test('Saturday 21 November 2026 is phase 5 (Battle Phase); the next rollover is Monday 23 November 00:00', () => {
    const t = utc('2026-11-21T15:00');
    expect(cal.phaseAt(t)).toMatchObject({ number: 5, name: 'Battle Phase' });
    expect(cal.nextRollover(t)).toEqual(utc('2026-11-23T00:00'));
  });

  test('a cycle that begins mid-phase counts that partial phase as phase 0', () => {
    const c = makeCalendar(CYCLE16, utc('2026-11-04T15:30'));
    expect(c.phaseAt(utc('2026-11-04T15:30'))).toMatchObject({ number: 0, name: 'Rest Phase' });
    expect(c.phase(0).start).toEqual(utc('2026-11-04T15:30'));
    expect(c.phase(1)).toMatchObject({ name: 'Battle Phase', start: utc('2026-11-05T00:00'), end: utc('2026-11-09T00:00') });
  });

  test('an instant before the cycle start is in no phase', () => {
    expect(() => cal.phaseAt(utc('2026-11-01T23:59'))).toThrow(CalendarError);
  });

  test('phase days must cover the week exactly once', () => {
    expect(() => makeCalendar([{ name: 'A', days: [1, 2, 3] }], new Date(0))).toThrow(/No phase covers weekday 4/);
    expect(() =>
      makeCalendar(
        [
          { name: 'A', days: [1, 2, 3, 4] },
          { name: 'B', days: [4, 5, 6, 7] },
        ],
        new Date(0),
      ),
    ).toThrow(/both/);
  });

  test('a proposal moving the days moves the calendar (Cycle 15: Phase I Mon–Thu, Phase II Fri–Sun)', () => {
    const c = makeCalendar(
      [
        { name: 'Phase I', days: [1, 2, 3, 4] },
        { name: 'Phase II', days: [5, 6, 7] },
      ],
      utc('2026-11-02T00:00'),
    );
    expect(c.phaseAt(utc('2026-11-05T12:00'))).toMatchObject({ number: 0, name: 'Phase I' });
    expect(c.phaseAt(utc('2026-11-06T00:00'))).toMatchObject({ number: 1, name: 'Phase II' });
  });
});

describe('calendar properties over random instants and start dates', () => {
  const layouts: PhaseSpec[][] = [
    CYCLE16,
    [
      { name: 'Phase I', days: [1, 2, 3, 4] },
      { name: 'Phase II', days: [5, 6, 7] },
    ],
    [
      { name: 'Weekend', days: [6, 7] },
      { name: 'Week', days: [1, 2, 3, 4, 5] },
    ],
    [
      { name: 'Wrap', days: [5, 6, 7, 1] },
      { name: 'Mid', days: [2, 3, 4] },
    ],
    [
      { name: 'A', days: [1, 3, 5] },
      { name: 'B', days: [2, 4, 6, 7] },
    ],
    [{ name: 'Only', days: [1, 2, 3, 4, 5, 6, 7] }],
  ];
  const random = seeded(16);
  const YEAR = 365 * DAY;

  test('every instant is in exactly one phase: start ≤ t < end, on a day of that phase', () => {
    for (let i = 0; i < 3000; i++) {
      const phases = layouts[i % layouts.length]!;
      const start = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 6 * YEAR));
      const cal = makeCalendar(phases, start);
      const t = new Date(start.getTime() + Math.floor(random() * 2 * YEAR));
      const span = cal.phaseAt(t);
      expect(span.start.getTime()).toBeLessThanOrEqual(t.getTime());
      expect(t.getTime()).toBeLessThan(span.end.getTime());
      expect(phases.find((p) => p.name === span.name)!.days).toContain(weekday(t));
      // Exactly one: the neighbouring phases do not contain t.
      if (span.number > 0) expect(cal.phase(span.number - 1).end.getTime()).toBeLessThanOrEqual(t.getTime());
      expect(cal.phase(span.number + 1).start.getTime()).toBeGreaterThan(t.getTime());
    }
  });

  test('the number rises by exactly one at each boundary, and boundaries are 00:00 UTC on the first day of a phase', () => {
    for (let i = 0; i < 600; i++) {
      const phases = layouts[i % layouts.length]!;
      const start = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 6 * YEAR));
      const cal = makeCalendar(phases, start);
      for (let n = 1; n < 30; n++) {
        const b = cal.phase(n).start;
        expect(b.getTime() % DAY).toBe(0);
        const before = new Date(b.getTime() - 1);
        expect(cal.phaseAt(b).number).toBe(n);
        expect(cal.phaseAt(before).number).toBe(n - 1);
        const spec = phases.find((p) => p.name === cal.phase(n).name)!;
        const previousDay = weekday(before);
        // The first day of a run of the phase's days (or the lone phase's first listed day).
        expect(spec.days.includes(previousDay) && phases.length > 1).toBe(false);
        expect(cal.phase(n - 1).end).toEqual(b);
      }
    }
  });

  test('the next rollover is the start of the next phase', () => {
    for (let i = 0; i < 2000; i++) {
      const phases = layouts[i % layouts.length]!;
      const start = new Date(Date.UTC(2020, 0, 1) + Math.floor(random() * 6 * YEAR));
      const cal = makeCalendar(phases, start);
      const t = new Date(start.getTime() + Math.floor(random() * YEAR));
      expect(cal.nextRollover(t)).toEqual(cal.phase(cal.phaseAt(t).number + 1).start);
    }
  });
});

describe('a phase begun early by a manual rollover (withPhaseStart)', () => {
  const cal = makeCalendar(CYCLE16, utc('2026-11-02T00:00'));
  // Phase 4: Rest, Mon 16 – Wed 18 Nov; phase 5: Battle, from Thu 19 Nov 00:00; forced on Wednesday 12:00.
  const forced = withPhaseStart(cal, 5, utc('2026-11-18T12:00'));

  test('from the forced start on, an instant is in the new phase; before it, in the previous one, which ends there', () => {
    expect(forced.phaseAt(utc('2026-11-18T15:00'))).toMatchObject({
      number: 5,
      name: 'Battle Phase',
      start: utc('2026-11-18T12:00'),
      end: utc('2026-11-23T00:00'),
    });
    expect(forced.phaseAt(utc('2026-11-18T11:59'))).toMatchObject({
      number: 4,
      name: 'Rest Phase',
      start: utc('2026-11-16T00:00'),
      end: utc('2026-11-18T12:00'),
    });
    expect(forced.phaseAt(utc('2026-11-19T00:00')).number).toBe(5); // the Thursday boundary starts nothing
    expect(forced.phaseAt(utc('2026-11-23T00:00')).number).toBe(6);
  });

  test("the next rollover after the forced start is the calendar's end of the forced phase; every other boundary is the calendar's", () => {
    expect(forced.nextRollover(utc('2026-11-18T15:00'))).toEqual(utc('2026-11-23T00:00'));
    expect(forced.nextRollover(utc('2026-11-18T09:00'))).toEqual(utc('2026-11-18T12:00'));
    expect(forced.nextRollover(utc('2026-11-10T09:00'))).toEqual(utc('2026-11-12T00:00'));
    for (const n of [0, 1, 2, 3, 6, 7]) expect(forced.phase(n)).toEqual(cal.phase(n));
    expect(forced.cycleStart).toEqual(cal.cycleStart);
  });

  test('no recorded start, or one on the boundary, is the calendar itself; a start after the boundary or at/before the cycle start is refused', () => {
    expect(withPhaseStart(cal, 5, null)).toBe(cal);
    expect(withPhaseStart(cal, 5, utc('2026-11-19T00:00'))).toBe(cal);
    expect(withPhaseStart(cal, 0, utc('2026-11-02T00:00'))).toBe(cal);
    expect(() => withPhaseStart(cal, 5, utc('2026-11-19T00:01'))).toThrow(CalendarError);
    expect(() => withPhaseStart(cal, 1, utc('2026-11-02T00:00'))).toThrow(/after the cycle start/);
  });

  test('property: with any early start, every instant is still in exactly one phase and numbers never go down', () => {
    const random = seeded(5);
    for (let i = 0; i < 500; i++) {
      const n = 1 + Math.floor(random() * 20);
      const boundary = cal.phase(n).start.getTime();
      const earliest = Math.max(cal.cycleStart.getTime() + 1, cal.phase(n - 1).start.getTime());
      const start = new Date(earliest + Math.floor(random() * (boundary - earliest)));
      const c = withPhaseStart(cal, n, start);
      let previous = -1;
      for (let t = cal.phase(n - 1).start.getTime(); t < cal.phase(n + 1).end.getTime(); t += 3 * 3_600_000) {
        const span = c.phaseAt(new Date(t));
        expect(span.start.getTime()).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(span.end.getTime());
        expect(span.number).toBeGreaterThanOrEqual(previous);
        // From the early start to the next boundary: phase n; elsewhere the calendar's number.
        const inForced = t >= start.getTime() && t < cal.phase(n + 1).start.getTime();
        expect(span.number).toBe(inForced ? n : cal.phaseAt(new Date(t)).number);
        previous = span.number;
      }
    }
  });
});
