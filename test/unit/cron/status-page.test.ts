import { describe, expect, test } from 'vitest';
import { renderStatus, spliceRegion, makeStatusPublisher } from '../../../src/cron/status-page.ts';
import type { StatusInfo } from '../../../src/cron/ports.ts';
import { GameRecord } from '../../../src/cron/store.ts';
import { RegionError } from '../../../src/parse/regions.ts';

const info = (over: Partial<StatusInfo> = {}): StatusInfo => ({
  game: 'c16',
  now: new Date('2026-11-26T00:00:05Z'),
  record: GameRecord.parse({
    consecutiveFailures: 1,
    lastError: { at: '2026-11-26T00:00:04Z', message: 'table "Players", row 3, column "vertebrae": "x" is not a number', kind: 'rollover' },
  }),
  lastRun: {
    id: 'r1',
    game: 'c16',
    kind: 'rollover',
    trigger: 'boundary',
    start: '2026-11-26T00:00:00Z',
    end: '2026-11-26T00:00:04Z',
    result: 'failed',
    edits: 0,
    error: 'table "Players", row 3, column "vertebrae": "x" is not a number',
    boundary: '2026-11-26T00:00:00Z',
  },
  lastFailure: undefined,
  maxConsecutiveFailures: 3,
  nextRun: { at: new Date('2026-11-26T01:00:00Z'), kind: 'check' },
  ...over,
});

describe('status page', () => {
  test('shows the last run, its result, the next run and the last error in plain words', () => {
    const text = renderStatus(info());
    expect(text).toContain('! Last run\n| 2026-11-26 00:00 UTC — phase rollover for the boundary of 2026-11-26 00:00 UTC (boundary)');
    expect(text).toContain("'''FAILED'''");
    expect(text).toContain('! Next scheduled run\n| 2026-11-26 01:00 UTC (periodic check)');
    expect(text).toContain('| \'\'\'FAILED\'\'\' — table "Players", row 3, column "vertebrae": "x" is not a number');
    expect(text).toContain("'''Failing''': 1 consecutive failed run(s); the bot halts after 3.");
  });

  test('once the daemon has stopped, the page says so and announces no next run; runs that never finished are listed', () => {
    const abandoned = {
      id: 'r2',
      game: 'c16',
      kind: 'rollover' as const,
      trigger: 'catch-up' as const,
      start: '2026-11-26T00:00:00Z',
      end: '2026-11-26T00:01:00Z',
      result: 'abandoned' as const,
      edits: 0,
      error: 'abandoned at shutdown: no request was sent after that point and nothing was saved',
    };
    const text = renderStatus(
      info({ stopped: { at: new Date('2026-11-26T00:01:00Z'), reason: 'received SIGTERM' }, nextRun: undefined, unfinished: [abandoned] }),
      [abandoned],
    );
    expect(text).toContain("! Daemon\n| '''Stopped''' since 2026-11-26 00:01 UTC (received SIGTERM): no run is scheduled until it is started again.");
    expect(text).toContain('! Next scheduled run\n| none: the daemon is stopped');
    expect(text).toContain(
      '! Runs that never finished\n| 2026-11-26 00:00 UTC — phase rollover (catch-up): abandoned at shutdown: no request was sent after that point and nothing was saved',
    );
    expect(text).toContain("|| '''never finished''' (abandoned: the bot stopped during the run) ||");
    const running = renderStatus(
      info({
        heartbeat: { pid: 42, host: 'bot-host', startedAt: '2026-11-25T00:00:00Z', lastSeen: '2026-11-26T00:00:05Z', nextExpectedBy: '2026-11-26T01:05:00Z' },
      }),
    );
    expect(running).toContain('! Daemon\n| running: last seen 2026-11-26 00:00 UTC, next expected by 2026-11-26 01:05 UTC (pid 42 on bot-host');
    expect(running).not.toContain('never finished');
  });

  test('a wiki outside the tested MediaWiki versions is named in a row of its own, escaped; a tested one adds no row', () => {
    const warning =
      'the wiki runs "MediaWiki 1.45.0", newer than the versions Croupier is tested on (MediaWiki 1.39–1.43): its edits are still checked, but how this version answers a stale edit (conflict or merge) is untested';
    const text = renderStatus(info(), [], warning);
    expect(text).toMatch(/\n! Daemon\n\| [^\n]+\n\|-\n! Wiki\n/); // the row right after the Daemon's
    expect(text).toContain(`\n! Wiki\n| '''Untested MediaWiki version''': ${warning}\n|-\n! State`);
    expect(renderStatus(info(), [], 'a | b [[x]]')).toContain("| '''Untested MediaWiki version''': a &#124; b &#91;&#91;x&#93;&#93;");
    expect(renderStatus(info())).not.toContain('! Wiki');
  });

  test('a paused game says who reverted which revision, when, and how to resume; nothing is scheduled meanwhile', () => {
    const text = renderStatus(
      info({
        record: GameRecord.parse({
          paused: {
            at: '2026-11-26T00:00:05Z',
            reverts: [{ page: 'Cycle 16/Gamestate', revid: 13, user: 'Admin', timestamp: '2026-11-26T00:00:03Z', how: 'undo', reverted: [12] }],
          },
        }),
      }),
    );
    expect(text).toContain(
      `'''PAUSED''' since 2026-11-26 00:00 UTC: Admin undid the bot's revision 12 of "Cycle 16/Gamestate" (revision 13, 2026-11-26 00:00 UTC)`,
    );
    expect(text).toContain('<code>* resume</code>');
    expect(text).toContain('<code>croupier resume --game c16</code>');
    expect(text).toContain('! Next scheduled run\n| none while paused');
  });

  test('a halted game says how to clear it', () => {
    const text = renderStatus(info({ record: GameRecord.parse({ halted: true, consecutiveFailures: 3, haltReason: '3 consecutive failed runs' }) }));
    expect(text).toContain("'''HALTED'''");
    expect(text).toContain('<code>* clear</code>');
    expect(text).toContain('croupier clear --game c16');
  });

  test('only the bot region is replaced; text around it is kept', () => {
    const content = renderStatus(info());
    expect(content).not.toContain('croupier:begin');
    const page = spliceRegion('Intro by a human.\n', content);
    expect(page.startsWith('Intro by a human.\n\n<!-- croupier:begin status -->')).toBe(true);
    const again = spliceRegion(page + 'Footer.\n', renderStatus(info({ record: GameRecord.parse({}) })));
    expect(again).toContain('Intro by a human.');
    expect(again).toContain('Footer.');
    expect(again.match(/croupier:begin status/g)).toHaveLength(1);
    expect(again).toContain('! Last error\n| none');
  });

  test('a status page with a doubled or unmatched status marker is refused, never guessed at', () => {
    const content = renderStatus(info());
    const begin = '<!-- croupier:begin status -->',
      end = '<!-- croupier:end status -->';
    for (const broken of [
      `Intro\n${begin}\nold\n${end}\n${begin}\nolder\n${end}\n`, // the region twice
      `Intro\n${begin}\nold\n`, // no end marker
      `Intro\nold\n${end}\n`, // no begin marker
      `Intro\n${begin}\nold\n${end}\n${end}\n`, // a doubled end marker
    ]) {
      expect(() => spliceRegion(broken, content, 'Cycle 16/Gamestate/Status')).toThrow(RegionError);
    }
    // Markers written with other spacing are the same region (the shared marker grammar).
    const loose = spliceRegion('Intro\n<!--croupier:begin status-->\nold\n<!--   croupier:end status -->\nOutro\n', content);
    expect(loose).toContain('Outro');
    expect(loose).not.toContain('\nold\n');
    expect(loose.match(/croupier:begin status/g)).toHaveLength(1);
  });

  test("a new status region goes before the page's categories, and the recent-runs table may shrink", () => {
    const page = spliceRegion('Intro.\n\n[[Category:Croupier]]', renderStatus(info()));
    expect(page.indexOf('croupier:end status')).toBeLessThan(page.indexOf('[[Category:Croupier]]'));
    const runs = Array.from({ length: 10 }, (_, i) => ({ ...info().lastRun!, id: `r${i}` }));
    const full = spliceRegion(page, renderStatus(info(), runs));
    expect(spliceRegion(full, renderStatus(info(), []))).not.toContain('Recent runs');
  });

  test('a publisher facing broken markers makes no edit and says why', async () => {
    const publish = makeStatusPublisher({
      wiki: { save: async (_t, f) => ({ changed: !!f('<!-- croupier:begin status -->\nno end') }) },
      pageFor: () => 'Cycle 16/Gamestate/Status',
    });
    await expect(publish('c16', info())).rejects.toThrow(/"Cycle 16\/Gamestate\/Status": region "status" .* has no end marker/);
  });

  test('the publisher creates the page when missing', async () => {
    const saved: { title: string; text: string; create: boolean }[] = [];
    const publish = makeStatusPublisher({
      wiki: {
        save: async (title, f, o) => {
          const r = f('');
          if (r) saved.push({ title, text: r.text, create: o.create });
          return { changed: !!r };
        },
      },
      pageFor: () => 'Cycle 16/Gamestate/Status',
    });
    await publish('c16', info());
    expect(saved[0]).toMatchObject({ title: 'Cycle 16/Gamestate/Status', create: true });
  });
});
