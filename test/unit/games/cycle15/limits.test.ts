import { describe, expect, test } from 'vitest';
import { readGamestate } from '../../../../src/games/cycle15/gamestate/read.ts';
import { parseCycle15Ruleset } from '../../../../src/games/cycle15/ruleset/index.ts';
import { GamestateError, type Problem } from '../../../../src/games/shared/gamestate-error.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { appendRow, setCell } from '../../helpers/page-runs.ts';
import { cycle15Engine } from '../../../../src/games/cycle15/index.ts';

// The inventory of docs/gamestate-format-cycle15.md, line by line: a copy of the example page with one edit
// that breaks the rule — refused, naming the cell and quoting the sentence, or handled as the rule says.

const PAGE = 'Cycle 15/Gamestate';
const ruleset = parseCycle15Ruleset(fixture('cycle15'), 'Cycle 15/Ruleset');
const example = fixture('cycle15', 'gamestate');
const at = (iso: string) => new Date(`${iso}Z`);
const roll = (text: string, now: string) => cycle15Engine.rollover(ruleset, 'c15', { title: PAGE, text, revid: 1 }, { now: at(now), trigger: 'test' });
const player = (text: string, name: string, column: string, value: string) => setCell(text, 'Player', 'Player', name, column, value);
const move = (text: string, who: string, column: string, value: string) => setCell(text, 'Roll', 'Player', who, column, value);
const addMove = (text: string, row: string) => appendRow(text, 'Roll', `|-\n| ${row}\n`);
const newcomer = (joined: string, crystals: number, name = 'Newcomer') =>
  appendRow(example, 'Player', `|-\n|${name}\n|${joined}\n| -\n| -\n| -\n|0\n|no\n|no\n|no\n|${crystals}\n|0\n| -\n| -\n`);

/** The problems of a refused run (it must be refused, with nothing returned). */
function refused(text: string, now = '2026-11-15 12:00'): Problem[] {
  try {
    roll(text, now);
  } catch (err) {
    if (err instanceof GamestateError) return err.problems;
    throw err;
  }
  throw new Error('the page was not refused');
}
const where = (p: Problem) => [p.location.table, p.location.row, p.location.column];

describe('refused: the page breaks a limit, and the error names the cell and quotes the sentence', () => {
  test('“Any person may become a player by posting a message …”: a player whose Joined is after the run is refused (they cannot win on crystals before joining)', () => {
    const [p] = refused(newcomer('2026-11-16 09:00', 30));
    expect(where(p!)).toEqual(['Players', 13, 'Joined (UTC)']);
    expect(p!.message).toContain('nobody is a player before joining');
    expect(p!.message).toContain('“Any person may become a player by posting a message');
  });

  test('“A player may cease being a player by sending a message …”: a Left before Joined, or after the run, is refused', () => {
    expect(where(refused(player(example, 'Jun', 'Left (UTC)', '2026-11-11 00:00'))[0]!)).toEqual(['Players', 10, 'Left (UTC)']);
    const [late] = refused(player(example, 'Jun', 'Left (UTC)', '2026-11-15 18:00'));
    expect(where(late!)).toEqual(['Players', 10, 'Left (UTC)']);
    expect(late!.message).toContain('“A player may cease being a player');
  });

  test('“A player is "reputable" if they have continuously been a player for the previous seven days …”: grants recorded before the player can be reputable are refused', () => {
    const [p] = refused(player(example, 'Jun', 'Reputability grant', 'phase 1'));
    expect(where(p!)).toEqual(['Players', 10, 'Reputability grant']);
    expect(p!.message).toContain('becomes reputable only at 2026-11-19 06:00');
    expect(p!.message).toContain('continuously been a player for the previous seven days');
  });

  test('“Each player can, as a progressive action, move …”: a move after the run, before the mover joined or after they left is refused', () => {
    expect(refused(move(example, 'Bram', 'Time (UTC)', '2026-11-15 13:00'))[0]!.message).toContain("after the run's time 2026-11-15 12:00");
    const [early] = refused(addMove(example, '2026-11-14 10:00 || Ines || 1+1 || 1, 2 || performed'));
    expect(where(early!)).toEqual(['Moves', 7, 'Time (UTC)']);
    expect(early!.message).toContain('before joining at 2026-11-14 12:00: only a player moves');
    const [gone] = refused(addMove(example, '2026-11-14 15:00 || Mallory || 1+1 || 1, 2 || performed'));
    expect(gone!.message).toContain('after leaving at 2026-11-14 14:00');
    expect(gone!.message).toContain('“Each player can, as a progressive action, move, provided they have not done so previously in the current phase.”');
  });

  test('“… provided they have not done so previously in the current phase”: a second move in one phase is refused, naming the first', () => {
    const [p] = refused(addMove(example, '2026-11-15 08:00 || Alice || 1+2 || 9, 10, 11 || performed'));
    expect(where(p!)).toEqual(['Moves', 7, 'Time (UTC)']);
    expect(p!.message).toBe(
      'a second move of Alice in phase 1 (the first at 2026-11-13 15:00, row 3): Movement: “Each player can, as a progressive action, move, provided they have not done so previously in the current phase.”',
    );
    // A move in the next phase is a move of that phase: accepted.
    expect(() => roll(addMove(example, '2026-11-16 08:00 || Alice || 1+2 || 9, 10, 11 || performed'), '2026-11-16 09:00')).not.toThrow();
  });

  test('“If an error in movement goes unnoticed by the end of the following phase … accepted”: a move written accepted before then is refused', () => {
    const [p] = refused(move(example, 'Alice', 'Status', 'accepted'));
    expect(where(p!)).toEqual(['Moves', 3, 'Status']);
    expect(p!.message).toContain('accepted only at the end of phase 2');
  });

  test('“The time is in the same phase in which they commenced the action.”: a move of the current phase written "not performed" is refused', () => {
    const [p] = refused(move(example, 'Bram', 'Status', 'not performed'));
    expect(where(p!)).toEqual(['Moves', 6, 'Status']);
    expect(p!.message).toContain('The time is in the same phase in which they commenced the action.');
  });

  test('“… their move for the current phase is negated …”: a move written negated with no penalised incomplete move before it is refused', () => {
    const [p] = refused(move(example, 'Alice', 'Status', 'negated'));
    expect(where(p!)).toEqual(['Moves', 3, 'Status']);
    expect(p!.message).toContain('If an incomplete move occurred in the previous phase');
  });

  test('“It is not possible to vote on a Tune Up class proposal.”: a Tune Up proposal in voting is refused; a proposal submitted after the run too', () => {
    const [p] = refused(setCell(example, 'Class', 'Proposal', '#41', 'Status', 'voting'));
    expect(where(p!)).toEqual(['Proposals', 1, 'Status']);
    expect(p!.message).toContain('“It is not possible to vote on a Tune Up class proposal.”');
    expect(where(refused(setCell(example, 'Class', 'Proposal', '#47', 'Submitted (UTC)', '2026-11-15 20:00'))[0]!)).toEqual([
      'Proposals',
      4,
      'Submitted (UTC)',
    ]);
  });

  test('“If a player owns … at least five more than any other player, that player wins.”: a Winner written for someone who never met it is refused', () => {
    const [p] = refused(setCell(example, 'Cycle start', 'Phase number', 0, 'Winner', 'Alice'));
    expect(where(p!)).toEqual(['Phase', 1, 'Winner']);
    expect(p!.message).toContain('that player wins. Then the cycle ends.');
  });
});

describe('applied: the bot recomputes its own cells and applies the rule, with a History row quoting it', () => {
  test('a hand-written early "Reputable since" is not believed: Jun gets no grants before 19 November 06:00, the cell is named and reset', () => {
    const edited = player(example, 'Jun', 'Reputable since (UTC)', '2026-11-12 06:00');
    const r = roll(edited, '2026-11-16 12:00');
    expect(r.result.changes.filter((c) => c.event === 'Reputability' && c.player === 'Jun')).toEqual([]);
    const corrected = r.result.changes.find((c) => c.event === 'Corrected' && c.player === 'Jun')!;
    expect(corrected.change).toContain('Reputable since (UTC): 2026-11-12 06:00 → -');
    expect(corrected.reason.rule).toContain('continuously been a player for the previous seven days');
    const jun = readGamestate(r.text, PAGE, ruleset).players.find((p) => p.name === 'Jun')!;
    expect(jun).toMatchObject({ reputableSince: null, grant: null });
    // At the rule's time the grants come, once.
    const later = roll(r.text, '2026-11-19 06:00');
    expect(later.result.changes.filter((c) => c.event === 'Reputability' && c.player === 'Jun').map((c) => c.at)).toEqual([
      at('2026-11-19 06:00'),
      at('2026-11-19 06:00'),
      at('2026-11-19 06:00'),
    ]);
  });

  test('a Reputability grant phase or a Phase name written by hand is recomputed and named', () => {
    const r = roll(
      setCell(player(example, 'Alice', 'Reputability grant', 'phase 1'), 'Cycle start', 'Phase number', 0, 'Phase', 'Phase I'),
      '2026-11-15 12:00',
    );
    const rows = r.result.changes.filter((c) => c.event === 'Corrected').map((c) => c.change);
    expect(rows).toContain("Reputability grant: phase 1 → phase 0 (the bot's cell, recomputed: the page's value is not believed)");
    expect(rows).toContain("Phase: Phase I → Phase II (the bot's cell, recomputed: the page's value is not believed)");
  });

  test('a player does not exist before joining: a newcomer with more crystals does not stop an earlier win, nor wins before joining', () => {
    // Alice has 15 from the page's time (13 November 00:00); the newcomer's 11 count only from 15 November 10:00.
    const early = roll(player(newcomer('2026-11-15 10:00', 11), 'Alice', 'Crystals', '15'), '2026-11-15 12:00');
    expect(early.result.changes.find((c) => c.event === 'Victory')).toMatchObject({ player: 'Alice', at: at('2026-11-13 00:00') });
    const joiner = roll(newcomer('2026-11-15 10:00', 20), '2026-11-15 12:00');
    expect(joiner.result.changes.find((c) => c.event === 'Victory')).toMatchObject({ player: 'Newcomer', at: at('2026-11-15 10:00') });
  });

  test('victory found on a stale page: events due before the winning instant are applied, the Victory row carries that instant, nothing after it', () => {
    // Alice 16 and Bram 12 (a lead of 4) until Bram leaves on 21 November 12:00; then the next most is 6 (Xenon dichloride).
    let page = player(example, 'Alice', 'Crystals', '16');
    page = player(page, 'Bram', 'Crystals', '12');
    page = player(page, 'Bram', 'Left (UTC)', '2026-11-21 12:00');
    const r = roll(page, '2026-11-26 00:00');
    const victory = r.result.changes.find((c) => c.event === 'Victory')!;
    expect(victory).toMatchObject({ player: 'Alice', at: at('2026-11-21 12:00'), phase: 3 });
    const before = r.result.changes.filter((c) => c.at.getTime() < at('2026-11-21 12:00').getTime()).map((c) => c.event);
    expect(before).toEqual(expect.arrayContaining(['Rollover', 'Reputability', 'Proposal closed']));
    expect(r.result.changes.filter((c) => c.at.getTime() > at('2026-11-21 12:00').getTime())).toEqual([]);
    expect(r.result.state.phase).toMatchObject({ number: 3, winner: ['Alice'], nextRollover: null });
    // The same page run again (or later) changes nothing.
    expect(roll(r.text, '2026-12-01 00:00').result.changes).toEqual([]);
  });

  test('the incomplete-move penalty is judged as of the page: a run at the boundary penalises as a run at 12:00 does', () => {
    for (const now of ['2026-11-15 12:00', '2026-11-16 00:00']) {
      const row = roll(example, now).result.changes.find((c) => c.event === 'Incomplete move')!;
      expect(row).toMatchObject({ at: at('2026-11-13 00:00'), phase: 1, player: 'Dario' });
      expect(row.reason.rule).toContain('If an incomplete move occurred in the previous phase and is identified after they have moved again');
    }
  });

  test('items of someone who left are destroyed at the Left time, whenever the run', () => {
    const rows = ['2026-11-15 12:00', '2026-11-20 12:00'].map((now) => roll(example, now).result.changes.find((c) => c.event === 'Destroyed')!);
    for (const row of rows) expect(row).toMatchObject({ at: at('2026-11-14 14:00'), player: 'Mallory', phase: 1 });
  });
});
