import { formatInstant, type Change } from '../../sim/trail.ts';
import type { Pending } from '../engine-contract.ts';
import type { NomicoupRuleset } from './ruleset/schema.ts';
import type { JudgeCase, NomicoupState, Proposition } from './gamestate/schema.ts';
import type { ChosenReadings } from '../shared/readings.ts';
import { GamestateError } from '../shared/gamestate-error.ts';
import { catchUp, dueOf, EventLimit, listedAgain, type CatchUpEvent } from '../kit/catch-up.ts';
import { courtDeckOf, recomputeBotCells } from './rules/bot-cells.ts';
import { change } from './rules/change.ts';
import { pageProblems } from './rules/checks.ts';
import { exileIfNoInfluence } from './rules/exile.ts';
import { startGame } from './rules/start.ts';
import { effectedCredits, CREDITS } from './rules/credits.ts';
import { drawJudge, judgeCandidates, DEFERRING, SUGGESTION } from './rules/judge.ts';
import { forfeit, placeJoin } from './rules/membership.ts';
import { ADOPTION, atTimeLimit, eligibleVoters, majority, RIGHTVOTING, TIME_LIMIT, type Decision } from './rules/propositions.ts';
import { treasuryOf } from './rules/treasury.ts';
import { turnOrder } from './rules/seats.ts';
import { beginNextTurn, currentTurn, timeOut, timeoutAt } from './rules/turns.ts';

// The Nomicoup clock: from a read Gamestate and an instant, everything the rules make happen up to that
// instant, in time order — recorded turn ends, timeouts, new turns and rounds, joins and forfeits,
// propositions and Judge cases closing. Pure: `now` is an argument; the state given is not mutated.
// What the page records without a time (a vote count reaching a majority, a hand's last influence lost,
// a Credits cell) is dated by the page, not by the run: at the simulation's clock, which starts at the
// page's latest History row — so runs at any instants give the same page as one run at the last.
// A page that breaks a rule it can break is refused first (rules/checks.ts).

const HOUR = 3_600_000;

const WINNING = {
  rule: '1.1 Winning / End of Viable Play',
  sentence:
    "If the rules are changed so that further play is impossible, the legality of a move is impossible to determine with finality, or if by the Judge's best reasoning (not overruled) a move appears equally legal and illegal, then the first player who is unable to complete a turn is the winner.",
};

export interface AdvanceOptions {
  now: Date;
  /** The game's id: the first part of the seed text of Judge draws. */
  game: string;
  readings: ChosenReadings;
}

export interface AdvanceResult {
  state: NomicoupState;
  changes: Change[];
  due: { next: Date | null; pending: Pending[] };
}

/** A catch-up of more events than the bot applies in one run comes from a game start centuries ago. */
const RUNAWAY = { table: 'Game', column: 'Start (UTC)', check: 'the game start' };

const activeNames = (s: NomicoupState) => turnOrder(s).map((p) => p.name);

function closeProposition(s: NomicoupState, p: Proposition, at: Date, d: Decision, readings: ChosenReadings): Change[] {
  p.status = d.outcome;
  const ref = d.by === 'majority' ? ADOPTION : d.by === 'rightvote' ? RIGHTVOTING : TIME_LIMIT;
  const eligible = eligibleVoters(activeNames(s), p.proponent);
  return [
    change(
      at,
      s.game.turn,
      'Proposition',
      p.proponent,
      `proposition ${p.id} ${d.outcome}`,
      ref,
      { up: p.up, down: p.down, right: p.right, 'eligible voters': eligible },
      {
        readings: d.tie ? { readings, ids: ['vote-tie'] } : undefined,
      },
    ),
  ];
}

function events(s: NomicoupState, ruleset: NomicoupRuleset, o: AdvanceOptions, clock: Date): CatchUpEvent[] {
  const out: CatchUpEvent[] = [];
  const { now, readings } = o;
  const later = (t: Date) => new Date(Math.max(t.getTime(), clock.getTime()));
  const turn = currentTurn(s);
  if (turn === undefined) {
    if (turnOrder(s).length > 0) {
      out.push({
        at: s.game.start,
        order: 0,
        label: 'the game starts',
        apply: () => [...startGame(s, ruleset, s.game.start), ...beginNextTurn(s, ruleset, s.game.start, now, readings)],
      });
    }
  } else if (turn.ended !== null && turnOrder(s).length > 0) {
    const ended = turn.ended;
    out.push({ at: ended, order: 0, label: `the turn after turn ${turn.number}`, apply: () => beginNextTurn(s, ruleset, ended, now, readings) });
  } else if (turn.ended === null) {
    const at = timeoutAt(s, ruleset)!;
    out.push({ at, order: 0, label: `turn ${turn.number} times out`, apply: () => timeOut(s, ruleset) });
  }
  for (const p of s.players) {
    if (p.status === 'active' && p.seat === null) out.push({ at: p.joined, order: 1, label: `${p.name} joins`, apply: () => placeJoin(s, p, ruleset) });
    if (p.status === 'forfeited' && p.seat !== null) {
      const at = p.left ?? clock;
      out.push({
        at,
        order: 1,
        label: `${p.name} forfeits`,
        apply: () => {
          const t = currentTurn(s);
          const seat = p.seat!;
          const changes = forfeit(s, p, at);
          // Their own turn ends with the forfeit; the player after them (now in their seat) plays next.
          if (t !== undefined && t.ended === null && t.player === p.name) {
            t.ended = at;
            t.endedBy = 'forfeit';
            changes.push(...beginNextTurn(s, ruleset, at, now, readings, seat - 1));
          }
          return changes;
        },
      });
    }
  }
  for (const p of s.propositions.filter((x) => x.status === 'active')) {
    const eligible = eligibleVoters(activeNames(s), p.proponent);
    const d = majority(p, eligible, readings);
    const at = later(p.posted);
    if (d !== undefined) out.push({ at, order: 2, label: `proposition ${p.id}: a majority`, apply: () => closeProposition(s, p, at, d, readings) });
    else
      out.push({
        at: p.deadline!,
        order: 2,
        label: `proposition ${p.id} closes`,
        apply: () => closeProposition(s, p, p.deadline!, atTimeLimit(p, readings), readings),
      });
  }
  for (const c of s.cases.filter((x) => x.status === 'open')) out.push(...caseEvents(s, ruleset, c, o, later));
  return out;
}

function caseEvents(s: NomicoupState, ruleset: NomicoupRuleset, c: JudgeCase, o: AdvanceOptions, later: (t: Date) => Date): CatchUpEvent[] {
  if (c.judge === null && judgeCandidates(s).length === 0) return []; // waits for a candidate (pending)
  if (c.judge === null)
    return [{ at: c.raised, order: 3, label: `a Judge for case ${c.id}`, apply: () => drawJudge(s, c, c.raised, o.game, 'a disagreement raised') }];
  if (c.suggested === null) {
    const at = new Date(c.chosen!.getTime() + ruleset.constants.judgeDeferralHours * HOUR);
    return [
      {
        at,
        order: 3,
        label: `case ${c.id}: the Judge's ${ruleset.constants.judgeDeferralHours} hours`,
        apply: () => [
          change(
            at,
            s.game.turn,
            'Judge deferral',
            c.judge!,
            `${c.judge} made no suggestion for case ${c.id} within ${ruleset.constants.judgeDeferralHours} hours`,
            DEFERRING,
            { chosen: c.chosen!.toISOString().slice(0, 16).replace('T', ' ') },
          ),
          ...redraw(s, c, at, o.game, 'the previous Judge deferred'),
        ],
      },
    ];
  }
  const players = activeNames(s).length;
  if (c.up > players / 2) {
    const at = later(c.suggested);
    return [{ at, order: 3, label: `case ${c.id}: an upvote majority`, apply: () => adoptSuggestion(s, c, at, players) }];
  }
  const at = new Date(c.suggested.getTime() + ruleset.constants.suggestionHours * HOUR);
  return [
    {
      at,
      order: 3,
      label: `case ${c.id}: the suggestion's ${ruleset.constants.suggestionHours} hours`,
      apply: () => {
        if (c.up > c.down) return adoptSuggestion(s, c, at, players);
        return [
          change(at, s.game.turn, 'Judge suggestion', c.judge!, `the suggestion for case ${c.id} is rejected`, SUGGESTION, { up: c.up, down: c.down }),
          ...redraw(s, c, at, o.game, 'the suggestion was rejected'),
        ];
      },
    },
  ];
}

/** A new Judge for the case; with no candidate left, the case waits without one (never drawn twice in a row). */
function redraw(s: NomicoupState, c: JudgeCase, at: Date, game: string, why: string): Change[] {
  c.judge = null;
  c.chosen = null;
  c.suggested = null;
  return drawJudge(s, c, at, game, why);
}

function adoptSuggestion(s: NomicoupState, c: JudgeCase, at: Date, players: number): Change[] {
  c.status = 'adopted';
  return [change(at, s.game.turn, 'Judge suggestion', c.judge!, `the suggestion for case ${c.id} is adopted`, SUGGESTION, { up: c.up, down: c.down, players })];
}

/** 4.2.1: a Credits cell that is not a whole non-negative number is effected as the rule says (zero, or rounded). */
function wholeCredits(s: NomicoupState, p: NomicoupState['players'][number], o: AdvanceOptions, at: Date): Change[] {
  if (Number.isInteger(p.credits) && p.credits >= 0) return [];
  const described = p.credits;
  p.credits = effectedCredits(described, o.readings);
  return [
    change(
      at,
      s.game.turn,
      'Credits',
      p.name,
      `${p.name}'s credits: ${described} is effected as ${p.credits}`,
      CREDITS,
      { written: described },
      {
        readings: described > 0 ? { readings: o.readings, ids: ['credit-rounding'] } : undefined,
      },
    ),
  ];
}

/** The page's own time: its latest History row (or the start), never after the run. */
function pageTime(s: NomicoupState, now: Date): Date {
  const latest = Math.max(s.game.start.getTime(), ...(s.history ?? []).map((h) => h.time.getTime()));
  return new Date(Math.min(latest, now.getTime()));
}

/** 3 Turns: an action recorded on the current turn after its 48 hours is void; the turn had timed out. */
function voidLateAction(s: NomicoupState, ruleset: NomicoupRuleset): Change[] {
  const t = currentTurn(s);
  if (t?.ended == null || t.endedBy === 'timeout' || t.ended.getTime() <= t.began.getTime() + ruleset.constants.turnHours * HOUR) return [];
  const recorded = `${t.endedBy ?? 'an action'} at ${t.ended.toISOString().slice(0, 16).replace('T', ' ')}`;
  t.ended = null;
  t.endedBy = null;
  const [timeout] = timeOut(s, ruleset);
  return [{ ...timeout!, change: `${timeout!.change}; ${recorded}, after them, is void` }];
}

export function advance(ruleset: NomicoupRuleset, state: NomicoupState, o: AdvanceOptions): AdvanceResult {
  const s = structuredClone(state);
  const problems = pageProblems(s, ruleset, o.now, o.readings);
  if (problems.length > 0) throw new GamestateError(problems);
  let clock = pageTime(s, o.now);
  const changes: Change[] = [...recomputeBotCells(s, ruleset, clock), ...voidLateAction(s, ruleset)];
  for (const p of s.players) changes.push(...wholeCredits(s, p, o, clock), ...exileIfNoInfluence(s, p, ruleset, clock));
  // A winner ends the game at Won: what fell due up to it is applied, nothing after (without Won, nothing).
  const winner = s.game.winner.length > 0;
  const until = winner ? Math.min(o.now.getTime(), s.game.won?.getTime() ?? -Infinity) : o.now.getTime();
  catchUp({
    queue: listedAgain(() => events(s, ruleset, o, clock)),
    until,
    limit: new EventLimit(RUNAWAY, { page: s.page, from: `turn ${s.game.turn}`, to: o.now }),
    changes,
    // The simulation's clock: the latest instant anything fell due at.
    after: (e) => {
      if (e.at.getTime() > clock.getTime()) clock = e.at;
      return [];
    },
  });
  if (winner && s.game.won != null && s.history !== undefined && !s.history.some((h) => h.event === 'Victory')) {
    changes.push(
      change(s.game.won, s.game.turn, 'Victory', s.game.winner.join(', '), `${s.game.winner.join(', ')} won: the game is over`, WINNING, {
        won: formatInstant(s.game.won),
      }),
    );
  }
  changes.sort((a, b) => a.at.getTime() - b.at.getTime());
  s.history?.push(...changes.map((c) => ({ time: c.at, event: c.event, player: c.player, change: c.change })));
  s.game.treasury = treasuryOf(ruleset.constants.treasury, s.players);
  s.game.courtDeck = courtDeckOf(s, ruleset);
  const t = currentTurn(s);
  s.game.ends = timeoutAt(s, ruleset);
  s.phase = {
    number: s.game.turn,
    name: t === undefined ? 'not started' : `round ${t.round}, ${t.player}'s turn`,
    nextRollover: s.game.winner.length > 0 ? null : s.game.ends,
    winner: s.game.winner,
  };
  const waiting: Pending[] = s.cases
    .filter((c) => c.status === 'open' && c.judge === null)
    .map((c) => ({ at: null, what: `case ${c.id}: waiting for a Judge candidate` }));
  return { state: s, changes, due: dueOf(winner, () => events(s, ruleset, o, clock), waiting) };
}
