import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { InstantError, parseInstant } from '../../../src/sim/instant.ts';

// `--now` is read strictly (issue 16 §3) and, without a zone, as UTC (issue 8 §2.12:
// “All times mentioned in this ruleset are in UTC”), whatever TZ the process runs in.

const problem = (input: string) => {
  try {
    parseInstant(input, '--now');
  } catch (err) {
    if (err instanceof InstantError) return err.problem;
    throw err;
  }
  throw new Error(`"${input}" was accepted`);
};

describe('the strict instant reader', () => {
  test.each([
    ['2026-11-19', '2026-11-19T00:00:00.000Z'],
    ['2026-11-19T00:00Z', '2026-11-19T00:00:00.000Z'],
    ['2026-11-19 13:45', '2026-11-19T13:45:00.000Z'],
    ['2026-11-19T13:45:30.250Z', '2026-11-19T13:45:30.250Z'],
    ['2026-11-19T01:00+01:00', '2026-11-19T00:00:00.000Z'],
    ['2026-11-18T19:00-0500', '2026-11-19T00:00:00.000Z'],
    ['2024-02-29T12:00Z', '2024-02-29T12:00:00.000Z'],
  ])('reads %s as %s', (input, iso) => {
    expect(parseInstant(input).toISOString()).toBe(iso);
  });

  test.each([
    ['2026-11-19 junk', '" junk" after "2026-11-19" is not part of one'],
    ['2026-02-30', 'February 2026 has 28 days, so there is no day 30'],
    ['2026-13-01', 'there is no month 13'],
    ['2026-11-19T24:00', 'the hour 24 is past 23'],
    ['2026-11-19T10:60', 'the minute 60 is past 59'],
    ['2026-11-19T1:00', 'the time after "2026-11-19" should be written HH:MM'],
    ['19/11/2026', 'it does not begin with a date written YYYY-MM-DD'],
    ['2026-11-19T10:00+25:00', 'the zone offset +25:00 is out of range'],
  ])('refuses %s: %s', (input, why) => {
    expect(problem(input)).toBe(why);
  });

  test('the error names what was read and shows the form', () => {
    expect(() => parseInstant('2026-02-30', '--now')).toThrow(
      '--now "2026-02-30" is not an ISO 8601 instant: February 2026 has 28 days, so there is no day 30 (e.g. 2026-11-19T00:00Z; without a zone it is UTC)',
    );
  });

  test('a year is taken as written, never as 19xx', () => {
    expect(parseInstant('0026-11-02').getUTCFullYear()).toBe(26);
  });
});

describe('--now in the CLI', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  const status = (now: string, tz: string) =>
    spawnSync(
      process.execPath,
      [
        'bin/croupier.js',
        'status',
        '--ruleset',
        'fixtures/cycle16/ruleset.wikitext',
        '--gamestate',
        'fixtures/cycle16/gamestate.wikitext',
        '--now',
        now,
        '--json',
      ],
      { cwd: root, encoding: 'utf8', timeout: 90_000, env: { ...process.env, TZ: tz } },
    );

  test('without a zone is UTC even when the process runs in America/New_York', () => {
    const r = status('2026-11-18T23:30', 'America/New_York');
    expect(r.stderr).toBe('');
    const s = JSON.parse(r.stdout);
    expect(s.now).toBe('2026-11-18T23:30:00Z');
    // 23:30 UTC is still the Rest Phase (phase 4); read as New York time it would be 04:30 UTC on the 19th, phase 5.
    expect(s.phase).toMatchObject({ number: 4, name: 'Rest Phase' });
  }, 120_000);

  test('that is malformed is a usage error: exit 2, saying what is wrong', () => {
    const r = status('2026-11-19 junk', 'UTC');
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      'croupier: --now "2026-11-19 junk" is not an ISO 8601 instant: " junk" after "2026-11-19" is not part of one (e.g. 2026-11-19T00:00Z; without a zone it is UTC)',
    );
  }, 120_000);
});
