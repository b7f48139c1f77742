import type { Change } from '../../../sim/trail.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { NomicoupState, Turn } from '../gamestate/schema.ts';
import { turnOrder } from './seats.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import { change } from './change.ts';
import { applyOrderChanges } from './order.ts';
import { flagForcedCoup } from './forced-coup.ts';

// 3 Turns and 3.2 Rounds: a turn "ends after they have performed an action, pass their turn or 48 hours
// have passed, whichever occurs first"; "After the last player in the turn order ends their turn, a new
// round begins, starting with the first person in the turn order."

export const TURNS = {
  rule: '3 Turns',
  sentence:
    "A player's turn begins when they have been notified it is their turn, and ends after they have performed an action, pass their turn or 48 hours have passed, whichever occurs first.",
};
export const ROUNDS = {
  rule: '3.2 Turns / Rounds',
  sentence: 'After the last player in the turn order ends their turn, a new round begins, starting with the first person in the turn order.',
};

const HOUR = 3_600_000;

/** The turn being played: the last row of the Turns table. */
export function currentTurn(s: Pick<NomicoupState, 'turns'>): Turn | undefined {
  return s.turns.at(-1);
}

/** When the current turn times out: 48 hours (the ruleset's turnHours) after it began; null when none is on. */
export function timeoutAt(s: Pick<NomicoupState, 'turns'>, ruleset: Pick<NomicoupRuleset, 'constants'>): Date | null {
  const t = currentTurn(s);
  if (t === undefined || t.ended !== null) return null;
  return new Date(t.began.getTime() + ruleset.constants.turnHours * HOUR);
}

/** "… or 48 hours have passed": the turn ends at its timeout. */
export function timeOut(s: NomicoupState, ruleset: Pick<NomicoupRuleset, 'constants'>): Change[] {
  const t = currentTurn(s)!;
  const at = timeoutAt(s, ruleset)!;
  t.ended = at;
  t.endedBy = 'timeout';
  return [
    change(at, t.number, 'Turn timeout', t.player, `turn ${t.number} ended: ${ruleset.constants.turnHours} hours passed without an action or a pass`, TURNS, {
      began: formatted(t.began),
      'turn limit': `${ruleset.constants.turnHours} h`,
    }),
  ];
}

const formatted = (t: Date) => t.toISOString().slice(0, 16).replace('T', ' ');

/**
 * The next turn, after the current one ended at `at`: the next player in the turn order, or after the
 * last one a new round (with the adopted order changes applied first), from the first. When it begins
 * is the reading `turn-begins` (the previous end, or the run's time `now`).
 */
export function beginNextTurn(
  s: NomicoupState,
  ruleset: Pick<NomicoupRuleset, 'constants'>,
  at: Date,
  now: Date,
  readings: ChosenReadings,
  afterSeat?: number,
): Change[] {
  const previous = currentTurn(s);
  const began = readings.get('turn-begins') === 'notified' ? new Date(Math.max(at.getTime(), now.getTime())) : at;
  const changes: Change[] = [];
  // Only players take turns: a seated name whose Joined is after the turn begins is not one yet (“Players take turns
  // according to the turn order.”), and is passed over until then.
  const players = () => turnOrder(s).filter((p) => p.joined.getTime() <= began.getTime());
  let order = players();
  // After the previous player's seat (`afterSeat`: the seat before theirs, when they have just left the order).
  const seat = afterSeat ?? (previous === undefined ? 0 : (s.players.find((p) => p.name === previous.player)?.seat ?? 0));
  let next = previous === undefined ? order[0] : order.find((p) => p.seat! > seat);
  let round = Math.max(1, s.game.round);
  if (previous !== undefined && next === undefined) {
    round = s.game.round + 1;
    changes.push(...applyOrderChanges(s, round, began));
    order = players();
    next = order[0];
    if (next !== undefined) {
      changes.push(
        change(began, previous.number + 1, 'New round', '-', `round ${round} begins with ${next.name}`, ROUNDS, {
          'last player': previous.player,
          order: order.map((p) => p.name).join(', '),
        }),
      );
    }
  }
  if (next === undefined) return changes; // nobody left to play
  const number = (previous?.number ?? 0) + 1;
  s.turns.push({ number, round, player: next.name, began, ended: null, endedBy: null });
  s.game.round = round;
  s.game.turn = number;
  s.game.current = next.name;
  s.game.began = began;
  s.game.ends = new Date(began.getTime() + ruleset.constants.turnHours * HOUR);
  const inputs: Record<string, string | number> = { round, seat: next.seat! };
  if (previous !== undefined) inputs.after = `${previous.player} (turn ${previous.number}, ended ${formatted(previous.ended ?? at)})`;
  changes.push(
    change(
      began,
      number,
      'Turn',
      next.name,
      `turn ${number} (round ${round}) begins: ${next.name}, until ${formatted(s.game.ends)}`,
      previous === undefined ? ROUNDS : TURNS,
      inputs,
      {
        readings: previous === undefined ? undefined : { readings, ids: ['turn-begins'] },
      },
    ),
  );
  changes.push(...flagForcedCoup(s, next, began, ruleset));
  return changes;
}
