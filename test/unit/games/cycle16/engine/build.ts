import { readDocument } from '../../../../../src/parse/document.ts';
import { readCycle16Ruleset } from '../../../../../src/games/cycle16/ruleset/read.ts';
import type { Battle, Card, Gamestate, Gift, Player } from '../../../../../src/games/cycle16/gamestate/schema.ts';
import { GamestateError } from '../../../../../src/games/shared/gamestate-error.ts';
import { fixture } from '../../../helpers/fixtures.ts';

// Small gamestates for rule tests, with the Cycle 16 ruleset fixture.

export const ruleset = readCycle16Ruleset(readDocument(fixture('cycle16'), { page: 'Cycle 16/Ruleset' }));
export const GAMESTATE = fixture('cycle16', 'gamestate');
export const utc = (s: string) => new Date(s.endsWith('Z') ? s : `${s}Z`);

export function player(name: string, over: Partial<Player> = {}): Player {
  return {
    name,
    joined: utc('2026-11-02T12:00'),
    reputableSince: utc('2026-11-02T12:00'),
    declared: false,
    grant: 20,
    lastAction: null,
    status: 'active',
    vertebrae: 10,
    chips: 0,
    packs: {},
    tokens: 0,
    other: null,
    used: {},
    ...over,
  };
}

export function card(id: number, owner: string, species: string, over: Partial<Card> = {}): Card {
  return { id, owner, species, modifiers: [], gained: [], value: '-', suits: [], colours: [], types: [], battles: null, ...over };
}

/** `n` plain cards of `owner` (species "2"), IDs from `from`: an inventory for battle declarations. */
export function cards(owner: string, n: number, from: number): Card[] {
  return Array.from({ length: n }, (_, i) => card(from + i, owner, '2'));
}

export function battle(over: Partial<Battle> & Pick<Battle, 'participants'>): Battle {
  return { id: 1, phase: 1, bets: [], finalHands: null, winner: null, fragile: [], status: 'declared', ...over };
}

export function gift(over: Partial<Gift> & Pick<Gift, 'giver' | 'receiver' | 'time'>): Gift {
  return { packs: null, status: 'recorded', ...over };
}

/** Cycle started Monday 2 November 2026: phase 0 Rest (2–4), 1 Battle (5–8), 2 Rest (9–11), 3 Battle (12–15), 4 Rest (16–18), 5 Battle (19–22). */
export function state(over: Partial<Gamestate> & { phaseNumber?: number } = {}): Gamestate {
  const { phaseNumber = 0, ...rest } = over;
  return {
    phase: {
      cycleStart: utc('2026-11-02T00:00'),
      number: phaseNumber,
      name: phaseNumber % 2 === 0 ? 'Rest Phase' : 'Battle Phase',
      nextRollover: null,
      started: null,
      winner: [],
    },
    players: [],
    cards: [],
    battles: [],
    gifts: [],
    historyRows: 0,
    ...rest,
  };
}

/** The problems of the GamestateError `run` throws (it must throw one). */
export function problemsOf(run: () => unknown): GamestateError['problems'] {
  try {
    run();
  } catch (err) {
    if (err instanceof GamestateError) return err.problems;
    throw err;
  }
  throw new Error('expected a GamestateError');
}
