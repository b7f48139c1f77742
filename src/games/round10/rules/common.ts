import type { Change } from '../../../sim/trail.ts';
import { GamestateError } from '../../shared/gamestate-error.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import type { Round10Ruleset } from '../ruleset/schema.ts';
import type { CardRef, Gamestate, Player } from '../gamestate/schema.ts';

// What every Round 10 rule gets: the state it changes (in place, on the engine's copy), the ruleset,
// the readings in force and the instant; what it returns are the History rows of what it did.

export interface RuleContext {
  s: Gamestate;
  ruleset: Round10Ruleset;
  readings: ChosenReadings;
  at: Date;
  phase: number;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function row(ctx: Pick<RuleContext, 'at' | 'phase'>, event: string, player: string, change: string, reason: Change['reason']): Change {
  return { at: ctx.at, phase: ctx.phase, event, player, change, reason };
}

export function playerNamed(s: Gamestate, name: string): Player | undefined {
  return s.players.find((p) => p.name === name);
}

/** A number the ruleset could not give (its sentence unreadable): the run stops, naming what is missing. */
export function needed<T>(value: T | null, what: string, ruleset: Round10Ruleset): T {
  if (value === null)
    throw new GamestateError([
      { message: `the Ruleset does not state ${what} in a way Croupier can read (see its warnings); nothing was changed`, location: { page: ruleset.page } },
    ]);
  return value;
}

export const sameCard = (a: CardRef, b: CardRef): boolean => a.rank === b.rank && a.suit === b.suit;

/** `cards` without one copy of each of `remove`; undefined if one of them is not there (possession). */
export function withoutCards(cards: readonly CardRef[], remove: readonly CardRef[]): CardRef[] | undefined {
  const left = [...cards];
  for (const c of remove) {
    const i = left.findIndex((x) => sameCard(x, c));
    if (i < 0) return undefined;
    left.splice(i, 1);
  }
  return left;
}
