import { readDocument } from '../../../../src/parse/document.ts';
import { readNomicoupRuleset } from '../../../../src/games/nomicoup/ruleset/read.ts';
import type { NomicoupState, Player } from '../../../../src/games/nomicoup/gamestate/schema.ts';
import { fixture } from '../../helpers/fixtures.ts';

export const ruleset = readNomicoupRuleset(readDocument(fixture('nomicoup'), { page: 'Nomicoup' }));

export const at = (s: string) => new Date(`${s.replace(' ', 'T')}:00Z`);
export const HOUR = 3_600_000;

export function player(name: string, seat: number | null, o: Partial<Player> = {}): Player {
  return {
    seat,
    name,
    joined: at('2026-11-16 12:00'),
    credits: 2,
    influence: 2,
    revealed: [],
    exiles: 0,
    candidate: false,
    status: 'active',
    left: null,
    ...o,
  };
}

/** A game that started 2026-11-16 12:00 with Alice, Bram, Cosima, no turn played yet. */
export function state(o: Partial<NomicoupState> = {}): NomicoupState {
  return {
    phase: { number: 0, name: 'not started', nextRollover: null, winner: [] },
    game: {
      start: at('2026-11-16 12:00'),
      round: 0,
      turn: 0,
      current: null,
      began: null,
      ends: null,
      forcedCoup: false,
      treasury: 44,
      courtDeck: 10,
      judge: null,
      previousJudge: null,
      winner: [],
    },
    players: [player('Alice', 1), player('Bram', 2), player('Cosima', 3)],
    orderChanges: [],
    turns: [],
    propositions: [],
    cases: [],
    historyRows: 0,
    ...o,
  };
}

/** The same game once started (4.3 dealt, Alice's turn 1 on since the start): what players hold is then theirs. */
export function started(o: Partial<NomicoupState> = {}): NomicoupState {
  const s = state(o);
  s.turns = [{ number: 1, round: 1, player: 'Alice', began: s.game.start, ended: null, endedBy: null }, ...s.turns];
  s.game = { ...s.game, round: 1, turn: 1, current: 'Alice', began: s.game.start, ends: new Date(s.game.start.getTime() + 48 * HOUR) };
  return s;
}
