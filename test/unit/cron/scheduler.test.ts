import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { RefereeRunner, RequestsProcessor, StatusInfo } from '../../../src/cron/ports.ts';
import { Scheduler, type SchedulerOptions } from '../../../src/cron/scheduler.ts';
import { cronForInstant } from '../../../src/cron/timers.ts';
import { resumeGame } from '../../../src/cron/pause.ts';
import type { Alert } from '../../../src/cron/alert.ts';
import { MemoryStore, emptyStore, type StoreData } from '../../../src/cron/store.ts';
import { currentScope } from '../../../src/wiki/cancel.ts';
import { WikiError } from '../../../src/wiki/errors.ts';
import { fakeJobs, silentLogger, type FakeGame } from './fakes.ts';

const MON = 1,
  THU = 4,
  FRI = 5;
const iso = (s: string) => new Date(s);
const H = 3_600_000;

function storeWith(games: Record<string, Partial<StoreData['games'][string]>>): MemoryStore {
  const d = emptyStore();
  for (const [id, g] of Object.entries(games)) {
    d.games[id] = { consecutiveFailures: 0, halted: false, requestsHandled: [], revertsSeen: {}, ...g };
  }
  return new MemoryStore(d);
}

let scheduler: Scheduler | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  const stopping = scheduler?.stop(0);
  await vi.advanceTimersByTimeAsync(24 * H);
  await stopping;
  scheduler = undefined;
  vi.useRealTimers();
});

function setup(opts: {
  now: string;
  games: Record<string, FakeGame>;
  store?: MemoryStore;
  max?: number;
  checkCron?: string;
  status?: (game: string, info: StatusInfo) => Promise<void>;
  reverts?: SchedulerOptions['reverts'];
  alert?: SchedulerOptions['alert'];
}) {
  vi.setSystemTime(iso(opts.now));
  const fake = fakeJobs(opts.games);
  const store = opts.store ?? storeWith(Object.fromEntries(Object.keys(opts.games).map((g) => [g, { lastCheck: opts.now }])));
  scheduler = new Scheduler({
    games: Object.keys(opts.games),
    store,
    jobs: fake.jobs,
    logger: silentLogger(),
    maxConsecutiveFailures: opts.max ?? 3,
    ...(opts.status ? { status: opts.status } : {}),
    ...(opts.checkCron ? { checkCron: opts.checkCron } : {}),
    ...(opts.reverts ? { reverts: opts.reverts } : {}),
    ...(opts.alert ? { alert: opts.alert } : {}),
  });
  return { fake, store, scheduler };
}

describe('scheduler (fake timers)', () => {
  test('a boundary fires exactly one rollover', async () => {
    const { fake, scheduler: s } = setup({
      now: '2026-11-25T23:00:00Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') } },
    });
    await s.start();
    expect(fake.rollovers()).toEqual([]);
    expect(s.nextRunFor('c16')).toEqual({ at: iso('2026-11-26T00:00:00Z'), kind: 'rollover' });

    await vi.advanceTimersByTimeAsync(H);
    await s.idle();
    expect(fake.rollovers()).toEqual([expect.objectContaining({ boundary: '2026-11-26T00:00:00.000Z', trigger: 'boundary' })]);
    // The rest of the phase: hourly checks, no more rollovers.
    await vi.advanceTimersByTimeAsync(30 * H);
    await s.idle();
    expect(fake.rollovers()).toHaveLength(1);
    expect(fake.calls.filter((c) => c.kind === 'check').length).toBeGreaterThanOrEqual(30);
    expect(s.nextRunFor('c16')?.kind).toBe('check');
    expect(s.nextRuns().find((r) => r.kind === 'rollover')?.at).toEqual(iso('2026-11-30T00:00:00Z'));
  });

  test('a revert pauses the game: no job at its boundary or checks, the status says so and alert.command is told once; after a resume the boundary is applied', async () => {
    const store = storeWith({ c16: { lastCheck: '2026-11-25T23:00:00Z' } });
    const revert = { page: 'Cycle 16/Gamestate', revid: 13, user: 'Admin', timestamp: '2026-11-25T23:10:00Z', how: 'undo' as const, reverted: [12] };
    let reported = false;
    const alerts: Alert[] = [];
    const published: StatusInfo[] = [];
    const { fake, scheduler: s } = setup({
      now: '2026-11-25T23:00:00Z',
      store,
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') } },
      status: async (_g, info) => {
        published.push(info);
      },
      alert: async (a) => {
        alerts.push(a);
      },
      // The revert check as ./pause.ts records it: the first tick after 23:10 finds the revert.
      reverts: async () =>
        store.update((d) => {
          const g = d.games.c16!;
          const found = !reported && Date.now() >= Date.parse(revert.timestamp) ? [revert] : [];
          if (found.length) {
            reported = true;
            g.paused = { at: new Date().toISOString(), reverts: found };
          }
          return { paused: g.paused, found };
        }),
    });
    await s.start();
    await vi.advanceTimersByTimeAsync(3 * H);
    await s.idle();
    expect(fake.calls).toEqual([]); // neither the 00:00 boundary nor a check
    expect(alerts).toEqual([expect.objectContaining({ kind: 'pause', game: 'c16' })]);
    expect(published.at(-1)?.record.paused?.reverts).toEqual([revert]);
    expect((await store.read()).daemon?.lastSeen).toBeDefined();
    await resumeGame(store, 'c16', 'Admin', new Date());
    await vi.advanceTimersByTimeAsync(H);
    await s.idle();
    expect(fake.rollovers()).toEqual([expect.objectContaining({ boundary: '2026-11-26T00:00:00.000Z', trigger: 'catch-up' })]);
  });

  test('no run at start when nothing is due', async () => {
    const {
      fake,
      store,
      scheduler: s,
    } = setup({
      now: '2026-11-24T10:20:00Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') } },
    });
    await s.start();
    await s.idle();
    expect(fake.calls).toEqual([]);
    expect((await store.read()).runs).toEqual([]);
    expect(s.nextRuns().find((r) => r.kind === 'rollover')?.at).toEqual(iso('2026-11-26T00:00:00Z'));
  });

  test('a first start with no check recorded runs the check once, and no rollover', async () => {
    const { fake, scheduler: s } = setup({
      now: '2026-11-24T10:20:00Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') } },
      store: new MemoryStore(),
    });
    await s.start();
    await s.idle();
    expect(fake.calls.map((c) => c.kind)).toEqual(['check']);
  });

  test.each([
    ['hourly, so one of them runs at the start', '0 * * * *'],
    ['at half past, so the check at the start is a run of its own', '30 * * * *'],
  ])(
    'a game whose cycle starts later is "not started": no job, no failure however many checks pass, and the next run is one check at the start (periodic checks %s)',
    async (_, checkCron) => {
      const start = iso('2026-11-30T00:00:00Z'); // a Monday
      const {
        fake,
        store,
        scheduler: s,
      } = setup({
        now: '2026-11-27T10:20:00Z',
        games: { c16: { weekdays: [MON, THU], applied: start, startsAt: start } },
        store: new MemoryStore(), // no check recorded: the start tick would run one
        checkCron,
      });
      await s.start();
      await s.idle();
      expect(fake.calls).toEqual([]);
      expect(s.nextRunFor('c16')).toEqual({ at: start, kind: 'check' });
      // Hourly checks up to just before the start: more than maxConsecutiveFailures (3) of them, none a run.
      await vi.advanceTimersByTimeAsync(start.getTime() - Date.now() - 60_000);
      await s.idle();
      expect(fake.calls).toEqual([]);
      const before = await store.read();
      expect(before.runs).toEqual([]);
      expect(before.games.c16).toMatchObject({ consecutiveFailures: 0, halted: false, nextRun: { at: start.toISOString(), kind: 'check' } });

      // At the start: the check runs (on time), and the next boundary is planned from the calendar.
      await vi.advanceTimersByTimeAsync(60_000);
      await s.idle();
      expect(fake.calls).toEqual([expect.objectContaining({ kind: 'check', at: start.toISOString(), trigger: 'check' })]);
      expect(s.nextRuns().find((r) => r.kind === 'rollover')?.at).toEqual(iso('2026-12-03T00:00:00Z'));
      expect((await store.read()).games.c16).toMatchObject({ consecutiveFailures: 0, halted: false });
    },
  );

  test('one clock: an event the engine has due before the next boundary is applied by a check at its instant, not at the next hourly check; then the boundary is next', async () => {
    const due = iso('2026-11-18T10:42:00Z');
    const { fake, scheduler: s } = setup({
      now: '2026-11-18T10:05:00Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-16T00:00:00Z'), due: [due] } },
      store: storeWith({ c16: { lastCheck: '2026-11-18T10:00:00.000Z' } }),
    });
    await s.start();
    await s.idle();
    expect(fake.calls).toEqual([]);
    expect(s.nextRunFor('c16')).toEqual({ at: due, kind: 'check' });
    await vi.advanceTimersByTimeAsync(due.getTime() - Date.now());
    await s.idle();
    expect(fake.calls).toEqual([expect.objectContaining({ kind: 'check', at: due.toISOString() })]);
    expect(s.nextRuns().find((r) => r.kind === 'rollover')?.at).toEqual(iso('2026-11-19T00:00:00Z'));
  });

  test('a restart after three missed boundaries performs three rollovers in order, then none', async () => {
    const games = { c16: { weekdays: [MON, THU], applied: iso('2026-11-09T00:00:00Z') } };
    const { fake, store, scheduler: s } = setup({ now: '2026-11-21T12:34:00Z', games });
    await s.start();
    await s.idle();
    expect(fake.rollovers().map((c) => [c.boundary, c.trigger])).toEqual([
      ['2026-11-12T00:00:00.000Z', 'catch-up'],
      ['2026-11-16T00:00:00.000Z', 'catch-up'],
      ['2026-11-19T00:00:00.000Z', 'catch-up'],
    ]);
    const data = await store.read();
    expect(data.runs.map((r) => [r.kind, r.result, r.boundary])).toEqual([
      ['rollover', 'changed', '2026-11-12T00:00:00.000Z'],
      ['rollover', 'changed', '2026-11-16T00:00:00.000Z'],
      ['rollover', 'changed', '2026-11-19T00:00:00.000Z'],
    ]);
    // The page (the fake's) has applied the last one; the store keeps no copy of that, only the runs.
    expect(games.c16!.applied.toISOString()).toBe('2026-11-19T00:00:00.000Z');

    // The next ticks find nothing more to apply.
    await vi.advanceTimersByTimeAsync(5 * H);
    await s.idle();
    expect(fake.rollovers()).toHaveLength(3);

    // Nor does another restart.
    await s.stop(0);
    const again = new Scheduler({ games: ['c16'], store, jobs: fake.jobs, logger: silentLogger() });
    scheduler = again;
    await again.start();
    await again.idle();
    expect(fake.rollovers()).toHaveLength(3);
  });

  test('a long job does not overlap the next tick', async () => {
    const { fake, scheduler: s } = setup({
      now: '2026-11-25T23:59:00Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z'), rolloverMs: 90 * 60_000 } },
    });
    await s.start();
    // Boundary at 00:00 starts a 90-minute rollover; the check ticks at 00:00 and 01:00 come during it.
    await vi.advanceTimersByTimeAsync(4 * H);
    await s.idle();
    expect(fake.maxActive).toBe(1);
    expect(fake.rollovers()).toHaveLength(1);
    const kinds = fake.calls.map((c) => `${c.kind}@${c.at.slice(11, 16)}`);
    // The rollover finished at 01:30; the check waited for it instead of running alongside.
    expect(kinds[0]).toBe('rollover@00:00');
    expect(kinds[1]).toBe('check@01:30');
    expect(fake.calls.filter((c) => c.at > '2026-11-26T00:00:00.000Z' && c.at < '2026-11-26T01:30:00.000Z')).toEqual([]);
    // …and the schedule goes on afterwards.
    expect(kinds.slice(2)).toEqual(['check@02:00', 'check@03:00']);
  });

  test('the schedule follows a changed Ruleset', async () => {
    const game: FakeGame = { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') };
    const { fake, scheduler: s } = setup({ now: '2026-11-25T22:30:00Z', games: { c16: game } });
    await s.start();
    expect(s.nextRuns().find((r) => r.kind === 'rollover')?.at).toEqual(iso('2026-11-26T00:00:00Z'));
    // A proposal moves the Battle Phase to start on Friday; the 23:00 check re-reads the Ruleset.
    game.weekdays = [MON, FRI];
    await vi.advanceTimersByTimeAsync(H);
    await s.idle();
    expect(s.nextRuns().find((r) => r.kind === 'rollover')?.at).toEqual(iso('2026-11-27T00:00:00Z'));
    // Thursday 00:00 passes without a rollover; Friday 00:00 brings exactly one.
    await vi.advanceTimersByTimeAsync(25 * H);
    await s.idle();
    expect(fake.rollovers().map((c) => c.boundary)).toEqual(['2026-11-27T00:00:00.000Z']);
    expect(s.nextRuns().find((r) => r.kind === 'rollover')?.at).toEqual(iso('2026-11-30T00:00:00Z'));
  });

  test('several games are each scheduled from their own ruleset', async () => {
    const { fake, scheduler: s } = setup({
      now: '2026-11-25T23:30:00Z',
      games: {
        c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') },
        garden: { weekdays: [FRI], applied: iso('2026-11-20T00:00:00Z') },
      },
    });
    await s.start();
    await vi.advanceTimersByTimeAsync(49 * H);
    await s.idle();
    expect(fake.rollovers().map((c) => `${c.game}@${c.boundary}`)).toEqual(['c16@2026-11-26T00:00:00.000Z', 'garden@2026-11-27T00:00:00.000Z']);
    expect(fake.maxActive).toBe(1);
  });

  test('failures are counted; after the maximum the game is halted until cleared', async () => {
    const game: FakeGame = { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z'), broken: 'table "Players", row 3: "x" is not a number' };
    const published: StatusInfo[] = [];
    const {
      fake,
      store,
      scheduler: s,
    } = setup({
      now: '2026-11-25T22:30:00Z',
      games: { c16: game },
      max: 2,
      status: async (_g, info) => {
        published.push(info);
      },
    });
    await s.start();
    await vi.advanceTimersByTimeAsync(5 * H);
    await s.idle();
    const data = await store.read();
    const failed = data.runs.filter((r) => r.result === 'failed');
    expect(failed).toHaveLength(2); // 23:00, 00:00 — then halted: no more attempts
    expect(failed[0]?.error).toContain('row 3');
    expect(data.games.c16?.halted).toBe(true);
    expect(fake.calls).toEqual([]);
    expect(published.at(-1)?.record.halted).toBe(true);
    expect(published.at(-1)?.lastFailure?.error).toContain('"x" is not a number');

    // An admin fixes the page and clears the halt: the missed boundary is applied at the next check.
    delete game.broken;
    const { clearHalt } = await import('../../../src/cron/store.ts');
    await clearHalt(store, 'c16', 'Admin', new Date());
    await vi.advanceTimersByTimeAsync(H);
    await s.idle();
    expect(fake.rollovers().map((c) => c.boundary)).toEqual(['2026-11-26T00:00:00.000Z']);
    expect((await store.read()).games.c16?.consecutiveFailures).toBe(0);
  });

  test('a wiki read-only for hours never halts the game: each check tries again, and the first one after the lock is lifted applies the boundary', async () => {
    const readOnly = new WikiError({ code: 'readonly', page: 'c16/Gamestate', message: '"c16/Gamestate": the wiki is read-only (upgrading)' });
    const game: FakeGame = { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z'), unsaved: readOnly };
    const published: StatusInfo[] = [];
    const {
      fake,
      store,
      scheduler: s,
    } = setup({ now: '2026-11-25T22:30:00Z', games: { c16: game }, max: 2, status: async (_g, info) => void published.push(info) });
    await s.start();
    await vi.advanceTimersByTimeAsync(5 * H);
    await s.idle();
    const data = await store.read();
    // 23:00 the check; 00:00 the boundary, then the check at the same instant catching it up; 01:00–03:00 the checks,
    // each catching the boundary up first.
    expect(data.runs.map((r) => `${r.kind} ${r.result}`)).toEqual([
      'check unavailable',
      'rollover unavailable',
      'rollover unavailable',
      'rollover unavailable',
      'rollover unavailable',
      'rollover unavailable',
    ]);
    // The error in plain words, with its code (run-recorder.ts#plainError).
    expect(new Set(data.runs.map((r) => r.error))).toEqual(new Set(['"c16/Gamestate": the wiki is read-only (upgrading) (readonly)']));
    expect(data.games.c16).toMatchObject({ halted: false, consecutiveFailures: 0 });
    expect(published.at(-1)?.lastRun?.result).toBe('unavailable');
    expect(fake.calls).toEqual([]);

    // The lock is lifted: the next check applies the boundary that passed meanwhile.
    delete game.unsaved;
    await vi.advanceTimersByTimeAsync(H);
    await s.idle();
    expect(fake.rollovers().map((c) => c.boundary)).toEqual(['2026-11-26T00:00:00.000Z']);
  });

  test('requests are answered after the catch-up; a "clear" request lifts a halt and the missed boundaries follow', async () => {
    vi.setSystemTime(iso('2026-11-24T10:00:00Z'));
    const game: FakeGame = { weekdays: [MON, THU], applied: iso('2026-11-16T00:00:00Z') };
    const fake = fakeJobs({ c16: game });
    const store = storeWith({ c16: { halted: true, consecutiveFailures: 3, haltReason: 'broken page' } });
    const seen: string[] = [];
    const ref = { key: 'k', line: '* clear', verb: 'clear', page: 'R', revid: 9, timestamp: '', author: 'Admin' };
    scheduler = new Scheduler({
      games: ['c16'],
      store,
      jobs: fake.jobs,
      logger: silentLogger(),
      requests: async (_g, _now, actions) => {
        seen.push(`requests (halted: ${await actions.halted()}, rollovers so far: ${fake.rollovers().length})`);
        if (await actions.halted()) await actions.clear(ref);
        else await actions.rollover({ ...ref, verb: 'rollover', line: '* rollover now' });
        return { handled: 1, waiting: 0, edits: 1 };
      },
    });
    await scheduler.start();
    await scheduler.idle();
    // Halted: the request pass came first and cleared it; then the two missed boundaries, in order.
    expect(seen).toEqual(['requests (halted: true, rollovers so far: 0)']);
    expect(fake.rollovers().map((c) => [c.boundary, c.trigger])).toEqual([
      ['2026-11-19T00:00:00.000Z', 'catch-up'],
      ['2026-11-23T00:00:00.000Z', 'catch-up'],
    ]);
    expect((await store.read()).games.c16).toMatchObject({ halted: false, clearedBy: 'Admin (request r9)' });
    // Not halted: the next check catches up first (nothing to do), then answers the request (a forced rollover).
    await vi.advanceTimersByTimeAsync(H);
    await scheduler.idle();
    expect(seen[1]).toBe('requests (halted: false, rollovers so far: 2)');
    expect(fake.rollovers().at(-1)).toMatchObject({ trigger: 'request', force: true, actor: 'Admin' });
  });

  test("an admin's manual rollover carries the request's revision time, after the catch-up of the boundary that passed since", async () => {
    vi.setSystemTime(iso('2026-11-23T01:00:00Z'));
    const fake = fakeJobs({ c16: { weekdays: [MON, THU], applied: iso('2026-11-19T00:00:00Z') } });
    const store = storeWith({ c16: {} });
    // Asked on Sunday, in the phase before Monday's boundary; the daemon was down until after it.
    const ref = { key: 'k', line: '* rollover now', verb: 'rollover', page: 'R', revid: 9, timestamp: '2026-11-22T18:00:00Z', author: 'Admin' };
    scheduler = new Scheduler({
      games: ['c16'],
      store,
      jobs: fake.jobs,
      logger: silentLogger(),
      requests: async (_g, _now, actions) => {
        await actions.rollover(ref);
        return { handled: 1, waiting: 0, edits: 1 };
      },
    });
    await scheduler.start();
    await scheduler.idle();
    expect(fake.rollovers().map((c) => [c.trigger, c.boundary, c.requestedAt])).toEqual([
      ['catch-up', '2026-11-23T00:00:00.000Z', undefined],
      ['request', undefined, '2026-11-22T18:00:00.000Z'],
    ]);
  });

  test('shutdown waits for the running job, or abandons it after the grace period: the job saves nothing after that and its run is only "abandoned"', async () => {
    const {
      fake,
      store,
      scheduler: s,
    } = setup({
      now: '2026-11-25T23:59:59Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z'), rolloverMs: 10 * 60_000 } },
    });
    await s.start();
    await vi.advanceTimersByTimeAsync(2_000); // the boundary job starts
    const stopping = s.stop(60_000);
    await vi.advanceTimersByTimeAsync(61_000);
    const report = await stopping;
    expect(report.how).toBe('abandoned');
    expect(report.runs.map((r) => [r.kind, r.result, r.edits])).toEqual([['rollover', 'abandoned', 0]]);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    // Nothing of the job happened afterwards: no rollover applied, and the store never says "changed".
    expect(fake.rollovers()).toEqual([]);
    const runs = (await store.read()).runs;
    expect(runs.map((r) => r.result)).toEqual(['abandoned']);
    expect(runs[0]?.error).toContain('nothing was saved');
  });

  test('a second stop signal abandons the running job at once, without waiting for the rest of the grace period', async () => {
    const {
      fake,
      store,
      scheduler: s,
    } = setup({
      now: '2026-11-25T23:59:59Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z'), rolloverMs: 10 * 60_000 } },
    });
    await s.start();
    await vi.advanceTimersByTimeAsync(2_000);
    let settled = false;
    const stopping = s.stop(3_600_000).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toBe(false); // the first signal waits for the job
    s.abandonNow(); // the second one does not
    await vi.advanceTimersByTimeAsync(0);
    const report = await stopping;
    expect(report.how).toBe('abandoned');
    expect((await store.read()).runs.map((r) => r.result)).toEqual(['abandoned']);
    expect(fake.rollovers()).toEqual([]);
  });

  test('a job whose edit was already sent when it is abandoned is waited for, and recorded as what it did, never also as "abandoned"', async () => {
    const {
      fake,
      store,
      scheduler: s,
    } = setup({
      now: '2026-11-25T23:59:59Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z'), sentEditMs: 10 * 60_000 } },
    });
    await s.start();
    await vi.advanceTimersByTimeAsync(2_000);
    let settled = false;
    const stopping = s.stop(60_000).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(61_000);
    expect(settled).toBe(false); // the stop waits for the edit on the wire
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const report = await stopping;
    expect(report.runs.map((r) => [r.kind, r.result])).toEqual([['rollover', 'changed']]);
    expect((await store.read()).runs.map((r) => r.result)).toEqual(['changed']);
    expect(fake.rollovers()).toHaveLength(1);
  });

  test('once stopped, the status page says so and names no next run', async () => {
    const published: StatusInfo[] = [];
    const { scheduler: s } = setup({
      now: '2026-11-25T22:00:00Z',
      games: { c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') } },
      status: async (_g, info) => {
        published.push(info);
      },
    });
    await s.start();
    await s.publishAll();
    expect(published.at(-1)?.stopped).toBeUndefined();
    expect(published.at(-1)?.nextRun).toEqual({ at: iso('2026-11-25T23:00:00Z'), kind: 'check' });
    await s.stop(0);
    const at = new Date();
    await s.publishStopped({ at, reason: 'received SIGTERM' });
    expect(published.at(-1)).toMatchObject({ stopped: { at, reason: 'received SIGTERM' }, nextRun: undefined });
  });

  test('cron expression for an instant is in UTC with seconds', () => {
    expect(cronForInstant(iso('2026-11-26T00:00:00Z'))).toBe('0 0 0 26 11 *');
  });
});

// A flood on one game never delays another game's rollover (issue 23 §3).
const LINE_MS = 20_000;

/** When something ran on the (fake) wiki: [start, end] in ms. */
type Span = [number, number];
const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];

/**
 * Game `a` (next boundary a week away) has a flood of `lines` request lines, each answered in LINE_MS (a wiki edit),
 * checked at :30; game `b` rolls over at Thursday 00:00, in the middle of a's pass, in `rolloverMs`.
 */
function flood(opts: { lines?: number; referee?: RefereeRunner; checkCron?: string; rolloverMs?: number } = {}) {
  const now = '2026-11-25T23:29:59Z';
  vi.setSystemTime(iso(now));
  const fake = fakeJobs({
    a: { weekdays: [MON], applied: iso('2026-11-23T00:00:00Z') },
    b: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z'), rolloverMs: opts.rolloverMs ?? 5_000 },
  });
  const store = storeWith({ a: { lastCheck: now }, b: { lastCheck: now } });
  const answered: { line: number; span: Span }[] = [];
  const requests: RequestsProcessor = async (game, _now, actions) => {
    if (game !== 'a') return { handled: 0, waiting: 0, edits: 0 };
    // The lines not answered yet (an answered line is marked: a later pass does not take it again).
    let handled = 0;
    for (let line = answered.length + 1; line <= (opts.lines ?? 150); line++) {
      currentScope()?.check(); // as a wiki request of the pass would: nothing is sent once the job is abandoned
      const start = Date.now();
      await new Promise((r) => setTimeout(r, LINE_MS));
      await currentScope()?.sendEdit(`a/Requests`, async () => {}); // the line's answer: an edit the wiki made
      answered.push({ line, span: [start, Date.now()] });
      handled++;
      await actions.between?.();
    }
    return { handled, waiting: 0, edits: handled };
  };
  scheduler = new Scheduler({
    games: ['a', 'b'],
    store,
    jobs: {
      ...fake.jobs,
      // b's rollover saves one subpage first (an edit the wiki made), then its page.
      rollover: async (game, o) => {
        if (game === 'b') await currentScope()?.sendEdit('b/Standings', async () => {});
        return fake.jobs.rollover(game, o);
      },
    },
    logger: silentLogger(),
    checkCron: opts.checkCron ?? '30 * * * *',
    requests,
    ...(opts.referee ? { referee: opts.referee } : {}),
  });
  /** b's rollover as it ran: the boundary, the trigger, and its span on the clock. */
  const bRollover = async () => {
    const run = (await store.read()).runs.find((r) => r.game === 'b' && r.kind === 'rollover');
    return run && { boundary: run.boundary, trigger: run.trigger, span: [Date.parse(run.start), Date.parse(run.end ?? '')] as Span, result: run.result };
  };
  return { fake, store, answered, scheduler, bRollover };
}

describe('a flood on one game never delays another game’s rollover', () => {
  test("b's boundary falling during a's pass of 150 request lines runs within one line of it, alone on the wiki, and the pass then answers every line once", async () => {
    const { fake, answered, scheduler: s, bRollover } = flood();
    await s.start();
    await vi.advanceTimersByTimeAsync(2 * H);
    await s.idle();
    const b = await bRollover();
    // The pass runs 23:30 → 00:20 (150 × 20 s); the boundary at 00:00 waits at most for the line being answered.
    expect(b).toMatchObject({ boundary: '2026-11-26T00:00:00.000Z', trigger: 'boundary', result: 'changed' });
    expect(b!.span[0]).toBeGreaterThanOrEqual(Date.parse('2026-11-26T00:00:00Z'));
    expect(b!.span[0]).toBeLessThanOrEqual(Date.parse('2026-11-26T00:00:00Z') + LINE_MS);
    expect(b!.span[0]).toBeLessThan(answered.at(-1)!.span[1]);
    expect(answered.filter((l) => overlaps(l.span, b!.span))).toEqual([]);
    expect(answered.map((l) => l.line)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(fake.rollovers().filter((r) => r.game === 'b')).toHaveLength(1);
  });

  test("b's boundary falling during a's referee pass runs at the end of the pass's step under way, not after the pass", async () => {
    const STEP_MS = 7 * 60_000;
    const steps: { game: string; step: number; span: Span }[] = [];
    const referee: RefereeRunner = {
      // a's actions page is flooded at 23:50 (before, its pass has nothing to do: the start ticks are short).
      active: async (game) => game === 'a' && Date.now() >= Date.parse('2026-11-25T23:50:00Z'),
      run: async (game, _signal, between) => {
        for (let step = 1; step <= 4; step++) {
          const start = Date.now();
          await new Promise((r) => setTimeout(r, STEP_MS));
          steps.push({ game, step, span: [start, Date.now()] });
          await between?.();
        }
        return { changed: true, edits: 2, summary: '150 request(s) answered' };
      },
    };
    // a's check at 23:50: no request line, then its referee pass of four 7-minute steps, 23:50 → 00:18.
    const { store, scheduler: s, bRollover } = flood({ lines: 0, referee, checkCron: '50 * * * *' });
    const started = s.start();
    await vi.advanceTimersByTimeAsync(H);
    await started;
    await s.idle();
    const b = await bRollover();
    expect(b).toMatchObject({ boundary: '2026-11-26T00:00:00.000Z', trigger: 'boundary' });
    const second = steps.find((x) => x.step === 2)!; // 23:57 → 00:04: the boundary passes during it
    expect(b!.span[0]).toBe(second.span[1]);
    expect(steps.filter((x) => overlaps(x.span, b!.span))).toEqual([]);
    const pass = (await store.read()).runs.find((r) => r.game === 'a' && r.kind === 'referee')!;
    expect(Date.parse(pass.end!)).toBeGreaterThan(b!.span[1]);
    expect(pass).toMatchObject({ result: 'changed', edits: 2 });
  });

  test("at the daemon's start, b's catch-up of a boundary missed while it was down runs at a's first line, not after a's whole pass", async () => {
    // The daemon was down over Thursday 00:00, and a has never been checked: its start tick answers the flood.
    vi.setSystemTime(iso('2026-11-26T00:10:00Z'));
    const fake = fakeJobs({ a: { weekdays: [MON], applied: iso('2026-11-23T00:00:00Z') }, b: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') } });
    const answered: number[] = [];
    scheduler = new Scheduler({
      games: ['a', 'b'],
      store: storeWith({ a: {}, b: { lastCheck: '2026-11-26T00:10:00Z' } }),
      jobs: fake.jobs,
      logger: silentLogger(),
      requests: async (game, _now, actions) => {
        // Answered lines are marked: a later pass finds none.
        for (let line = answered.length + 1; game === 'a' && line <= 150; line++) {
          await new Promise((r) => setTimeout(r, LINE_MS));
          answered.push(Date.now());
          await actions.between?.();
        }
        return { handled: 0, waiting: 0, edits: 0 };
      },
    });
    const started = scheduler.start();
    await vi.advanceTimersByTimeAsync(2 * H);
    await started;
    const b = fake.rollovers().find((r) => r.game === 'b');
    expect(b).toMatchObject({ boundary: '2026-11-26T00:00:00.000Z', trigger: 'catch-up', at: new Date(answered[0]!).toISOString() });
    expect(answered).toHaveLength(150);
  });

  test('a stop while the boundary runs inside the pass abandons both runs, each with its own edits, and nothing more of the pass reaches the wiki', async () => {
    const { store, answered, scheduler: s, bRollover } = flood({ rolloverMs: 10 * 60_000 });
    await s.start();
    await vi.advanceTimersByTimeAsync(30 * 60_000 + 20_000); // 00:00:19: b's rollover has started
    expect((await bRollover())?.result).toBe('running');
    const before = answered.length;
    const stopping = s.stop(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    const report = await stopping;
    expect(report.how).toBe('abandoned');
    // Each run with the edits it made itself: a's one per line answered (not b's), b's its subpage.
    expect(report.runs.map((r) => [r.game, r.kind, r.result, r.edits]).sort()).toEqual([
      ['a', 'request', 'abandoned', before],
      ['b', 'rollover', 'abandoned', 1],
    ]);
    await vi.advanceTimersByTimeAsync(H);
    expect(answered.length).toBe(before);
    expect((await store.read()).runs.filter((r) => r.result === 'running')).toEqual([]);
  });
});

describe('a revert found by a save', () => {
  test("a check its save refused because a person reverted the bot ends the game's tick: the referee's pass does not run until the next tick's revert check", async () => {
    vi.setSystemTime(iso('2026-11-25T23:00:00Z'));
    const fake = fakeJobs({ c16: { weekdays: [MON, THU], applied: iso('2026-11-23T00:00:00Z') } });
    const passes: string[] = [];
    const store = storeWith({ c16: {} });
    scheduler = new Scheduler({
      games: ['c16'],
      store,
      jobs: {
        ...fake.jobs,
        check: async () => {
          throw new WikiError({ code: 'paused', page: 'c16/Gamestate', message: 'Admin undid the bot\'s revision 12 of "c16/Gamestate"' });
        },
      },
      logger: silentLogger(),
      referee: {
        active: async () => true,
        run: async (game) => {
          passes.push(game);
          return { changed: true };
        },
      },
    });
    await scheduler.start();
    await scheduler.idle();
    expect((await store.read()).runs.map((r) => [r.kind, r.result])).toEqual([['check', 'refused']]);
    expect(passes).toEqual([]);
  });
});
