import { z } from 'zod';
import type { Rule } from '../../parse/model.ts';
import type { CalendarPhase } from '../shared/calendar-text.ts';
import type { DeclaredLine } from '../shared/readings.ts';

// What an admin declares for a game no module knows, on its Rulings page beside the rulings (src/jobs/rulings.ts
// reads it, and only lines by users in the game's allowed groups count): the mechanics a bot cannot read from the
// ruleset's prose unambiguously. One line each, citing the ruleset sentence it implements, quoted; every History
// row a declaration makes quotes it. A line the grammar does not read, or whose sentence the ruleset does not
// have, is ignored with a warning naming the line. Pure: the lines come with their authors from the job.
//
//   * reset "Delved this phase" to "no" at each phase start — "Once per phase, … a player … may Delve"
//   * grant 2 "Favour" to active players at each Planning Phase start, at most 12 — "At the beginning of each Planning Phase, each active player is granted 2 Favour."
//   * inactive if "Last action (UTC)" is before the previous phase, shown in "Active?" — "A player is considered to be 'inactive' if they performed no actions in the previous phase."
//   * victory to the most "Ore", at least 150, at each Market Phase end — "At the end of each Market Phase, the player who holds the most Ore, if they hold at least 150 Ore, wins the cycle."

/** The phases a declaration applies at: every phase (null), or the phase of that name. */
const Phases = z.object({ phase: z.string().nullable() });

const Common = z.object({
  /** The ruleset sentence the declaration implements, as quoted. */
  cite: z.string().min(1),
  line: z.number().int().positive(),
  by: z.string(),
});

export const Declaration = z.discriminatedUnion('kind', [
  Common.extend({ kind: z.literal('reset'), column: z.string(), value: z.string(), at: Phases }),
  Common.extend({
    kind: z.literal('grant'),
    amount: z.number().int().positive(),
    column: z.string(),
    to: z.enum(['active', 'all']),
    at: Phases,
    max: z.number().int().nonnegative().nullable(),
  }),
  Common.extend({ kind: z.literal('inactive'), lastAction: z.string(), shownIn: z.string() }),
  Common.extend({ kind: z.literal('victory'), column: z.string(), atLeast: z.number().int().nonnegative(), at: Phases }),
]);
export type Declaration = z.infer<typeof Declaration>;
export type DeclarationOf<K extends Declaration['kind']> = Extract<Declaration, { kind: K }>;

/** The words that begin a declaration line (after the bullet): how the Rulings reader tells one from prose. */
export const DECLARATION_LINE = /^\*\s*(?:reset|grant|inactive|victory)\b/i;

const Q = '["“]([^"”]+)["”]';
const WHEN = 'at each (.+?) (start|end)';
const GRAMMAR: { kind: Declaration['kind']; re: RegExp; form: string }[] = [
  { kind: 'reset', re: new RegExp(`^reset ${Q} to ${Q} ${WHEN}$`, 'i'), form: 'reset "<column>" to "<value>" at each <phase> start' },
  {
    kind: 'grant',
    re: new RegExp(String.raw`^grant (\d+) ${Q} to (active|all) players ${WHEN}(?:,? at most (\d+))?$`, 'i'),
    form: 'grant <n> "<column>" to active|all players at each <phase> start[, at most <m>]',
  },
  {
    kind: 'inactive',
    re: new RegExp(`^inactive if ${Q} is before the previous phase,? shown in ${Q}$`, 'i'),
    form: 'inactive if "<last action column>" is before the previous phase, shown in "<column>"',
  },
  {
    kind: 'victory',
    re: new RegExp(String.raw`^victory to the most ${Q},? at least (\d+),? ${WHEN}$`, 'i'),
    form: 'victory to the most "<column>", at least <n>, at each <phase> end',
  },
];
/** `<declaration> — "<sentence>"`, then anything (a signature). */
const CITED = /^\*\s*(.+?)\s+(?:—|–|--?)\s+["“](.+?)["”](?:\s.*)?$/;

/** The rules' text as compared with a citation: quotes and spaces as one, so that a quote's typography does not matter. */
const normalise = (s: string): string => s.replace(/[“”„]/g, '"').replace(/[‘’]/g, "'").replace(/\s+/g, ' ').trim();

export interface ReadDeclarations {
  declarations: Declaration[];
  /** One per line ignored, naming the page and line. */
  warnings: string[];
}

/** The declarations the lines make, against the ruleset's rules (citations) and calendar (phase names). */
export function readDeclarations(
  lines: readonly DeclaredLine[],
  ruleset: { rules: readonly Pick<Rule, 'text'>[]; phases: readonly Pick<CalendarPhase, 'name'>[] },
  page: string,
): ReadDeclarations {
  const text = normalise(ruleset.rules.map((r) => r.text).join('\n'));
  const declarations: Declaration[] = [];
  const warnings: string[] = [];
  for (const l of lines) {
    const ignored = (why: string) => warnings.push(`${page}, line ${l.line} ("${l.text}"): ${why}; the line is ignored`);
    const m = CITED.exec(l.text.trim());
    if (!m) {
      ignored('a declaration cites the ruleset sentence it implements: end it with — "<the sentence, quoted>"');
      continue;
    }
    const [, body, quoted] = m as unknown as [string, string, string];
    const cite = normalise(quoted).replace(/\.$/, '');
    if (!text.includes(cite)) {
      ignored(`the ruleset has no sentence "${quoted}" (a declaration quotes the rule it implements, word for word)`);
      continue;
    }
    const read = declarationOf(body, { cite: quoted, line: l.line, by: l.by }, ruleset.phases);
    if (typeof read === 'string') ignored(read);
    else declarations.push(read);
  }
  // "Active players" needs the inactivity rule that says who is active: without one, such a grant is not applied.
  // A column granted or compared holds a count: a reset of it to anything but a whole number would write no number.
  const inactivity = declarations.some((d) => d.kind === 'inactive');
  const counts = new Set(declarations.flatMap((d) => (d.kind === 'grant' || d.kind === 'victory' ? [d.column] : [])));
  const kept = declarations.filter((d) => {
    const why =
      d.kind === 'grant' && d.to === 'active' && !inactivity
        ? 'a grant to active players needs an "inactive if …" declaration saying who is active'
        : d.kind === 'reset' && counts.has(d.column) && !/^\d+$/.test(d.value)
          ? `"${d.column}" holds a count (a grant or the victory names it): it can be reset only to a whole number, not "${d.value}"`
          : undefined;
    if (why === undefined) return true;
    const l = lines.find((x) => x.line === d.line)!;
    warnings.push(`${page}, line ${l.line} ("${l.text}"): ${why}; the line is ignored`);
    return false;
  });
  return { declarations: kept, warnings };
}

function declarationOf(body: string, common: z.infer<typeof Common>, phases: readonly Pick<CalendarPhase, 'name'>[]): Declaration | string {
  const g = GRAMMAR.find((x) => x.re.test(body));
  if (g === undefined) return `not a declaration; the forms are: ${GRAMMAR.map((x) => x.form).join('; ')}`;
  const m = g.re.exec(body)!;
  const when = (name: string, edge: string, wanted: 'start' | 'end'): { phase: string | null } | string => {
    if (edge.toLowerCase() !== wanted) return `a ${g.kind} happens at a phase's ${wanted}, not its ${edge}`;
    if (/^phase$/i.test(name)) return { phase: null };
    const phase = phases.find((p) => p.name.toLowerCase() === name.toLowerCase());
    return phase ? { phase: phase.name } : `the ruleset's calendar has no phase "${name}" (its phases: ${phases.map((p) => p.name).join(', ') || 'none'})`;
  };
  const parsed = ((): Record<string, unknown> | string => {
    switch (g.kind) {
      case 'reset': {
        const at = when(m[3]!, m[4]!, 'start');
        return typeof at === 'string' ? at : { column: m[1], value: m[2], at };
      }
      case 'grant': {
        const at = when(m[4]!, m[5]!, 'start');
        return typeof at === 'string' ? at : { amount: Number(m[1]), column: m[2], to: m[3]!.toLowerCase(), at, max: m[6] === undefined ? null : Number(m[6]) };
      }
      case 'inactive':
        return { lastAction: m[1], shownIn: m[2] };
      case 'victory': {
        const at = when(m[3]!, m[4]!, 'end');
        return typeof at === 'string' ? at : { column: m[1], atLeast: Number(m[2]), at };
      }
    }
  })();
  if (typeof parsed === 'string') return parsed;
  const checked = Declaration.safeParse({ kind: g.kind, ...common, ...parsed });
  return checked.success ? checked.data : `not a declaration: ${checked.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
}

/** A declaration as the forms write it, with its line and author: what `croupier readings --game` lists. */
export function describeDeclaration(d: Declaration): string {
  const phase = (at: { phase: string | null }) => at.phase ?? 'phase';
  const what = {
    reset: (x: DeclarationOf<'reset'>) => `reset "${x.column}" to "${x.value}" at each ${phase(x.at)} start`,
    grant: (x: DeclarationOf<'grant'>) =>
      `grant ${x.amount} "${x.column}" to ${x.to} players at each ${phase(x.at)} start${x.max === null ? '' : `, at most ${x.max}`}`,
    inactive: (x: DeclarationOf<'inactive'>) => `inactive if "${x.lastAction}" is before the previous phase, shown in "${x.shownIn}"`,
    victory: (x: DeclarationOf<'victory'>) => `victory to the most "${x.column}", at least ${x.atLeast}, at each ${phase(x.at)} end`,
  }[d.kind] as (x: Declaration) => string;
  return `line ${d.line}, by ${d.by}: ${what(d)} — “${d.cite}”`;
}

/** The columns of the players' table the declarations name (the table that has all of them is the players'). */
export function declaredColumns(declarations: readonly Declaration[]): string[] {
  const out = declarations.flatMap((d) => (d.kind === 'inactive' ? [d.lastAction, d.shownIn] : [d.column]));
  return [...new Set(out)];
}
