import { formatInstant } from '../sim/trail.ts';
import type { KindedRuleset } from '../games/engine-contract.ts';
import { engineFor, readEngineRuleset } from '../games/registry.ts';
import type { PageRevision } from '../wiki/pages.ts';
import {
  appliedRulings,
  computeRollover,
  countEvents,
  rollOn,
  type Computed,
  type RolloverContext,
  type RolloverGame,
  type RolloverOptions,
  type RolloverWiki,
} from './rollover.ts';
import { readGameRulings, type ReadRulings } from './rulings.ts';
import { lateEdits } from './late-edits.ts';
import { type GoneRows, RecordEditsRefusal, recordEdits, type RecordEditsWiki } from './record-edits.ts';
import { GamestateError } from '../games/shared/gamestate-error.ts';
import { describeLocation } from '../parse/location.ts';
import { type RulesetsInForce, rulesetsForRun } from './ruleset-revisions.ts';

// `croupier status`: where the game stands now, computed exactly as a rollover would compute it,
// without saving anything.

export interface LastRun {
  at: string;
  result: string;
  kind?: string;
  error?: string;
}

/** A run that never finished: abandoned, or left "running" by a process that is gone. */
export interface UnfinishedRun {
  id: string;
  kind: string;
  start: string;
  /** Why, in plain words (e.g. "its process (pid 2149 on bot-host) stopped before the run finished"). */
  note: string;
}

/** Where the game stands, with instants as instants (formatted by `gameStatus` / `statusJson`). */
interface Standing {
  game: string;
  period: 'phase' | 'turn';
  recorded: { number: number; name: string; until: Date | null };
  calendar: { number: number; name: string; since: Date; until: Date | null };
  nextRollover: Date | null;
  winner: string[];
  dueNow: Record<string, number>;
  pending: { at: Date | null; what: string }[];
}

function standing(
  ruleset: KindedRuleset,
  game: Pick<RolloverGame, 'id' | 'gamestate'>,
  page: Pick<PageRevision, 'text' | 'revid'>,
  now: Date,
  o: StatusInputs,
): Standing {
  const engine = engineFor(ruleset.kind);
  const computed = o.computed ?? statusRun(ruleset, game, page, now, o.rulings, o.inForce);
  const { state, changes, due } = computed.result;
  // The schedule of the state as read (the page's own period is `recorded`); the clock's period is the same from either.
  const schedule = engine.schedule(ruleset, computed.read, now);
  const { current, recorded } = schedule;
  return {
    game: game.id,
    period: engine.period,
    recorded: { number: recorded.number, name: recorded.name, until: recorded.end },
    calendar: { number: current.number, name: current.name, since: current.start, until: current.end },
    nextRollover: state.phase.winner.length > 0 ? null : engine.schedule(ruleset, state, now).next,
    winner: state.phase.winner,
    dueNow: countEvents(changes),
    pending: due.pending,
  };
}

/** Computed as the rollover computes it: with the readings the Rulings page chooses, and the Ruleset revisions in force. */
function statusRun(
  ruleset: KindedRuleset,
  game: Pick<RolloverGame, 'id' | 'gamestate'>,
  page: Pick<PageRevision, 'text' | 'revid'>,
  now: Date,
  rulings?: ReadRulings,
  inForce?: RulesetsInForce,
): Computed {
  return computeRollover(ruleset, game, page, statusOptions(now, rulings, inForce), engineFor(ruleset.kind));
}

/** The options of a rollover as `status` previews it (also the late-edit check's second run). */
const statusOptions = (now: Date, rulings?: ReadRulings, inForce?: RulesetsInForce): RolloverOptions => ({
  now,
  trigger: 'status',
  ...(rulings ? { readings: rulings.readings } : {}),
  ...(inForce ? { inForce } : {}),
});

/** `croupier status --json`: instants in ISO 8601 UTC ("2026-11-23T00:00:00Z"). */
export interface StatusJson {
  game: string;
  now: string;
  /** What the game's periods are: "phase" (a weekly calendar) or "turn". */
  period: 'phase' | 'turn';
  /** The period the clock says it is at `now` (`until` null: nothing ends it by time). */
  phase: { number: number; name: string; since: string; until: string | null };
  /** The period the Gamestate page records (behind `phase` when a rollover is due) and the instant that ends it. */
  recorded: { number: number; name: string; until: string | null };
  rolloverDue: boolean;
  /** null once the cycle is over. */
  nextRollover: string | null;
  winner: string[];
  dueNow: Record<string, number>;
  pending: { at: string | null; what: string }[];
  /** The daemon's last run of this game; null if none is recorded. */
  lastRun: LastRun | null;
  /** Recent runs of this game that never finished, newest first. */
  unfinished: UnfinishedRun[];
  /** The game's Rulings page, when it was read: the readings its rulings chose, and the lines that do not count. */
  rulings?: { page: string; applied: string[]; warnings: string[] };
  /** The daemon's heartbeat (null: no daemon ever ran on this store); `overdue`: not seen again by `nextExpectedBy`. */
  daemon?: DaemonLiveness | null;
  /** Why the game is paused (a person reverted the bot) or halted (failures), in words; null when it is not. */
  paused?: string | null;
  halted?: string | null;
  /**
   * People's edits of the Gamestate saved after the first instant a rollover would apply late (./late-edits.ts), when
   * there are any: what the next rollover does with them, named in a History row or refused (each problem in words).
   */
  lateEdits?: { refused: false; instant: string; revisions: { revid: number; user: string; timestamp: string }[] } | { refused: true; problems: string[] };
  /** Cells of the bot's record a person other than the game's admins changed (./record-edits.ts): the next rollover that edits refuses (each problem in words). */
  recordEdits?: string[];
  /** What needs an admin: the daemon overdue, the game paused or halted, a rollover that will refuse (`croupier status` then exits 5). */
  alerts?: string[];
}

export interface DaemonLiveness {
  lastSeen: string;
  nextExpectedBy: string;
  stoppedAt: string | null;
  overdue: boolean;
}

const iso = (t: Date): string => t.toISOString().replace(/\.000Z$/, 'Z');
const isoOrNull = (t: Date | null): string | null => (t === null ? null : iso(t));

/** What status computes with, beside the pages. */
export interface StatusInputs {
  /** The game's Rulings page as read (absent: the readings' defaults). */
  rulings?: ReadRulings;
  /** The Ruleset revisions in force at the instants a rollover would apply (the ruleset given is its current one's). */
  inForce?: RulesetsInForce;
  /** The rollover already computed with these (the page is then not parsed again). */
  computed?: Computed;
}

/** Where the game stands at `now`. */
export function statusJson(
  ruleset: KindedRuleset,
  game: Pick<RolloverGame, 'id' | 'gamestate'>,
  page: Pick<PageRevision, 'text' | 'revid'>,
  now: Date,
  runs: Runs = {},
  o: StatusInputs = {},
): StatusJson {
  const { rulings } = o;
  const s = standing(ruleset, game, page, now, o);
  return {
    game: s.game,
    now: iso(now),
    period: s.period,
    phase: { number: s.calendar.number, name: s.calendar.name, since: iso(s.calendar.since), until: isoOrNull(s.calendar.until) },
    recorded: { number: s.recorded.number, name: s.recorded.name, until: isoOrNull(s.recorded.until) },
    rolloverDue: s.recorded.number !== s.calendar.number,
    nextRollover: s.nextRollover === null ? null : iso(s.nextRollover),
    winner: s.winner,
    dueNow: s.dueNow,
    pending: s.pending.map((p) => ({ at: p.at === null ? null : iso(p.at), what: p.what })),
    lastRun: runs.lastRun ?? null,
    unfinished: runs.unfinished ?? [],
    ...(runs.daemon !== undefined ? { daemon: runs.daemon } : {}),
    ...(runs.paused !== undefined ? { paused: runs.paused } : {}),
    ...(runs.halted !== undefined ? { halted: runs.halted } : {}),
    ...(runs.daemon !== undefined || runs.paused !== undefined || runs.halted !== undefined ? { alerts: alertsOf(runs) } : {}),
    ...(rulings ? { rulings: { page: rulings.page, applied: appliedRulings(rulings.readings), warnings: rulings.warnings } } : {}),
  };
}

/** The text `croupier status` prints: the same facts as `statusJson`, with instants as the page writes them. */
export function describeStatus(s: StatusJson): string {
  const at = (iso: string) => formatInstant(new Date(iso));
  const next = s.nextRollover === null ? '- (the game is over)' : at(s.nextRollover);
  const until = s.phase.until === null ? '' : `, until ${at(s.phase.until)} UTC`;
  const lines = [
    `${s.game}: ${s.period} ${s.phase.number} (${s.phase.name}) since ${at(s.phase.since)} UTC${until}`,
    s.rolloverDue
      ? `the Gamestate page records ${s.period} ${s.recorded.number} (${s.recorded.name}): a rollover is due`
      : `the Gamestate page is at ${s.period} ${s.recorded.number}`,
    `next rollover: ${next}${s.winner.length ? `; winner: ${s.winner.join(', ')}` : ''}`,
  ];
  const due = Object.entries(s.dueNow);
  lines.push(due.length ? `due now: ${due.map(([e, n]) => `${n} ${e}`).join(', ')}` : 'due now: nothing');
  for (const p of s.pending) lines.push(`pending: ${p.at === null ? 'when recorded' : at(p.at)} — ${p.what}`);
  lines.push(
    s.lastRun === null
      ? 'last run: none recorded'
      : `last run: ${at(s.lastRun.at)} UTC — ${s.lastRun.kind ?? 'run'} ${s.lastRun.result}${s.lastRun.error ? `: ${s.lastRun.error}` : ''}`,
  );
  if (s.rulings) {
    lines.push(`rulings (${s.rulings.page}): ${s.rulings.applied.length > 0 ? s.rulings.applied.join('; ') : 'none, every reading is its default'}`);
    for (const w of s.rulings.warnings) lines.push(`rulings: ${w}`);
  }
  for (const u of s.unfinished) lines.push(`never finished: the ${u.kind} run started ${at(u.start)} UTC (${u.id}) — ${u.note}`);
  if (s.daemon === null) lines.push('daemon: no heartbeat recorded (no daemon ever ran on this store)');
  else if (s.daemon) {
    const d = s.daemon;
    lines.push(
      d.stoppedAt !== null
        ? `daemon: stopped at ${at(d.stoppedAt)} UTC (last seen ${at(d.lastSeen)} UTC)`
        : `daemon: ${d.overdue ? 'OVERDUE' : 'running'}: last seen ${at(d.lastSeen)} UTC, next expected by ${at(d.nextExpectedBy)} UTC`,
    );
  }
  const late = s.lateEdits;
  if (late?.refused) for (const p of late.problems) lines.push(`late edits: ${p}`);
  else if (late)
    lines.push(
      `late edits: ${late.revisions.map((r) => `revision ${r.revid}${r.user ? ` (${r.user})` : ''}`).join(', ')}, saved after ${at(late.instant)} UTC: the next rollover applies that instant to them, and names them in a History row`,
    );
  for (const p of s.recordEdits ?? []) lines.push(`the bot's record: ${p}`);
  for (const a of s.alerts ?? []) lines.push(`ALERT: ${a}`);
  return lines.join('\n');
}

/** The daemon's record of a game's runs (src/cron/store.ts), shown by status. */
export interface Runs {
  lastRun?: LastRun;
  unfinished?: UnfinishedRun[];
  daemon?: DaemonLiveness | null;
  paused?: string | null;
  halted?: string | null;
}

/** What needs an admin, in words: the daemon overdue, the game paused or halted. */
export function alertsOf(r: Runs): string[] {
  const at = (iso: string) => `${formatInstant(new Date(iso))} UTC`;
  return [
    ...(r.daemon?.overdue ? [`the daemon is overdue: last seen ${at(r.daemon.lastSeen)}, expected again by ${at(r.daemon.nextExpectedBy)}`] : []),
    ...(r.paused ? [`the game is ${r.paused}`] : []),
    ...(r.halted ? [`the game is ${r.halted}`] : []),
  ];
}

/**
 * `croupier status --game`: the Ruleset and the Gamestate in one read request, the Gamestate parsed once
 * (the rollover's read state gives the schedule), the Rulings page read as the rollover reads it; nothing saved.
 */
export async function gameStatus(
  wiki: Pick<RolloverWiki, 'readPages' | 'history' | 'userGroups' | 'revisionsInForce' | 'names' | 'revisions'>,
  game: RolloverGame,
  now: Date,
  runs: Runs = {},
  /** How a Ruleset revision is read (the CLI's: the readings kept beside the store, ../cron/ruleset-files.ts). */
  opts: { readRuleset?: RolloverContext['readRuleset']; goneRows?: GoneRows } = {},
): Promise<StatusJson> {
  const pages = await wiki.readPages([game.ruleset, game.gamestate]);
  const [latest, page] = [pages.get(game.ruleset)!, pages.get(game.gamestate)!];
  const readOpts = { page: game.ruleset, kind: game.kind, game: game.id };
  const read = opts.readRuleset ? opts.readRuleset(latest, readOpts) : readEngineRuleset(latest.text, readOpts);
  const rulings = await readGameRulings(wiki, game, read.ruleset);
  const ruleset = rulings?.ruleset ?? read.ruleset;
  // As the rollover: with the revisions in force since the first instant it applies, when the Ruleset was saved after it.
  const computed = statusRun(ruleset, game, page, now, rulings);
  const inForce = await rulesetsForRun(wiki, {
    game,
    engine: read.engine,
    latest,
    ruleset,
    read: computed.read,
    now,
    ...(rulings ? { readings: rulings.readings, rulings } : {}),
    ...(opts.readRuleset ? { readRuleset: opts.readRuleset } : {}),
  });
  const current = inForce?.current.ruleset ?? ruleset;
  const final = inForce ? statusRun(current, game, page, now, rulings, inForce) : computed;
  const inputs = { ...(rulings ? { rulings } : {}), ...(inForce ? { inForce } : {}), computed: final };
  const json = statusJson(current, game, page, now, runs, inputs);
  // As the rollover: the edits saved after the first instant it would apply, compared with what it would change.
  const instant = read.engine.schedule(current, computed.read, now).missed[0];
  const late = await previewLateEdits(wiki, {
    title: game.gamestate,
    bot: wiki.names?.[0],
    latest: page,
    instant,
    now,
    computed: final.text,
    changes: final.result.changes,
    rollOn: rollOn(current, game, page, statusOptions(now, rulings, inForce), read.engine),
    ...(rulings ? { readings: rulings.readings } : {}),
  });
  const records = await previewRecordEdits(wiki, {
    title: game.gamestate,
    bot: wiki.names?.[0],
    latest: page,
    computed: final.text,
    records: (text) => read.engine.records(current, text, game.gamestate),
    ...(game.allowedGroups ? { allowedGroups: game.allowedGroups } : {}),
    // Read, never written: status changes nothing.
    ...(opts.goneRows ? { gone: { get: opts.goneRows.get } } : {}),
  });
  const alerts = [
    ...(late?.refused ? [`the next rollover will make no edit: ${late.problems.length} late edit problem(s), listed above`] : []),
    ...(records ? [`the next rollover will make no edit: ${records.length} change(s) of the bot's record (a cell, or a row renamed), listed above`] : []),
  ];
  return {
    ...json,
    ...(late ? { lateEdits: late } : {}),
    ...(records ? { recordEdits: records } : {}),
    ...(json.alerts || alerts.length > 0 ? { alerts: [...(json.alerts ?? []), ...alerts] } : {}),
  };
}

/** The cells of the bot's record the next rollover refuses (`recordEdits`'s problems, in words); undefined when none. */
async function previewRecordEdits(wiki: RecordEditsWiki, o: Parameters<typeof recordEdits>[1]): Promise<string[] | undefined> {
  try {
    await recordEdits(wiki, o);
    return undefined;
  } catch (err) {
    if (!(err instanceof RecordEditsRefusal)) throw err;
    return err.problems.map((p) => `${describeLocation(p.location)}: ${p.message}`);
  }
}

/** What the next rollover will do with the edits saved after the first instant it applies: `lateEdits`, its refusal caught. */
async function previewLateEdits(wiki: Pick<RolloverWiki, 'revisionsInForce'>, o: Parameters<typeof lateEdits>[1]): Promise<StatusJson['lateEdits']> {
  try {
    const late = await lateEdits(wiki, o);
    return late && { refused: false, instant: iso(late.instant), revisions: late.revisions };
  } catch (err) {
    if (!(err instanceof GamestateError)) throw err;
    return { refused: true, problems: err.problems.map((p) => `${describeLocation(p.location)}: ${p.message}`) };
  }
}
