import * as f from '../../shared/fields.ts';
import { col, recordOf, type TableSpec } from '../../shared/table-spec.ts';
import * as cols from '../../shared/columns.ts';
import { NONE } from '../../shared/history.ts';
import type { PageSpec } from '../../kit/page-spec.ts';
import {
  CaseStatus,
  NomicoupState,
  PlayerStatus,
  PropositionStatus,
  type GameRow,
  type JudgeCase,
  type OrderChange,
  type Player,
  type Proposition,
  type Turn,
} from './schema.ts';

// The tables of the Nomicoup Gamestate page, column by column (docs/gamestate-format-nomicoup.md):
// found by their headers, read by header name, written back cell by cell.

const yesNo = (t: string | undefined): boolean => {
  if (t === undefined) return false;
  if (/^(yes|y|true|✓|✔)$/i.test(t.trim())) return true;
  if (/^(no|n|false)$/i.test(t.trim())) return false;
  throw new f.FieldError(`"${t}" is not yes or -`);
};
const writeYes = (b: boolean) => (b ? 'yes' : NONE);

/** A number of credits as written (4.2.1 effects fractions and non-positive values; the engine does that, with a History row). */
function readCredits(t: string | undefined): number {
  const m = /^([+-]?\d+(?:\.\d+)?)\s*(?:credits?|c)?$/i.exec(f.required(t).trim());
  if (!m) throw new f.FieldError(`"${t}" is not a number of credits`);
  return Number(m[1]);
}

// The cells the bot keeps with a `Recomputed` History row when the page says otherwise (rules/bot-cells.ts) are
// required columns: read as empty where the page had no such column, they would differ at every run, and every
// run would write another row (a column renamed by hand: found by the fuzz test).
export const gameTable: TableSpec<GameRow> = {
  name: 'Game',
  identify: ['Start', 'Treasury'],
  columns: [
    cols.instantColumn('Start (UTC)', true, 'start'),
    // The record of which turns were begun (with their draws): set back, they would begin again.
    recordOf(cols.intColumn('Round', true, 'round', { min: 0, blank: 0 })),
    recordOf(cols.intColumn('Turn', true, 'turn', { min: 0, blank: 0 })),
    cols.optionalTextColumn('Current turn', true, 'current'),
    cols.optionalInstantColumn('Turn began (UTC)', true, 'began'),
    cols.optionalInstantColumn('Turn ends (UTC)', true, 'ends'),
    cols.fieldColumn('Forced Coup', false, 'forcedCoup', yesNo, writeYes),
    cols.intColumn('Treasury', true, 'treasury', { min: 0, blank: 0 }),
    cols.intColumn('Court Deck', true, 'courtDeck', { blank: 0 }),
    { ...cols.judgeColumn, required: true },
    cols.optionalTextColumn('Previous Judge', true, 'previousJudge'),
    cols.winnerColumn,
    col(
      'Won (UTC)',
      false,
      (t) => ({ won: f.readOptionalInstant(t) }),
      (g: GameRow) => f.writeInstant(g.won ?? null),
    ),
  ],
};

export const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Seat', 'Player'],
  columns: [
    cols.optionalIntColumn('Seat', true, 'seat', { min: 1 }),
    cols.playerColumn,
    cols.joinedColumn,
    col(
      'Credits',
      true,
      (t) => ({ credits: t === undefined ? 0 : readCredits(t) }),
      (p) => String(p.credits),
    ),
    cols.intColumn('Influence', true, 'influence', { min: 0, blank: 0 }),
    cols.listColumn('Revealed', false, 'revealed'),
    cols.intColumn('Exiles', false, 'exiles', { min: 0, blank: 0 }),
    cols.fieldColumn('Judge candidate', false, 'candidate', yesNo, writeYes),
    cols.enumColumn('Status', true, 'status', PlayerStatus.options, 'active'),
    cols.optionalInstantColumn('Left (UTC)', false, 'left'),
  ],
};

export const orderTable: TableSpec<OrderChange> = {
  name: 'Upcoming Order',
  identify: ['Adopted', 'Order'],
  columns: [
    cols.instantColumn('Adopted (UTC)', true, 'adopted'),
    cols.filledListColumn('Order', true, 'order'),
    cols.optionalIntColumn('Applied (round)', true, 'applied', { min: 1 }),
  ],
};

export const turnsTable: TableSpec<Turn> = {
  name: 'Turns',
  identify: ['Turn', 'Began'],
  columns: [
    cols.intColumn('Turn', true, 'number', { min: 1 }),
    cols.intColumn('Round', true, 'round', { min: 1 }),
    cols.textColumn('Player', true, 'player'),
    cols.instantColumn('Began (UTC)', true, 'began'),
    cols.optionalInstantColumn('Ended (UTC)', true, 'ended'),
    cols.optionalTextColumn('Ended by', true, 'endedBy'),
  ],
};

export const propositionsTable: TableSpec<Proposition> = {
  name: 'Propositions',
  identify: ['Proponent', 'Posted'],
  columns: [
    cols.textColumn('ID', true, 'id'),
    cols.textColumn('Proponent', true, 'proponent'),
    cols.instantColumn('Posted (UTC)', true, 'posted'),
    cols.optionalInstantColumn('Deadline (UTC)', true, 'deadline'),
    cols.intColumn('Up', true, 'up', { min: 0, blank: 0 }),
    cols.intColumn('Down', true, 'down', { min: 0, blank: 0 }),
    cols.intColumn('Right', true, 'right', { min: 0, blank: 0 }),
    cols.enumColumn('Status', true, 'status', PropositionStatus.options, 'active'),
  ],
};

export const casesTable: TableSpec<JudgeCase> = {
  name: 'Judge',
  identify: ['Case', 'Raised'],
  columns: [
    cols.textColumn('Case', true, 'id'),
    cols.instantColumn('Raised (UTC)', true, 'raised'),
    cols.optionalTextColumn('Judge', true, 'judge'),
    cols.optionalInstantColumn('Chosen (UTC)', true, 'chosen'),
    cols.optionalInstantColumn('Suggested (UTC)', true, 'suggested'),
    cols.intColumn('Up', true, 'up', { min: 0, blank: 0 }),
    cols.intColumn('Down', true, 'down', { min: 0, blank: 0 }),
    cols.enumColumn('Status', true, 'status', CaseStatus.options, 'open'),
    // Bot-managed: how many Judges were drawn for the case (the seed of the next draw); absent: one if a Judge is named.
    {
      ...col(
        'Draws',
        false,
        (t) => (t === undefined ? {} : { draws: f.readInt(t, { min: 0 }) }),
        (c: JudgeCase) => String(c.draws),
      ),
      addWhen: (c: JudgeCase) => c.draws > 1,
    },
  ],
};

export const NOMICOUP_HISTORY_COLUMNS = ['Time (UTC)', 'Turn', 'Event', 'Player', 'Change', 'Reason'] as const;
export { historyTable } from '../../shared/history.ts';

/** The Nomicoup Gamestate page: its tables under the state's fields, and what a row may leave out. */
export const nomicoupPage: PageSpec<NomicoupState, 'game'> = {
  head: {
    field: 'game',
    table: gameTable,
    defaults: { current: null, began: null, ends: null, forcedCoup: false, courtDeck: 0, judge: null, previousJudge: null, winner: [] },
  },
  tables: {
    players: { table: playersTable, defaults: { revealed: [], exiles: 0, candidate: false, left: null } },
    orderChanges: { table: orderTable },
    turns: { table: turnsTable },
    propositions: { table: propositionsTable, defaults: { deadline: null } },
    // No Draws cell: one Judge was drawn if the case names one.
    cases: { table: casesTable, defaults: (c) => ({ draws: c.judge === null ? 0 : 1 }) },
  },
  schema: NomicoupState,
  appended: ['turns'], // the turns that began
  historyColumns: NOMICOUP_HISTORY_COLUMNS,
};
