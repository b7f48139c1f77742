import { describe, expect, test } from 'vitest';
import { GamestateError } from '../../../../src/games/shared/gamestate-error.ts';
import { advance } from '../../../../src/games/round10/engine.ts';
import { readGamestate } from '../../../../src/games/round10/gamestate/read.ts';
import { renderGamestate } from '../../../../src/games/round10/gamestate/render.ts';
import { parseRound10Ruleset } from '../../../../src/games/round10/ruleset/index.ts';
import { fixture } from '../../helpers/fixtures.ts';
import { replaceOnce } from '../../helpers/wikitext.ts';

const ruleset = parseRound10Ruleset(fixture('round10'), 'Round 10/Ruleset');
const TITLE = 'Round 10/Gamestate';
const page = fixture('round10', 'gamestate');

function problems(text: string) {
  try {
    readGamestate(text, TITLE, ruleset);
  } catch (err) {
    if (err instanceof GamestateError) return err.problems;
    throw err;
  }
  throw new Error('the page was read without problems');
}

describe('reading the Round 10 Gamestate page', () => {
  test('the example page reads: 4 players, 1 contract, 4 lots, 8 secret actions, 1 Work of Art, 3 candidacies', () => {
    const s = readGamestate(page, TITLE, ruleset);
    expect([s.players.length, s.contracts.length, s.lots.length, s.secrets.length, s.works.length, s.candidacies.length]).toEqual([4, 1, 4, 8, 1, 3]);
    expect(s.players[0]!.cards).toHaveLength(5);
    expect(s.phase).toMatchObject({ number: 1, starPrice: 7, judge: null });
  });

  test("a card that is not a rank of its suit's archetype is refused, naming table, row and column", () => {
    const p = problems(replaceOnce(page, '| The Fool of Arcana, 7 of Roses |', '| The Fool of Arcana, 21 of Roses |'));
    expect(p).toEqual([
      { message: '"21 of Roses": 21 is not a rank of the Standard archetype', location: { page: TITLE, table: 'Players', row: 3, column: 'Cards' } },
    ]);
  });

  test('a hash that is not 64 hexadecimal digits is refused in its cell', () => {
    const p = problems(replaceOnce(page, '9425f37de3b39a89097322fc1b870e92e6d267ece951239513f44816568f76fb', '9425f37de3'));
    expect(p[0]!.location).toEqual({ page: TITLE, table: 'Secret actions', row: 1, column: 'Hash' });
    expect(p[0]!.message).toMatch(/not a SHA-256 hash/);
  });

  test('a lot created by someone who is not a player, and a missing required column, are refused', () => {
    expect(problems(replaceOnce(page, '| L2 || Player || Bob ||', '| L2 || Player || Bobby ||'))[0]).toEqual({
      message: 'the creator Bobby is not in the Players table',
      location: { page: TITLE, table: 'Lots', row: 2, column: 'Creator' },
    });
    const noStars = replaceOnce(page, '!! Trungs !! Gold Stars !!', '!! Trungs !! Stars !!');
    expect(problems(noStars)).toContainEqual({ message: 'the table has no "Gold Stars" column', location: { page: TITLE, table: 'Players' } });
  });

  test('a Star Price with no time it was set is refused: the bot would not know which Sunday nulls it', () => {
    expect(problems(replaceOnce(page, '|| 7 || 2026-11-10 15:00 ||', '|| 7 || - ||'))[0]!.location).toMatchObject({
      table: 'Round',
      column: 'Star Price set (UTC)',
    });
  });
});

describe('writing the Round 10 Gamestate page back', () => {
  test('an up-to-date page renders to itself, byte for byte', () => {
    const s = readGamestate(page, TITLE, ruleset);
    const up = advance(ruleset, s, { now: new Date('2026-11-05T06:00Z') });
    // Bob becomes reputable on Nov 9 only: nothing is due at Thursday 06:00 but the bot columns.
    expect(up.changes).toEqual([]);
    expect(renderGamestate(page, up.state, [])).toBe(page);
  });

  test("only changed cells are rewritten: an editor's comment and spacing elsewhere stay", () => {
    const edited = replaceOnce(page, '| C1 || Alice, Bob || 50 Chips, 1 Trung', '| C1 ||   Alice, Bob <!-- since Nov 3 --> || 50 Chips, 1 Trung');
    const s = readGamestate(edited, TITLE, ruleset);
    const up = advance(ruleset, s, { now: new Date('2026-11-09T00:30Z') });
    const out = renderGamestate(edited, up.state, up.changes);
    expect(out).toContain('| C1 ||   Alice, Bob <!-- since Nov 3 --> || 50 Chips, 1 Trung');
    expect(out).toContain('| Alice || 2026-10-26 10:00 || 2026-11-02 10:00 || 445 || 3 ||');
  });

  test('a bot column an editor changed by hand is written back as the rules compute it', () => {
    const wrong = replaceOnce(page, '|| 535 || 55 ||', '|| 9999 || 0 ||');
    const s = readGamestate(wrong, TITLE, ruleset);
    const up = advance(ruleset, s, { now: new Date('2026-11-05T06:00Z') });
    expect(renderGamestate(wrong, up.state, [])).toBe(page);
  });
});

describe('counts on the Round 10 page are plain numbers', () => {
  test('a Cycle 16 unit in a count ("400 Vertebrae" Chips) is refused, naming the cell; the same cell without it reads', () => {
    expect(
      problems(
        replaceOnce(page, '| Alice || 2026-10-26 10:00 || 2026-11-02 10:00 || 400 ||', '| Alice || 2026-10-26 10:00 || 2026-11-02 10:00 || 400 Vertebrae ||'),
      ),
    ).toEqual([{ message: 'Chips "400 Vertebrae" is not a whole number', location: { page: TITLE, table: 'Players', row: 1, column: 'Chips' } }]);
    expect(readGamestate(page, TITLE, ruleset).players[0]!.chips).toBe(400);
  });
});
