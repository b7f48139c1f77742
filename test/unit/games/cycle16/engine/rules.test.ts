import { describe, expect, test } from 'vitest';
import { advance } from '../../../../../src/games/cycle16/engine.ts';
import { commenceBattle, rewardBattle, turnOrder } from '../../../../../src/games/cycle16/rules/battles.ts';
import { Draws } from '../../../../../src/sim/rng.ts';
import { computeCard, selfRemovingGain } from '../../../../../src/games/cycle16/rules/cards.ts';
import { giftSize } from '../../../../../src/games/cycle16/rules/gifts.ts';
import { playerNamed } from '../../../../../src/games/cycle16/rules/inventory.ts';
import { reputabilityGrant } from '../../../../../src/games/cycle16/rules/reputability.ts';
import { joinedNearStart, reputableByRule } from '../../../../../src/games/shared/reputability.ts';
import type { Gamestate } from '../../../../../src/games/cycle16/gamestate/schema.ts';
import { GamestateError } from '../../../../../src/games/shared/gamestate-error.ts';
import { battle, card, cards, gift, player, ruleset, state, utc } from './build.ts';

const byPlayer = (s: Gamestate, name: string) => s.players.find((p) => p.name === name)!;

describe('rule 1 — phases', () => {
  test('“The Phase Number is the number of phases since the beginning of the cycle, starting with 0 on the phase the cycle began.”: at Thursday 00:00 phase 0 becomes phase 1, the Battle Phase', () => {
    const r = advance(ruleset, state({ players: [player('Alice')] }), { now: utc('2026-11-05T00:00') });
    expect(r.state.phase).toMatchObject({ number: 1, name: 'Battle Phase', nextRollover: utc('2026-11-09T00:00') });
    expect(r.changes.filter((c) => c.event === 'Rollover')).toHaveLength(1);
  });

  test('a run just before the boundary changes nothing; the next rollover is due at the boundary', () => {
    const r = advance(ruleset, state(), { now: utc('2026-11-04T23:59') });
    expect(r.changes).toEqual([]);
    expect(r.due.next).toEqual(utc('2026-11-05T00:00'));
  });

  test('after a week of downtime each missed boundary is rolled over in order, each with its own rows', () => {
    const r = advance(ruleset, state({ players: [player('Alice', { lastAction: utc('2026-11-03T10:00') })] }), { now: utc('2026-11-16T00:00') });
    const rolls = r.changes.filter((c) => c.event === 'Rollover');
    expect(rolls.map((c) => [c.phase, c.at])).toEqual([
      [1, utc('2026-11-05T00:00')],
      [2, utc('2026-11-09T00:00')],
      [3, utc('2026-11-12T00:00')],
      [4, utc('2026-11-16T00:00')],
    ]);
    expect(r.state.phase.number).toBe(4);
  });

  test('a manual rollover goes to the next phase now, names who forced it, and the calendar boundary then does nothing', () => {
    const r = advance(ruleset, state(), { now: utc('2026-11-04T15:00'), force: { by: 'Admin' } });
    expect(r.state.phase).toMatchObject({ number: 1, name: 'Battle Phase', nextRollover: utc('2026-11-09T00:00') });
    expect(r.changes.find((c) => c.event === 'Manual rollover')!.reason.rule).toMatch(/Manual rollover by Admin/);
    const later = advance(ruleset, r.state, { now: utc('2026-11-05T00:00') });
    expect(later.changes.filter((c) => c.event === 'Rollover')).toEqual([]);
  });
});

describe('manual rollovers: the phase begins when an admin forces it', () => {
  // Phase 4 is the Rest Phase of Mon 16 – Wed 18 Nov; phase 5 the Battle Phase from Thu 19 Nov 00:00 to Mon 23 Nov 00:00.
  const FORCED = utc('2026-11-18T12:00');
  const force = (s: Gamestate) => advance(ruleset, s, { now: FORCED, force: { by: 'Admin' } });

  test('a forced rollover on Wednesday 12:00 records that phase 5 began then, ahead of its Thursday boundary', () => {
    const r = force(state({ phaseNumber: 4 }));
    expect(r.state.phase).toMatchObject({ number: 5, name: 'Battle Phase', started: FORCED, nextRollover: utc('2026-11-23T00:00') });
    expect(r.changes.find((c) => c.event === 'Manual rollover')).toMatchObject({ at: FORCED, phase: 5 });
  });

  test('“The Phase Number is the number of phases since the beginning of the cycle”: after a forced rollover at Wed 12:00 to phase 5, a gift at Wed 15:00 is in phase 5, and so is the receiver’s action on Thursday (“If the receiver then performs an action in that phase, the giver is granted 1 Already-opened pack.”)', () => {
    const forced = force(
      state({ phaseNumber: 4, players: [player('Gia', { lastAction: utc('2026-11-17T09:00') }), player('Rex', { lastAction: utc('2026-11-17T09:00') })] }),
    ).state;
    forced.gifts = [gift({ time: utc('2026-11-18T15:00'), giver: 'Gia', receiver: 'Rex' })];
    const granted = advance(ruleset, forced, { now: utc('2026-11-18T16:00') });
    expect(granted.changes.map((c) => [c.event, c.phase])).toEqual([['Gift', 5]]);
    // Rex acts on Thursday 10:00: the Thursday boundary does not roll over again, and the gift's phase is the same phase 5.
    granted.state.players.find((p) => p.name === 'Rex')!.lastAction = utc('2026-11-19T10:00');
    const thursday = advance(ruleset, granted.state, { now: utc('2026-11-19T11:00') });
    expect(thursday.changes.map((c) => [c.event, c.phase, c.player])).toEqual([['Gift bonus', 5, 'Gia']]);
    expect(thursday.state.phase.number).toBe(5);
  });

  test('“grant them 20 + 5⌈X/2⌉ Vertebrae, where X is the phase number”: reputable on Wednesday 14:00, after phase 5 was forced at 12:00 → X = 5, 20 + 5⌈5/2⌉ = 35', () => {
    const s = state({ phaseNumber: 4, players: [player('Ines', { joined: utc('2026-11-11T14:00'), reputableSince: null, grant: null, vertebrae: 0 })] });
    const r = advance(ruleset, force(s).state, { now: utc('2026-11-18T14:00') });
    const grant = r.changes.find((c) => c.event === 'Reputability')!;
    expect(grant).toMatchObject({ phase: 5, reason: { inputs: { X: 5 }, arithmetic: '20 + 5 × ⌈5/2⌉ = 20 + 5 × 3 = 35' } });
    expect(r.state.players[0]).toMatchObject({ vertebrae: 35, grant: 35 });
  });

  test("“A player is considered to be 'inactive' if they performed no actions in the previous phase.”: acting only between the forced start (Wed 12:00) and the Thursday boundary counts for phase 5 at the next rollover", () => {
    const s = state({
      phaseNumber: 4,
      players: [player('Late', { lastAction: utc('2026-11-17T09:00') }), player('Before', { lastAction: utc('2026-11-18T11:00') })],
    });
    const forced = force(s).state;
    expect(forced.players.map((p) => p.status)).toEqual(['active', 'active']); // both acted in phase 4
    forced.players[0]!.lastAction = utc('2026-11-18T18:00'); // Wednesday evening: phase 5 by then
    const r = advance(ruleset, forced, { now: utc('2026-11-23T00:00') });
    expect(r.changes.filter((c) => c.event === 'Rollover').map((c) => c.phase)).toEqual([6]);
    expect(r.state.players.map((p) => [p.name, p.status])).toEqual([
      ['Late', 'active'],
      ['Before', 'inactive'],
    ]);
    expect(r.changes.find((c) => c.event === 'Inactivity')!.reason.inputs['previous phase']).toBe('2026-11-18 12:00 to 2026-11-23 00:00');
    // Once the phase began at its boundary the page keeps that start.
    expect(r.state.phase.started).toEqual(utc('2026-11-23T00:00'));
  });

  test('“If 24 hours have elapsed since the commencement of a Battle phase, the battle proceeds”: counted from the forced start', () => {
    const declared = battle({
      id: 3,
      phase: 5,
      participants: [
        { player: 'A', cards: 5 },
        { player: 'B', cards: 4 },
      ],
    });
    const forced = force(
      state({ phaseNumber: 4, players: [player('A'), player('B')], cards: [...cards('A', 5, 1), ...cards('B', 4, 10)], battles: [declared] }),
    ).state;
    expect(advance(ruleset, forced, { now: utc('2026-11-19T11:59') }).changes).toEqual([]);
    const r = advance(ruleset, forced, { now: utc('2026-11-19T12:00') });
    expect(r.changes.filter((c) => c.event === 'Full Hand').map((c) => [c.at, c.phase])).toEqual([
      [utc('2026-11-19T12:00'), 5],
      [utc('2026-11-19T12:00'), 5],
    ]);
  });

  test('a battle whose hands are all revealed (“ready”) commences with the forced phase, in the same run', () => {
    const ready = battle({
      id: 4,
      phase: 5,
      status: 'ready',
      participants: [
        { player: 'A', cards: 6 },
        { player: 'B', cards: 4 },
      ],
    });
    const r = force(state({ phaseNumber: 4, players: [player('A'), player('B')], cards: [...cards('A', 6, 1), ...cards('B', 4, 10)], battles: [ready] }));
    expect(r.state.battles[0]!.status).toBe('commenced');
    expect(r.changes.filter((c) => c.event === 'Full Hand').map((c) => [c.player, c.at, c.phase])).toEqual([
      ['A', FORCED, 5],
      ['B', FORCED, 5],
    ]);
  });

  test('a phase begun at its boundary records no start: an old page gets no new column from a plain rollover', () => {
    expect(advance(ruleset, state({ phaseNumber: 4 }), { now: utc('2026-11-19T00:00') }).state.phase.started).toBeNull();
  });
});

describe('rule 2 — once-per-phase limits', () => {
  test('“Once per phase, each player may explore …” and “Up to twice during each rest phase … remove a card”: the rollover clears Used this phase', () => {
    const s = state({
      players: [player('Alice', { used: { Exploration: 1, Removal: 2 } }), player('Bram', { used: { Gift: 1, Fusion: 1, Duel: 1, Reroll: 1 } })],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-05T00:00') });
    expect(r.state.players.map((p) => p.used)).toEqual([{}, {}]);
    expect(r.changes.find((c) => c.event === 'Limits reset')!.change).toMatch(/2 players/);
  });
});

describe('rule 3 — inactivity', () => {
  test("“A player is considered to be 'inactive' if they performed no actions in the previous phase.”", () => {
    const s = state({
      phaseNumber: 1,
      players: [
        player('Acted', { lastAction: utc('2026-11-07T10:00') }),
        player('Idle', { lastAction: utc('2026-11-04T10:00') }),
        player('Never', { lastAction: null }),
      ],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-09T00:00') });
    expect(r.state.players.map((p) => p.status)).toEqual(['active', 'inactive', 'inactive']);
    expect(r.changes.filter((c) => c.event === 'Inactivity').map((c) => c.player)).toEqual(['Idle', 'Never']);
  });

  test('“inactive if they performed no actions in the previous phase”: an inactive player who acted in the previous phase becomes active at the next rollover', () => {
    const s = state({ phaseNumber: 1, players: [player('Back', { status: 'inactive', lastAction: utc('2026-11-08T22:00') })] });
    expect(advance(ruleset, s, { now: utc('2026-11-09T00:00') }).state.players[0]!.status).toBe('active');
  });

  test('“All players are active in the phase they join the game.”: a player who joins after the boundary is left active though they never acted', () => {
    const s = state({ phaseNumber: 1, players: [player('New', { joined: utc('2026-11-09T08:00'), reputableSince: null, grant: null })] });
    expect(advance(ruleset, s, { now: utc('2026-11-09T09:00') }).state.players[0]!.status).toBe('active');
  });

  test('“All players are active in the phase they join the game.”: a player who joins exactly at the boundary instant joins the new phase and stays active', () => {
    const s = state({ phaseNumber: 1, players: [player('Edge', { joined: utc('2026-11-09T00:00'), reputableSince: null, grant: null })] });
    const r = advance(ruleset, s, { now: utc('2026-11-09T00:00') });
    expect(r.state.players[0]!.status).toBe('active');
    expect(r.changes.filter((c) => c.event === 'Inactivity')).toEqual([]);
  });

  test('“active in the phase they join” covers only that phase: joined mid-phase 1 with no action, inactive in phase 2 (“no actions in the previous phase”)', () => {
    const s = state({ phaseNumber: 1, players: [player('Quiet', { joined: utc('2026-11-06T12:00'), reputableSince: null, grant: null })] });
    const r = advance(ruleset, s, { now: utc('2026-11-09T00:00') });
    expect(r.state.players[0]!.status).toBe('inactive');
  });

  test('“no actions in the previous phase”: an action in the phase before the previous one does not count (acted in phase 0; inactive at phase 2)', () => {
    const s = state({
      phaseNumber: 1,
      players: [player('Early', { lastAction: utc('2026-11-04T23:59') }), player('Thursday', { lastAction: utc('2026-11-05T00:00') })],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-09T00:00') });
    expect(r.state.players.map((p) => p.status)).toEqual(['inactive', 'active']);
  });
});

describe('rule 4 — reputability', () => {
  test('“grant them 20 + 5⌈X/2⌉ Vertebrae, where X is the phase number”: X = 0 → 20, 1 → 25, 2 → 25, 3 → 30, 4 → 30, 5 → 35', () => {
    expect([0, 1, 2, 3, 4, 5].map(reputabilityGrant)).toEqual([20, 25, 25, 30, 30, 35]);
  });

  test('“continuously been a player for the previous seven days”: joined Wednesday 11 Nov 20:00, reputable Wednesday 18 Nov 20:00 in phase 4 → 20 + 5⌈4/2⌉ = 30', () => {
    const s = state({ phaseNumber: 4, players: [player('Ines', { joined: utc('2026-11-11T20:00'), reputableSince: null, grant: null, vertebrae: 6 })] });
    const early = advance(ruleset, s, { now: utc('2026-11-18T19:59') });
    expect(early.changes).toEqual([]);
    const r = advance(ruleset, s, { now: utc('2026-11-18T20:00') });
    expect(byPlayer(r.state, 'Ines')).toMatchObject({ vertebrae: 36, grant: 30, reputableSince: utc('2026-11-18T20:00') });
    expect(r.changes[0]!.reason.arithmetic).toBe('20 + 5 × ⌈4/2⌉ = 20 + 5 × 2 = 30');
  });

  test('a grant at phase 3 is 20 + 5⌈3/2⌉ = 30 (joined Thursday 5 Nov 09:00, reputable Thursday 12 Nov 09:00)', () => {
    const s = state({ phaseNumber: 3, players: [player('Farah', { joined: utc('2026-11-05T09:00'), reputableSince: null, grant: null, vertebrae: 0 })] });
    const r = advance(ruleset, s, { now: utc('2026-11-12T10:00') });
    expect(byPlayer(r.state, 'Farah')).toMatchObject({ vertebrae: 30, grant: 30 });
  });

  test('“from a time that was within 3 days of the round starting”: joined on day 3 is reputable at once, X = 0 → 20', () => {
    const s = state({ players: [player('Cosima', { joined: utc('2026-11-04T23:00'), reputableSince: null, grant: null, vertebrae: 0 })] });
    const r = advance(ruleset, s, { now: utc('2026-11-04T23:30') });
    expect(byPlayer(r.state, 'Cosima')).toMatchObject({ vertebrae: 20, reputableSince: utc('2026-11-04T23:00') });
  });

  test('“within 3 days of the round starting” is one test (joinedNearStart) for both when the grant comes and what its reason says: 72 h after the start is within, 72 h 1 min is not', () => {
    const start = utc('2026-11-02T00:00');
    expect(joinedNearStart({ joined: utc('2026-11-05T00:00') }, start)).toBe(true);
    expect(joinedNearStart({ joined: utc('2026-11-05T00:01') }, start)).toBe(false);
    for (const joined of [utc('2026-11-05T00:00'), utc('2026-11-05T00:01')]) {
      const s = state({ phaseNumber: 1, players: [player('Dario', { joined, reputableSince: null, grant: null, vertebrae: 0 })] });
      const r = advance(ruleset, s, { now: utc('2026-11-13T00:00') });
      const grant = r.changes.find((c) => c.event === 'Reputability')!;
      const near = joinedNearStart({ joined }, start);
      expect(grant.at).toEqual(reputableByRule({ joined }, start));
      expect(String(grant.reason.inputs.reputable)).toMatch(near ? /within 3 days of the cycle start/ : /a player for seven days since/);
    }
  });

  test('“within 3 days of the round starting” includes exactly 3 days: joined Thursday 5 Nov 00:00 (cycle start + 72 h) is reputable at once, in phase 1 → 20 + 5⌈1/2⌉ = 25', () => {
    const s = state({ phaseNumber: 1, players: [player('Dario', { joined: utc('2026-11-05T00:00'), reputableSince: null, grant: null, vertebrae: 0 })] });
    const r = advance(ruleset, s, { now: utc('2026-11-05T00:00') });
    expect(byPlayer(r.state, 'Dario')).toMatchObject({ vertebrae: 20 + 5 * Math.ceil(1 / 2), grant: 25, reputableSince: utc('2026-11-05T00:00') });
  });

  test('one minute past the 3 days: “continuously been a player for the previous seven days” applies, reputable Thursday 12 Nov 00:01 in phase 3 → 20 + 5⌈3/2⌉ = 30', () => {
    const s = state({ phaseNumber: 1, players: [player('Elif', { joined: utc('2026-11-05T00:01'), reputableSince: null, grant: null, vertebrae: 0 })] });
    expect(advance(ruleset, s, { now: utc('2026-11-12T00:00') }).changes.filter((c) => c.event === 'Reputability')).toEqual([]);
    const r = advance(ruleset, s, { now: utc('2026-11-12T00:01') });
    expect(byPlayer(r.state, 'Elif')).toMatchObject({ vertebrae: 20 + 5 * Math.ceil(3 / 2), grant: 30, reputableSince: utc('2026-11-12T00:01') });
  });

  test('a player since before the cycle began has “continuously been a player from a time that was within 3 days of the round starting”: reputable in phase 0 → 20', () => {
    const s = state({ players: [player('Veteran', { joined: utc('2026-10-20T12:00'), reputableSince: null, grant: null, vertebrae: 0 })] });
    const r = advance(ruleset, s, { now: utc('2026-11-02T00:00') });
    expect(byPlayer(r.state, 'Veteran')).toMatchObject({ vertebrae: 20, grant: 20 });
  });

  test("“declare that an unreputable player (i.e. a player who has not yet become reputable) is reputable”: a declaration after the seven days counts from the seven days, X = 4 → 30, not the declaration's phase 5 → 35", () => {
    // Joined Wed 11 Nov 20:00 → seven days on, Wed 18 Nov 20:00, phase 4 (Rest, 16–18 Nov). Declared Thu 19 Nov 10:00, phase 5.
    const p = player('Lior', { joined: utc('2026-11-11T20:00'), reputableSince: utc('2026-11-19T10:00'), declared: true, grant: null, vertebrae: 0 });
    const r = advance(ruleset, state({ phaseNumber: 4, players: [p] }), { now: utc('2026-11-19T12:00') });
    expect(byPlayer(r.state, 'Lior')).toMatchObject({
      vertebrae: 20 + 5 * Math.ceil(4 / 2),
      grant: 30,
      reputableSince: utc('2026-11-18T20:00'),
      declared: false,
    });
    const row = r.changes.find((c) => c.event === 'Reputability')!;
    expect(row).toMatchObject({ phase: 4, reason: { arithmetic: '20 + 5 × ⌈4/2⌉ = 20 + 5 × 2 = 30' } });
    expect(String(row.reason.inputs.reputable)).toMatch(/seven days since 2026-11-11 20:00, before the declaration of 2026-11-19 10:00/);
  });

  test('“If two reputable players publicly declare that an unreputable player … is reputable”: a declared time is kept and granted once', () => {
    const p = player('Kestrel', { joined: utc('2026-11-14T11:00'), reputableSince: utc('2026-11-17T10:00'), declared: true, grant: null, vertebrae: 3 });
    const r = advance(ruleset, state({ phaseNumber: 4, players: [p] }), { now: utc('2026-11-18T00:00') });
    expect(byPlayer(r.state, 'Kestrel')).toMatchObject({ vertebrae: 33, grant: 30, declared: true, reputableSince: utc('2026-11-17T10:00') });
    expect(advance(ruleset, r.state, { now: utc('2026-11-18T01:00') }).changes).toEqual([]);
  });

  test('“for the first time”: a grant already recorded is never made again', () => {
    const r = advance(ruleset, state({ players: [player('Alice', { grant: 20 })] }), { now: utc('2026-11-04T00:00') });
    expect(r.changes).toEqual([]);
  });
});

describe('rule 5 — gifts', () => {
  test('“The base number of packs in a gift is 1. If the receiver has less than 10 cards … one additional … If the receiver is inactive … 2 additional”', () => {
    expect(giftSize(10, false).packs).toBe(1);
    expect(giftSize(9, false).packs).toBe(2);
    expect(giftSize(12, true).packs).toBe(3);
    expect(giftSize(0, true)).toEqual({ packs: 4, arithmetic: 'base 1 + 1 (receiver has fewer than 10 cards) + 2 (receiver inactive) = 4' });
  });

  test('a recorded gift grants the receiver its Already-opened Packs once, and the status records it', () => {
    const s = state({
      phaseNumber: 2,
      players: [player('Alice'), player('Gideon', { status: 'inactive', packs: { 'Already-opened Pack': 1 } })],
      cards: [card(1, 'Gideon', '2'), card(2, 'Gideon', '3')],
      gifts: [gift({ giver: 'Alice', receiver: 'Gideon', time: utc('2026-11-10T19:30') })],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-10T20:00') });
    expect(byPlayer(r.state, 'Gideon').packs).toEqual({ 'Already-opened Pack': 5 });
    expect(r.state.gifts[0]).toMatchObject({ packs: 4, status: 'granted' });
    expect(advance(ruleset, r.state, { now: utc('2026-11-10T21:00') }).changes).toEqual([]);
  });

  test('“If the receiver then performs an action in that phase, the giver is granted 1 Already-opened pack.”', () => {
    const s = state({
      phaseNumber: 2,
      players: [player('Bram'), player('Hollis', { lastAction: utc('2026-11-11T10:02') })],
      gifts: [gift({ giver: 'Bram', receiver: 'Hollis', time: utc('2026-11-10T09:30'), packs: 2, status: 'granted' })],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-11T12:00') });
    expect(byPlayer(r.state, 'Bram').packs).toEqual({ 'Already-opened Pack': 1 });
    expect(r.state.gifts[0]!.status).toBe('returned');
  });

  test('“If the receiver then performs an action in that phase”: for a gift of phase 2 written up late, an action in phase 3 earns the giver nothing', () => {
    // Gift Tue 10 Nov (phase 2, Rest); the page is already at phase 3 (Battle, from Thu 12 Nov); Hollis acted Thu 12 Nov 10:00.
    const s = state({
      phaseNumber: 3,
      players: [player('Bram'), player('Hollis', { lastAction: utc('2026-11-12T10:00') })],
      gifts: [gift({ giver: 'Bram', receiver: 'Hollis', time: utc('2026-11-10T09:30') })],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-12T12:00') });
    expect(r.state.gifts[0]!.status).toBe('granted');
    expect(byPlayer(r.state, 'Bram').packs).toEqual({});
    expect(r.changes.map((c) => c.event)).toEqual(['Gift']);
  });

  test('“If the receiver then performs an action”: an action before the gift does not count', () => {
    const s = state({
      phaseNumber: 2,
      players: [player('Bram'), player('Hollis', { lastAction: utc('2026-11-10T09:00') })],
      gifts: [gift({ giver: 'Bram', receiver: 'Hollis', time: utc('2026-11-10T09:30'), packs: 2, status: 'granted' })],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-11T12:00') });
    expect(r.changes).toEqual([]);
    expect(r.state.gifts[0]!.status).toBe('granted');
  });

  test("no action by the receiver before the phase ends: the gift closes at the rollover without the giver's pack", () => {
    const s = state({
      phaseNumber: 2,
      players: [player('Dmitri'), player('Farah', { lastAction: utc('2026-11-08T19:00') })],
      gifts: [gift({ giver: 'Dmitri', receiver: 'Farah', time: utc('2026-11-10T21:00'), packs: 3, status: 'granted' })],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-12T00:00') });
    expect(r.state.gifts[0]!.status).toBe('closed');
    expect(byPlayer(r.state, 'Dmitri').packs).toEqual({});
  });
});

describe('rule 6 — Full Hand', () => {
  test('“When a battle commences, grant each participant N - 4 vertebrae, where N is the number of cards in their hand.”', () => {
    const s = state({ phaseNumber: 1, players: [player('Alice'), player('Bram')] });
    const b = battle({
      participants: [
        { player: 'Alice', cards: 7 },
        { player: 'Bram', cards: 4 },
      ],
    });
    const changes = commenceBattle(s, b, utc('2026-11-06T00:00'), 1, new Draws('test'));
    expect(s.players.map((p) => p.vertebrae)).toEqual([13, 10]);
    expect(changes.filter((c) => c.event === 'Full Hand').map((c) => c.reason.arithmetic)).toEqual(['7 − 4 = 3', '4 − 4 = 0']);
    expect(b.status).toBe('commenced');
  });

  test('“If 24 hours have elapsed since the commencement of a Battle phase, the battle proceeds”: a declared battle commences at Friday 00:00, a ready one at once', () => {
    const mk = (status: 'declared' | 'ready') =>
      state({
        phaseNumber: 1,
        players: [player('Alice'), player('Bram')],
        battles: [
          battle({
            status,
            participants: [
              { player: 'Alice', cards: 6 },
              { player: 'Bram', cards: 5 },
            ],
          }),
        ],
      });
    expect(advance(ruleset, mk('declared'), { now: utc('2026-11-05T23:59') }).state.battles[0]!.status).toBe('declared');
    expect(advance(ruleset, mk('declared'), { now: utc('2026-11-06T00:00') }).state.battles[0]!.status).toBe('commenced');
    expect(advance(ruleset, mk('ready'), { now: utc('2026-11-05T08:00') }).state.battles[0]!.status).toBe('commenced');
  });
});

describe('turn order at commencement', () => {
  test("“determined by the number of cards in participants' hands, in descending order … equal number … determined randomly”, from a seed anyone can replay", () => {
    const b = battle({
      participants: [
        { player: 'Bram', cards: 4 },
        { player: 'Eun-ji', cards: 4 },
        { player: 'Kestrel', cards: 6 },
        { player: 'Zed', cards: 4 },
      ],
    });
    const order = turnOrder(b, new Draws('cycle16/phase 5/battle 3'));
    expect(order[0]).toBe('Kestrel');
    expect([...order.slice(1)].sort()).toEqual(['Bram', 'Eun-ji', 'Zed']);
    expect(turnOrder(b, new Draws('cycle16/phase 5/battle 3'))).toEqual(order);
    const s = state({ phaseNumber: 5, players: ['Bram', 'Eun-ji', 'Kestrel', 'Zed'].map((n) => player(n)) });
    const row = commenceBattle(s, b, utc('2026-11-20T00:00'), 5, new Draws('cycle16/phase 5/battle 3'))[0]!;
    expect(row).toMatchObject({ event: 'Turn order', change: `battle 1: ${order.join(', ')}`, reason: { seed: 'cycle16/phase 5/battle 3' } });
  });

  test('without ties there is no draw and no seed', () => {
    const b = battle({
      participants: [
        { player: 'A', cards: 5 },
        { player: 'B', cards: 7 },
      ],
    });
    const draws = new Draws('x');
    expect(turnOrder(b, draws)).toEqual(['B', 'A']);
    expect(draws.draws).toEqual([]);
  });
});

describe('rule 7 — battle rewards', () => {
  const finished = () => {
    const s = state({
      phaseNumber: 1,
      players: [player('Cosima', { chips: 4 }), player('Eun-ji', { chips: 1 }), player('Hollis'), player('Jun')],
      cards: [
        card(17, 'Eun-ji', '4', { modifiers: ['Fragile'], battles: 2 }),
        card(24, 'Hollis', '8', { modifiers: ['Holographic'] }),
        card(27, 'Hollis', 'Jester', { modifiers: ['Fragile'], battles: 0 }),
      ],
    });
    const b = battle({
      status: 'commenced',
      participants: [
        { player: 'Cosima', cards: 7 },
        { player: 'Eun-ji', cards: 5 },
        { player: 'Hollis', cards: 4 },
        { player: 'Jun', cards: 4 },
      ],
      bets: [
        { player: 'Cosima', chips: 1, cards: [] },
        { player: 'Eun-ji', chips: 1, cards: [] },
        { player: 'Hollis', chips: 0, cards: [24] },
      ],
      finalHands: [
        { player: 'Cosima', cards: 0 },
        { player: 'Eun-ji', cards: 3 },
        { player: 'Hollis', cards: 1 },
        { player: 'Jun', cards: 1 },
      ],
      winner: 'Cosima',
      fragile: [17, 27],
    });
    s.battles = [b];
    return { s, b, changes: rewardBattle(s, ruleset, b, utc('2026-11-08T12:00'), 1) };
  };

  test('“The winner of a battle receives: 1 Handy Pack, 1 Chip” and “The winner of the game gains all items betted.”', () => {
    const { s } = finished();
    // Cosima: 4 − 1 (her bet) + 2 (the pool) + 1 = 6 Chips; Hollis's Holographic card #24 is hers.
    expect(byPlayer(s, 'Cosima')).toMatchObject({ chips: 6, packs: { 'Handy Pack': 1 } });
    expect(byPlayer(s, 'Eun-ji').chips).toBe(0);
    expect(s.cards.find((c) => c.id === 24)!.owner).toBe('Cosima');
  });

  test('a run that would leave a player with fewer than zero Chips (a bet of 2 Chips by Eun-ji, who has 1) is refused, naming her Chips cell, and nothing is written', () => {
    const s = state({
      phaseNumber: 1,
      players: [player('Cosima', { chips: 4, row: 1 }), player('Eun-ji', { chips: 1, row: 2 })],
    });
    s.battles = [
      battle({
        status: 'commenced',
        participants: [
          { player: 'Cosima', cards: 4 },
          { player: 'Eun-ji', cards: 4 },
        ],
        bets: [{ player: 'Eun-ji', chips: 2, cards: [] }],
        finalHands: [
          { player: 'Cosima', cards: 0 },
          { player: 'Eun-ji', cards: 3 },
        ],
        winner: 'Cosima',
      }),
    ];
    const run = () => advance(ruleset, s, { now: utc('2026-11-06T12:00') });
    expect(run).toThrow(GamestateError);
    expect(run).toThrow(/table "Players", row 2, column "Chips": Eun-ji would have -1 Chips after this run; a count cannot be negative/);
    expect(s.players[1]!.chips).toBe(1);
  });

  test('“The player(s) with the fewest non-zero amount of cards in their hands each receive 1 Already-opened Pack.” — a tie gives both', () => {
    const { s } = finished();
    expect(byPlayer(s, 'Hollis').packs).toEqual({ 'Already-opened Pack': 1 });
    expect(byPlayer(s, 'Jun').packs).toEqual({ 'Already-opened Pack': 1 });
    expect(byPlayer(s, 'Eun-ji').packs).toEqual({});
  });

  test('“Each player receives T - C vertebrae.”: T = 0 + 3 + 1 + 1 = 5, so 5, 2, 4, 4', () => {
    const { s, changes } = finished();
    expect(s.players.map((p) => p.vertebrae - 10)).toEqual([5, 2, 4, 4]);
    expect(changes.filter((c) => c.event === 'Battle cards').map((c) => c.reason.arithmetic)).toEqual(['5 − 0 = 5', '5 − 3 = 2', '5 − 1 = 4', '5 − 1 = 4']);
  });

  test('“Each player who participated in but did not win the game of Exoptosis receives one reconfiguration token.”', () => {
    const { s } = finished();
    expect(s.players.map((p) => p.tokens)).toEqual([0, 1, 1, 1]);
  });

  test('“Fragile cards can only be used in 3 battles, then they are destroyed.”: #17 (its 3rd) is destroyed, #27 counts 1', () => {
    const { s, b } = finished();
    expect(s.cards.map((c) => c.id)).toEqual([24, 27]);
    expect(s.cards.find((c) => c.id === 27)!.battles).toBe(1);
    expect(b.status).toBe('rewarded');
  });

  test('“an Adamantine card cannot be destroyed”: a Fragile Adamantine card survives its 3rd battle', () => {
    const s = state({ players: [player('A'), player('B')], cards: [card(1, 'A', '2', { modifiers: ['Fragile', 'Adamantine'], battles: 2 })] });
    const b = battle({
      status: 'commenced',
      participants: [
        { player: 'A', cards: 4 },
        { player: 'B', cards: 4 },
      ],
      finalHands: [
        { player: 'A', cards: 0 },
        { player: 'B', cards: 2 },
      ],
      winner: 'A',
      fragile: [1],
    });
    rewardBattle(s, ruleset, b, utc('2026-11-08T12:00'), 1);
    expect(s.cards[0]!.battles).toBe(3);
  });

  test('rewards happen once: a rewarded battle is not rewarded again', () => {
    const s = state({ phaseNumber: 1, players: [player('A'), player('B')] });
    s.battles = [
      battle({
        status: 'commenced',
        participants: [
          { player: 'A', cards: 4 },
          { player: 'B', cards: 4 },
        ],
        finalHands: [
          { player: 'A', cards: 0 },
          { player: 'B', cards: 2 },
        ],
        winner: 'A',
      }),
    ];
    const r = advance(ruleset, s, { now: utc('2026-11-07T00:00') });
    expect(r.state.battles[0]!.status).toBe('rewarded');
    expect(advance(ruleset, r.state, { now: utc('2026-11-07T01:00') }).changes).toEqual([]);
  });
});

describe('rule 8 — self-removing modifiers', () => {
  test('“This card gains the Hearts suit. This modifier is then removed.” / “This card gains the colour Red. …”', () => {
    const effect = (name: string) => ruleset.modifiers.find((m) => m.name === name)!.effect;
    expect(selfRemovingGain(effect('Hearts Insignia'))).toEqual({ kind: 'suit', name: 'Hearts' });
    expect(selfRemovingGain(effect('Red Coating'))).toEqual({ kind: 'colour', name: 'Red' });
    expect(selfRemovingGain(effect('Stars Seal'))).toEqual({ kind: 'suit', name: 'Stars' });
    expect(selfRemovingGain(effect('Holographic'))).toBeUndefined();
  });

  test('the card gains the colour or suit and loses the modifier; its computed columns follow', () => {
    const s = state({ players: [player('Ines')], cards: [card(41, 'Ines', '4', { modifiers: ['Hearts Insignia', 'Mean', 'Red Coating'] })] });
    const r = advance(ruleset, s, { now: utc('2026-11-03T00:00') });
    expect(r.state.cards[0]).toMatchObject({
      modifiers: ['Mean'],
      gained: ['Hearts', 'Red'],
      value: '4',
      suits: ['Hearts'],
      colours: ['Red'],
      types: ['Special'],
    });
    expect(r.changes.map((c) => c.event)).toEqual(['Modifier', 'Modifier']);
  });

  test("computed columns: species values, suits, colours and types, plus what the card gained (an Amalgam's value too)", () => {
    expect(computeCard(card(1, 'A', 'Lotto Ticket', { gained: ['Hearts', 'Red'] }), ruleset)).toMatchObject({
      value: '1000000',
      suits: ['Diamonds', 'Hearts'],
      colours: ['Cyan', 'Red'],
      types: ['Special', 'Rare'],
    });
    expect(computeCard(card(2, 'A', 'Amalgam', { gained: ['4', 'Vitality', 'Green'] }), ruleset)).toMatchObject({
      value: '4',
      suits: ['Vitality'],
      colours: ['Green'],
      types: ['Null'],
    });
    expect(computeCard(card(3, 'A', 'Credit Card'), ruleset).value).toBe('All natural numbers');
    expect(computeCard(card(4, 'A', 'Zero', { modifiers: ['Fragile'] }), ruleset).battles).toBe(0);
  });
});

describe('rule 9 — victory', () => {
  test('“If a player possesses at least 10 Chips in their inventory, then the player who possesses the most Chips wins the cycle. The cycle then ends.”', () => {
    const s = state({ players: [player('Alice', { chips: 10 }), player('Bram', { chips: 7 })] });
    const r = advance(ruleset, s, { now: utc('2026-11-20T00:00') });
    expect(r.state.phase.winner).toEqual(['Alice']);
    expect(r.state.phase.number).toBe(0); // no rollover after the end
    expect(r.due).toEqual({ next: null, pending: [] });
  });

  test("a battle's chip that reaches 10 ends the cycle at once", () => {
    const s = state({ phaseNumber: 1, players: [player('A', { chips: 9 }), player('B', { chips: 9 })] });
    s.battles = [
      battle({
        status: 'commenced',
        participants: [
          { player: 'A', cards: 4 },
          { player: 'B', cards: 4 },
        ],
        finalHands: [
          { player: 'A', cards: 0 },
          { player: 'B', cards: 1 },
        ],
        winner: 'A',
      }),
    ];
    const r = advance(ruleset, s, { now: utc('2026-11-20T00:00') });
    expect(r.state.phase.winner).toEqual(['A']);
    expect(r.changes.at(-1)!.event).toBe('Victory');
    expect(r.state.phase.number).toBe(1);
  });

  test('a tie for the most Chips names both, for the Judge', () => {
    const r = advance(ruleset, state({ players: [player('A', { chips: 11 }), player('B', { chips: 11 })] }), { now: utc('2026-11-03T00:00') });
    expect(r.state.phase.winner).toEqual(['A', 'B']);
    expect(r.changes[0]!.change).toMatch(/Judge/);
  });
});

describe('a rule meeting a player who is not on the page names the page', () => {
  test('playerNamed: “no player "Zed" in the Players table” of the Gamestate page, as a located GamestateError', () => {
    const run = () => playerNamed({ page: 'Cycle 16/Gamestate', players: [player('Alice')] }, 'Zed');
    expect(run).toThrow(GamestateError);
    expect(run).toThrow(/page "Cycle 16\/Gamestate", table "Players": no player "Zed" in the Players table/);
    expect(playerNamed({ players: [player('Alice')] }, 'Alice').name).toBe('Alice');
  });
});

describe('advance is pure', () => {
  test('the input state is not changed', () => {
    const s = state({ players: [player('Alice', { used: { Exploration: 1 } })] });
    const copy = structuredClone(s);
    advance(ruleset, s, { now: utc('2026-11-20T00:00') });
    expect(s).toEqual(copy);
  });
});
