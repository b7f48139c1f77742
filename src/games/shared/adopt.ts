import { findTable, readDocument } from '../../parse/document.ts';
import { describeLocation } from '../../parse/location.ts';
import { beginMarker, endMarker, findRegions } from '../../parse/regions.ts';
import { CalendarError, makeCalendar } from '../../sim/calendar.ts';
import { formatInstant } from '../../sim/trail.ts';
import { phaseSpecs, type RulesetCalendar } from './calendar-text.ts';
import { archiveHeader, archiveLinks } from '../history-archive.ts';
import { HISTORY_COLUMNS, historyTable, NONE } from './history.ts';

// `croupier adopt`: a hand-kept Gamestate page (any layout) gets the bot's own parts, each in a bot-managed
// region (src/parse/regions.ts): the Phase record computed from the ruleset's calendar at `now`, and an
// empty History table (with its archive links) in the format every game uses. Every line people wrote
// stays, byte for byte and in order: the Phase section goes in at a line start before the first heading,
// History at the end. Pure: the instant is an argument. A page that has the regions is left as it is.

export const PHASE_REGION = 'phase';
export const PHASE_COLUMNS = ['Cycle start (UTC)', 'Phase number', 'Phase', 'Next rollover (UTC)', 'Winner'] as const;
const REGIONS = [PHASE_REGION, 'history-archives', 'history'] as const;

/** The page cannot be adopted: the ruleset lacks what the Phase record needs, or its calendar is not one. */
export class AdoptError extends Error {
  override name = 'AdoptError';
}

export interface PhaseRecord {
  cycleStart: Date;
  /** As the ruleset numbers it (its phase-number rule's first number added). */
  number: number;
  phase: string;
  nextRollover: Date;
}

/** The Phase record at `now`; `cycleStart` (given by the admin) wins over the ruleset's. Throws AdoptError naming what is missing. */
export function phaseRecord(calendar: RulesetCalendar, now: Date, opts: { cycleStart?: Date; ruleset?: string } = {}): PhaseRecord {
  const of = opts.ruleset === undefined ? 'the ruleset' : `"${opts.ruleset}"`;
  if (calendar.phases.length === 0) {
    throw new AdoptError(
      `${of} defines no weekly calendar: no phases found (a rule with lines such as "Planning Phase: Monday and Tuesday"); nothing was changed`,
    );
  }
  const start = opts.cycleStart ?? (calendar.cycleStart === null ? undefined : new Date(calendar.cycleStart.instant));
  if (start === undefined) {
    throw new AdoptError(
      `${of} states no cycle start (a sentence such as "The cycle begins on Monday 7 December 2026 at 00:00 UTC"); give it with --cycle-start; nothing was changed`,
    );
  }
  try {
    const cal = makeCalendar(phaseSpecs(calendar), start);
    // Before the cycle start the record shows phase 0, not begun (as the schedule of every game does).
    const span = now.getTime() < start.getTime() ? cal.phase(0) : cal.phaseAt(now);
    return { cycleStart: start, number: span.number + (calendar.phaseNumber?.first ?? 0), phase: span.name, nextRollover: span.end };
  } catch (err) {
    if (!(err instanceof CalendarError)) throw err;
    const where = calendar.phases[0]?.location;
    throw new AdoptError(
      `the calendar of ${of} is not one the bot can keep: ${err.message}${where ? ` (${describeLocation(where)})` : ''}; nothing was changed`,
    );
  }
}

export function phaseRecordTable(r: PhaseRecord): string {
  return `{| class="wikitable"\n! ${PHASE_COLUMNS.join(' !! ')}\n|-\n| ${formatInstant(r.cycleStart)} || ${r.number} || ${r.phase} || ${formatInstant(r.nextRollover)} || ${NONE}\n|}`;
}

const region = (name: string, content: string): string => `${beginMarker(name)}\n${content}\n${endMarker(name)}\n`;

export interface Adoption {
  text: string;
  /** False: the page already has the bot's regions (nothing to do). */
  changed: boolean;
  /** What was added, for the report and the edit summary. */
  added: string[];
}

/**
 * The page with the bot's regions added (only those it lacks); throws RegionError on broken markers and
 * AdoptError when the Phase record cannot be computed. `gamestate`: the page's title (archive links).
 */
export function adoptPage(text: string, record: () => PhaseRecord, gamestate: string): Adoption {
  const have = new Set(findRegions(text, gamestate).map((r) => r.name));
  if (REGIONS.every((name) => have.has(name))) return { text, changed: false, added: [] };
  refuseHandKept(text, have, gamestate);
  let out = text;
  const added: string[] = [];
  if (!have.has(PHASE_REGION)) {
    const r = record();
    const block = `== Phase ==\nCroupier keeps this table from the ruleset's calendar; please do not edit it.\n${region(PHASE_REGION, phaseRecordTable(r))}\n`;
    const heading = /^=+[^=\n].*=+[ \t]*$/m.exec(out);
    out = heading ? out.slice(0, heading.index) + block + out.slice(heading.index) : `${withFinalNewline(out)}\n${block}`;
    added.push(`Phase record (phase ${r.number}, ${r.phase}; next rollover ${formatInstant(r.nextRollover)})`);
  }
  const history = [
    have.has('history-archives') ? '' : region('history-archives', archiveLinks(gamestate, 0)),
    have.has('history') ? '' : region('history', `${archiveHeader({ identify: historyTable.identify, columns: HISTORY_COLUMNS })}|}`),
  ].join('');
  if (history !== '') {
    const heading = have.has('history') || have.has('history-archives') ? '' : '== History ==\nCroupier writes this table; please do not edit it.\n';
    out = `${withFinalNewline(out)}\n${heading}${history}`;
    added.push('History');
  }
  return { text: out, changed: true, added };
}

/** The page's last line ended (adding a line end changes no line people wrote). */
function withFinalNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * A page that keeps a Phase record or a History table of its own, outside the bot's regions (a page of one
 * of the four games, a copy pasted by hand): a second one beside it would say two things. Refused.
 */
function refuseHandKept(text: string, have: ReadonlySet<string>, gamestate: string): void {
  const doc = readDocument(text, { page: gamestate });
  const own = [
    { region: PHASE_REGION, what: 'Phase record', headers: ['Phase number', 'Next rollover'] },
    { region: 'history', what: 'History', headers: [...historyTable.identify] },
  ];
  for (const o of own) {
    const table = have.has(o.region) ? undefined : findTable(doc, { headers: o.headers });
    if (table !== undefined) {
      throw new AdoptError(
        `"${gamestate}" already keeps a ${o.what} of its own (${describeLocation({ rule: table.rule, offset: table.start })}, columns ${o.headers.join(', ')}): adopt adds the bot's only to a page without one; nothing was changed`,
      );
    }
  }
}
