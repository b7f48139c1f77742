import type { Phase, Victory } from './schema.ts';
import { warn, type Extraction } from './extraction.ts';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const DAY = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)\b\.?/gi;
const RANGE = /^\s*(?:to|through|thru|until|till|[-–—])\s*$/i;

/** ISO weekdays named in a text; "Monday to Wednesday" and "Mon–Wed" are ranges. */
export function parseWeekdays(text: string): number[] {
  const days: number[] = [];
  let previous: { day: number; end: number } | undefined;
  for (const m of text.matchAll(DAY)) {
    const day = WEEKDAYS.findIndex((d) => d.toLowerCase().startsWith(m[1]!.slice(0, 3).toLowerCase())) + 1;
    if (previous !== undefined && RANGE.test(text.slice(previous.end, m.index))) {
      for (let d = (previous.day % 7) + 1; d !== day; d = (d % 7) + 1) days.push(d);
    }
    days.push(day);
    previous = { day, end: m.index + m[0].length };
  }
  return days;
}

/**
 * Phases from the rule about them: each line "Name: days" ("Rest Phase: Monday, Tuesday and
 * Wednesday", "The Auction Phase: …", "Phase I (Mon–Thu)"), list or prose. Days in two phases,
 * or in none, are warned about.
 */
export function readPhases(x: Extraction): Phase[] {
  const { rules } = x.doc;
  const candidates = [...rules.filter((r) => /\bphases?\b/i.test(r.title)), ...rules];
  for (const rule of candidates) {
    const where = { rule: rule.title, offset: rule.start };
    const phases = rule.text.split('\n').flatMap((line) => {
      const m = /^[*#:;\s]*(?:the\s+)?(.+?)\s*(?:[:–—-]\s+|\(\s*)(.+?)\)?$/i.exec(line);
      if (!m || !/\bphase\b/i.test(m[1]!)) return [];
      const days = parseWeekdays(m[2]!);
      return days.length === 0 ? [] : [{ name: m[1]!.trim(), days, dayNames: days.map((d) => WEEKDAYS[d - 1]!), location: { page: x.doc.page, ...where } }];
    });
    if (phases.length === 0) continue;
    phases.forEach((phase, i) => {
      if (phases.findIndex((p) => p.name.toLowerCase() === phase.name.toLowerCase()) < i) warn(x, `The phase "${phase.name}" is listed twice`, where);
    });
    const seen = new Map<number, string>();
    for (const phase of phases) {
      for (const day of phase.days) {
        const other = seen.get(day);
        if (other !== undefined) warn(x, `${WEEKDAYS[day - 1]} is in two phases: ${other} and ${phase.name}`, where);
        seen.set(day, phase.name);
      }
    }
    const missing = WEEKDAYS.filter((_, i) => !seen.has(i + 1));
    if (missing.length > 0) warn(x, `No phase covers ${missing.join(', ')}`, where);
    return phases;
  }
  warn(x, 'No phases found (lines such as "Rest Phase: Monday, Tuesday and Wednesday")');
  return [];
}

/** "If a player possesses at least 10 Chips …, then the player who possesses the most Chips wins the cycle." */
export function readVictory(x: Extraction): Victory | null {
  const rule = x.doc.rules.find((r) => /^victory\b/i.test(r.title));
  if (rule === undefined) {
    warn(x, 'No "Victory" rule found');
    return null;
  }
  const m = /\bat least (\d+) (\S+?)[\s.,]/i.exec(rule.text);
  if (!m) warn(x, 'The Victory rule states no threshold ("at least N …")', { rule: rule.title, offset: rule.start });
  return { text: rule.text, threshold: m ? Number(m[1]) : null, item: m ? m[2]! : null };
}
