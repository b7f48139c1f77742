import { describe, expect, test } from 'vitest';
import { RevisionChecks } from '../../../src/wiki/revision-checks.ts';

/** A wiki that lists revisions by id: each listing request recorded, each revision's parent its id minus one. */
function wiki(fail?: Error) {
  const asked: number[][] = [];
  return {
    asked,
    request: async (params: Record<string, unknown>) => {
      const revids = params.revids as number[];
      asked.push(revids);
      if (fail) throw fail;
      return {
        query: {
          pages: revids.map((revid) => ({ revisions: [{ revid, parentid: revid - 1, user: 'Bot', timestamp: '2026-11-19T00:00:00Z', sha1: 'x' }] })),
        },
      };
    },
  };
}

describe('the merge checks of several saves, in one request', () => {
  test("the subpages' checks wait; the Gamestate's sends one request listing every revision, and each gets its own", async () => {
    const w = wiki();
    const checks = new RevisionChecks('G');
    const a = checks.look(w, 'G/Standings', 11);
    const b = checks.look(w, 'G/Standings', 12);
    await Promise.resolve();
    expect(w.asked).toEqual([]);
    const g = await checks.look(w, 'G', 13);
    expect(w.asked).toEqual([[11, 12, 13]]);
    expect([(await a)?.parentid, (await b)?.parentid, g?.parentid]).toEqual([10, 11, 12]);
  });

  test('the Gamestate alone is not batched: its save checks as without the batch, and nothing is sent', async () => {
    const w = wiki();
    expect(await new RevisionChecks('G').look(w, 'G', 13)).toBeUndefined();
    expect(w.asked).toEqual([]);
  });

  test('a save that asked before anyone waited for it is seen as asking', async () => {
    const w = wiki();
    const checks = new RevisionChecks('G');
    void checks.look(w, 'G/Standings', 11);
    await expect(checks.asked('G/Standings')).resolves.toBeUndefined();
    // And one that asks later resolves the wait then.
    let seen = false;
    const waiting = checks.asked('G/Standings').then(() => (seen = true));
    await Promise.resolve();
    expect(seen).toBe(false);
    void checks.look(w, 'G/Standings', 12);
    await waiting;
    expect(seen).toBe(true);
  });

  test('a flush with nothing asked sends nothing; a listing that fails fails every save waiting on it', async () => {
    const w = wiki(new Error('the wiki is down'));
    const checks = new RevisionChecks('G');
    await checks.flush();
    expect(w.asked).toEqual([]);
    const a = checks.look(w, 'G/Standings', 11);
    const g = checks.look(w, 'G', 13);
    await expect(a).rejects.toThrow('the wiki is down');
    await expect(g).rejects.toThrow('the wiki is down');
    expect(w.asked).toEqual([[11, 13]]);
  });
});
