import { describe, expect, test } from 'vitest';
import { GAMESTATE, ruleset, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

// Turn Order: “If multiple participants have an equal number of cards in their hands, their
// relative turn order is determined randomly.” The draw is seeded by what the page says of the
// battle, not by when (or in which run) the bot applied it.

const PAGE = 'Cycle 16/Gamestate';
const run = (text: string, revid: number, now: string) =>
  cycle16Engine.rollover(ruleset, 'cycle16', { title: PAGE, text, revid }, { now: utc(now), trigger: 'schedule' });
const turnOrderRows = (text: string) => text.split('\n').filter((line) => line.includes('|| Turn order ||'));

describe('turn-order draws do not depend on when the bot ran', () => {
  // Battle 3 (phase 5): Bram (4), Eun-ji (4), Kestrel (6) — Bram and Eun-ji tie. Phase 5 begins Thu 19 Nov; the declared
  // battle commences 24 hours in, Fri 20 Nov 00:00.
  test('“their relative turn order is determined randomly”: stepping phase by phase (revisions 1 and 2) and one catch-up run (revision 1) write the same Turn order row, seeded "cycle16/phase 5/battle 3"', () => {
    const thursday = run(GAMESTATE, 1, '2026-11-19T00:00');
    const stepped = run(thursday.text, 2, '2026-11-20T00:00');
    const caughtUp = run(GAMESTATE, 1, '2026-11-20T00:00');
    const rows = turnOrderRows(stepped.text);
    expect(rows).toHaveLength(1);
    expect(rows).toEqual(turnOrderRows(caughtUp.text));
    expect(rows[0]).toMatch(/\|\| battle 3: Kestrel, (Bram, Eun-ji|Eun-ji, Bram) \|\|/);
    expect(rows[0]).toContain('seed "cycle16/phase 5/battle 3"'); // within brackets, which the page writes escaped
  });

  test('another revision read, or a later run, draws the same order', () => {
    const a = turnOrderRows(run(GAMESTATE, 1, '2026-11-20T00:00').text);
    const b = turnOrderRows(run(GAMESTATE, 987_654, '2026-11-22T18:00').text);
    expect(b).toEqual(a);
  });
});
