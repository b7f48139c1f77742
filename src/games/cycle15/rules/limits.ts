import type { Calendar } from '../../../sim/calendar.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { Location } from '../../../parse/location.ts';
import { reputableByRule } from '../../shared/reputability.ts';
import { GamestateError, type Problem } from '../../shared/gamestate-error.ts';
import type { Gamestate, Move, MoveStatus } from '../gamestate/schema.ts';
import { MOVEMENT_RULE } from './movement.ts';
import { GRACE_RULE, INCOMPLETE_RULE, PROGRESSIVE_RULE } from './moves.ts';
import { phaseNumberAt } from '../../../sim/calendar.ts';
import { REPUTABLE_RULE } from './reputability.ts';
import { VICTORY_RULE, winnerAt, type Threshold } from './victory.ts';

// The rules that limit what a page may record (who may act, when, how many times), checked before a
// run applies anything: a page that breaks one is refused, naming the cell and quoting the sentence,
// and nothing is written. The inventory: docs/gamestate-format-cycle15.md, "Rules the bot checks".

export const JOIN_RULE = 'Players: “Any person may become a player by posting a message setting forth their intent to do so in the channel #game-actions”';
export const LEAVE_RULE = 'Players: “A player may cease being a player by sending a message that sets forth their intent to do so in #game-actions.”';
export const NO_TUNE_UP_VOTE = 'Tune Up Class Proposal: “It is not possible to vote on a Tune Up class proposal.”';

/** Statuses of a move that was made (performed, whatever became of it since): “provided they have not done so previously”. */
const MADE: ReadonlySet<MoveStatus> = new Set(['commenced', 'performed', 'accepted', 'error', 'incomplete', 'identified', 'penalised', 'negated']);

/** What each check reads, and where its problems go. */
interface LimitCheck {
  state: Gamestate;
  calendar: Calendar;
  now: Date;
  problems: Problem[];
  at(table: string, row: number | undefined, column: string): Location;
  /** After the run's time: not yet happened. */
  later(d: Date): boolean;
}

const t = formatInstant;

/** Every limit the page breaks at `now`, each with its cell and sentence; none: the run may go on. */
export function limitProblems(state: Gamestate, calendar: Calendar, now: Date, victory: Threshold | null): Problem[] {
  const c: LimitCheck = {
    state,
    calendar,
    now,
    problems: [],
    at: (table, row, column) => ({ page: state.page, table, row, column }),
    later: (d) => d.getTime() > now.getTime(),
  };
  playerProblems(c);
  moveProblems(c);
  proposalProblems(c);
  winnerProblems(c, victory);
  return c.problems;
}

/** A player who joins or leaves after the run, leaves before joining, or has grants recorded before becoming reputable. */
function playerProblems({ state, now, problems, at, later }: LimitCheck): void {
  for (const p of state.players) {
    if (later(p.joined))
      problems.push({
        message: `${p.name} joined at ${t(p.joined)}, after the run's time ${t(now)}: nobody is a player before joining (${JOIN_RULE})`,
        location: at('Players', p.row, 'Joined (UTC)'),
      });
    if (p.left !== null && p.left.getTime() < p.joined.getTime())
      problems.push({
        message: `${p.name} left at ${t(p.left)}, before joining at ${t(p.joined)} (${LEAVE_RULE})`,
        location: at('Players', p.row, 'Left (UTC)'),
      });
    else if (p.left !== null && later(p.left))
      problems.push({
        message: `${p.name} left at ${t(p.left)}, after the run's time ${t(now)}: a departure is recorded once it has happened (${LEAVE_RULE})`,
        location: at('Players', p.row, 'Left (UTC)'),
      });
    if (p.grant !== null) {
      const since = reputableByRule(p, state.phase.cycleStart);
      if (later(since))
        problems.push({
          message: `the grants are recorded as made in phase ${p.grant}, but ${p.name} becomes reputable only at ${t(since)}, after the run's time ${t(now)} (${REPUTABLE_RULE})`,
          location: at('Players', p.row, 'Reputability grant'),
        });
      else if (p.left !== null && p.left.getTime() <= since.getTime())
        problems.push({
          message: `the grants are recorded as made, but ${p.name} left at ${t(p.left)}, before becoming reputable at ${t(since)} (${REPUTABLE_RULE})`,
          location: at('Players', p.row, 'Reputability grant'),
        });
    }
  }
}

/** Moves: after the run, by someone not a player then, a second in a phase, or a status only a later phase gives. */
function moveProblems({ state, calendar, now, problems, at, later }: LimitCheck): void {
  const pagePhase = state.phase.number;
  const players = new Map(state.players.map((p) => [p.name, p]));
  const made = new Map<string, Move>();
  for (const m of [...state.moves].sort((a, b) => a.time.getTime() - b.time.getTime())) {
    const where = (column: string) => at('Moves', m.row, column);
    const phase = phaseNumberAt(m.time, calendar);
    const mover = players.get(m.player);
    if (later(m.time))
      problems.push({
        message: `a move of ${m.player} at ${t(m.time)}, after the run's time ${t(now)}: a move is recorded once it is commenced`,
        location: where('Time (UTC)'),
      });
    if (mover !== undefined && m.time.getTime() < mover.joined.getTime())
      problems.push({
        message: `${m.player} moved at ${t(m.time)}, before joining at ${t(mover.joined)}: only a player moves (${MOVEMENT_RULE})`,
        location: where('Time (UTC)'),
      });
    if (mover?.left != null && m.time.getTime() >= mover.left.getTime())
      problems.push({
        message: `${m.player} moved at ${t(m.time)}, after leaving at ${t(mover.left)}: only a player moves (${MOVEMENT_RULE})`,
        location: where('Time (UTC)'),
      });
    if (MADE.has(m.status)) {
      const key = `${m.player}\u0000${phase}`;
      const first = made.get(key);
      if (first !== undefined)
        problems.push({
          message: `a second move of ${m.player} in phase ${phase} (the first at ${t(first.time)}, row ${first.row ?? '?'}): ${MOVEMENT_RULE}`,
          location: where('Time (UTC)'),
        });
      else made.set(key, m);
    }
    // Statuses only the end of a phase gives (the bot writes them then): not before.
    if (m.status === 'accepted' && phase > pagePhase - 2)
      problems.push({
        message: `the move of ${t(m.time)} (phase ${phase}) is accepted only at the end of phase ${phase + 1}, and the page is in phase ${pagePhase}: ${GRACE_RULE}`,
        location: where('Status'),
      });
    if (m.status === 'not performed' && phase > pagePhase - 1)
      problems.push({
        message: `the move of ${t(m.time)} is "not performed" only once its phase ${phase} has ended, and the page is in phase ${pagePhase}: ${PROGRESSIVE_RULE}`,
        location: where('Status'),
      });
    if (
      m.status === 'negated' &&
      !state.moves.some((x) => x.player === m.player && x.status === 'penalised' && phaseNumberAt(x.time, calendar) === phase - 1)
    ) {
      problems.push({
        message: `the move of ${t(m.time)} is negated, but ${m.player} has no penalised incomplete move in the phase before it: ${INCOMPLETE_RULE}`,
        location: where('Status'),
      });
    }
  }
}

/** Proposals submitted after the run, a Tune Up class proposal in voting or ahead of the page's phase. */
function proposalProblems({ state, now, problems, at, later }: LimitCheck): void {
  const pagePhase = state.phase.number;
  for (const p of state.proposals) {
    const where = (column: string) => at('Proposals', p.row, column);
    if (later(p.submitted))
      problems.push({ message: `proposal ${p.id} is submitted at ${t(p.submitted)}, after the run's time ${t(now)}`, location: where('Submitted (UTC)') });
    if (p.proposalClass === 'Tune Up' && p.status === 'voting')
      problems.push({ message: `proposal ${p.id} is a Tune Up class proposal in voting: ${NO_TUNE_UP_VOTE}`, location: where('Status') });
    if (p.tuneUpSince !== null && p.tuneUpSince > pagePhase)
      problems.push({
        message: `proposal ${p.id} is a Tune Up class proposal since phase ${p.tuneUpSince}, after the page's phase ${pagePhase}`,
        location: where('Tune Up since phase'),
      });
  }
}

function winnerProblems({ state, now, problems, at, later }: LimitCheck, victory: Threshold | null): void {
  // Winner is the bot's: a name there must be a player who met the condition with the page's counts at some instant
  // (the set of players changes at each Joined and Left time; the counts do not change once the cycle has ended).
  const named = state.phase.winner;
  if (named.length > 0 && victory !== null) {
    const instants = [now, ...state.players.flatMap((p) => [p.joined, ...(p.left === null ? [] : [p.left])])].filter((d) => !later(d));
    const won = instants.some((d) => named.length === 1 && winnerAt(state.players, victory, d)?.player.name === named[0]);
    if (!won)
      problems.push({
        message: `the Winner cell names ${named.join(', ')}, who never meets the condition with the counts on this page; Winner is written by the bot when it holds: ${VICTORY_RULE}`,
        location: at('Phase', 1, 'Winner'),
      });
  }
}

/** limitProblems as a refusal: any problem stops the run with nothing written. */
export function refuseBrokenLimits(state: Gamestate, calendar: Calendar, now: Date, victory: Threshold | null): void {
  const problems = limitProblems(state, calendar, now, victory);
  if (problems.length > 0) throw new GamestateError(problems);
}
