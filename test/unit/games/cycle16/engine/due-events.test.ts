// The catch-up lists again, after each event, only what that event can change (its own source's
// events; everyone's after a rollover). The rules are written as "take the earliest event due, apply
// it, look at everything again": `relist: 'all'` does exactly that, and must give the same run —
// every History row, the state and what is still due — on the fixture page, the benchmark's page
// and seeded random states caught up over several phases.
import { describe, expect, test } from 'vitest';
import { syntheticGamestate } from '../../../../../bench/engine.ts';
import { advance, type AdvanceOptions } from '../../../../../src/games/cycle16/engine.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import type { Gamestate } from '../../../../../src/games/cycle16/gamestate/schema.ts';
import { Random } from '../../../helpers/random-text.ts';
import { battle, card, GAMESTATE, gift, player, ruleset, state, utc } from './build.ts';

/** The run's outcome, or the error it stops with. */
function outcome(s: Gamestate, opts: AdvanceOptions): unknown {
  try {
    return advance(ruleset, s, opts);
  } catch (err) {
    return { error: String(err) };
  }
}

/** The number of History rows of the run (-1 when it stopped with an error), both ways the same. */
function expectSameRun(s: Gamestate, opts: AdvanceOptions, what: string): number {
  const changed = outcome(s, { ...opts, relist: 'changed' });
  const all = outcome(s, { ...opts, relist: 'all' });
  expect(changed, what).toEqual(all);
  return 'changes' in (all as object) ? (all as { changes: unknown[] }).changes.length : -1;
}

const SPECIES = ['2', '3', 'Ace', 'King', 'Queen', 'Jack'];
const MODIFIERS = [[], [], ['Fragile'], ['Holographic'], ['Red Coating'], ['Fragile', 'Adamantine']];

/** A state of `n` players with cards, battles in every status and gifts, from the seed. */
function randomState(seed: number): Gamestate {
  const r = new Random(seed);
  const phaseNumber = r.int(0, 4);
  const hour = (day: number) => utc(`2026-11-${String(day).padStart(2, '0')}T${String(r.int(0, 23)).padStart(2, '0')}:00`);
  const n = r.int(2, 12);
  const names = Array.from({ length: n }, (_, i) => `P${i + 1}`);
  const players = names.map((name) => {
    const joined = hour(r.int(1, 12));
    const granted = r.int(0, 2) > 0;
    return player(name, {
      joined,
      reputableSince: granted ? joined : null,
      grant: granted ? 20 : null,
      lastAction: r.int(0, 3) === 0 ? null : hour(r.int(2, 18)),
      status: r.pick(['active', 'inactive'] as const),
      vertebrae: r.int(0, 40),
      chips: r.int(0, 12),
      used: r.int(0, 3) === 0 ? { Removal: r.int(1, 2) } : {},
    });
  });
  let id = 0;
  const cards = names.flatMap((owner) =>
    Array.from({ length: r.int(3, 14) }, () =>
      card(++id, owner, r.pick(SPECIES), { modifiers: [...r.pick(MODIFIERS)], battles: r.int(0, 1) === 0 ? null : r.int(0, 2) }),
    ),
  );
  const battles = Array.from({ length: r.int(0, 5) }, (_, b) => {
    const who = [...names].sort(() => r.int(-1, 1)).slice(0, r.int(2, Math.min(4, n)));
    const status = r.pick(['declared', 'ready', 'commenced', 'commenced', 'rewarded'] as const);
    const finalHands = status === 'commenced' && r.int(0, 2) > 0 ? who.map((p, j) => ({ player: p, cards: j === 0 ? 0 : r.int(1, 5) })) : null;
    const fragile = cards
      .filter((c) => who.includes(c.owner) && c.modifiers.includes('Fragile'))
      .slice(0, r.int(0, 3))
      .map((c) => c.id);
    const bets = who.slice(0, r.int(0, 2)).map((p) => ({ player: p, chips: 0, cards: [] as number[] }));
    return battle({
      id: b + 1,
      phase: r.pick([1, 3, 5].filter((x) => x <= phaseNumber + 1).concat([1])),
      participants: who.map((p) => ({ player: p, cards: r.int(4, 8) })),
      status,
      finalHands,
      winner: finalHands === null ? null : who[0]!,
      fragile,
      bets,
    });
  });
  const gifts = Array.from({ length: r.int(0, 6) }, () => {
    const giver = r.pick(names);
    const receiver = r.pick(names.filter((x) => x !== giver));
    return gift({
      giver,
      receiver,
      time: hour(r.int(13, 18)),
      status: r.pick(['recorded', 'recorded', 'granted'] as const),
      packs: r.int(0, 2) === 0 ? 2 : null,
    });
  });
  return state({ phaseNumber, players, cards, battles, gifts });
}

describe('the catch-up lists again only what an event changes', () => {
  test('the fixture page gives the same run as listing everything again after each event, at every hour of a week', () => {
    const s = readGamestate(GAMESTATE, 'Cycle 16/Gamestate', ruleset);
    for (let h = 0; h < 7 * 24; h += 5) {
      const now = new Date(s.phase.cycleStart.getTime() + 14 * 24 * 3600_000 + h * 3600_000);
      expectSameRun(s, { now }, `fixture at ${now.toISOString()}`);
    }
  });

  test("the benchmark's page (hundreds of gifts, battles and grants due at one rollover) gives the same run", () => {
    const s = readGamestate(syntheticGamestate(40, 6), 'Bench/Gamestate', ruleset);
    for (const now of ['2026-11-19T00:00Z', '2026-11-25T12:00Z']) expectSameRun(s, { now: new Date(now) }, now);
  });

  test('200 seeded random states caught up over one to five phases give the same runs', () => {
    const rows: number[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const s = randomState(seed);
      const now = new Date(utc('2026-11-02T00:00').getTime() + (3 + (seed % 20)) * 24 * 3600_000);
      rows.push(expectSameRun(s, { now }, `seed ${seed}`));
    }
    // Most seeds are pages the rules accept (others stop with the same error both ways): the runs compared hold events.
    expect(rows.filter((n) => n > 0).length).toBeGreaterThan(120);
  });
});
