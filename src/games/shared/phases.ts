import type { Phase } from './ruleset-schema.ts';
import { warn, type Extraction } from './extraction.ts';

// The phases of a week as a ruleset writes them ("Rest Phase: Monday, Tuesday and Wednesday"), in a
// list or in paragraphs: Cycle 16, Cycle 15 and Round 10 all write them so.

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
    const phase = (name: string, daysText: string): Phase[] => {
      const days = parseWeekdays(daysText);
      return days.length === 0 ? [] : [{ name: name.trim(), days, dayNames: days.map((d) => WEEKDAYS[d - 1]!), location: { page: x.doc.page, ...where } }];
    };
    // A line "Name: days", else its sentences in prose ("The Gathering Phase runs from Wednesday to Friday.").
    const phases = rule.text.split('\n').flatMap((line) => {
      const m = /^[*#:;\s]*(?:the\s+)?(.+?)\s*(?:[:–—-]\s+|\(\s*)(.+?)\)?$/i.exec(line);
      const listed = m && /\bphase\b/i.test(m[1]!) ? phase(m[1]!, m[2]!) : [];
      return listed.length > 0 ? listed : sentences(line).flatMap((s) => proseDays(s, phase));
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

/** A text's sentences (and lines): where prose phases are looked for. */
export function sentences(text: string): string[] {
  return text
    .split(/\n|(?<=[.;!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const PROSE_VERB = '(?:runs|lasts|is|takes place|covers|spans|goes|falls|happens|occurs)';
const DAYS_FIRST = /^(?:on\s+|from\s+|every\s+)?(.+?)\s+(?:is|are|make up|form)\s+(?:the\s+)?([^,.;]*?\bphase\b[^,.;]*?)\.?$/i;
const NAME_FIRST = new RegExp(
  String.raw`^(?:the\s+|each\s+|every\s+)?([^,.;]*?\bphase\b[^,.;]*?)\s+${PROSE_VERB}\s+(?:on\s+|from\s+|over\s+|during\s+|every\s+)?(.+?)\.?$`,
  'i',
);

/** A sentence naming a phase and its days, in either order ("Wednesday to Friday is the Gathering Phase"). */
function proseDays(sentence: string, phase: (name: string, days: string) => Phase[]): Phase[] {
  const named = NAME_FIRST.exec(sentence);
  if (named && parseWeekdays(named[1]!).length === 0) {
    const found = phase(named[1]!, named[2]!);
    if (found.length > 0) return found;
  }
  const days = DAYS_FIRST.exec(sentence);
  return days && parseWeekdays(days[2]!).length === 0 ? phase(days[2]!, days[1]!) : [];
}
