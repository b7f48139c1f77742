import type { Change } from '../../../sim/trail.ts';
import type { NomicoupState } from '../gamestate/schema.ts';
import { change } from './change.ts';
import { turnOrder } from './seats.ts';

// 3.1.1 Changing order: "If the turn order is changed, the change comes into effect at the beginning of the next round."

export const CHANGING_ORDER = {
  rule: '3.1.1 Turns / Order / Changing order',
  sentence: 'If the turn order is changed, the change comes into effect at the beginning of the next round.',
};

/**
 * At the start of `round`, the order changes adopted before it and not applied yet, oldest first: the
 * players named take the seats in that order; players the change does not name keep their relative order after them.
 */
export function applyOrderChanges(s: NomicoupState, round: number, at: Date): Change[] {
  const changes: Change[] = [];
  for (const o of s.orderChanges.filter((x) => x.applied === null && x.adopted.getTime() <= at.getTime())) {
    const seated = turnOrder(s);
    const named = o.order.map((n) => seated.find((p) => p.name === n)).filter((p) => p !== undefined);
    const rest = seated.filter((p) => !named.includes(p));
    const before = seated.map((p) => p.name).join(', ');
    [...named, ...rest].forEach((p, i) => (p.seat = i + 1));
    o.applied = round;
    const unknown = o.order.filter((n) => !seated.some((p) => p.name === n));
    const inputs: Record<string, string | number> = { adopted: o.adopted.toISOString().slice(0, 16).replace('T', ' '), before };
    if (unknown.length > 0) inputs['not in the turn order'] = unknown.join(', ');
    if (rest.length > 0) inputs['not named, kept after'] = rest.map((p) => p.name).join(', ');
    changes.push(
      change(
        at,
        s.game.turn + 1,
        'Turn order',
        '-',
        `round ${round}: the turn order is ${[...named, ...rest].map((p) => p.name).join(', ')}`,
        CHANGING_ORDER,
        inputs,
      ),
    );
  }
  return changes;
}
