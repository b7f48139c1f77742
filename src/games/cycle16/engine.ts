import { readDocument, type WikiDocument } from '../../parse/document.ts';
import { withPhaseStart, type Calendar } from '../../sim/calendar.ts';
import { clonePlain } from '../../sim/clone.ts';
import { DueEvents } from '../../sim/due-events.ts';
import { Draws, seedText } from '../../sim/rng.ts';
import { formatInstant, type Change } from '../../sim/trail.ts';
import { rulesetCalendar } from '../kit/phase-clock.ts';
import type { AdvanceResult as EngineAdvanceResult, Pending } from '../engine-contract.ts';
import type { Battle, EngineRuleset, Gamestate, Gift, Player } from './gamestate/schema.ts';
import { GamestateError, type Problem } from '../shared/gamestate-error.ts';
import { catchUp, dueOf, EventLimit, refuseRunBefore, type CatchUpEvent } from '../kit/catch-up.ts';
import { commenceBattle, recordDecks, rewardBattle } from './rules/battles.ts';
import { applySelfRemovingModifiers, computeCard } from './rules/cards.ts';
import { grantGift, returnGift, statusIn } from './rules/gifts.ts';
import { activeOnJoining } from './rules/inactivity.ts';
import { grantRemovals, removalsDue } from './rules/limits.ts';
import { destroyNonPlayerItems, playerNamed } from './rules/inventory.ts';
import { phaseNumberAt } from '../../sim/calendar.ts';
import { phaseAhead, rollOver } from './rules/phase.ts';
import { grantReputability, reputableAt } from './rules/reputability.ts';
import { checkVictory, playersAtThreshold } from './rules/victory.ts';
import { raceRows, raceSection } from './gamestate/race-chart.ts';
import { standings } from './rules/standings.ts';
import { withStandings } from '../shared/standings.ts';
import { readGamestateDocument } from './gamestate/read.ts';
import type { Cycle16Ruleset } from './ruleset/schema.ts';

// The Cycle 16 engine: from a read Gamestate and an instant, everything the rules make happen up
// to that instant, in the order it happened — each missed boundary rolled over in turn, with the
// grants, gifts and battles due before it. Pure: `now` is an argument; the state is not mutated.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface AdvanceOptions {
  now: Date;
  /** The latest instant the page can hold (src/games/kit/game.ts StepOptions); `now` when omitted. */
  clock?: Date;
  /** The game's id, first part of the seed text of draws ("cycle16/phase 5/battle 3"); see src/sim/rng.ts. */
  game?: string;
  /** What started the run ("schedule", "cli", "request by Admin"…), for the summary. */
  trigger?: string;
  /**
   * A manual rollover to the next phase now, by this admin. With `requestedAt` (when the admin
   * asked), it is forced only if no boundary was crossed since: otherwise the boundary already began
   * the phase asked for, and a "Manual rollover" History row records that none was needed.
   */
  force?: { by: string; requestedAt?: Date; request?: string };
  /** At most this many events in one run (default MAX_EVENTS); reaching it is an error, never a partial run. */
  maxEvents?: number;
  /**
   * After each event, list again only what it can change (its own source's events; everyone's after
   * a rollover), or `'all'`: every source, as the rules are written (test/unit/games/cycle16/engine/due-events.test.ts
   * compares both).
   */
  relist?: 'changed' | 'all';
}

export type { Pending };

/** `due`: what is still to come — the next rollover, grants waiting on time, battles waiting on results. */
export type AdvanceResult = EngineAdvanceResult<Gamestate>;

/**
 * The phase an event belongs to. Events are applied in time order, so one late in the record (a
 * gift written up after a rollover) takes the calendar's phase at its time, never a later one.
 * The calendar is the page's (calendarOf): from a manual rollover on, an instant is in the phase it began.
 */
function phaseOf(at: Date, s: Gamestate, calendar: Calendar): number {
  return Math.min(s.phase.number, phaseNumberAt(at, calendar));
}

/**
 * The ruleset's calendar for the page's cycle, with the current phase begun when the page records
 * ("Phase start"): a manual rollover starts a phase before its boundary, and from then on an
 * instant is in the new phase, and the previous phase ended there.
 */
export function calendarOf(ruleset: EngineRuleset, state: Gamestate): Calendar {
  return withPhaseStart(rulesetCalendar(ruleset, state.phase.cycleStart), state.phase.number, state.phase.started);
}

/**
 * The draws of a battle's turn order, seeded by what the page says of the battle alone (game, the
 * battle's phase and ID): the same whenever, and in whichever run, the battle commences — stepping
 * phase by phase and one catch-up run draw the same order.
 */
function battleDraws(game: string, battle: Battle): Draws {
  return new Draws(seedText({ game, phase: battle.phase, subject: `battle ${battle.id}` }));
}

/** When a declared battle commences: once everyone is ready, or 24 hours into its phase (as it began) at the latest. */
function commencementAt(battle: Battle, calendar: Calendar): Date {
  const start = calendar.phase(battle.phase).start.getTime();
  return new Date(battle.status === 'ready' ? start : start + 24 * HOUR);
}

function receiverActedAfter(gift: Gift, players: readonly Player[], calendar: Calendar): Date | undefined {
  const last = players.find((p) => p.name === gift.receiver)?.lastAction;
  if (last == null || last.getTime() <= gift.time.getTime()) return undefined;
  return phaseNumberAt(last, calendar) === phaseNumberAt(gift.time, calendar) ? last : undefined;
}

/**
 * Everything that could happen next, known from the state alone, source by source: the phase, each
 * player's reputability, each gift, each player's card removals, each battle. A source lists its
 * events from its own entity and the phase when called; only a rollover (the phase) changes what
 * other sources list (gifts closed, limits reset, statuses). Time-ordered by the caller (DueEvents).
 */
function eventSources(s: Gamestate, ruleset: EngineRuleset, calendar: Calendar, now: Date, game: string, clock = now): (() => CatchUpEvent[])[] {
  // At a boundary the new phase comes first: an instant on it belongs to the new phase.
  const rollover = (): CatchUpEvent[] => {
    const n = s.phase.number;
    return [
      {
        at: calendar.phase(n + 1).start,
        order: 0,
        label: `rollover to phase ${n + 1}`,
        apply: () => rollOver(s, calendar, { at: calendar.phase(n + 1).start, clock }),
        everything: true,
      },
    ];
  };
  const grant = (p: Player) => (): CatchUpEvent[] => {
    if (p.grant !== null) return [];
    const at = reputableAt(p, s.phase);
    return [{ at, order: 1, label: `reputability grant for ${p.name}`, apply: () => [grantReputability(p, at, phaseOf(at, s, calendar), s.phase.cycleStart)] }];
  };
  const gift = (g: Gift) => (): CatchUpEvent[] => {
    if (g.status === 'recorded') {
      const apply = () => {
        const phase = phaseOf(g.time, s, calendar);
        // The receiver's status in the gift's phase: a gift recorded late is counted as it was then (the page's History).
        const status = statusIn(s, playerNamed(s, g.receiver), phase, calendar) ?? playerNamed(s, g.receiver).status;
        return [grantGift(s, ruleset, g, phase, status)];
      };
      return [{ at: g.time, order: 2, label: `gift to ${g.receiver}`, apply }];
    }
    if (g.status === 'granted') {
      const acted = receiverActedAfter(g, s.players, calendar);
      if (acted)
        return [{ at: acted, order: 3, label: `gift bonus for ${g.giver}`, apply: () => [returnGift(s, ruleset, g, acted, phaseOf(acted, s, calendar))] }];
    }
    return [];
  };
  const removal = (p: Player) => (): CatchUpEvent[] => {
    // A card removal recorded: granted at once (when it happened is not recorded), within its phase on a catch-up.
    if (removalsDue(p) <= 0) return [];
    const n = s.phase.number;
    const at = new Date(Math.min(now.getTime(), calendar.phase(n).end.getTime() - MINUTE));
    return [{ at, order: 7, label: `card removal grant for ${p.name}`, apply: () => [grantRemovals(p, at, n)] }];
  };
  const battle = (b: Battle) => (): CatchUpEvent[] => {
    const n = s.phase.number;
    const out: CatchUpEvent[] = [];
    // A declaration for the next phase, seen while its Rest Phase lasts: the decks are recorded now.
    const undecked = b.participants.some((h) => !b.decks?.some((d) => d.player === h.player));
    if ((b.status === 'declared' || b.status === 'ready') && b.phase === n + 1 && undecked && phaseNumberAt(now, calendar) === n) {
      out.push({ at: now, order: 6, label: `battle ${b.id}: decks of its participants`, apply: () => recordDecks(s, b, now, n) });
    }
    if ((b.status === 'declared' || b.status === 'ready') && b.phase <= n) {
      const at = commencementAt(b, calendar);
      out.push({ at, order: 4, label: `battle ${b.id} commencement`, apply: () => commenceBattle(s, b, at, phaseOf(at, s, calendar), battleDraws(game, b)) });
    }
    if (b.status === 'commenced' && b.winner !== null) {
      // When it ended is not recorded: now, or within its own phase if that is over (a catch-up).
      const at = new Date(Math.min(now.getTime(), calendar.phase(b.phase).end.getTime() - MINUTE));
      out.push({ at, order: 5, label: `battle ${b.id} rewards`, apply: () => rewardBattle(s, ruleset, b, at, phaseOf(at, s, calendar)) });
    }
    return out;
  };
  return [rollover, ...s.players.map(grant), ...s.gifts.map(gift), ...s.players.map(removal), ...s.battles.map(battle)];
}

/** Everything that could happen next, in the sources' order. */
function events(s: Gamestate, ruleset: EngineRuleset, calendar: Calendar, now: Date, game: string): CatchUpEvent[] {
  return eventSources(s, ruleset, calendar, now, game).flatMap((source) => source());
}

/**
 * A count the page cannot hold means a record the rules do not allow (fewer than zero: a bet of
 * more Chips than the bettor has…), or one too large to count exactly (beyond 2^53 − 1, it would
 * be written back rounded): the run stops with nothing written.
 */
function refuseImpossibleCounts(s: Gamestate): void {
  const problems: Problem[] = [];
  const check = (p: Player, column: string, what: string, n: number) => {
    const where = { page: s.page, table: 'Players', row: p.row, column };
    if (n < 0) {
      problems.push({
        message: `${p.name} would have ${n} ${what} after this run; a count cannot be negative (check the records that take ${what} away)`,
        location: where,
      });
    } else if (!Number.isSafeInteger(n)) {
      problems.push({
        message: `${p.name} would have more than ${Number.MAX_SAFE_INTEGER} (2^53 − 1) ${what} after this run, more than Croupier counts exactly`,
        location: where,
      });
    }
  };
  for (const p of s.players) {
    check(p, 'Vertebrae', 'Vertebrae', p.vertebrae);
    check(p, 'Chips', 'Chips', p.chips);
    check(p, 'Reconfiguration Tokens', 'Reconfiguration Tokens', p.tokens);
    for (const [pack, n] of Object.entries(p.packs)) check(p, 'Packs', pack, n);
  }
  if (problems.length > 0) throw new GamestateError(problems);
}

/** " (on-wiki request r12-…)": names the request in a row, so the page records that it was done. */
function onRequest(key: string | undefined): string {
  return key === undefined ? '' : ` (on-wiki request ${key})`;
}

/**
 * When a win the page already shows happened (Chips recorded by hand since the last run: the page
 * keeps counts, not when they changed). Not before the page's phase began, nor before its latest
 * History row (that run found no win); within that, when the first of the players at the threshold
 * last acted (acquiring Chips is an action), and not before they joined (nobody wins a cycle before
 * they are in it); never after now.
 */
function pageWinTime(s: Gamestate, calendar: Calendar, players: readonly Player[], now: Date): Date {
  const floor = Math.max(calendar.phase(s.phase.number).start.getTime(), s.historyLatest?.getTime() ?? -Infinity);
  const acted = Math.min(...players.map((p) => Math.max(p.joined.getTime(), p.lastAction?.getTime() ?? -Infinity)));
  return new Date(Math.min(now.getTime(), Math.max(floor, acted)));
}

/**
 * A phase ahead of the calendar (rules/phase.ts), or a cycle start after the run's time: refused, naming
 * the cell that records that state.
 */
function refuseTimeBeforeState(state: Gamestate, calendar: Calendar, now: Date): void {
  const { number, cycleStart } = state.phase;
  const ahead = phaseAhead(state, calendar, now);
  if (ahead !== undefined) throw new GamestateError([ahead]);
  if (number !== 0) return;
  refuseRunBefore(now, [
    {
      at: cycleStart,
      cell: { page: state.page, table: 'Phase', row: 1, column: 'Cycle start (UTC)' },
      refused: () =>
        `the cycle start ${formatInstant(cycleStart)} is after the run's time ${formatInstant(now)}: a cycle cannot be kept before it begins (is the year right?)`,
    },
  ]);
}

/** A catch-up of more events than the bot applies in one run comes from a cycle start centuries ago. */
const RUNAWAY = { table: 'Phase', column: 'Cycle start (UTC)', check: 'the cycle start' };

export function advance(ruleset: EngineRuleset, state: Gamestate, opts: AdvanceOptions): AdvanceResult {
  const s = clonePlain(state);
  let calendar = calendarOf(ruleset, s);
  refuseTimeBeforeState(s, calendar, opts.now);
  const game = opts.game ?? state.page ?? 'gamestate';
  const now = opts.now.getTime();
  const changes: Change[] = [];
  const done = () => s.phase.winner.length > 0;

  /**
   * Chronological (src/games/kit/catch-up.ts): each event changes what is due — its own source's events, or
   * after a rollover everyone's (`relist: 'all'`: one source, every event listed again after each). Victory
   * is checked after each, leaving out players whose Chips are dated later (`later`).
   */
  const limit = new EventLimit(RUNAWAY, { page: state.page, from: `phase ${state.phase.number}`, to: opts.now, max: opts.maxEvents });
  const catchUpTo = (until = opts.now, later?: { players: ReadonlySet<string>; at: number }) => {
    const sources = eventSources(s, ruleset, calendar, opts.now, game, opts.clock);
    catchUp({
      queue: new DueEvents(opts.relist === 'all' ? [() => sources.flatMap((source) => source())] : sources),
      until: until.getTime(),
      limit,
      changes,
      done,
      after: (e) => checkVictory(s, ruleset, e.at, later !== undefined && e.at.getTime() < later.at ? later.players : undefined),
    });
  };

  // “All players are active in the phase they join the game”, whatever the page says.
  if (!done()) changes.push(...activeOnJoining(s, calendar, opts.now));
  // A win already on the page: what was due before it is applied, then the win, and nothing after.
  const atThreshold = done() ? [] : playersAtThreshold(s, ruleset);
  if (atThreshold.length > 0) {
    const wonAt = pageWinTime(s, calendar, atThreshold, opts.now);
    catchUpTo(wonAt, { players: new Set(atThreshold.map((p) => p.name)), at: wonAt.getTime() });
    changes.push(...checkVictory(s, ruleset, wonAt));
  }
  // The phase the calendar gave when the admin asked (before catching up: the page's own calendar).
  const asked = opts.force?.requestedAt;
  const requestedAt = asked === undefined ? undefined : new Date(Math.min(asked.getTime(), now));
  const requestedIn = requestedAt === undefined ? undefined : phaseNumberAt(requestedAt, calendar);
  catchUpTo();
  if (opts.force && !done() && requestedAt !== undefined && requestedIn !== undefined && s.phase.number > requestedIn) {
    // A boundary came between the request and now: it began the phase asked for; forcing would skip one.
    const began = calendar.phase(requestedIn + 1).start;
    changes.push({
      at: opts.now,
      phase: s.phase.number,
      event: 'Manual rollover',
      player: '-',
      change: `not needed: phase ${requestedIn + 1} began at ${formatInstant(began)}, after the request`,
      reason: {
        rule: `Manual rollover requested by ${opts.force.by}${onRequest(opts.force.request)} at ${formatInstant(requestedAt)}, in phase ${requestedIn}; the next phase began before it was handled`,
        inputs: { requested: formatInstant(requestedAt), boundary: formatInstant(began) },
      },
    });
  } else if (opts.force && !done()) {
    changes.push(
      ...rollOver(s, calendar, {
        at: opts.now,
        clock: opts.clock ?? opts.now,
        manualBy: opts.force.by,
        ...(opts.force.request ? { request: opts.force.request } : {}),
      }),
    );
    // The new phase began now: what its start makes due (a battle whose hands are all revealed) follows at once.
    calendar = calendarOf(ruleset, s);
    catchUpTo();
  }
  if (!done()) changes.push(...destroyNonPlayerItems(s, opts.now, s.phase.number));
  if (!done()) changes.push(...applySelfRemovingModifiers(s, ruleset, opts.now, s.phase.number));
  s.cards = s.cards.map((c) => computeCard(c, ruleset));
  // Computed cells, whatever they said: the phase's name, and the next boundary (none once the cycle has ended).
  s.phase.name = calendar.phase(s.phase.number).name;
  s.phase.nextRollover = done() ? null : calendar.phase(s.phase.number + 1).start;
  refuseImpossibleCounts(s);

  const waiting: Pending[] = s.battles
    .filter((b) => b.status === 'commenced' && b.winner === null)
    .map((b) => ({ at: null, what: `battle ${b.id}: waiting for its final hands and winner` }));
  return { state: s, changes, due: dueOf(done(), () => events(s, ruleset, calendar, opts.now, game), waiting) };
}

/** The race a run draws under the standings, from the page's History and this run's rows. */
export function raceOfRun(doc: WikiDocument, result: AdvanceResult, ruleset: Cycle16Ruleset): string {
  return raceSection(raceRows(doc, result.changes), result.state, calendarOf(ruleset, result.state), ruleset);
}

/** The standings and the race under them redrawn from the page as it is (after History rows were archived: one more parse). */
export function redrawStandings(ruleset: Cycle16Ruleset, text: string, page: string): string {
  const doc = readDocument(text, { page });
  const state = readGamestateDocument(doc, ruleset);
  const below = raceSection(raceRows(doc, []), state, calendarOf(ruleset, state), ruleset);
  return withStandings(text, { ...standings(state, ruleset), below }, { doc, changes: [], period: state.phase.number });
}
