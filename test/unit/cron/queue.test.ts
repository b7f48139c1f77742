import { describe, expect, test } from 'vitest';
import { JobQueue, type QueuedJob } from '../../../src/cron/queue.ts';

/** A queue whose jobs log when they start and end, and never overlap unnoticed. */
function logged() {
  const q = new JobQueue();
  const log: string[] = [];
  let active = 0;
  let maxActive = 0;
  const add = (job: QueuedJob, body: (step: (name: string) => void) => Promise<void> = async () => {}) =>
    q.enqueue(job, async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      log.push(`start ${job.key}`);
      try {
        await body((name) => log.push(`${job.key}: ${name}`));
      } finally {
        log.push(`end ${job.key}`);
        active--;
      }
    });
  /**
   * A job with units: after each (and `during` it: the first unit's, e.g. a job queued meanwhile), it yields; active
   * is 0 while it waits, since the jobs it lets in count themselves.
   */
  const withUnits =
    (units: number, during: () => void = () => {}) =>
    async (step: (name: string) => void): Promise<void> => {
      for (let i = 1; i <= units; i++) {
        step(`unit ${i}`);
        if (i === 1) during();
        active--;
        await q.yield();
        active++;
      }
    };
  return { q, log, add, withUnits, maxActive: () => maxActive };
}

const routine = (game: string, key = `${game}:check`): QueuedJob => ({ key, game, urgent: false });
const boundary = (game: string, key = `${game}:boundary`): QueuedJob => ({ key, game, urgent: true });

describe('the job queue', () => {
  test('jobs run one at a time in the order they came when none is urgent', async () => {
    const { q, log, add, maxActive } = logged();
    add(routine('a'));
    add(routine('b'));
    await q.idle();
    expect(log).toEqual(['start a:check', 'end a:check', 'start b:check', 'end b:check']);
    expect(maxActive()).toBe(1);
  });

  test("another game's phase boundary goes before the routine jobs that wait ahead of it", async () => {
    const { q, log, add } = logged();
    add(routine('a'));
    add(routine('c'));
    add(boundary('b'));
    await q.idle();
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start b:boundary', 'start a:check', 'start c:check']);
  });

  test("a game's own jobs keep their order: its boundary takes its earlier check along, before the other games' jobs", async () => {
    const { q, log, add } = logged();
    add(routine('a'));
    add(routine('b'));
    add(boundary('b'));
    await q.idle();
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start b:check', 'start b:boundary', 'start a:check']);
  });

  test("at a yield, another game's boundary runs while the long job waits, then the job goes on: never two jobs at once", async () => {
    const { q, log, add, withUnits, maxActive } = logged();
    add(
      routine('a'),
      withUnits(3, () => add(boundary('b'))),
    );
    await q.idle();
    expect(log).toEqual(['start a:check', 'a:check: unit 1', 'start b:boundary', 'end b:boundary', 'a:check: unit 2', 'a:check: unit 3', 'end a:check']);
    expect(maxActive()).toBe(1);
  });

  test("a yield lets in neither the running game's own boundary nor another game's routine job: they wait for the job's end", async () => {
    const { q, log, add, withUnits } = logged();
    add(
      routine('a'),
      withUnits(2, () => {
        add(routine('c'));
        add(boundary('a'));
      }),
    );
    await q.idle();
    expect(log).toEqual([
      'start a:check',
      'a:check: unit 1',
      'a:check: unit 2',
      'end a:check',
      'start a:boundary',
      'end a:boundary',
      'start c:check',
      'end c:check',
    ]);
  });

  test('a boundary let in at a yield may let in a third game’s boundary at its own yield, but not the game that yielded to it', async () => {
    const { q, log, add, withUnits } = logged();
    add(
      routine('a'),
      withUnits(2, () =>
        add(
          boundary('b'),
          withUnits(1, () => {
            add(boundary('c'));
            add(boundary('a'));
          }),
        ),
      ),
    );
    await q.idle();
    expect(log).toEqual([
      'start a:check',
      'a:check: unit 1',
      'start b:boundary',
      'b:boundary: unit 1',
      'start c:boundary',
      'end c:boundary',
      'end b:boundary',
      'a:check: unit 2',
      'end a:check',
      'start a:boundary',
      'end a:boundary',
    ]);
  });

  test('a key already waiting is not queued twice; once started, it may be queued again', async () => {
    const { q, log, add } = logged();
    let again: Promise<void> | undefined;
    const first = add(boundary('a'), async () => {
      again = add(boundary('a'));
    });
    expect(add(boundary('a'))).toBe(first);
    await q.idle();
    expect(again).not.toBe(first);
    expect(log.filter((l) => l.startsWith('start'))).toEqual(['start a:boundary', 'start a:boundary']);
  });

  test('a job that throws is reported and the queue goes on', async () => {
    const q = new JobQueue();
    const errors: unknown[] = [];
    const ran: string[] = [];
    q.enqueue(
      routine('a'),
      async () => {
        throw new Error('broken page');
      },
      (err) => errors.push(err),
    );
    q.enqueue(routine('b'), async () => {
      ran.push('b');
    });
    await q.idle();
    expect(errors).toEqual([new Error('broken page')]);
    expect(ran).toEqual(['b']);
  });

  test('close drops the jobs not started (their callers resolve), lets nothing in at a yield, and resolves when the running job ends', async () => {
    const { q, log, add, withUnits } = logged();
    let closing: Promise<void> | undefined;
    add(
      routine('a'),
      withUnits(2, () => {
        add(boundary('b'));
        closing = q.close();
      }),
    );
    const waiting = add(routine('c'));
    await waiting;
    await q.idle();
    await closing;
    expect(log).toEqual(['start a:check', 'a:check: unit 1', 'a:check: unit 2', 'end a:check']);
    expect(add(boundary('b'))).toBeUndefined();
  });
});
