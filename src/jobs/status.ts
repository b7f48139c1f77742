import { formatInstant } from '../sim/trail.ts';
import { calendarOf } from '../games/cycle16/engine.ts';
import type { EngineRuleset } from '../games/cycle16/gamestate-schema.ts';
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

export function gameStatus(ruleset: EngineRuleset, game: Pick<RolloverGame, 'id' | 'gamestate'>, page: Pick<PageRevision, 'text' | 'revid'>, now: Date, lastRun?: LastRun): GameStatus {
  const computed = computeRollover(ruleset, game, page, { now, trigger: 'status' });
  const { state, changes, due } = computed.result;
  const calendar = calendarOf(ruleset, state);
  const span = calendar.phaseAt(now);
  const recorded = { number: computed.fromPhase, name: calendar.phase(computed.fromPhase).name };
  return {
    game: game.id,
    recorded,
    calendar: { number: span.number, name: span.name, since: formatInstant(span.start), until: formatInstant(span.end) },
    nextRollover: state.phase.winner.length > 0 ? null : formatInstant(calendar.nextRollover(now)),
    winner: state.phase.winner,
    dueNow: countEvents(changes),
    pending: due.pending.map((p) => ({ at: p.at === null ? null : formatInstant(p.at), what: p.what })),
    lastRun,
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
