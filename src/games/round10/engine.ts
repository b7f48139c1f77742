import type { Calendar } from '../../sim/calendar.ts';
import { formatInstant, type Change } from '../../sim/trail.ts';
import { rulesetCalendar } from '../kit/phase-clock.ts';
import { GamestateError } from '../shared/gamestate-error.ts';
import type { AdvanceResult, Pending } from '../engine-contract.ts';
import { catchUp, dueOf, EventLimit, listedAgain, refuseRunBefore, type CatchUpEvent } from '../kit/catch-up.ts';
import { ChosenReadings } from '../shared/readings.ts';
import type { Gamestate, Player, SecretAction } from './gamestate/schema.ts';
import { ROUND10_READINGS } from './readings.ts';
import { checkBidTotals, concludeAuction, readBids, type Bid } from './rules/auction.ts';
import type { RuleContext } from './rules/common.ts';
import { handCards, scoreHand, scoreRow } from './rules/hands.ts';
import { incomeDue, payIncome } from './rules/income.ts';
import { electJudge } from './rules/judge.ts';
import { returnUnbidLot } from './rules/lots.ts';
import { participation } from './rules/participation.ts';
import { handEdits, rulingRows } from './rules/display.ts';
import { isAuctionPhase, rollOver } from './rules/phase.ts';
import { awardPrizes, type ScoredHand } from './rules/prizes.ts';
import { becomeReputable, reputableAt } from './rules/reputability.ts';
import { awaitingAt, isReturnable, lotsAwaitingBids } from './rules/returns.ts';
import { checkRevelation, datesOf, fail, voidAction, voidedBy } from './rules/secret.ts';
import { nextSunday, nullStarPrice } from './rules/star-price.ts';
import { resetWeeklyLimits, standUp, standUpAt } from './rules/tables.ts';
import { checkVictory, winners } from './rules/victory.ts';
import { limitProblems, voidReason } from './rules/limits.ts';
import { wealthOf, taxOf } from './rules/wealth.ts';
import type { Round10Ruleset } from './ruleset/schema.ts';

// The Round 10 engine: from a read Gamestate and an instant, everything the rules make happen up to
// that instant, in time order — phase boundaries (Monday: Judge election, weekly limits, income;
// Thursday: unbid Player Lots return), secret actions voided by newer ones, Sunday's revelation
// (hands → prizes → bids → auction) and the Star Price set to null, stand-ups, reputability,
// victory. Pure: `now` and the readings are arguments; the state read is not mutated.

/** The ruleset's phase calendar from the page's round start. */
export function calendarOf(ruleset: Round10Ruleset, state: Gamestate): Calendar {
  return rulesetCalendar(ruleset, state.phase.start);
}

/** A catch-up of more events than the bot applies in one run comes from a round start centuries ago. */
const RUNAWAY = { table: 'Round', column: 'Round start (UTC)', check: 'the round start' };

/** What the rules see at an instant: the state, and the phase it falls in (never ahead of the state's). */
function contextAt(s: Gamestate, ruleset: Round10Ruleset, calendar: Calendar, readings: ChosenReadings, at: Date): RuleContext {
  return { s, ruleset, readings, at, phase: Math.min(s.phase.number, calendar.phaseAt(at).number) };
}

/** An event whose rules read the context at its instant, as it is when it is applied. */
type RuleEvent = Omit<CatchUpEvent, 'apply'> & { apply: (ctx: RuleContext) => Change[] };

function events(s: Gamestate, ruleset: Round10Ruleset, calendar: Calendar, now: Date, readings: ChosenReadings): CatchUpEvent[] {
  const out: RuleEvent[] = [];
  const n = s.phase.number;
  const next = calendar.phase(n + 1);
  out.push({
    at: next.start,
    order: 0,
    label: `rollover to phase ${n + 1} (${next.name})`,
    apply: (before) => {
      const changes = [rollOver(s, calendar)];
      const ctx = { ...before, phase: s.phase.number };
      if (isAuctionPhase(next.name)) {
        // The week ended: the Judge election, the weekly limits, then each player's income.
        const judge = electJudge(ctx);
        if (judge) changes.push(judge);
        for (const p of s.players) {
          const reset = resetWeeklyLimits(ctx, p);
          if (reset) changes.push(reset);
        }
        for (const p of s.players) if (p.joined.getTime() < next.start.getTime() && incomeDue(p, next.start)) changes.push(payIncome(ctx, p, 'phase'));
      }
      return changes;
    },
  });
  const current = calendar.phase(n);
  if (isAuctionPhase(current.name)) {
    for (const p of s.players) {
      if (p.joined.getTime() >= current.start.getTime() && p.joined.getTime() <= now.getTime() && incomeDue(p, current.start)) {
        out.push({ at: p.joined, order: 2, label: `income for ${p.name}, who joined during the Auction Phase`, apply: (ctx) => [payIncome(ctx, p, 'join')] });
      }
    }
  } else if (n > 0) {
    // The Auction Phase ended when this phase began: Player Lots nobody bid on go back.
    const end = current.start;
    const bidOn = lotsAwaitingBids(s.secrets, end, now);
    if (bidOn !== undefined) {
      for (const lot of s.lots.filter((l) => isReturnable(l, end) && !bidOn.has(l.id))) {
        out.push({
          at: end,
          order: 1,
          label: `${lot.id} returned to ${lot.creator}`,
          apply: (ctx) => [
            returnUnbidLot(
              ctx,
              lot,
              awaitingAt(s.secrets, end).map((a) => a.id),
            ),
          ],
        });
      }
    }
  }
  for (const a of s.secrets) {
    if (a.status !== 'posted') continue;
    // Not a bid or hand at all (before joining, or outside an Auction Phase): it fails at its posting, and voids nothing.
    const voided = voidReason(s, calendar, a);
    if (voided !== undefined) {
      out.push({ at: a.posted, order: -2, label: `${a.id} is void`, apply: (ctx) => [fail(ctx, a, `voided: ${voided.why}`, voided.rule)] });
      continue;
    }
    const older = voidedBy({ s, readings }, a);
    if (older.length > 0)
      out.push({
        at: a.posted,
        order: -1,
        label: `${a.id} voids ${older.map((o) => o.id).join(', ')}`,
        apply: (ctx) => older.map((o) => voidAction(ctx, o, a)),
      });
  }
  const revelations = [...new Set(s.secrets.filter((a) => a.status === 'posted' && a.reveals !== null).map((a) => a.reveals!.getTime()))];
  for (const t of revelations) {
    out.push({
      at: new Date(t),
      order: 3,
      label: `revelation of the secret actions of ${formatInstant(new Date(t))}`,
      apply: (ctx) =>
        reveal(
          ctx,
          s.secrets.filter((a) => a.status === 'posted' && a.reveals?.getTime() === t),
        ),
    });
  }
  if (s.phase.starPrice !== null) {
    const sunday = nextSunday(s.phase.starPriceSet ?? s.phase.start);
    out.push({ at: sunday, order: 4, label: 'Star Price set to null', apply: (ctx) => [nullStarPrice(ctx)] });
  }
  for (const p of s.players) {
    const up = standUpAt(p, { ruleset });
    if (up !== undefined) out.push({ at: up, order: 5, label: `${p.name} stands up`, apply: (ctx) => [standUp(ctx, p)] });
    if (p.reputableSince === null) {
      const at = reputableAt(p, { ruleset });
      out.push({ at, order: 6, label: `${p.name} becomes reputable`, apply: (ctx) => [becomeReputable(ctx, p)] });
    }
  }
  return out.map((e) => ({ ...e, apply: () => e.apply(contextAt(s, ruleset, calendar, readings, e.at)) }));
}

/** Sunday's revelation: failures first, then hands and their prizes, then bids and the auction. */
function reveal(ctx: RuleContext, actions: readonly SecretAction[]): Change[] {
  const out: Change[] = [];
  const standing = actions.filter((a) => {
    const failed = checkRevelation(ctx, a);
    if (failed) out.push(failed);
    return failed === undefined;
  });
  const hands: ScoredHand[] = [];
  for (const a of standing.filter((x) => x.kind === 'Hand')) {
    const cards = handCards(ctx, a);
    if (!Array.isArray(cards)) {
      out.push(cards);
      continue;
    }
    const score = scoreHand(cards, ctx.ruleset, ctx.readings);
    out.push(scoreRow(ctx, a, cards, score));
    hands.push({ action: a, cards, score });
  }
  out.push(...awardPrizes(ctx, hands));
  let bids: Bid[] = [];
  for (const a of standing.filter((x) => x.kind === 'Bid')) {
    const read = readBids(ctx, a);
    out.push(...read.changes);
    bids.push(...read.bids);
  }
  const totals = checkBidTotals(ctx, bids);
  out.push(...totals.changes);
  bids = totals.bids;
  out.push(...concludeAuction(ctx, bids));
  return out;
}

/**
 * The instant the page's state is known at, from the page alone (not the run's time): not before its phase began,
 * nor before its latest History row (the run that wrote it saw the page so); never after now. A win the page already
 * shows (Gold Stars come from trades recorded by hand: the page keeps counts, not when they changed) is dated here,
 * and so is a hand edit of a bot's cell.
 */
function stateTime(s: Gamestate, calendar: Calendar, now: Date): Date {
  const floor = Math.max(calendar.phase(s.phase.number).start.getTime(), s.historyLatest?.getTime() ?? -Infinity);
  return new Date(Math.min(now.getTime(), floor));
}

/**
 * When a win the page shows happened, as the page tells it: at its state time (stateTime), but not before the first of
 * the players holding the Gold Stars joined: nobody wins the round before they are in it. Never after now.
 */
function shownWinTime(s: Gamestate, calendar: Calendar, now: Date, holding: readonly Player[]): Date {
  const joined = Math.min(...holding.map((p) => p.joined.getTime()));
  return new Date(Math.min(now.getTime(), Math.max(stateTime(s, calendar, now).getTime(), joined)));
}

/** A run's time before the phase the page records (or before the round start) is refused. */
function refuseTimeBeforeState(s: Gamestate, calendar: Calendar, now: Date): void {
  const start = s.phase.number === 0 ? s.phase.start : calendar.phase(s.phase.number).start;
  refuseRunBefore(now, [
    {
      at: start,
      cell: { page: s.page, table: 'Round', row: 1, column: s.phase.number === 0 ? 'Round start (UTC)' : 'Phase number' },
      refused: () =>
        `phase ${s.phase.number} begins at ${formatInstant(start)}, after the run's time ${formatInstant(now)}: the page cannot be kept before the state it records`,
    },
  ]);
}

/** Recomputed on every run (and by every action), whatever the page said: the phase's name, next boundary, dates, wealth, tax, Participation. */
export function computeColumns(s: Gamestate, ruleset: Round10Ruleset, calendar: Calendar, readings: ChosenReadings, done: boolean): void {
  s.phase.name = calendar.phase(s.phase.number).name;
  s.phase.nextRollover = done ? null : calendar.phase(s.phase.number + 1).start;
  s.phase.participation = participation({ s, ruleset, readings });
  for (const a of s.secrets) Object.assign(a, datesOf(a, calendar, { ruleset }));
  for (const p of s.players) {
    p.wealth = wealthOf(p, s, ruleset, readings).total;
    p.tax = taxOf(p.wealth, ruleset, readings).tax;
  }
}

export interface AdvanceOptions {
  now: Date;
  readings?: ChosenReadings;
}

export function advance(ruleset: Round10Ruleset, state: Gamestate, opts: AdvanceOptions): AdvanceResult<Gamestate> {
  const s = structuredClone(state);
  const readings = opts.readings ?? new ChosenReadings(ROUND10_READINGS);
  const calendar = calendarOf(ruleset, s);
  refuseTimeBeforeState(s, calendar, opts.now);
  const broken = limitProblems(s, ruleset, calendar, readings, opts.now);
  if (broken.length > 0) throw new GamestateError(broken);
  const changes: Change[] = [];
  const done = () => s.phase.winner.length > 0;
  // Dates first: the events below read them.
  computeColumns(s, ruleset, calendar, readings, false);
  changes.push(...handEdits(state, s, ruleset, readings, stateTime(s, calendar, opts.now), s.phase.number));
  const ctxAt = (at: Date): RuleContext => contextAt(s, ruleset, calendar, readings, at);
  // A win the page already shows: what was due up to it is applied, then the win, and nothing after.
  const holding = done() ? [] : winners({ s, ruleset, readings });
  const shownWin = holding.length > 0;
  const until = shownWin ? shownWinTime(s, calendar, opts.now, holding) : opts.now;
  catchUp({
    queue: listedAgain(() => events(s, ruleset, calendar, until, readings)),
    until: until.getTime(),
    limit: new EventLimit(RUNAWAY, { page: s.page, from: `phase ${s.phase.number}`, to: opts.now }),
    changes,
    done,
    after: (e) => {
      computeColumns(s, ruleset, calendar, readings, false);
      return shownWin ? [] : checkVictory({ ...ctxAt(e.at), phase: s.phase.number });
    },
  });
  if (shownWin) changes.push(...checkVictory(ctxAt(until)));
  computeColumns(s, ruleset, calendar, readings, done());
  // What the display cells show differently because a ruling changed a reading since the page was written.
  changes.push(...rulingRows(state, s, ruleset, readings, opts.now, s.phase.number));
  for (const p of s.players) {
    if (p.chips < 0)
      throw new GamestateError([
        {
          message: `${p.name} would have ${p.chips} Chips after this run; a count cannot be negative`,
          location: { page: s.page, table: 'Players', row: p.row, column: 'Chips' },
        },
      ]);
  }
  const waiting: Pending[] = s.secrets
    .filter((a) => a.status === 'posted' && a.revealed === null)
    .map((a) => ({ at: null, what: `${a.id}: waiting for ${a.player} to reveal the text` }));
  return { state: s, changes, due: dueOf(done(), () => events(s, ruleset, calendar, opts.now, readings), waiting) };
}
