import { z } from 'zod';
import { Location, type Warning } from './location.ts';
import type { WikiDocument } from './model.ts';

// The numbered rule tree of a ruleset whose headings carry rule IDs ("4.6.5 - Contessa", Nomicoup and
// Blue Sheep Nomic style): each rule's ID path as written, its title path by the headings' nesting,
// and the conflicts an editor must resolve — reported with every location, never normalised away
// (a duplicate ID stays two rules; "4.6." stays an ID with an empty last part, never read as 4.6).
// Pure: from a read page (src/parse/document.ts). Used by any game with numbered rules and by `croupier lint`.

/** "4.6.5 - Contessa", "4.6. - Super Duke", "1 – Winning": the ID, a dash, the title. */
const NUMBERED = /^(\d+(?:\.\d*)*)\s*[-–—]\s*(\S.*)$/;

export interface NumberedRule {
  /** The ID as written ("4.6.5", "4.6."); null for a heading without one ("Additional Rules"). */
  id: string | null;
  /** The ID's parts ("4.6." → ["4", "6", ""]); empty for a heading without an ID. */
  idParts: string[];
  title: string;
  /** The titles of the headings it sits under, then its own: "Coup / Characters / Contessa". */
  titlePath: string;
  /** The heading's level as written (2 for `==`). */
  level: number;
  /** 1-based line of the heading on the page. */
  line: number;
  /** Plain text of its own body (subrules excluded). */
  text: string;
  /** Index into doc.rules (the same heading). */
  index: number;
  children: NumberedRule[];
}
export const NumberedRule: z.ZodType<NumberedRule> = z.object({
  id: z.string().nullable(),
  idParts: z.array(z.string()),
  title: z.string(),
  titlePath: z.string(),
  level: z.number().int(),
  line: z.number().int(),
  text: z.string(),
  index: z.number().int(),
  get children() {
    return z.array(NumberedRule);
  },
});

export const ConflictKind = z.enum(['duplicate-id', 'empty-id-part', 'heading-level', 'missing-list']);
export type ConflictKind = z.infer<typeof ConflictKind>;

/** Something the rules contradict themselves on: reported once, with every place involved. */
export const Conflict = z.object({
  kind: ConflictKind,
  message: z.string(),
  locations: z.array(Location).min(1),
});
export type Conflict = z.infer<typeof Conflict>;

export interface NumberedTree {
  /** The top rules, each with its subrules. */
  rules: NumberedRule[];
  /** Every heading in page order (the same objects as in the tree). */
  flat: NumberedRule[];
  conflicts: Conflict[];
  warnings: Warning[];
}

/** 1-based line of an offset in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Where a rule is: its ID and title path, and its heading's line. */
export function ruleLocation(page: string | undefined, r: NumberedRule): Location {
  return { page, rule: r.id === null ? r.titlePath : `${r.id} ${r.titlePath}`, line: r.line };
}

/** Whether the page numbers its rules: at least one heading carries a rule ID. */
export function hasNumberedRules(doc: WikiDocument): boolean {
  return doc.rules.some((r) => NUMBERED.test(r.title));
}

export function readNumberedRules(doc: WikiDocument): NumberedTree {
  const flat: NumberedRule[] = doc.rules.map((r, index) => {
    const m = NUMBERED.exec(r.title);
    return {
      id: m ? m[1]! : null,
      idParts: m ? m[1]!.split('.') : [],
      title: m ? m[2]!.trim() : r.title,
      titlePath: '',
      level: r.level,
      line: lineAt(doc.text, r.start),
      text: r.text,
      index,
      children: [],
    };
  });
  const rules: NumberedRule[] = [];
  flat.forEach((rule, i) => {
    const parent = doc.rules[i]!.parent;
    rule.titlePath = parent === undefined ? rule.title : `${flat[parent]!.titlePath} / ${rule.title}`;
    (parent === undefined ? rules : flat[parent]!.children).push(rule);
  });
  const at = (r: NumberedRule) => ruleLocation(doc.page, r);
  // The conflicts are those of a numbered tree: a page without rule IDs is not held to its conventions.
  const numbered = flat.some((r) => r.id !== null);
  const conflicts = numbered ? [...duplicateIds(flat, at), ...emptyIdParts(flat, at), ...headingLevels(doc, flat, at), ...missingLists(doc, flat, at)] : [];
  const warnings: Warning[] = numbered
    ? flat
        .filter((r) => r.id === null)
        .map((r) => ({ message: `the heading "${r.title}" has no rule ID: it is not a numbered rule (its subrules keep their own IDs)`, location: at(r) }))
    : [];
  return { rules, flat, conflicts, warnings };
}

/** The page's style ends every ID with a dot ("1.", "1.1."): then the last dot is punctuation, not an empty part. */
function trailingDotStyle(flat: readonly NumberedRule[]): boolean {
  const ids = flat.filter((r) => r.id !== null);
  return ids.length > 0 && ids.every((r) => r.id!.endsWith('.'));
}

const usedBy = (rules: readonly NumberedRule[]): string => rules.map((r) => `"${r.titlePath}" (line ${r.line})`).join(', ');

/** "No two rules may have the same path": one conflict per ID used more than once. */
function duplicateIds(flat: readonly NumberedRule[], at: (r: NumberedRule) => Location): Conflict[] {
  const dotted = trailingDotStyle(flat);
  const byId = new Map<string, NumberedRule[]>();
  for (const r of flat) {
    if (r.id === null || hasEmptyPart(r, dotted)) continue; // an ID with an empty part is its own conflict
    const key = dotted ? r.id.slice(0, -1) : r.id;
    byId.set(key, [...(byId.get(key) ?? []), r]);
  }
  return [...byId]
    .filter(([, rs]) => rs.length > 1)
    .map(([id, rs]) => ({
      kind: 'duplicate-id' as const,
      message: `the ID ${id} is used by ${rs.length} rules: ${usedBy(rs)}; "No two rules may have the same path"`,
      locations: rs.map(at),
    }));
}

function hasEmptyPart(r: NumberedRule, dotted: boolean): boolean {
  const parts = dotted ? r.idParts.slice(0, -1) : r.idParts;
  return parts.some((p) => p === '');
}

/** An ID with an empty part ("4.6."): one conflict per written ID, with every rule that uses it; never read as "4.6". */
function emptyIdParts(flat: readonly NumberedRule[], at: (r: NumberedRule) => Location): Conflict[] {
  const dotted = trailingDotStyle(flat);
  const byId = new Map<string, NumberedRule[]>();
  for (const r of flat) if (r.id !== null && hasEmptyPart(r, dotted)) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  return [...byId].map(([id, rs]) => {
    const last = id.endsWith('.') ? 'last part' : 'part';
    const what = rs.length > 1 ? `used by ${rs.length} rules: ${usedBy(rs)}` : `of "${rs[0]!.titlePath}" (line ${rs[0]!.line})`;
    return {
      kind: 'empty-id-part' as const,
      message: `the ID "${id}" has an empty ${last} (${what}); it is not read as ${id
        .split('.')
        .filter((p) => p !== '')
        .join('.')}`,
      locations: rs.map(at),
    };
  });
}

/**
 * Heading levels against ID depth. The page's convention is the level of its depth-1 IDs (`== 1 - Winning ==`:
 * level = depth + 1); a numbered heading off that convention is a conflict. A heading more than one level
 * below the heading it sits under (`====` right under `==`) skips a level: it nests under that heading,
 * not under the rule its ID names — one conflict per such section, with the section and its headings.
 */
function headingLevels(doc: WikiDocument, flat: readonly NumberedRule[], at: (r: NumberedRule) => Location): Conflict[] {
  const dotted = trailingDotStyle(flat);
  const depth = (r: NumberedRule) => (dotted ? r.idParts.length - 1 : r.idParts.length);
  const offsets = new Map<number, number>();
  for (const r of flat) if (r.id !== null) offsets.set(r.level - depth(r), (offsets.get(r.level - depth(r)) ?? 0) + 1);
  const tops = flat.filter((r) => r.id !== null && depth(r) === 1);
  const offset = tops.length > 0 ? tops[0]!.level - 1 : [...offsets].sort((a, b) => b[1] - a[1])[0]?.[0];
  const out: Conflict[] = [];
  if (offset !== undefined) {
    for (const r of flat) {
      if (r.id === null || r.level - depth(r) === offset) continue;
      out.push({
        kind: 'heading-level',
        message: `"${r.id} - ${r.title}" (line ${r.line}) is a level-${r.level} heading, but its ID has depth ${depth(r)}: this page writes depth ${depth(r)} at level ${depth(r) + offset}`,
        locations: [at(r)],
      });
    }
  }
  const skipped = new Map<number, NumberedRule[]>();
  flat.forEach((r, i) => {
    const parent = doc.rules[i]!.parent;
    if (parent !== undefined && r.level > flat[parent]!.level + 1) skipped.set(parent, [...(skipped.get(parent) ?? []), r]);
  });
  for (const [parent, rs] of skipped) {
    const p = flat[parent]!;
    const ids = rs.filter((r) => r.id !== null);
    const by =
      ids.length > 0
        ? `; by their IDs (depth ${[...new Set(ids.map(depth))].join(', ')}) they belong under ${[...new Set(ids.map((r) => r.idParts.slice(0, -1).join('.')))].join(', ')}`
        : '';
    out.push({
      kind: 'heading-level',
      message:
        `the level-${rs[0]!.level} heading${rs.length > 1 ? 's' : ''} ${usedBy(rs)} sit${rs.length > 1 ? '' : 's'} right under the level-${p.level} heading "${p.titlePath}" (line ${p.line}): ` +
        `level ${p.level + 1} is skipped${by}`,
      locations: [at(p), ...rs.map(at)],
    });
  }
  return out;
}

/**
 * A paragraph that announces a list ("The current turn order is as follows:") with no list or table after it
 * in its rule: the rule refers to content that is not there. Both the rule and the announcing line are named.
 */
function missingLists(doc: WikiDocument, flat: readonly NumberedRule[], at: (r: NumberedRule) => Location): Conflict[] {
  const out: Conflict[] = [];
  for (const r of flat) {
    const { bodyStart, end } = doc.rules[r.index]!;
    const lines = doc.text.slice(bodyStart, end).split('\n');
    let offset = bodyStart;
    lines.forEach((line, i) => {
      const here = offset;
      offset += line.length + 1;
      const said = line.trim();
      if (!said.endsWith(':') || /^[*#;:]/.test(said)) return;
      const next = lines
        .slice(i + 1)
        .find((l) => l.trim() !== '')
        ?.trim();
      if (next !== undefined && /^([*#;:]|\{\|)/.test(next)) return;
      const sentence = /[^.!?]*:$/.exec(said)?.[0].trim() ?? said;
      out.push({
        kind: 'missing-list',
        message: `"${r.id === null ? '' : `${r.id} - `}${r.title}" (line ${r.line}) announces a list ("${sentence}", line ${lineAt(doc.text, here)}) that is not there`,
        locations: [at(r), { page: doc.page, rule: at(r).rule, line: lineAt(doc.text, here) }],
      });
    });
  }
  return out;
}
