import { afterEach, describe, expect, it } from 'vitest';
import { documentOf, forgetDocuments } from '../../../src/parse/page-memo.ts';
import { readEngineRuleset, refereeFor } from '../../../src/games/registry.ts';
import { adoptText } from '../../../src/jobs/adopt.ts';
import { fixture } from '../helpers/fixtures.ts';

// A check tick's steps share one read of a page (src/parse/page-memo.ts): safe only while nothing writes into a
// document it is handed.

afterEach(forgetDocuments);

function deepFreeze(value: unknown, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const d = Object.getOwnPropertyDescriptor(value, key)!;
    if ('value' in d) deepFreeze(d.value, seen);
  }
  Object.freeze(value);
}

describe('the pages read last', () => {
  it('are read once while among the last four pages asked for', () => {
    const text = fixture('cycle16', 'gamestate');
    const doc = documentOf(text, 'G');
    expect(documentOf(text, 'G')).toBe(doc);
    expect(documentOf(text, 'Other')).not.toBe(doc);
    for (const page of ['A', 'B']) documentOf('x', page);
    expect(documentOf(text, 'G')).toBe(doc); // the fourth page asked for
    for (const page of ['C', 'D', 'E', 'F']) documentOf('x', page);
    const again = documentOf(text, 'G');
    expect(again).not.toBe(doc);
    expect(again.tables.map((t) => t.rows.length)).toEqual(doc.tables.map((t) => t.rows.length));
  });

  it("keep one document per page: a page's new text replaces its old one", () => {
    const text = fixture('cycle16', 'gamestate');
    const doc = documentOf(text, 'G');
    const saved = documentOf(`${text}\n`, 'G');
    expect(saved).not.toBe(doc);
    expect(documentOf(`${text}\n`, 'G')).toBe(saved);
    expect(documentOf(text, 'G')).not.toBe(doc);
  });

  it('are let go when forgotten', () => {
    const doc = documentOf('{|\n! A\n|-\n| 1\n|}', 'G');
    forgetDocuments();
    expect(documentOf('{|\n! A\n|-\n| 1\n|}', 'G')).not.toBe(doc);
  });
});

describe('no game writes into the page it reads', () => {
  for (const game of ['cycle16', 'round10', 'cycle15', 'nomicoup', 'newcycle']) {
    it(`${game}: its read, rollover, render and referee's questions give the same on a frozen document`, () => {
      const { engine, ruleset } = readEngineRuleset(fixture(game), { page: 'R' });
      // The new cycle's page as `croupier adopt` leaves it (its Phase record added).
      const text =
        game === 'newcycle'
          ? adoptText(fixture(game, 'gamestate'), { text: fixture(game), title: 'R' }, 'G', { now: new Date('2026-12-09T10:00Z') }).text
          : fixture(game, 'gamestate');
      const page = { title: 'G', text, revid: 1 };
      const referee = refereeFor(ruleset.kind);
      const steps = () => {
        const state = engine.readGamestate(text, 'G', ruleset);
        // The next rollover due, and a little after it: the rollover has something to write.
        const now = new Date((state.phase.nextRollover ?? new Date('2026-11-20T00:00Z')).getTime() + 60_000);
        const rolled = engine.rollover(ruleset, 'g', page, { now, trigger: 'test' });
        return {
          rolled: rolled.text,
          rendered: engine.renderGamestate(text, state, [], ruleset),
          referee: referee && {
            calendar: referee.calendarPhase(ruleset, page, now),
            winners: referee.winners(ruleset, page),
            player: referee.playerOf(ruleset, page, 'Nobody'),
            appended: referee.appendRows(ruleset, page, []),
          },
        };
      };
      const unfrozen = steps();
      expect(unfrozen.rolled).not.toBe(text);
      forgetDocuments();
      deepFreeze(documentOf(text, 'G'));
      expect(steps()).toEqual(unfrozen);
    });
  }
});
