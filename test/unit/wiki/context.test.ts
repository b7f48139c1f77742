import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config.ts';
import { exitCodeFor, UsageError } from '../../../src/cli/context.ts';
import { createLogger } from '../../../src/cron/log.ts';
import { RegionError } from '../../../src/parse/regions.ts';
import { WikiError } from '../../../src/wiki/errors.ts';

describe('CLI context', () => {
  it('has one exit-code policy', () => {
    expect(exitCodeFor(new ConfigError('bad'))).toBe(2);
    expect(exitCodeFor(new UsageError('bad'))).toBe(2);
    expect(exitCodeFor(new WikiError({ code: 'login-failed', message: 'x' }))).toBe(3);
    expect(exitCodeFor(new WikiError({ code: 'shutoff', message: 'x' }))).toBe(4);
    expect(exitCodeFor(new WikiError({ code: 'bots-excluded', message: 'x' }))).toBe(4);
    expect(exitCodeFor(new WikiError({ code: 'region-markers', message: 'x' }))).toBe(4);
    expect(exitCodeFor(new RegionError({ code: 'region-shrink', message: 'x' }))).toBe(4);
    expect(exitCodeFor(new WikiError({ code: 'editconflict', message: 'x' }))).toBe(1);
    expect(exitCodeFor(new Error('x'))).toBe(1);
  });

  it('redacts secrets in logs', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'info', destination: { write: (s: string) => void lines.push(s) } });
    log.info({ password: 'hunter2', secrets: { password: 'p2' }, req: { token: 't0k', lgpassword: 'lg' } }, 'hello');
    const out = lines.join('');
    expect(out).toContain('hello');
    for (const secret of ['hunter2', 'p2', 't0k', 'lg"']) expect(out).not.toContain(secret);
  });
});
