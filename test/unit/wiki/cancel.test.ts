// The RequestScope that cancels a job's wiki requests at the daemon's shutdown (src/wiki/cancel.ts).
import { describe, expect, test } from 'vitest';
import { CancelledError, RequestScope, currentScope, cuttingScope, inSave, inScope, pause } from '../../../src/wiki/cancel.ts';

describe('request scope', () => {
  test('every request of the job sees its scope, however deep the call; outside it none', async () => {
    const scope = new RequestScope();
    const deep = async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentScope();
    };
    expect(await inScope(scope, () => deep())).toBe(scope);
    expect(currentScope()).toBeUndefined();
  });

  test('once cancelled, nothing more is sent: the check throws a CancelledError naming the page', () => {
    const scope = new RequestScope();
    expect(() => scope.check('P')).not.toThrow();
    scope.cancel('the daemon is shutting down');
    expect(() => scope.check('P')).toThrow(CancelledError);
    expect(() => scope.check('P')).toThrow('the daemon is shutting down: no request sent for "P"');
  });

  test('a retry pause ends at once when the scope is cancelled', async () => {
    const scope = new RequestScope();
    const waiting = pause(3_600_000, scope, 'P');
    scope.cancel('stop');
    await expect(waiting).rejects.toThrow('stop: no request sent for "P"');
  });

  test('an edit already sent is not cut by the cancel: it is awaited and counted', async () => {
    const scope = new RequestScope();
    let answer!: (v: string) => void;
    const sent = scope.sendEdit(
      'P',
      () =>
        new Promise<string>((r) => {
          answer = r;
        }),
    );
    expect(scope.editInFlight?.page).toBe('P');
    scope.cancel('stop');
    let settled = false;
    void sent.then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    answer('saved');
    expect(await sent).toBe('saved');
    expect(scope.edits).toBe(1);
    expect(scope.editInFlight).toBeUndefined();
  });

  test('a save whose edit the wiki saved is finished despite the cancel (its merge check is not cut); a save with no edit saved yet is cut', async () => {
    const scope = new RequestScope();
    const seen: (string | undefined)[] = [];
    await inScope(scope, () =>
      inSave(async () => {
        await scope.sendEdit('P', async () => 'saved');
        scope.cancel('stop');
        seen.push(cuttingScope()?.cancelled === true ? 'cut' : 'finishes');
      }),
    );
    await inScope(scope, () =>
      inSave(async () => {
        seen.push(cuttingScope() === scope ? 'cut' : 'finishes');
      }),
    );
    expect(seen).toEqual(['finishes', 'cut']);
  });
});
