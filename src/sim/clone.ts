// A deep copy of a game state — plain objects, arrays, Dates and primitives, what zod schemas
// produce — for an engine to change without touching what it was given. structuredClone does the
// same for any value, through a serialisation: on a 30,000-card state it took a fifth of the run.

/** A deep copy of plain data (what structuredClone(value) gives for it); throws on anything else (a Map, a class). */
export function clonePlain<T>(value: T): T {
  return copy(value) as T;
}

function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i]);
    return out;
  }
  if (value instanceof Date) return new Date(value.getTime());
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new TypeError(`clonePlain copies plain data only, not a ${proto?.constructor?.name ?? 'value'}`);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copy((value as Record<string, unknown>)[key]);
  return out;
}
