import { readDocument } from '../../parse/document.ts';
import { makeCalendar, withPhaseStart, type Calendar } from '../../sim/calendar.ts';
import { Draws, seedText } from '../../sim/rng.ts';
import type { Change } from '../../sim/trail.ts';
import type { AdvanceResult as EngineAdvanceResult, EnginePage, EngineRollover, EngineRolloverOptions, GameEngine, Pending } from '../engine.ts';
import { historyTable, HISTORY_COLUMNS } from './gamestate-tables.ts';
import { readGamestate, readGamestateDocument } from './gamestate.ts';
import { renderGamestate, renderGamestateDocument } from './gamestate-render.ts';
import type { Battle, EngineRuleset, Gamestate, Gift, Player } from './gamestate-schema.ts';
import { commenceBattle, rewardBattle } from './rules/battles.ts';
import { applySelfRemovingModifiers, computeCard } from './rules/cards.ts';
import { grantGift, returnGift } from './rules/gifts.ts';
import { rollOver } from './rules/phase.ts';
import { grantReputability, reputableAt } from './rules/reputability.ts';
import { checkVictory } from './rules/victory.ts';
import { readCycle16Ruleset } from './ruleset.ts';
import type { Cycle16Ruleset } from './schema.ts';

// The Cycle 16 engine: from a read Gamestate and an instant, everything the rules make happen up
// to that instant, in the order it happened — each missed boundary rolled over in turn, with the
// grants, gifts and battles due before it. Pure: `now` is an argument; the state is not mutated.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface AdvanceOptions {
  now: Date;
  /** Public seed material for draws ("game/phase/rev"); see src/sim/rng.ts. */
  seedBase?: string;
  /** What started the run ("schedule", "cli", "request by Admin"…), for the summary. */
  trigger?: string;
  /** A manual rollover to the next phase now, by this admin. */
  force?: { by: string };
}

export type { Pending };

/** `due`: what is still to come — the next rollover, grants waiting on time, battles waiting on results. */
export type AdvanceResult = EngineAdvanceResult<Gamestate>;

type Event = { at: Date; order: number; label: string; apply: () => Change[] };

/**
 * The phase an event belongs to. Events are applied in time order, so one late in the record (a
 * gift written up after a rollover) takes the calendar's phase at its time, never a later one.
 * The calendar is the page's (calendarOf): from a manual rollover on, an instant is in the phase it began.
 */
function phaseOf(at: Date, s: Gamestate, calendar: Calendar): number {
  if (at.getTime() < calendar.cycleStart.getTime()) return 0;
  return Math.min(s.phase.number, calendar.phaseAt(at).number);
}

/**
 * The ruleset's calendar for the page's cycle, with the current phase begun when the page records
 * ("Phase start"): a manual rollover starts a phase before its boundary, and from then on an
 * instant is in the new phase, and the previous phase ended there.
 */
export function calendarOf(ruleset: EngineRuleset, state: Gamestate): Calendar {
  return withPhaseStart(makeCalendar(ruleset.phases, state.phase.cycleStart), state.phase.number, state.phase.started);
}

/** When a declared battle commences: once everyone is ready, or 24 hours into its phase (as it began) at the latest. */
function commencementAt(battle: Battle, calendar: Calendar): Date {
  const start = calendar.phase(battle.phase).start.getTime();
  return new Date(battle.status === 'ready' ? start : start + 24 * HOUR);
}

function receiverActedAfter(gift: Gift, players: readonly Player[], calendar: Calendar): Date | undefined {
  const last = players.find((p) => p.name === gift.receiver)?.lastAction;
  if (last == null || last.getTime() <= gift.time.getTime()) return undefined;
  return calendar.phaseAt(last).number === calendar.phaseAt(gift.time).number ? last : undefined;
}

/** Everything that could happen next, known from the state alone (time-ordered by the caller). */
function events(s: Gamestate, ruleset: EngineRuleset, calendar: Calendar, now: Date, seedBase: string): Event[] {
  const out: Event[] = [];
  const n = s.phase.number;
  // At a boundary the new phase comes first: an instant on it belongs to the new phase.
  out.push({ at: calendar.phase(n + 1).start, order: 0, label: `rollover to phase ${n + 1}`, apply: () => rollOver(s, calendar, { at: calendar.phase(n + 1).start }) });
  for (const p of s.players) {
    if (p.grant !== null) continue;
    const at = reputableAt(p, s.phase);
    out.push({ at, order: 1, label: `reputability grant for ${p.name}`, apply: () => [grantReputability(p, at, phaseOf(at, s, calendar), s.phase.cycleStart)] });
  }
  for (const g of s.gifts) {
    if (g.status === 'recorded') out.push({ at: g.time, order: 2, label: `gift to ${g.receiver}`, apply: () => [grantGift(s, ruleset, g, phaseOf(g.time, s, calendar))] });
    if (g.status === 'granted') {
      const acted = receiverActedAfter(g, s.players, calendar);
      if (acted) out.push({ at: acted, order: 3, label: `gift bonus for ${g.giver}`, apply: () => [returnGift(s, ruleset, g, acted, phaseOf(acted, s, calendar))] });
    }
  }
  for (const b of s.battles) {
    if ((b.status === 'declared' || b.status === 'ready') && b.phase <= n) {
      const at = commencementAt(b, calendar);
      out.push({ at, order: 4, label: `battle ${b.id} commencement`, apply: () => commenceBattle(s, b, at, phaseOf(at, s, calendar), new Draws(`${seedBase}/battle ${b.id}`)) });
    }
    if (b.status === 'commenced' && b.winner !== null) {
      // When it ended is not recorded: now, or within its own phase if that is over (a catch-up).
      const at = new Date(Math.min(now.getTime(), calendar.phase(b.phase).end.getTime() - MINUTE));
      out.push({ at, order: 5, label: `battle ${b.id} rewards`, apply: () => rewardBattle(s, ruleset, b, at, phaseOf(at, s, calendar)) });
    }
  }
  return out;
}

export function advance(ruleset: EngineRuleset, state: Gamestate, opts: AdvanceOptions): AdvanceResult {
  const s = structuredClone(state);
  let calendar = calendarOf(ruleset, s);
  const seedBase = opts.seedBase ?? `${state.page ?? 'gamestate'}/phase ${state.phase.number}`;
  const now = opts.now.getTime();
  const changes: Change[] = [];
  const done = () => s.phase.winner.length > 0;

  /** Chronological: take the earliest due event, apply it, look again (each changes what is due). */
  const catchUp = () => {
    for (let guard = 0; !done() && guard < 100_000; guard++) {
      const next = events(s, ruleset, calendar, opts.now, seedBase)
        .filter((e) => e.at.getTime() <= now)
        .sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order)[0];
      if (next === undefined) break;
      changes.push(...next.apply());
      changes.push(...checkVictory(s, ruleset, next.at));
    }
  };

  changes.push(...checkVictory(s, ruleset, opts.now));
  catchUp();
  if (opts.force && !done()) {
    changes.push(...rollOver(s, calendar, { at: opts.now, manualBy: opts.force.by }));
    // The new phase began now: what its start makes due (a battle whose hands are all revealed) follows at once.
    calendar = calendarOf(ruleset, s);
    catchUp();
  }
  if (!done()) changes.push(...applySelfRemovingModifiers(s, ruleset, opts.now, s.phase.number));
  s.cards = s.cards.map((c) => computeCard(c, ruleset));

  const pending: Pending[] = events(s, ruleset, calendar, opts.now, seedBase).map((e) => ({ at: e.at, what: e.label }));
  for (const b of s.battles) {
    if (b.status === 'commenced' && b.winner === null) pending.push({ at: null, what: `battle ${b.id}: waiting for its final hands and winner` });
  }
  pending.sort((a, b) => (a.at?.getTime() ?? Infinity) - (b.at?.getTime() ?? Infinity));
  const next = done() ? null : (pending.find((p) => p.at !== null)?.at ?? null);
  return { state: s, changes, due: { next, pending: done() ? [] : pending } };
}

/** A rollover of the Gamestate page: read it, advance it to `opts.now`, render what changed (one parse). */
export function rolloverPage(ruleset: EngineRuleset, game: string, page: EnginePage, opts: EngineRolloverOptions): EngineRollover<Gamestate> {
  const doc = readDocument(page.text, { page: page.title });
  const state = readGamestateDocument(doc, ruleset);
  const result = advance(ruleset, state, {
    now: opts.now,
    seedBase: seedText({ game, phase: state.phase.number, revid: page.revid }),
    trigger: opts.trigger,
    force: opts.force,
  });
  // Only changed cells are rewritten, so an up-to-date page renders to itself.
  const text = renderGamestateDocument(doc, result.state, result.changes);
  return { text, fromPhase: state.phase.number, historyRows: result.state.historyRows + result.changes.length, result };
}

/** The engine as the game registry plugs it in (see src/games/engine.ts, src/games/registry.ts). */
export const cycle16Engine: GameEngine<Cycle16Ruleset, Gamestate> = {
  readRuleset: readCycle16Ruleset,
  readGamestate,
  renderGamestate,
  calendar: calendarOf,
  rollover: rolloverPage,
  history: { identify: historyTable.identify, columns: HISTORY_COLUMNS },
};
export type Cycle16Engine = typeof cycle16Engine;
