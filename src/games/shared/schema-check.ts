import type { z } from 'zod';

// A zod schema turned into a plain predicate, for data a reader has just built (plain objects and
// arrays): true only when the schema's parse would succeed and give back the same data (no key
// stripped, nothing converted), so the value can be used as it is. On a 30,000-card Gamestate, zod's parse copies every object and
// array (a tenth of what reading the page allocated); the predicate copies nothing. Anything the
// predicate does not know (a transform, a default, a refinement, a kind of check it has no rule
// for) compiles to "don't know", and the caller parses with zod as before: the schema stays the
// one source of the types and of the error messages. test/unit/games/shared/schema-check.test.ts compares
// the predicate with zod on the fixture states and thousands of damaged ones.

type Check = (value: unknown) => boolean;

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  partial?: boolean;
  mode?: string;
  entries?: Record<string, unknown>;
  coerce?: boolean;
  /** A string or number format written as the type itself (z.email(), z.int()…): not known here. */
  format?: string;
}

interface CheckDef {
  check: string;
  format?: string;
  value?: unknown;
  inclusive?: boolean;
  minimum?: number;
  abort?: boolean;
  when?: unknown;
}

const compiled = new WeakMap<z.ZodType, Check | null>();

/** A predicate for `schema` (see above), or null when the schema holds something it has no rule for. */
export function compileCheck(schema: z.ZodType): Check | null {
  if (!compiled.has(schema)) compiled.set(schema, compile(schema));
  return compiled.get(schema)!;
}

/** `value` as `schema` gives it back, when the predicate can tell without zod; else zod's parse. */
export function parseChecked<S extends z.ZodType>(schema: S, value: unknown): ReturnType<S['safeParse']> {
  const check = compileCheck(schema);
  if (check?.(value)) return { success: true, data: value } as ReturnType<S['safeParse']>;
  return schema.safeParse(value) as ReturnType<S['safeParse']>;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function compile(schema: z.ZodType): Check | null {
  const def = defOf(schema);
  if (def.coerce || def.format !== undefined) return null;
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'string':
      return withChecks((v) => typeof v === 'string', checks);
    case 'boolean':
      return checks.length === 0 ? (v) => typeof v === 'boolean' : null;
    case 'number':
      return withChecks((v) => typeof v === 'number' && Number.isFinite(v), checks);
    case 'date':
      return checks.length === 0 ? (v) => v instanceof Date && !Number.isNaN(v.getTime()) : null;
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      return checks.length === 0 ? (v) => values.has(v) : null;
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return inner === null || checks.length > 0 ? null : (v) => v === null || inner(v);
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return inner === null || checks.length > 0 ? null : (v) => v === undefined || inner(v);
    }
    case 'array': {
      const element = compile(def.element!);
      if (element === null) return null;
      return withChecks((v) => Array.isArray(v) && everyElement(v, element), checks);
    }
    case 'object':
      return checks.length === 0 && def.catchall === undefined ? compileObject(def.shape!) : null;
    case 'record':
      return checks.length === 0 ? compileRecord(def) : null;
    default:
      return null;
  }
}

function compileObject(shape: Record<string, z.ZodType>): Check | null {
  const fields: [string, Check][] = [];
  for (const [key, schema] of Object.entries(shape)) {
    const check = compile(schema);
    if (check === null) return null;
    fields.push([key, check]);
  }
  // The fields an object may leave out: its optional ones (zod gives them back absent, or undefined as written).
  const known = new Set(fields.map(([key]) => key));
  return (v) => {
    if (!isPlainObject(v)) return false;
    for (const [key, check] of fields) if (!check(v[key])) return false;
    for (const key in v) if (!known.has(key)) return false; // zod would strip it
    return Object.getOwnPropertySymbols(v).length === 0;
  };
}

function compileRecord(def: Def): Check | null {
  const keyDef = defOf(def.keyType!);
  const value = compile(def.valueType!);
  if (value === null || (def.mode !== undefined && def.mode !== 'strict')) return null;
  let key: (k: string) => boolean;
  if (keyDef.type === 'string' && (keyDef.checks ?? []).length === 0) key = () => true;
  else if (keyDef.type === 'enum' && def.partial === true && (keyDef.checks ?? []).length === 0) {
    const values = new Set(Object.values(keyDef.entries ?? {}));
    key = (k) => values.has(k);
  } else return null; // an exhaustive enum record, or keys with checks
  return (v) => {
    if (!isPlainObject(v) || Object.getOwnPropertySymbols(v).length > 0) return false;
    for (const k of Object.keys(v)) if (k === '__proto__' || !key(k) || !value(v[k])) return false;
    return true;
  };
}

/**
 * Each element passes, and none is a hole (zod gives a hole back as undefined). Named properties of an
 * array, which no reader makes, are not looked for: counting an array's keys cost more than zod's parse.
 */
function everyElement(v: readonly unknown[], element: Check): boolean {
  for (let i = 0; i < v.length; i++) if (!(i in v) || !element(v[i])) return false;
  return true;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  return Object.getPrototypeOf(v) === Object.prototype; // zod gives a null-prototype object back as an ordinary one
}

/** The base predicate and each check of a string, number or array; null for a check it has no rule for. */
function withChecks(base: Check, checks: readonly { _zod: { def: CheckDef } }[]): Check | null {
  const parts: Check[] = [base];
  for (const { _zod } of checks) {
    const c = _zod.def;
    if (c.check === 'number_format' && c.format === 'safeint') parts.push((v) => Number.isSafeInteger(v));
    else if (c.check === 'greater_than' && typeof c.value === 'number') {
      const bound = c.value;
      parts.push(c.inclusive ? (v) => (v as number) >= bound : (v) => (v as number) > bound);
    } else if (c.check === 'min_length' && typeof c.minimum === 'number') {
      const min = c.minimum;
      // zod counts a string's length in code points: two UTF-16 units per code point at most, one with no surrogate.
      parts.push((v) =>
        Array.isArray(v) ? v.length >= min : typeof v === 'string' && (v.length >= 2 * min || (v.length >= min && !/[\ud800-\udfff]/.test(v))),
      );
    } else return null;
  }
  return (v) => {
    for (const p of parts) if (!p(v)) return false;
    return true;
  };
}
