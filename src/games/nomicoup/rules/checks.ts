import type { Problem } from '../../shared/gamestate-error.ts';
import type { ChosenReadings } from '../../shared/readings.ts';
import { formatInstant } from '../../../sim/trail.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { HistoryEntry, NomicoupState, Player } from '../gamestate/schema.ts';
import type { RuleRef } from './change.ts';
import { FORCED_COUP } from './forced-coup.ts';
import { CHOOSING, SUGGESTION } from './judge.ts';
import { EXITING, PLACEMENT } from './membership.ts';
import { CHANGING_ORDER } from './order.ts';
import { CASTING, ELIGIBILITY, SUBMITTING } from './propositions.ts';
import { STARTING } from './start.ts';
import { TURNS } from './turns.ts';

// The rules that bound what a page may record, checked before a run computes anything: a page that
// breaks one is refused (no edit), each problem naming its table, row and column and quoting the rule.
// The inventory of docs/gamestate-format-nomicoup.md lists them, with what the bot applies instead.

const HOUR = 3_600_000;

export const CHARACTERS = {
  rule: '4.6 Coup / Characters',
  sentence:
    'Subrules of this define the characters (cards) available within coup. Unless specified, there is 3 cards of each character initially in the Court Deck.',
};
export const LOSING = {
  rule: '4.8 Coup / Losing Influence',
  sentence: 'When a player loses influence, they must select 1 of their cards, reveal it and discard it. It no longer provides influence.',
};
export const ORDER = { rule: '3 Turns', sentence: 'Players take turns according to the turn order.' };
export const ACTIONS = { rule: '4.4 Coup / Actions', sentence: "On a player's turn they may take one action." };
export const PASSING = {
  rule: '3.3 Turns / Passing',
  sentence:
    'At any point during their turn, a player may prematurely end it. This overrides anything that would normally be required to do before the end of their turn.',
};
/** What ends a turn besides an action: a pass (3.3), the 48 hours (3), leaving (2.3). */
const NOT_ACTIONS = ['pass', 'timeout', 'forfeit'];

const quote = (ref: RuleRef) => ` (${ref.rule}: "${ref.sentence}")`;
const time = formatInstant;

/** Every problem of the page against the rules it can break, at the run's time `now`. */
export function pageProblems(s: NomicoupState, ruleset: NomicoupRuleset, now: Date, readings: ChosenReadings): Problem[] {
  const problems: Problem[] = [];
  const at = (table: string, row: number | undefined, column: string) => ({ page: s.page, table, row, column });
  const add = (message: string, ref: RuleRef, table: string, row: number | undefined, column: string) =>
    problems.push({ message: message + quote(ref), location: at(table, row, column) });
  const record = recordOf(s.history);
  const afterRun = (what: string, t: Date | null, table: string, row: number | undefined, column: string) => {
    if (t !== null && t.getTime() > now.getTime())
      problems.push({
        message: `${what} ${time(t)} is after the run's time ${time(now)}: a page cannot record what has not happened`,
        location: at(table, row, column),
      });
  };

  turnProblems(s, ruleset, readings, record, afterRun, add);
  afterRun('the game was won at', s.game.won ?? null, 'Game', 1, 'Won (UTC)');

  memberProblems(s, record, add);
  propositionProblems(s, now, record, add, afterRun);
  judgeProblems(s, record, add, afterRun);
  holdingProblems(s, ruleset, add);
  return problems;
}

type Add = (message: string, ref: RuleRef, table: string, row: number | undefined, column: string) => void;
type AfterRun = (what: string, t: Date | null, table: string, row: number | undefined, column: string) => void;

type HistoryRecord = ReturnType<typeof recordOf>;

/** A player who left before joining; an order change written applied though the bot never applied it. */
function memberProblems(s: NomicoupState, record: HistoryRecord, add: Add): void {
  for (const p of s.players) {
    if (p.left !== null && p.left.getTime() < p.joined.getTime())
      add(`${p.name} left at ${time(p.left)}, before joining at ${time(p.joined)}`, EXITING, 'Players', p.row, 'Left (UTC)');
  }
  for (const o of s.orderChanges) {
    if (
      o.applied !== null &&
      record.covers(o.adopted) &&
      record.rows('Turn order', (c) => c.startsWith(`round ${o.applied}: the turn order is `)).length === 0
    ) {
      add(
        `the order change adopted at ${time(o.adopted)} is written applied in round ${o.applied}, but the bot never applied it (no History row "round ${o.applied}: the turn order is …"): the bot applies it when the round begins`,
        CHANGING_ORDER,
        'Upcoming Order',
        o.row,
        'Applied (round)',
      );
    }
  }
}

/** A proposition posted after the run or before its proponent joined, with more votes than voters, or closed by hand. */
function propositionProblems(s: NomicoupState, now: Date, record: HistoryRecord, add: Add, afterRun: AfterRun): void {
  const voters = (proponent: string) => s.players.filter((p) => p.status === 'active' && p.joined.getTime() <= now.getTime() && p.name !== proponent).length;
  for (const p of s.propositions) {
    afterRun(`proposition ${p.id} was posted at`, p.posted, 'Propositions', p.row, 'Posted (UTC)');
    const proponent = s.players.find((x) => x.name === p.proponent);
    if (proponent !== undefined && proponent.joined.getTime() > p.posted.getTime()) {
      add(
        `${p.proponent} posted proposition ${p.id} at ${time(p.posted)}, before joining at ${time(proponent.joined)}`,
        SUBMITTING,
        'Propositions',
        p.row,
        'Proponent',
      );
    }
    const eligible = voters(p.proponent);
    if (p.status === 'active' && p.up + p.down + p.right > eligible) {
      add(
        `proposition ${p.id} has ${p.up + p.down + p.right} votes (${p.up} up, ${p.down} down, ${p.right} right) from ${eligible} eligible voters`,
        { rule: `${CASTING.rule}; ${ELIGIBILITY.rule}`, sentence: `${CASTING.sentence} ${ELIGIBILITY.sentence}` },
        'Propositions',
        p.row,
        'Up',
      );
    }
    if (p.status !== 'active' && record.covers(p.posted) && record.rows('Proposition', (c) => c === `proposition ${p.id} ${p.status}`).length === 0) {
      add(
        `proposition ${p.id} is written ${p.status}, but the bot never closed it (no History row "proposition ${p.id} ${p.status}"): the bot closes propositions`,
        CASTING,
        'Propositions',
        p.row,
        'Status',
      );
    }
  }
}

/** The Judge's cases and draws: times after the run or out of order, more votes than players, a Judge no draw of the bot chose. */
function judgeProblems(s: NomicoupState, record: HistoryRecord, add: Add, afterRun: AfterRun): void {
  const players = s.players.filter((p) => p.status === 'active').length;
  for (const c of s.cases) {
    afterRun(`case ${c.id}'s Judge was chosen at`, c.chosen, 'Judge', c.row, 'Chosen (UTC)');
    afterRun(`case ${c.id}'s suggestion was made at`, c.suggested, 'Judge', c.row, 'Suggested (UTC)');
    if (c.suggested !== null && (c.chosen === null || c.suggested.getTime() < c.chosen.getTime())) {
      add(`case ${c.id}'s suggestion (${time(c.suggested)}) is before its Judge was chosen`, SUGGESTION, 'Judge', c.row, 'Suggested (UTC)');
    }
    if (c.up + c.down > players) add(`case ${c.id} has ${c.up + c.down} votes from ${players} players`, SUGGESTION, 'Judge', c.row, 'Up');
    if (c.judge !== null && c.chosen !== null && record.covers(c.chosen)) {
      // The case's latest draw must be this Judge at this time.
      const draw = record.rows('Judge', (text) => text.includes(` is the Judge for case ${c.id} (`)).at(-1);
      if (draw === undefined || draw.player !== c.judge || draw.time.getTime() !== c.chosen.getTime()) {
        add(
          `${c.judge} is written as the Judge of case ${c.id} chosen at ${time(c.chosen)}, but no draw of the bot chose them then: the bot draws the Judge`,
          CHOOSING,
          'Judge',
          c.row,
          'Judge',
        );
      }
    }
  }
  if (s.game.judge !== null && s.game.judge === s.game.previousJudge) {
    add(`${s.game.judge} is both the Judge and the Previous Judge`, CHOOSING, 'Game', 1, 'Previous Judge');
  }
  // The Judge and Previous Judge cells are written from the History's draws (rules/bot-cells.ts): two draws of one
  // player in a row there (a row between them removed) would write them both the same.
  const draws = (s.history ?? []).filter((h) => h.event === 'Judge').sort((a, b) => a.time.getTime() - b.time.getTime());
  const last = draws.at(-1);
  if (last !== undefined && s.game.judge !== last.player && s.game.previousJudge === last.player) {
    add(
      `the Previous Judge is ${last.player}, whom the History's last draw (${time(last.time)}) made the Judge: the bot writes the Judge from that draw`,
      CHOOSING,
      'Game',
      1,
      'Previous Judge',
    );
  }
  draws.forEach((d, i) => {
    const before = draws[i - 1];
    if (before !== undefined && before.player === d.player) {
      add(
        `the History has ${d.player} drawn as the Judge twice in a row (${time(before.time)} and ${time(d.time)}): a Judge draw between them is missing`,
        CHOOSING,
        'History',
        undefined,
        'Player',
      );
    }
  });
}

/** The Turns rows: the bot begins every turn (its History records each), the player ends it within 48 hours or it times out. */
function turnProblems(s: NomicoupState, ruleset: NomicoupRuleset, readings: ChosenReadings, record: Record_, afterRun: AfterRun, add: Add): void {
  const limit = ruleset.constants.turnHours * HOUR;
  const endings = new Set([...ruleset.actions.map((a) => a.name.toLowerCase()), ...NOT_ACTIONS]);
  s.turns.forEach((t, i) => {
    const where = (column: string): [string, number | undefined, string] => ['Turns', t.row, column];
    afterRun(`turn ${t.number} began at`, t.began, ...where('Began (UTC)'));
    afterRun(`turn ${t.number} ended at`, t.ended, ...where('Ended (UTC)'));
    const timeout = t.began.getTime() + limit;
    if (t.ended !== null && t.endedBy === 'timeout' && t.ended.getTime() !== timeout) {
      add(
        `turn ${t.number} is written as timed out at ${time(t.ended)}, but its ${ruleset.constants.turnHours} hours end at ${time(new Date(timeout))}`,
        TURNS,
        ...where('Ended (UTC)'),
      );
    }
    // The last turn's late action is voided by the run (advance.ts); a later turn already began after it.
    if (t.ended !== null && t.endedBy !== 'timeout' && t.ended.getTime() > timeout && i < s.turns.length - 1) {
      add(
        `turn ${t.number} is written as ended by ${t.endedBy ?? 'an action'} at ${time(t.ended)}, after its ${ruleset.constants.turnHours} hours had passed at ${time(new Date(timeout))}`,
        TURNS,
        ...where('Ended (UTC)'),
      );
    }
    const endedBy = t.endedBy?.trim().toLowerCase() ?? null;
    if (endedBy !== null && !endings.has(endedBy))
      add(`turn ${t.number} is ended by "${t.endedBy}", which is no action of the Ruleset, nor a pass`, ACTIONS, ...where('Ended by'));
    // Flagged when it began (its History row), or the Game table's flag for the current turn.
    const forced =
      record.rows('Forced Coup', () => true).some((h) => h.player === t.player && h.time.getTime() === t.began.getTime()) ||
      (i === s.turns.length - 1 && s.game.forcedCoup);
    if (forced && endedBy !== null && endings.has(endedBy) && !['coup', ...NOT_ACTIONS].includes(endedBy)) {
      add(
        `${t.player} started turn ${t.number} with Forced Coup, but it is ended by ${t.endedBy}: only a Coup or a pass may end it`,
        { rule: `${FORCED_COUP.rule}; ${PASSING.rule}`, sentence: `${FORCED_COUP.sentence} ${PASSING.sentence}` },
        ...where('Ended by'),
      );
    }
    const previous = s.turns[i - 1];
    if (previous?.ended != null) {
      const early = t.began.getTime() < previous.ended.getTime();
      if (early || (readings.get('turn-begins') === 'previous-end' && t.began.getTime() !== previous.ended.getTime())) {
        add(`turn ${t.number} began at ${time(t.began)}, but turn ${previous.number} ended at ${time(previous.ended)}`, TURNS, ...where('Began (UTC)'));
      }
    }
    const round = previous === undefined ? [1] : [previous.round, previous.round + 1];
    if (!round.includes(t.round)) add(`turn ${t.number} is in round ${t.round}, after a turn of round ${previous?.round ?? '-'}`, ORDER, ...where('Round'));
    const player = s.players.find((p) => p.name === t.player);
    if (player !== undefined && player.joined.getTime() > t.began.getTime()) {
      add(`${t.player}'s turn ${t.number} began at ${time(t.began)}, before they joined at ${time(player.joined)}`, ORDER, ...where('Player'));
    }
    const begun = record.rows('Turn', (text) => text.startsWith(`turn ${t.number} (round ${t.round}) begins: ${t.player},`));
    if (record.covers(t.began) && !begun.some((h) => h.player === t.player && h.time.getTime() === t.began.getTime())) {
      add(
        `turn ${t.number} (round ${t.round}, ${t.player}, ${time(t.began)}) is not a turn the bot began: the History has no row "turn ${t.number} (round ${t.round}) begins: ${t.player}" at ${time(t.began)}; the bot writes each turn's row`,
        ORDER,
        ...where('Player'),
      );
    }
  });
}

/**
 * What players hold: no revealed card before they have a seat (a join deals their cards), and once the game started,
 * 2 cards each (influence or revealed), no card the Court Deck never had.
 */
function holdingProblems(s: NomicoupState, ruleset: NomicoupRuleset, add: Add): void {
  for (const p of s.players)
    if (p.seat === null && p.revealed.length > 0)
      add(`${p.name} has no seat, so no cards: a player is dealt their cards when they join (Revealed must be -)`, PLACEMENT, 'Players', p.row, 'Revealed');
  if (s.turns.length === 0) return;
  const cards = ruleset.constants.startingCards;
  const seated = s.players.filter((p) => p.seat !== null);
  for (const p of seated) {
    if (p.influence + p.revealed.length !== cards) {
      add(
        `${p.name} holds ${p.influence} influence and ${p.revealed.length} revealed cards: a player's ${cards} cards each provide influence or are revealed`,
        { rule: `${STARTING.rule}; ${LOSING.rule}`, sentence: `${STARTING.sentence} ${LOSING.sentence}` },
        'Players',
        p.row,
        'Influence',
      );
    }
    for (const card of p.revealed)
      if (!(card in ruleset.courtDeck)) add(`"${card}" is not a character of the Ruleset`, CHARACTERS, 'Players', p.row, 'Revealed');
  }
  // Cards that replace others when drawn (none initially in the deck) are bounded only by the total.
  for (const [character, copies] of Object.entries(ruleset.courtDeck)) {
    if (copies === 0) continue;
    const holders: Player[] = seated.flatMap((p) => p.revealed.filter((c) => c === character).map(() => p));
    if (holders.length > copies)
      add(`${holders.length} ${character} cards are revealed, but the Court Deck has ${copies}`, CHARACTERS, 'Players', holders[copies]!.row, 'Revealed');
  }
  const total = Object.values(ruleset.courtDeck).reduce((a, b) => a + b, 0);
  const held = seated.reduce((a, p) => a + p.influence + p.revealed.length, 0);
  if (held > total) add(`the players hold ${held} cards, but the game has ${total}`, CHARACTERS, 'Players', undefined, 'Influence');
}

type Record_ = ReturnType<typeof recordOf>;

/**
 * The page's History as the record of what the bot did. `covers(t)`: the History still holds the rows from
 * `t` on (older ones may be archived: what they record cannot be checked, and is not).
 */
function recordOf(history: readonly HistoryEntry[] | undefined) {
  const rows = history ?? [];
  const oldest = rows.length === 0 ? undefined : Math.min(...rows.map((h) => h.time.getTime()));
  return {
    covers: (t: Date) => oldest !== undefined && t.getTime() >= oldest,
    rows: (event: string, change: (text: string) => boolean) => rows.filter((h) => h.event === event && change(h.change)),
  };
}
