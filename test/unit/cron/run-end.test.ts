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

  it("ends a run the wiki failed after saving some of its edits as failed, with its edits: a wiki that saves a run's subpages and fails its Gamestate edit at every run must halt the game, not cost edits at every check", () => {
    const at = new Date('2026-11-27T00:00:00Z');
    expect(thrownEnd(err('http-503'), 'HTTP 503', at, 0)).toEqual({ result: 'unavailable', at, error: 'HTTP 503' });
    expect(thrownEnd(err('http-503'), 'HTTP 503', at, 4)).toEqual({
      result: 'failed',
      at,
      edits: 4,
      error: 'HTTP 503 (the wiki had saved 4 edit(s) of this run: counted as a failure)',
    });
    expect(thrownEnd(err('protectedpage'), 'protected', at, 2)).toEqual({ result: 'failed', at, edits: 2, error: 'protected' });
    expect(thrownEnd(err('paused'), 'reverted', at, 1)).toEqual({ result: 'refused', at, edits: 1, error: 'reverted' });
  });
});
