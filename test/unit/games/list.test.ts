// The games Croupier knows come from one list (src/games/kinds.ts): a new game is its folder and its line there.
// These tests say what derives from it.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseConfig } from '../../../src/config.ts';
import { gameKinds } from '../../../src/games/kinds.ts';
import { detectKind, games } from '../../../src/games/registry.ts';
import { readDocument } from '../../../src/parse/document.ts';

const GAMES_DIR = resolve(import.meta.dirname, '../../../src/games');
/** Folders of src/games that hold what games share, not a game: shared code and the game kit. */
const SHARED_FOLDERS = ['shared', 'kit'];

describe('one list of games', () => {
  test('every folder of src/games is a game of the list (or shared code), and every game of the list has its folder with an index.ts', () => {
    const folders = readdirSync(GAMES_DIR).filter((f) => statSync(join(GAMES_DIR, f)).isDirectory() && !SHARED_FOLDERS.includes(f));
    expect(
      folders.filter((f) => !gameKinds.some((k) => k === f)),
      'folders missing from src/games/kinds.ts',
    ).toEqual([]);
    for (const kind of gameKinds) expect(statSync(join(GAMES_DIR, kind, 'index.ts')).isFile(), `src/games/${kind}/index.ts`).toBe(true);
  });

  test("the registry loads one module per kind of the list, of that kind (its folder's index.ts exports it under the kind's name), in the list's order (the order detection tries them)", () => {
    expect(games().map((g) => g?.kind)).toEqual([...gameKinds]);
  });

  test('detection tries the list in order and falls through to its last kind, generic, for a page no game claims', () => {
    expect(gameKinds.at(-1)).toBe('generic');
    expect(detectKind(readDocument('== Rules ==\nBe nice to each other.', {}))).toBe('generic');
  });

  test('the config accepts every kind of the list and refuses another, naming the kinds it expects', () => {
    for (const kind of gameKinds) {
      expect(parseConfig({ games: [{ id: 'g', kind, ruleset: 'R', gamestate: 'G' }] }).games[0]!.kind).toBe(kind);
    }
    const refused = () => parseConfig({ games: [{ id: 'g', kind: 'cycle99', ruleset: 'R', gamestate: 'G' }] });
    expect(refused).toThrow(/games\[0\]\.kind/);
    expect(refused).toThrow(new RegExp(gameKinds.map((k) => `"${k}"`).join('\\|')));
  });
});
