// The RequestScope that cancels a job's wiki requests at the daemon's shutdown (src/wiki/cancel.ts).
import { describe, expect, test } from 'vitest';
import { CancelledError, RequestScope, currentScope, inScope, pause } from '../../../src/wiki/cancel.ts';

describe('request scope', () => {
  test('every request of the job sees its scope, however deep the call; outside it none', async () => {
    const scope = new RequestScope();
    const deep = async () => { await new Promise((r) => setTimeout(r, 1)); return currentScope(); };
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

  test('an edit already sent is not cut by the cancel: it is awaited and counted, and no edit follows it', async () => {
    const scope = new RequestScope();
    let answer!: (v: string) => void;
    const sent = scope.sendEdit('P', () => new Promise<string>((r) => { answer = r; }));
    expect(scope.editInFlight?.page).toBe('P');
    scope.cancel('stop');
    let settled = false;
    void sent.then(() => { settled = true; });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    answer('saved');
    expect(await sent).toBe('saved');
    expect(scope.edits).toBe(1);
    expect(scope.editInFlight).toBeUndefined();
    // …and no other edit is sent after it.
    await expect(scope.sendEdit('P', async () => 'again')).rejects.toThrow(CancelledError);
    expect(scope.edits).toBe(1);
  });
});
