import { rulesetCalendar } from '../kit/phase-clock.ts';
import type { Calendar } from '../../sim/calendar.ts';
import type { Change } from '../../sim/trail.ts';
import type { AdvanceResult } from '../engine-contract.ts';
import { GamestateError } from '../shared/gamestate-error.ts';
import { catchUp, dueOf, EventLimit, listedAgain, type CatchUpEvent } from '../kit/catch-up.ts';
import type { Gamestate, Player } from './gamestate/schema.ts';
import { ChosenReadings } from '../shared/readings.ts';
import { cycle15Readings } from './readings.ts';
import { resetMovement } from './rules/movement.ts';
import { acceptUnnoticedMoves, endProgressiveMoves, penaliseIncompleteMoves } from './rules/moves.ts';
import { destroyItemsOf, holdsAnything } from './rules/non-players.ts';
import { correctBotCells } from './rules/bot-cells.ts';
import { refuseBrokenLimits } from './rules/limits.ts';
import { updatePartyTime } from './rules/party.ts';
import { phaseNumberAt } from '../../sim/calendar.ts';
import { refuseTimeBeforeState } from '../kit/phase-clock.ts';
import { advancePhase } from './rules/phase.ts';
import { grantReputability, reputableAt } from './rules/reputability.ts';
import { closeProposal, proposalsToClose } from './rules/proposals.ts';
import { discardTuneUps } from './rules/tune-up.ts';
import { checkVictory, firstWinAt } from './rules/victory.ts';
import type { Cycle15Ruleset } from './ruleset/schema.ts';

// The Cycle 15 engine: from a read Gamestate and an instant, everything the rules make happen up to
// it, in time order — first what the page records as of its own time (the bot's cells recomputed,
// incomplete moves judged, party time), then each missed boundary (Monday and Friday 00:00) rolled over
// in turn, with the reputability grants, proposals closing and departures due before it, up to the run
// or to the instant someone first won. Nothing depends on when the run happens but how far it goes.
// A page that breaks a rule's limit is refused first (rules/limits.ts). Pure: `now` is an argument.

export interface AdvanceOptions {
  now: Date;
  /** The game's id: the first part of the seed text of draws ("c15/phase 3/reputability Ines"). */
  game: string;
  /** The readings in force; the defaults when omitted. */
  readings?: ChosenReadings;
}

/** The ruleset's phase calendar from the page's cycle start; a CalendarError naming where the phases are written. */
export function calendarOf(ruleset: Pick<Cycle15Ruleset, 'phases' | 'page'>, state: Pick<Gamestate, 'phase'>): Calendar {
  return rulesetCalendar(ruleset, state.phase.cycleStart);
}

/**
 * When the page was last the bot's: its phase began, or its latest History row was written (clamped to
 * the run's time). What editors wrote since (a move marked incomplete, a count, a hand edit to a bot's
 * cell) is taken as of then, so every run from the same page — at 12:00, at the boundary, a week
 * later — judges it the same.
 */
export function pageTime(state: Gamestate, calendar: Calendar, now: Date): Date {
  const known = Math.max(calendar.phase(state.phase.number).start.getTime(), state.historyLatest?.getTime() ?? -Infinity);
  return new Date(Math.min(known, now.getTime()));
}

/** A catch-up of more events than the bot applies in one run comes from a cycle start centuries ago. */
const RUNAWAY = { table: 'Phase', column: 'Cycle start (UTC)', check: 'the cycle start' };

export function advance(ruleset: Cycle15Ruleset, state: Gamestate, opts: AdvanceOptions): AdvanceResult<Gamestate> {
  const s = structuredClone(state);
  const calendar = calendarOf(ruleset, s);
  refuseTimeBeforeState(s, calendar, opts.now);
  const victory = ruleset.constants.victory.value;
  refuseBrokenLimits(s, calendar, opts.now, victory);
  const readings = opts.readings ?? new ChosenReadings(cycle15Readings);
  const changes: Change[] = [];
  const done = () => s.phase.winner.length > 0;
  const playerNamed = (name: string): Player => {
    const p = s.players.find((x) => x.name === name);
    if (p === undefined) throw new GamestateError([{ message: `no player "${name}" in the Players table`, location: { page: s.page, table: 'Players' } }]);
    return p;
  };
  const phaseOf = (at: Date) => Math.min(s.phase.number, phaseNumberAt(at, calendar));

  const events = (): CatchUpEvent[] => {
    const n = s.phase.number;
    const out: CatchUpEvent[] = [];
    const boundary = calendar.phase(n + 1).start;
    out.push({
      at: boundary,
      order: 0,
      label: `rollover to phase ${n + 1}`,
      apply: () => [
        advancePhase(s, calendar),
        ...endProgressiveMoves(s, calendar, n, boundary),
        ...acceptUnnoticedMoves(s, calendar, n, boundary),
        ...resetMovement(s, boundary, n + 1),
        ...(ruleset.constants.tuneUpPhases.value === null ? [] : discardTuneUps(s, ruleset.constants.tuneUpPhases.value, n + 1, boundary, readings)),
      ],
    });
    for (const { proposal, at } of proposalsToClose(s, calendar, ruleset.constants)) {
      out.push({
        at,
        order: 2,
        label: `proposal ${proposal.id}: end of its voting period`,
        apply: () => [closeProposal(proposal, at, phaseOf(at), ruleset.constants)],
      });
    }
    for (const p of s.players) {
      const at = reputableAt(p, s.phase.cycleStart);
      // Only a player becomes reputable: someone who left first never does.
      if (p.grant !== null || (p.left !== null && p.left.getTime() <= at.getTime())) continue;
      const phase = phaseOf(at);
      const phaseName = calendar.phase(phase).name;
      out.push({
        at,
        order: 1,
        label: `reputability grants for ${p.name}`,
        apply: () => grantReputability(p, at, { ruleset, readings, game: opts.game, phase, phaseName, cycleStart: s.phase.cycleStart }),
      });
    }
    for (const p of s.players) {
      if (p.left !== null && holdsAnything(p))
        out.push({ at: p.left, order: 3, label: `items of ${p.name} destroyed`, apply: () => destroyItemsOf(p, phaseOf(p.left!)) });
    }
    return out;
  };

  if (!done()) {
    // As of the page's time, in its phase: the bot's cells recomputed, moves marked incomplete judged, party time.
    const known = pageTime(s, calendar, opts.now);
    changes.push(...correctBotCells(s, calendar, known));
    changes.push(...penaliseIncompleteMoves(s, calendar, s.phase.number, known, playerNamed));
    changes.push(...updatePartyTime(s, known));
    // Victory when it first held: what was due up to then is applied, then the win, and nothing after.
    const wonAt = victory === null ? undefined : firstWinAt(s, victory, known, opts.now);
    catchUp({
      queue: listedAgain(events),
      until: (wonAt ?? opts.now).getTime(),
      limit: new EventLimit(RUNAWAY, { page: s.page, from: `phase ${s.phase.number}`, to: opts.now }),
      changes,
      done,
    });
    if (victory !== null && wonAt !== undefined) changes.push(...checkVictory(s, victory, wonAt));
  }
  s.phase.name = calendar.phase(s.phase.number).name;
  s.phase.nextRollover = done() ? null : calendar.phase(s.phase.number + 1).start;
  return { state: s, changes, due: dueOf(done(), events) };
}
