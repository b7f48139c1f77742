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

export interface GameStatus {
  game: string;
  /** The phase the page records. */
  recorded: { number: number; name: string };
  /** The phase the calendar says it is at `now`. */
  calendar: { number: number; name: string; since: string; until: string };
  nextRollover: string | null;
  winner: string[];
  /** What a run now would apply, by event. */
  dueNow: Record<string, number>;
  pending: { at: string | null; what: string }[];
  lastRun?: LastRun;
}

export function gameStatus(ruleset: KindedRuleset, game: Pick<RolloverGame, 'id' | 'gamestate'>, page: Pick<PageRevision, 'text' | 'revid'>, now: Date, lastRun?: LastRun): GameStatus {
  const s = standing(ruleset, game, page, now, lastRun);
  return {
    game: s.game,
    recorded: { number: s.recorded.number, name: s.recorded.name },
    calendar: { number: s.calendar.number, name: s.calendar.name, since: formatInstant(s.calendar.since), until: formatInstant(s.calendar.until) },
    nextRollover: s.nextRollover === null ? null : formatInstant(s.nextRollover),
    winner: s.winner,
    dueNow: s.dueNow,
    pending: s.pending.map((p) => ({ at: p.at === null ? null : formatInstant(p.at), what: p.what })),
    lastRun: s.lastRun,
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
}

const iso = (t: Date): string => t.toISOString().replace(/\.000Z$/, 'Z');

export function statusJson(ruleset: KindedRuleset, game: Pick<RolloverGame, 'id' | 'gamestate'>, page: Pick<PageRevision, 'text' | 'revid'>, now: Date, lastRun?: LastRun): StatusJson {
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
  };
}

export function describeStatus(s: GameStatus): string {
  const lines = [
    `${s.game}: phase ${s.calendar.number} (${s.calendar.name}) since ${s.calendar.since} UTC, until ${s.calendar.until} UTC`,
    s.recorded.number === s.calendar.number
      ? `the Gamestate page is at phase ${s.recorded.number}`
      : `the Gamestate page records phase ${s.recorded.number} (${s.recorded.name}): a rollover is due`,
    `next rollover: ${s.nextRollover ?? '- (the cycle is over)'}${s.winner.length ? `; winner: ${s.winner.join(', ')}` : ''}`,
  ];
  const due = Object.entries(s.dueNow);
  lines.push(due.length ? `due now: ${due.map(([e, n]) => `${n} ${e}`).join(', ')}` : 'due now: nothing');
  for (const p of s.pending) lines.push(`pending: ${p.at ?? 'when recorded'} — ${p.what}`);
  lines.push(
    s.lastRun === undefined
      ? 'last run: none recorded'
      : `last run: ${s.lastRun.at} — ${s.lastRun.kind ?? 'run'} ${s.lastRun.result}${s.lastRun.error ? `: ${s.lastRun.error}` : ''}`,
  );
  return lines.join('\n');
}
