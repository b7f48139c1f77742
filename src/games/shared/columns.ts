import * as f from './fields.ts';
import { NONE } from './history.ts';
import { col, recordOf, type Column } from './table-spec.ts';

// The columns several games' Gamestate tables write the same way: the Phase (or Round) table's clock
// and outcome, the Players table's name and dates. A game lists them among its own columns.

// The clock's cells are the bot's record: a Phase number set back, or a Cycle start moved earlier, would replay
// the boundaries since, with their grants and resets; a Winner typed would end the game.
export const phaseNumberColumn = recordOf(
  col<{ number: number }>(
    'Phase number',
    true,
    (t) => ({ number: f.readInt(t, { min: 0 }) }),
    (p) => String(p.number),
  ),
);
const cycleStartColumn = recordOf(
  col<{ cycleStart: Date }>(
    'Cycle start (UTC)',
    true,
    (t) => ({ cycleStart: f.readInstant(t) }),
    (p) => f.writeInstant(p.cycleStart),
  ),
  'once',
);
const phaseNameColumn = col<{ name: string }>(
  'Phase',
  false,
  (t) => ({ name: t ?? '' }),
  (p) => p.name || NONE,
);
const nextRolloverColumn = col<{ nextRollover: Date | null }>(
  'Next rollover (UTC)',
  false,
  (t) => ({ nextRollover: f.readOptionalInstant(t) }),
  (p) => f.writeInstant(p.nextRollover),
);
/** The Phase table's clock as Cycle 15 and Cycle 16 write it: Cycle start, Phase number, Phase, Next rollover. */
export const phaseClockColumns = [cycleStartColumn, phaseNumberColumn, phaseNameColumn, nextRolloverColumn] as const;
export const winnerColumn = recordOf(
  col<{ winner: string[] }>(
    'Winner',
    false,
    (t) => ({ winner: f.readList(t) }),
    (p) => f.writeList(p.winner),
  ),
);
export const judgeColumn = col<{ judge: string | null }>(
  'Judge',
  false,
  (t) => ({ judge: t ?? null }),
  (p) => p.judge ?? NONE,
);

export const playerColumn = col<{ name: string }>(
  'Player',
  true,
  (t) => ({ name: f.required(t) }),
  (p) => p.name,
);
export const joinedColumn = col<{ joined: Date }>(
  'Joined (UTC)',
  true,
  (t) => ({ joined: f.readInstant(t) }),
  (p) => f.writeInstant(p.joined),
);
/** The instant the player became reputable, as the bot wrote it (Cycle 16 also reads a declaration there: its own column). */
export const reputableSinceColumn = col<{ reputableSince: Date | null }>(
  'Reputable since (UTC)',
  true,
  (t) => ({ reputableSince: f.readOptionalInstant(t) }),
  (p) => f.writeInstant(p.reputableSince),
);

// Columns of the common kinds, one field each: `key` names the entity's field the cell holds. What a game's
// tables write alike in shape (a count, a time, a name, a list) is one line of its table.

/** The keys of E whose values are of type V. */
type KeysOf<E, V> = { [K in keyof E]-?: E[K] extends V ? K : never }[keyof E] & string;

/** The field `key` of the entity, read from the cell's text alone and written from the field alone. */
export function fieldColumn<E, V>(label: string, required: boolean, key: KeysOf<E, V>, read: (t: string | undefined) => V, write: (v: V) => string): Column<E> {
  return { label, required, read: (t) => ({ [key]: read(t) }) as Partial<E>, write: (e) => write(e[key] as V) };
}

/** How a game reads its counts (Cycle 16's accept units: intReaders). */
type IntReaders = Pick<typeof f, 'readInt' | 'readOptionalInt'>;

/** A name or text that must be there. */
export function textColumn<E>(label: string, required: boolean, key: KeysOf<E, string>): Column<E> {
  return fieldColumn<E, string>(label, required, key, f.required, (v) => v);
}
/** A text that may be left out ("-"): null. */
export function optionalTextColumn<E>(label: string, required: boolean, key: KeysOf<E, string | null>): Column<E> {
  return fieldColumn<E, string | null>(
    label,
    required,
    key,
    (t) => t ?? null,
    (v) => v ?? NONE,
  );
}
/** A time (UTC) that must be there. */
export function instantColumn<E>(label: string, required: boolean, key: KeysOf<E, Date>): Column<E> {
  return fieldColumn<E, Date>(label, required, key, f.readInstant, f.writeInstant);
}
/** A time (UTC) that may be left out: null. */
export function optionalInstantColumn<E>(label: string, required: boolean, key: KeysOf<E, Date | null>): Column<E> {
  return fieldColumn<E, Date | null>(label, required, key, f.readOptionalInstant, f.writeInstant);
}
/** A comma-separated list; an empty cell is the empty list. */
export function listColumn<E>(label: string, required: boolean, key: KeysOf<E, string[]>): Column<E> {
  return fieldColumn<E, string[]>(label, required, key, f.readList, f.writeList);
}
/** A comma-separated list that must name something (a contract's parties, an order of seats). */
export function filledListColumn<E>(label: string, required: boolean, key: KeysOf<E, string[]>): Column<E> {
  return fieldColumn<E, string[]>(label, required, key, (t) => f.readList(f.required(t)), f.writeList);
}
/** A whole number of at least `min`; `blank`, when given, is what an empty cell means (else it is an error). */
export function intColumn<E>(
  label: string,
  required: boolean,
  key: KeysOf<E, number>,
  opts: { min?: number; blank?: number; ints?: IntReaders } = {},
): Column<E> {
  const { min, blank, ints = f } = opts;
  const bounds = min === undefined ? undefined : { min };
  return fieldColumn<E, number>(label, required, key, (t) => (t === undefined && blank !== undefined ? blank : ints.readInt(t, bounds)), String);
}
/** A whole number of at least `min` that may be left out: null. */
export function optionalIntColumn<E>(
  label: string,
  required: boolean,
  key: KeysOf<E, number | null>,
  opts: { min?: number; ints?: IntReaders } = {},
): Column<E> {
  const { min, ints = f } = opts;
  return fieldColumn<E, number | null>(label, required, key, (t) => ints.readOptionalInt(t, min === undefined ? undefined : { min }), f.writeInt);
}
/** One of `values` (any case); `blank`, when given, is what an empty cell means. */
export function enumColumn<E, T extends string>(label: string, required: boolean, key: KeysOf<E, T>, values: readonly T[], blank?: T): Column<E> {
  return fieldColumn<E, T>(
    label,
    required,
    key,
    (t) => f.readEnum(t ?? blank, values),
    (v) => v,
  );
}
