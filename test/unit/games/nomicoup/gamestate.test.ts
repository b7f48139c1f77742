import { describe, expect, test } from 'vitest';
import { computeRollover } from '../../../../src/jobs/rollover.ts';
import { readNomicoupGamestate } from '../../../../src/games/nomicoup/gamestate/read.ts';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { at, ruleset } from './build.ts';

const PAGE = fixture('nomicoup', 'gamestate');
const game = { id: 'nomicoup', gamestate: 'Nomicoup/Gamestate' };
const roll = (text: string, now: string) => computeRollover(ruleset, game, { text, revid: 1 }, { now: at(now), trigger: 'test' });
const problems = (text: string): string[] => {
  try {
    readNomicoupGamestate(text, 'Nomicoup/Gamestate', ruleset);
    return [];
  } catch (err) {
    if (!(err instanceof GamestateError)) throw err;
    return err.problems.map((p) => `${p.location.table ?? ''}: ${p.message}`);
  }
};

describe('the Nomicoup Gamestate page', () => {
  test('the fixture reads as the game it shows: round 1, turn 2, Bram, Treasury 43', () => {
    const s = readNomicoupGamestate(PAGE, 'Nomicoup/Gamestate', ruleset);
    expect(s.game).toMatchObject({ round: 1, turn: 2, current: 'Bram', treasury: 43, judge: 'Bram' });
    expect(s.players.map((p) => [p.seat, p.name, p.credits, p.candidate])).toEqual([
      [1, 'Alice', 3, true],
      [2, 'Bram', 2, true],
      [3, 'Cosima', 2, true],
    ]);
    expect(s.turns.map((t) => [t.number, t.player, t.endedBy])).toEqual([
      [1, 'Alice', 'Income'],
      [2, 'Bram', null],
    ]);
    expect(s.orderChanges[0]!.order).toEqual(['Cosima', 'Alice', 'Bram']);
  });

  test('with nothing due, the page renders to itself, byte for byte', () => {
    const c = roll(PAGE, '2026-11-18 12:00');
    expect(c.result.changes).toEqual([]);
    expect(c.text).toBe(PAGE);
  });

  test('a run writes only changed cells: a comment and an odd spacing in an untouched cell stay', () => {
    const page = PAGE.replace('| 3 || Alice', '| 3 || Alice').replace(
      '| 1 || Alice || 2026-11-16 12:00 || 3 ||',
      '| 1 || Alice <!-- founder --> || 2026-11-16 12:00 ||  3  ||',
    );
    const c = roll(page, '2026-11-19 09:30');
    expect(c.text).toContain('Alice <!-- founder --> || 2026-11-16 12:00 ||  3  ||');
    expect(c.text).toContain('| 3 || 1 || Cosima || 2026-11-19 09:30 || - || -');
  });

  test('a second run at the same instant changes nothing (the page records what was done)', () => {
    const first = roll(PAGE, '2026-11-22 12:00');
    expect(first.result.changes.length).toBeGreaterThan(0);
    const again = roll(first.text, '2026-11-22 12:00');
    expect(again.result.changes).toEqual([]);
    expect(again.text).toBe(first.text);
  });

  test('stepping turn by turn gives the same page as one catch-up run', () => {
    let text = PAGE;
    for (const now of ['2026-11-19 09:30', '2026-11-20 08:00', '2026-11-20 10:00', '2026-11-21 09:30', '2026-11-22 12:00']) text = roll(text, now).text;
    expect(text).toBe(roll(PAGE, '2026-11-22 12:00').text);
  });

  test('two players in one seat are refused, naming the Seat column; nothing is computed', () => {
    expect(problems(PAGE.replace('| 3 || Cosima ||', '| 2 || Cosima ||'))).toEqual(['Players: the seats are 1, 2, 2: they must be 1 to 3, each once']);
  });

  test('players holding more than the 50 credits in the game are refused (4.2)', () => {
    expect(problems(PAGE.replace('| 1 || Alice || 2026-11-16 12:00 || 3 ||', '| 1 || Alice || 2026-11-16 12:00 || 47 ||'))).toEqual([
      'Players: the players hold 51 credits, but "There are a total of 50 credits in the game" (4.2 Treasury)',
    ]);
  });

  test('an unreadable time is refused at its cell; a turn of someone who is not a player is refused at its Player cell', () => {
    const bad = PAGE.replace('| 2 || 1 || Bram || 2026-11-17 09:30 ||', '| 2 || 1 || Zed || 2026-11-17 09:30 ||').replace(
      '| 1 || Alice || 2026-11-17 08:00 ||',
      '| 1 || Alice || yesterday ||',
    );
    expect(problems(bad)).toEqual(['Propositions: Posted (UTC) "yesterday" is not a time; write it as YYYY-MM-DD HH:MM (UTC)']);
    expect(problems(PAGE.replace('| 2 || 1 || Bram || 2026-11-17 09:30 ||', '| 2 || 1 || Zed || 2026-11-17 09:30 ||'))).toEqual([
      'Turns: "Zed" is not in the Players table',
    ]);
  });

  test('a Credits cell written 2.5 is rounded as the reading credit-rounding says, and the History row names it', () => {
    const c = roll(PAGE.replace('| 3 || Cosima || 2026-11-16 12:00 || 2 ||', '| 3 || Cosima || 2026-11-16 12:00 || 2.5 ||'), '2026-11-18 12:00');
    expect(c.text).toContain('| 3 || Cosima || 2026-11-16 12:00 || 3 ||');
    expect(c.text).toMatch(/\|\| Credits \|\| Cosima \|\| Cosima's credits: 2\.5 is effected as 3 \|\| 4\.2\.1 .*reading credit-rounding=half-up \(default\)/);
  });
});
