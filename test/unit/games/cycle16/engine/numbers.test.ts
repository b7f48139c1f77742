import { describe, expect, test } from 'vitest';
import { advance } from '../../../../../src/games/cycle16/engine.ts';
import { readGamestate } from '../../../../../src/games/cycle16/gamestate/read.ts';
import { GamestateError } from '../../../../../src/games/shared/gamestate-error.ts';
import { replaceOnce } from '../../../helpers/wikitext.ts';
import { GAMESTATE, player, problemsOf, ruleset, state, utc } from './build.ts';

// “Each player has an inventory containing all of the items they possess.” A count of items is a
// whole number, not below zero, and small enough to be counted exactly.

const PAGE = 'Cycle 16/Gamestate';
const refused = (text: string) => problemsOf(() => readGamestate(text, PAGE, ruleset));
// Alice's row: Vertebrae 41, Chips 3, Packs "1 Handy Pack", Reconfiguration Tokens 0 (new cells written "| x": "|-5" would be a row separator).
const ALICE = '|active\n|41\n|3\n|1 Handy Pack\n|0\n';
const alice = (vertebrae: string, chips: string, packs: string, tokens: string) =>
  replaceOnce(GAMESTATE, ALICE, `|active\n| ${vertebrae}\n| ${chips}\n| ${packs}\n| ${tokens}\n`);
const where = (column: string, row = 1) => ({ page: PAGE, table: 'Players', row, column });

describe('counts that no inventory can hold are refused, cell by cell', () => {
  test('“Each player has an inventory containing all of the items they possess”: −5 Vertebrae, −1 Chips and −2 Reconfiguration Tokens are each refused at their cell', () => {
    expect(refused(alice('-5', '-1', '1 Handy Pack', '-2'))).toEqual([
      { message: 'Vertebrae -5 is negative: nobody can hold fewer than 0', location: where('Vertebrae') },
      { message: 'Chips -1 is negative: nobody can hold fewer than 0', location: where('Chips') },
      { message: 'Reconfiguration Tokens -2 is negative: nobody can hold fewer than 0', location: where('Reconfiguration Tokens') },
    ]);
  });

  test('a number beyond 2^53 − 1 is refused at its cell with a sentence, not a schema dump: Vertebrae, Chips, a pack count, a bet and a hand size', () => {
    const big = '9007199254740993';
    let text = alice(big, big, `${big} Handy Pack`, '0');
    text = replaceOnce(text, 'Cosima 1 Chip; Eun-ji 1 Chip', `Cosima ${big} Chips; Eun-ji 1 Chip`);
    text = replaceOnce(text, 'Bram (4), Eun-ji (4), Kestrel (6)', `Bram (4), Eun-ji (4), Kestrel (${big})`);
    const tooLarge = `"${big}" is too large: Croupier counts exactly only up to 9007199254740991 (2^53 − 1)`;
    expect(refused(text)).toEqual([
      { message: `Vertebrae ${tooLarge}`, location: where('Vertebrae') },
      { message: `Chips ${tooLarge}`, location: where('Chips') },
      { message: `Packs ${tooLarge}`, location: where('Packs') },
      { message: `Bets ${tooLarge}`, location: { page: PAGE, table: 'Battles', row: 2, column: 'Bets' } },
      { message: `Participants (hand) ${tooLarge}`, location: { page: PAGE, table: 'Battles', row: 3, column: 'Participants (hand)' } },
    ]);
  });

  test('the largest exact number is read, and a run whose grant would pass 2^53 − 1 stops, naming the cell, instead of writing a rounded number', () => {
    const max = String(Number.MAX_SAFE_INTEGER);
    expect(readGamestate(alice(max, '3', '1 Handy Pack', '0'), PAGE, ruleset).players[0]!.vertebrae).toBe(Number.MAX_SAFE_INTEGER);
    const s = state({
      phaseNumber: 4,
      players: [player('Ines', { row: 9, joined: utc('2026-11-11T20:00'), reputableSince: null, grant: null, vertebrae: Number.MAX_SAFE_INTEGER - 10 })],
    });
    const run = () => advance(ruleset, s, { now: utc('2026-11-18T20:00') });
    expect(run).toThrow(GamestateError);
    expect(run).toThrow(/table "Players", row 9, column "Vertebrae": Ines would have more than 9007199254740991 \(2\^53 − 1\) Vertebrae after this run/);
  });

  test('a value that gets past the cell readers is still located by table and row (the schema is a safety net, not a dump)', () => {
    const text = replaceOnce(GAMESTATE, 'Bram (4), Eun-ji (4), Kestrel (6)', ',');
    const [problem] = refused(text);
    expect(problem!.location).toEqual({ page: PAGE, table: 'Battles', row: 3 });
    expect(problem!.message).toMatch(/^participants: /);
  });
});

describe('player names', () => {
  test('“Each player has an inventory containing all of the items they possess”: "alice" beside "Alice" could own either inventory, so the second row is refused as ambiguous', () => {
    const text = replaceOnce(GAMESTATE, '|-\n|Bram\n', '|-\n|alice\n');
    const problems = refused(text);
    expect(problems[0]).toEqual({
      message: 'player "alice" differs from "Alice" (row 1) only by case: the name is ambiguous; give each player a distinct name',
      location: { page: PAGE, table: 'Players', row: 2, column: 'Player' },
    });
  });
});
