import { describe, expect, test } from 'vitest';
import { advance } from '../../../../../src/games/cycle16/engine.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';
import { battle, GAMESTATE, player, ruleset, state, utc } from './build.ts';
import { cycle16Engine } from '../../../../../src/games/cycle16/index.ts';

// Rule 9, Victory: “If a player possesses at least 10 Chips in their inventory, then the player who
// possesses the most Chips wins the cycle. The cycle then ends.”

const PAGE = 'Cycle 16/Gamestate';
const page = (text: string, revid = 1) => ({ title: PAGE, text, revid });

describe('victory counts the Chips in the inventory, not those in a bet', () => {
  // A battle of phase 1 (Battle Phase, Thu 5 – Sun 8 Nov), commenced, waiting for its result; Alice bet 1 of her 10 Chips.
  const open = () =>
    state({
      phaseNumber: 1,
      players: [player('Alice', { chips: 10 }), player('Bram', { chips: 2 })],
      battles: [
        battle({
          status: 'commenced',
          participants: [
            { player: 'Alice', cards: 4 },
            { player: 'Bram', cards: 4 },
          ],
          bets: [
            { player: 'Alice', chips: 1, cards: [] },
            { player: 'Bram', chips: 1, cards: [] },
          ],
        }),
      ],
    });

  test("“Any bet items are removed from their owner's inventory and added to a pool for that game.”: Alice with 10 Chips and 1 bet in a commenced battle has 9, so nobody wins and the phases go on", () => {
    const r = advance(ruleset, open(), { now: utc('2026-11-09T00:00') });
    expect(r.state.phase.winner).toEqual([]);
    expect(r.changes.map((c) => c.event)).not.toContain('Victory');
    expect(r.state.phase.number).toBe(2); // the Monday boundary is rolled over: the cycle has not ended
  });

  test('“The winner of the game gains all items betted.”: when Alice wins the battle she holds 10 − 1 + 2 + 1 = 12 and wins the cycle at that moment', () => {
    const s = open();
    Object.assign(s.battles[0]!, {
      finalHands: [
        { player: 'Alice', cards: 0 },
        { player: 'Bram', cards: 2 },
      ],
      winner: 'Alice',
    });
    const r = advance(ruleset, s, { now: utc('2026-11-08T12:00') });
    expect(r.state.players[0]!.chips).toBe(12);
    expect(r.changes.at(-1)).toMatchObject({
      event: 'Victory',
      player: 'Alice',
      at: utc('2026-11-08T12:00'),
      phase: 1,
      change: 'wins the cycle with 12 Chips; the cycle ends',
    });
  });

  test("a Victory row shows a bettor's Chips less their open bet: Cosima 12 − 1 bet = 11 against Alice 10", () => {
    const s = state({
      phaseNumber: 1,
      players: [player('Alice', { chips: 10 }), player('Cosima', { chips: 12 }), player('Dmitri')],
      battles: [
        battle({
          status: 'commenced',
          participants: [
            { player: 'Cosima', cards: 4 },
            { player: 'Dmitri', cards: 4 },
          ],
          bets: [{ player: 'Cosima', chips: 1, cards: [] }],
        }),
      ],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-05T10:00') });
    expect(r.state.phase.winner).toEqual(['Cosima']);
    expect(r.changes.find((c) => c.event === 'Victory')!.reason.inputs.chips).toBe('Alice 10, Cosima 12 − 1 bet = 11');
  });
});

describe('a tie at the top', () => {
  test('“the player who possesses the most Chips wins the cycle”: with 11 each (Bram 12 − 1 bet) nobody possesses the most; both names go to Winner for the Judge (“a sole Judge, responsible for resolving rules disputes”), and the cycle has ended: no further rollover', () => {
    const s = state({
      phaseNumber: 1,
      players: [player('Alice', { chips: 11 }), player('Bram', { chips: 12 })],
      battles: [
        battle({
          status: 'commenced',
          participants: [
            { player: 'Alice', cards: 4 },
            { player: 'Bram', cards: 4 },
          ],
          bets: [{ player: 'Bram', chips: 1, cards: [] }],
        }),
      ],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-06T00:00') });
    expect(r.state.phase.winner).toEqual(['Alice', 'Bram']);
    expect(r.changes).toEqual([
      expect.objectContaining({ event: 'Victory', player: 'Alice, Bram', change: 'tied with 11 Chips: the Judge must settle who wins the cycle' }),
    ]);
    expect(r.state.phase.nextRollover).toBeNull();
    const later = advance(ruleset, r.state, { now: utc('2026-11-20T00:00') });
    expect(later.changes).toEqual([]);
    expect(later.state.phase.number).toBe(1);
  });
});

describe('a win found after missed boundaries happened when the page shows it did', () => {
  // The example page is at phase 4 (Rest, Mon 16 – Wed 18 Nov); its latest History row is 2026-11-18 12:00. The run comes
  // on Tuesday 24 Nov (phase 6): the boundaries of Thu 19 Nov (phase 5) and Mon 23 Nov (phase 6) are overdue.
  const NOW = utc('2026-11-24T12:00');
  const withAlice = (chips: string, lastAction: string) =>
    replaceOnce(GAMESTATE, '|2026-11-18 09:12\n|active\n|41\n|3\n', `|${lastAction}\n|active\n|41\n|${chips}\n`);

  test('“If a player possesses at least 10 Chips … The cycle then ends.”: Alice, recorded with 10 Chips, last acted Fri 20 Nov 10:00 — the Thursday rollover, the gift and battle 3’s commencement before it are applied, the win is in phase 5, and the Monday boundary never comes', () => {
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(withAlice('10', '2026-11-20 10:00')), { now: NOW, trigger: 'schedule' });
    const after = readGamestate(r.text, PAGE, ruleset);
    expect(after.phase).toMatchObject({ number: 5, name: 'Battle Phase', winner: ['Alice'], nextRollover: null });
    const rows = r.result.changes;
    expect(rows.filter((c) => c.event === 'Rollover').map((c) => c.phase)).toEqual([5]);
    expect(rows.at(-1)).toMatchObject({ event: 'Victory', player: 'Alice', at: utc('2026-11-20T10:00'), phase: 5 });
    // Due before the win: the gift to Lior (Wed 18 Nov 15:20) and battle 3 (declared, 24 hours into phase 5: Fri 20 Nov 00:00).
    expect(rows.find((c) => c.event === 'Gift')).toMatchObject({ player: 'Lior', phase: 4 });
    expect(rows.filter((c) => c.event === 'Full Hand').map((c) => c.at)).toEqual([utc('2026-11-20T00:00'), utc('2026-11-20T00:00'), utc('2026-11-20T00:00')]);
    expect(rows.every((c) => c.at.getTime() <= utc('2026-11-20T10:00').getTime())).toBe(true);
  });

  test('a win cannot be older than the page’s latest History row (that run found none): Alice last acted Wed 18 Nov 09:12, the page’s last row is 12:00, so she won at 12:00 in phase 4 and no boundary is rolled over', () => {
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(withAlice('10', '2026-11-18 09:12')), { now: NOW, trigger: 'schedule' });
    const rows = r.result.changes;
    expect(rows.filter((c) => c.event === 'Rollover')).toEqual([]);
    expect(rows.at(-1)).toMatchObject({ event: 'Victory', player: 'Alice', at: utc('2026-11-18T12:00'), phase: 4 });
    // Battle 2 ended in phase 3 (rewarded at its last minute) and Kestrel was declared reputable on 17 Nov: both before; the gift of 15:20 after.
    expect(rows.map((c) => c.event)).toContain('Battle won');
    expect(rows.find((c) => c.event === 'Reputability')).toMatchObject({ player: 'Kestrel' });
    expect(rows.map((c) => c.event)).not.toContain('Gift');
    expect(readGamestate(r.text, PAGE, ruleset).phase).toMatchObject({ number: 4, winner: ['Alice'] });
  });

  test('nobody wins before joining: Zed, added with 10 Chips, joined Fri 20 Nov 08:00 and has not acted — the win is at his joining, in phase 5, and Alice’s 10 Chips of the same page count from her last action', () => {
    const end = GAMESTATE.indexOf('|}\n', GAMESTATE.indexOf('|Alice\n')); // the Players table's
    const text = `${GAMESTATE.slice(0, end)}|-\n|Zed\n|2026-11-20 08:00\n| -\n|0\n| -\n|active\n|0\n|10\n| -\n|0\n| -\n| -\n${GAMESTATE.slice(end)}`;
    const r = cycle16Engine.rollover(ruleset, 'cycle16', page(text), { now: NOW, trigger: 'schedule' });
    expect(r.result.changes.at(-1)).toMatchObject({ event: 'Victory', player: 'Zed', at: utc('2026-11-20T08:00'), phase: 5 });
    expect(r.result.changes.filter((c) => c.event === 'Rollover').map((c) => c.phase)).toEqual([5]);
    // With Alice at 10 too (last acted 18 Nov 09:12: counted from the floor, 12:00), she wins at 12:00, alone: Zed had not joined.
    const both = replaceOnce(text, '|2026-11-18 09:12\n|active\n|41\n|3\n', '|2026-11-18 09:12\n|active\n|41\n|10\n');
    const r2 = cycle16Engine.rollover(ruleset, 'cycle16', page(both), { now: NOW, trigger: 'schedule' });
    expect(r2.result.changes.at(-1)).toMatchObject({ event: 'Victory', player: 'Alice', at: utc('2026-11-18T12:00'), phase: 4 });
    expect(readGamestate(r2.text, PAGE, ruleset).phase.winner).toEqual(['Alice']);
  });

  test('a battle reward that makes a player win during a catch-up ends the cycle in that battle’s phase: later boundaries and grants are not applied', () => {
    const s = state({
      phaseNumber: 1,
      players: [player('A', { chips: 9 }), player('B'), player('Late', { joined: utc('2026-11-10T12:00'), reputableSince: null, grant: null })],
      battles: [
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
      ],
    });
    const r = advance(ruleset, s, { now: utc('2026-11-20T00:00') });
    // Phase 1 ends Mon 9 Nov 00:00: the result counts at its last minute.
    expect(r.changes.at(-1)).toMatchObject({ event: 'Victory', at: utc('2026-11-08T23:59'), phase: 1 });
    expect(r.changes.map((c) => c.event)).not.toContain('Rollover');
    expect(r.changes.map((c) => c.event)).not.toContain('Reputability');
  });
});
