import { z } from 'zod';
import { Location } from '../../parse/location.ts';
import { utcInstant } from '../../sim/instant.ts';
import type { PhaseSpec } from '../../sim/calendar.ts';
import { warn, type Extraction } from './extraction.ts';
import { readPhases, sentences, WEEKDAYS } from './phases.ts';
import { Phase } from './ruleset-schema.ts';

// The weekly calendar of any ruleset, as far as its text states it: the phases (read by phases.ts)
// with the weekday and time each begins and how long it lasts, the cycle start ("The cycle begins
// on Monday 7 December 2026"), and the phase-number rule ("The Phase Number is the number of phases
// since the beginning of the cycle, starting with 0 …"). What it cannot be sure of is a located warning.

/** A phase of the week: where it begins (weekday and UTC time) and how many days it lasts. */
export const CalendarPhase = Phase.extend({
  start: z.object({ day: z.number().int().min(1).max(7), weekday: z.string(), time: z.string() }),
  lengthDays: z.number().int().min(1).max(7),
});
export type CalendarPhase = z.infer<typeof CalendarPhase>;

/** A sentence of the ruleset and where it is. */
export const Stated = z.object({ text: z.string(), location: Location });

export const CycleStart = Stated.extend({
  /** The instant, ISO 8601 UTC. */
  instant: z.string(),
});
export type CycleStart = z.infer<typeof CycleStart>;

export const PhaseNumberRule = Stated.extend({
  /** The number of the phase the cycle began in (0 when the text does not say). */
  first: z.number().int().nonnegative(),
});
export type PhaseNumberRule = z.infer<typeof PhaseNumberRule>;

export const RulesetCalendar = z.object({
  phases: z.array(CalendarPhase),
  cycleStart: CycleStart.nullable(),
  phaseNumber: PhaseNumberRule.nullable(),
});
export type RulesetCalendar = z.infer<typeof RulesetCalendar>;

/** The phases as the calendar of src/sim/calendar.ts takes them. */
export function phaseSpecs(calendar: RulesetCalendar): PhaseSpec[] {
  return calendar.phases.map((p) => ({ name: p.name, days: p.days }));
}

export function readCalendar(x: Extraction): RulesetCalendar {
  const time = boundaryTime(x);
  const phases = readPhases(x).map((p) => withStart(x, p, time));
  return { phases, cycleStart: readCycleStart(x), phaseNumber: readPhaseNumber(x) };
}

/** 00:00 UTC ("Days start at 00:00 UTC"); another time stated for phases is warned about, never used. */
function boundaryTime(x: Extraction): string {
  for (const rule of x.doc.rules) {
    for (const s of sentences(rule.text)) {
      const m = /\bphases?\b[^.]*\b(?:begins?|starts?|changes?|ends?|turns? over)\b[^.]*?\b(\d{1,2}):(\d{2})\s*(?:UTC|GMT)?/i.exec(s);
      if (m && `${m[1]!.padStart(2, '0')}:${m[2]}` !== '00:00') {
        warn(x, `Phases are said to change at ${m[1]}:${m[2]}, not at 00:00 UTC: the bot's calendar turns at 00:00 UTC ("${s}")`, {
          rule: rule.title,
          offset: rule.start,
        });
      }
    }
  }
  return '00:00';
}

/** The phase's first weekday: the day after one of another phase (a phase of the whole week: its first day written). */
function withStart(x: Extraction, p: Phase, time: string): CalendarPhase {
  const own = new Set(p.days);
  const starts = [...own].filter((d) => !own.has(((d + 5) % 7) + 1));
  if (starts.length > 1) {
    warn(x, `The ${p.name} falls on days apart (${p.dayNames.join(', ')}): it begins ${starts.length} times a week`, {
      rule: p.location?.rule,
      offset: p.location?.offset,
    });
  }
  const day = starts[0] ?? p.days[0]!;
  let lengthDays = 0;
  for (let d = day; own.has(d) && lengthDays < 7; d = (d % 7) + 1) lengthDays++;
  return { ...p, start: { day, weekday: WEEKDAYS[day - 1]!, time }, lengthDays };
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = String.raw`(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?`;
const DATES: { re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  { re: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH},?\s+(\d{4})\b`, 'i'), parts: (m) => [Number(m[3]), month(m[2]!), Number(m[1])] },
  { re: new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, 'i'), parts: (m) => [Number(m[3]), month(m[1]!), Number(m[2])] },
];
const month = (name: string): number => MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().slice(0, 3))) + 1;

/** A sentence saying when the cycle (or round, game) begins: "The cycle begins on …", "Cycle start: …". */
const CYCLE_START =
  /\b(?:cycle|round|game)\b[^.]*?\b(?:begins?|began|begun|starts?|started|commences?|commenced|start date)\b|\b(?:cycle|round|game)\s+start\b/i;

function readCycleStart(x: Extraction): CycleStart | null {
  for (const rule of x.doc.rules) {
    for (const s of sentences(rule.text)) {
      if (!CYCLE_START.test(s) || /\bphase number\b/i.test(s)) continue;
      const where = { page: x.doc.page, rule: rule.title, offset: offsetOf(x, rule, s) };
      const date = DATES.map((d) => ({ d, m: d.re.exec(s) })).find((f) => f.m !== null);
      if (date === undefined) continue;
      const [year, monthNumber, day] = date.d.parts(date.m!);
      const clock = /\b(\d{1,2}):(\d{2})\s*(?:UTC|GMT|Z)?/i.exec(s.slice(date.m!.index + date.m![0].length));
      const at = utcInstant({ year, month: monthNumber, day, hour: clock ? Number(clock[1]) : 0, minute: clock ? Number(clock[2]) : 0 });
      if (typeof at === 'string') {
        warn(x, `The cycle start "${date.m![0]}" is not a date: ${at}`, where);
        continue;
      }
      const weekday = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.exec(s);
      if (weekday && weekday[1]!.toLowerCase() !== WEEKDAYS[(at.getUTCDay() + 6) % 7]!.toLowerCase()) {
        warn(x, `The cycle start says ${weekday[1]}, but ${date.m![0]} is a ${WEEKDAYS[(at.getUTCDay() + 6) % 7]}: the date is used`, where);
      }
      return { text: s, location: where, instant: at.toISOString() };
    }
  }
  warn(x, 'No cycle start found (a sentence such as "The cycle begins on Monday 7 December 2026 at 00:00 UTC")');
  return null;
}

const FIRST = /\bstart(?:s|ing)?\s+(?:with|at|from)\s+(0|1|zero|one)\b/i;

function readPhaseNumber(x: Extraction): PhaseNumberRule | null {
  for (const rule of x.doc.rules) {
    for (const s of sentences(rule.text)) {
      if (!/\bphase number\b/i.test(s)) continue;
      const where = { page: x.doc.page, rule: rule.title, offset: offsetOf(x, rule, s) };
      const m = FIRST.exec(s);
      if (!m) warn(x, 'The phase-number rule does not say which number the first phase has: 0 is assumed', where);
      return { text: s, location: where, first: m && /^(1|one)$/i.test(m[1]!) ? 1 : 0 };
    }
  }
  return null;
}

/** Where a sentence of a rule's plain text is written on the page (the rule's start when markup hides it). */
function offsetOf(x: Extraction, rule: { bodyStart: number; end: number; start: number }, sentence: string): number {
  const at = x.doc.text.slice(rule.bodyStart, rule.end).indexOf(sentence.slice(0, 40));
  return at === -1 ? rule.start : rule.bodyStart + at;
}
