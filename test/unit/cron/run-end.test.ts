import { describe, expect, it } from 'vitest';
import { thrownEnd } from '../../../src/cron/run-end.ts';
import { WikiError } from '../../../src/wiki/errors.ts';

const err = (code: string) => new WikiError({ code, message: code });

describe('how a run that threw ends in the run log, for the daemon and the CLI alike', () => {
  it('ends a run that threw as refused (a person reverted the bot), unavailable (the wiki) or failed (the rest)', () => {
    const at = new Date('2026-11-27T00:00:00Z');
    expect(thrownEnd(err('paused'), 'reverted', at)).toEqual({ result: 'refused', at, error: 'reverted' });
    expect(thrownEnd(err('readonly'), 'read-only', at)).toEqual({ result: 'unavailable', at, error: 'read-only' });
    expect(thrownEnd(err('protectedpage'), 'protected', at)).toEqual({ result: 'failed', at, error: 'protected' });
    expect(thrownEnd(new Error('boom'), 'boom', at)).toEqual({ result: 'failed', at, error: 'boom' });
  });
});
