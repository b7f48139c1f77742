import { formatInstant } from '../sim/trail.ts';
import type { KindedRuleset } from '../games/engine.ts';
import { engineFor } from '../games/registry.ts';
import type { PageRevision } from '../wiki/pages.ts';
import { computeRollover, countEvents, type RolloverGame } from './rollover.ts';

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
  recorded: { number: number; name: string; until: Date };
  calendar: { number: number; name: string; since: Date; until: Date };
  nextRollover: Date | null;
  winner: string[];
  dueNow: Record<string, number>;
  pending: { at: Date | null; what: string }[];
  lastRun?: LastRun;
}

function standing(ruleset: KindedRuleset, game: Pick<RolloverGame, 'id' | 'gamestate'>, page: Pick<PageRevision, 'text' | 'revid'>, now: Date, lastRun?: LastRun): Standing {
  const engine = engineFor(ruleset.kind, game.id);
  const computed = computeRollover(ruleset, game, page, { now, trigger: 'status' }, engine);
  const { state, changes, due } = computed.result;
  const calendar = engine.calendar(ruleset, state);
  const span = calendar.phaseAt(now);
  return {
    game: game.id,
    recorded: { number: computed.fromPhase, name: calendar.phase(computed.fromPhase).name, until: calendar.phase(computed.fromPhase).end },
    calendar: { number: span.number, name: span.name, since: span.start, until: span.end },
    nextRollover: state.phase.winner.length > 0 ? null : calendar.nextRollover(now),
    winner: state.phase.winner,
    dueNow: countEvents(changes),
    pending: due.pending,
    lastRun,
  };
}

/** `croupier status --json`: instants in ISO 8601 UTC ("2026-11-23T00:00:00Z"). */
export interface StatusJson {
  game: string;
  now: string;
  /** The phase the calendar says it is at `now`. */
  phase: { number: number; name: string; since: string; until: string };
  /** The phase the Gamestate page records (behind `phase` when a rollover is due) and the boundary that ends it. */
  recorded: { number: number; name: string; until: string };
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
}

const iso = (t: Date): string => t.toISOString().replace(/\.000Z$/, 'Z');

export function statusJson(ruleset: KindedRuleset, game: Pick<RolloverGame, 'id' | 'gamestate'>, page: Pick<PageRevision, 'text' | 'revid'>, now: Date, lastRun?: LastRun, unfinished: UnfinishedRun[] = []): StatusJson {
  const s = standing(ruleset, game, page, now, lastRun);
  return {
    game: s.game,
    now: iso(now),
    phase: { number: s.calendar.number, name: s.calendar.name, since: iso(s.calendar.since), until: iso(s.calendar.until) },
    recorded: { number: s.recorded.number, name: s.recorded.name, until: iso(s.recorded.until) },
    rolloverDue: s.recorded.number !== s.calendar.number,
    nextRollover: s.nextRollover === null ? null : iso(s.nextRollover),
    winner: s.winner,
    dueNow: s.dueNow,
    pending: s.pending.map((p) => ({ at: p.at === null ? null : iso(p.at), what: p.what })),
    lastRun: s.lastRun ?? null,
    unfinished,
  };
}

/** The text `croupier status` prints: the same facts as `statusJson`, with instants as the page writes them. */
export function describeStatus(s: StatusJson): string {
  const at = (iso: string) => formatInstant(new Date(iso));
  const next = s.nextRollover === null ? '- (the cycle is over)' : at(s.nextRollover);
  const lines = [
    `${s.game}: phase ${s.phase.number} (${s.phase.name}) since ${at(s.phase.since)} UTC, until ${at(s.phase.until)} UTC`,
    s.rolloverDue
      ? `the Gamestate page records phase ${s.recorded.number} (${s.recorded.name}): a rollover is due`
      : `the Gamestate page is at phase ${s.recorded.number}`,
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
  for (const u of s.unfinished) lines.push(`never finished: the ${u.kind} run started ${at(u.start)} UTC (${u.id}) — ${u.note}`);
  return lines.join('\n');
}
