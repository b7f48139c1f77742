import { afterAll, describe, expect, test } from 'vitest';
import { createLogger, defaultLogFormat, textLine } from '../../../src/cron/log.ts';
import { croupier, tempDir } from '../cli/run-cli.ts';

function capture(format: 'text' | 'json') {
  const lines: string[] = [];
  const log = createLogger({ format, level: 'info', secrets: ['hunter2hunter2'], destination: { write: (s: string) => void lines.push(s) } });
  return { log, lines };
}

describe('logs', () => {
  test('text: one plain line per event, instants as people read them (UTC, to the minute)', () => {
    const { log, lines } = capture('text');
    log.warn({ code: 'maxlag', delayMs: 5000, boundary: '2026-11-19T00:00:00.000Z' }, 'lagged; retrying');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} warn: lagged; retrying \(code=maxlag, delayMs=5000, boundary=2026-11-19 00:00\)\n$/);
  });

  test('json: one JSON object per line, time in ISO 8601', () => {
    const { log, lines } = capture('json');
    log.warn({ code: 'maxlag' }, 'lagged; retrying');
    const o = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(o).toMatchObject({ level: 40, code: 'maxlag', msg: 'lagged; retrying' });
    expect(o.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test('both formats redact secrets', () => {
    for (const format of ['text', 'json'] as const) {
      const { log, lines } = capture(format);
      log.error({ password: 'p4ss', err: new Error('login with hunter2hunter2 failed') }, 'bad hunter2hunter2');
      expect(lines.join('')).not.toMatch(/hunter2hunter2|p4ss/);
    }
  });

  test('an error logged with its own message is not repeated', () => {
    const line = textLine(JSON.stringify({ level: 50, time: '2026-11-19T00:00:00.000Z', msg: 'run FAILED: boom', err: { message: 'boom' } }));
    expect(line).toBe('2026-11-19 00:00 error: run FAILED: boom\n');
  });

  test('the daemon logs text on a terminal and JSON otherwise', () => {
    expect(defaultLogFormat({ isTTY: true })).toBe('text');
    expect(defaultLogFormat({ isTTY: false })).toBe('json');
    expect(defaultLogFormat({})).toBe('json');
  });
});

describe('a CLI run whose wiki does not answer', () => {
  const tmp = tempDir({
    'config.json': JSON.stringify({ wiki: { maxRetries: 1, retryPauseMs: 10 }, games: [{ id: 'c16', kind: 'cycle16', ruleset: 'R', gamestate: 'G' }] }),
  });
  afterAll(() => tmp.remove());
  // Port 9 (discard) on 127.0.0.1: nothing listens there, the connection is refused at once.
  const env = { CROUPIER_API_URL: 'http://127.0.0.1:9/w/api.php' };

  test('prints its warnings as text lines and names the URL that failed, with how to start the local wiki', async () => {
    const r = await croupier(['status', '--game', 'c16', '--config', 'config.json'], { cwd: tmp.dir, env });
    expect(r.status).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.some((l) => l.startsWith('{'))).toBe(false);
    expect(lines).toContainEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} warn: .*retrying/));
    expect(lines.at(-1)).toBe(
      'croupier: cannot reach the wiki at http://127.0.0.1:9/w/api.php (connect ECONNREFUSED 127.0.0.1:9) — is the local wiki running? Start it with: bash scripts/devwiki.sh start',
    );
  });

  test('prints JSON lines with ISO times under --log-format json', async () => {
    const r = await croupier(['--log-format', 'json', 'status', '--game', 'c16', '--config', 'config.json'], { cwd: tmp.dir, env });
    expect(r.status).toBe(1);
    const [last, ...logs] = r.stderr.trimEnd().split('\n').reverse();
    expect(last).toMatch(/^croupier: cannot reach the wiki at http:\/\/127\.0\.0\.1:9\/w\/api\.php/);
    expect(logs.length).toBeGreaterThan(0);
    for (const l of logs) expect(JSON.parse(l)).toMatchObject({ level: 40, time: expect.stringMatching(/T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });
  });
});
