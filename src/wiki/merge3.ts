// A line-based three-way merge (diff3), pure. save.ts uses it to carry other people's edits, made after a
// revision of the bot's, over to the text the bot's transform must run on — the same text without the
// bot's edit — so that the transform is recomputed on every human edit the wiki recorded before its save.
// Changes of both sides that touch or overlap the same base lines are a conflict unless identical:
// nothing is guessed.
import { diffArrays } from 'diff';

export type Merge3Result = { ok: true; text: string } | { ok: false; conflicts: { baseLine: number }[] };

/** A change of one side: base lines [start, end) replaced by `lines`. */
interface Hunk {
  start: number;
  end: number;
  lines: string[];
}

function hunks(base: string[], side: string[]): Hunk[] {
  const out: Hunk[] = [];
  let at = 0;
  for (const part of diffArrays(base, side)) {
    const last = out.at(-1);
    const open = last !== undefined && last.end === at && (part.added || part.removed);
    if (!part.added && !part.removed) {
      at += part.count;
    } else if (part.removed) {
      if (open) last.end += part.count;
      else out.push({ start: at, end: at + part.count, lines: [] });
      at += part.count;
    } else if (open) {
      last.lines.push(...part.value);
    } else {
      out.push({ start: at, end: at, lines: [...part.value] });
    }
  }
  return out;
}

/** Base lines [start, end) with the side's hunks inside that range applied. */
function applyWithin(base: string[], start: number, end: number, side: Hunk[]): string[] {
  const out: string[] = [];
  let at = start;
  for (const h of side) {
    out.push(...base.slice(at, h.start), ...h.lines);
    at = h.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

/**
 * `base` changed into `mine` and, independently, into `theirs`: both sets of changes, or the base lines
 * where they collide (0-based).
 */
export function merge3(base: string, mine: string, theirs: string): Merge3Result {
  if (mine === base || mine === theirs) return { ok: true, text: theirs };
  if (theirs === base) return { ok: true, text: mine };
  const o = base.split('\n');
  const tagged = [...hunks(o, mine.split('\n')).map((h) => ({ ...h, mine: true })), ...hunks(o, theirs.split('\n')).map((h) => ({ ...h, mine: false }))].sort(
    (a, b) => a.start - b.start || a.end - b.end,
  );

  const out: string[] = [];
  const conflicts: { baseLine: number }[] = [];
  let at = 0;
  for (let i = 0; i < tagged.length; ) {
    // A group: hunks whose base ranges overlap or touch (hunks of one side never touch each other).
    const start = tagged[i]!.start;
    let end = tagged[i]!.end;
    let j = i + 1;
    while (j < tagged.length && tagged[j]!.start <= end) end = Math.max(end, tagged[j++]!.end);
    const group = tagged.slice(i, j);
    out.push(...o.slice(at, start));
    const mineSide = group.filter((h) => h.mine);
    const theirSide = group.filter((h) => !h.mine);
    const a = applyWithin(o, start, end, mineSide);
    const b = applyWithin(o, start, end, theirSide);
    if (mineSide.length > 0 && theirSide.length > 0 && a.join('\n') !== b.join('\n')) conflicts.push({ baseLine: start });
    out.push(...(mineSide.length > 0 ? a : b));
    at = end;
    i = j;
  }
  out.push(...o.slice(at));
  return conflicts.length > 0 ? { ok: false, conflicts } : { ok: true, text: out.join('\n') };
}
