import * as f from '../../shared/fields.ts';
import { col, type TableSpec } from '../../shared/table-spec.ts';
import { joinedColumn, judgeColumn, playerColumn, winnerColumn } from '../../shared/columns.ts';
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

export const gameTable: TableSpec<GameRow> = {
  name: 'Game',
  identify: ['Start', 'Treasury'],
  columns: [
    col(
      'Start (UTC)',
      true,
      (t) => ({ start: f.readInstant(t) }),
      (g) => f.writeInstant(g.start),
    ),
    col(
      'Round',
      true,
      (t) => ({ round: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (g) => String(g.round),
    ),
    col(
      'Turn',
      true,
      (t) => ({ turn: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (g) => String(g.turn),
    ),
    col(
      'Current turn',
      false,
      (t) => ({ current: t ?? null }),
      (g) => g.current ?? NONE,
    ),
    col(
      'Turn began (UTC)',
      false,
      (t) => ({ began: f.readOptionalInstant(t) }),
      (g) => f.writeInstant(g.began),
    ),
    col(
      'Turn ends (UTC)',
      false,
      (t) => ({ ends: f.readOptionalInstant(t) }),
      (g) => f.writeInstant(g.ends),
    ),
    col(
      'Forced Coup',
      false,
      (t) => ({ forcedCoup: yesNo(t) }),
      (g) => writeYes(g.forcedCoup),
    ),
    col(
      'Treasury',
      true,
      (t) => ({ treasury: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (g) => String(g.treasury),
    ),
    col(
      'Court Deck',
      false,
      (t) => ({ courtDeck: t === undefined ? 0 : f.readInt(t) }),
      (g) => String(g.courtDeck),
    ),
    judgeColumn,
    col(
      'Previous Judge',
      false,
      (t) => ({ previousJudge: t ?? null }),
      (g) => g.previousJudge ?? NONE,
    ),
    winnerColumn,
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
    col(
      'Seat',
      true,
      (t) => ({ seat: t === undefined ? null : f.readInt(t, { min: 1 }) }),
      (p) => f.writeInt(p.seat),
    ),
    playerColumn,
    joinedColumn,
    col(
      'Credits',
      true,
      (t) => ({ credits: t === undefined ? 0 : readCredits(t) }),
      (p) => String(p.credits),
    ),
    col(
      'Influence',
      true,
      (t) => ({ influence: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.influence),
    ),
    col(
      'Revealed',
      false,
      (t) => ({ revealed: f.readList(t) }),
      (p) => f.writeList(p.revealed),
    ),
    col(
      'Exiles',
      false,
      (t) => ({ exiles: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.exiles),
    ),
    col(
      'Judge candidate',
      false,
      (t) => ({ candidate: yesNo(t) }),
      (p) => writeYes(p.candidate),
    ),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t ?? 'active', PlayerStatus.options) }),
      (p) => p.status,
    ),
    col(
      'Left (UTC)',
      false,
      (t) => ({ left: f.readOptionalInstant(t) }),
      (p) => f.writeInstant(p.left),
    ),
  ],
};

export const orderTable: TableSpec<OrderChange> = {
  name: 'Upcoming Order',
  identify: ['Adopted', 'Order'],
  columns: [
    col(
      'Adopted (UTC)',
      true,
      (t) => ({ adopted: f.readInstant(t) }),
      (o) => f.writeInstant(o.adopted),
    ),
    col(
      'Order',
      true,
      (t) => ({ order: f.readList(f.required(t)) }),
      (o) => f.writeList(o.order),
    ),
    col(
      'Applied (round)',
      true,
      (t) => ({ applied: f.readOptionalInt(t, { min: 1 }) }),
      (o) => f.writeInt(o.applied),
    ),
  ],
};

export const turnsTable: TableSpec<Turn> = {
  name: 'Turns',
  identify: ['Turn', 'Began'],
  columns: [
    col(
      'Turn',
      true,
      (t) => ({ number: f.readInt(t, { min: 1 }) }),
      (x) => String(x.number),
    ),
    col(
      'Round',
      true,
      (t) => ({ round: f.readInt(t, { min: 1 }) }),
      (x) => String(x.round),
    ),
    col(
      'Player',
      true,
      (t) => ({ player: f.required(t) }),
      (x) => x.player,
    ),
    col(
      'Began (UTC)',
      true,
      (t) => ({ began: f.readInstant(t) }),
      (x) => f.writeInstant(x.began),
    ),
    col(
      'Ended (UTC)',
      true,
      (t) => ({ ended: f.readOptionalInstant(t) }),
      (x) => f.writeInstant(x.ended),
    ),
    col(
      'Ended by',
      true,
      (t) => ({ endedBy: t ?? null }),
      (x) => x.endedBy ?? NONE,
    ),
  ],
};

export const propositionsTable: TableSpec<Proposition> = {
  name: 'Propositions',
  identify: ['Proponent', 'Posted'],
  columns: [
    col(
      'ID',
      true,
      (t) => ({ id: f.required(t) }),
      (p) => p.id,
    ),
    col(
      'Proponent',
      true,
      (t) => ({ proponent: f.required(t) }),
      (p) => p.proponent,
    ),
    col(
      'Posted (UTC)',
      true,
      (t) => ({ posted: f.readInstant(t) }),
      (p) => f.writeInstant(p.posted),
    ),
    col(
      'Deadline (UTC)',
      false,
      (t) => ({ deadline: f.readOptionalInstant(t) }),
      (p) => f.writeInstant(p.deadline),
    ),
    col(
      'Up',
      true,
      (t) => ({ up: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.up),
    ),
    col(
      'Down',
      true,
      (t) => ({ down: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.down),
    ),
    col(
      'Right',
      true,
      (t) => ({ right: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.right),
    ),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t ?? 'active', PropositionStatus.options) }),
      (p) => p.status,
    ),
  ],
};

export const casesTable: TableSpec<JudgeCase> = {
  name: 'Judge',
  identify: ['Case', 'Raised'],
  columns: [
    col(
      'Case',
      true,
      (t) => ({ id: f.required(t) }),
      (c) => c.id,
    ),
    col(
      'Raised (UTC)',
      true,
      (t) => ({ raised: f.readInstant(t) }),
      (c) => f.writeInstant(c.raised),
    ),
    col(
      'Judge',
      true,
      (t) => ({ judge: t ?? null }),
      (c) => c.judge ?? NONE,
    ),
    col(
      'Chosen (UTC)',
      true,
      (t) => ({ chosen: f.readOptionalInstant(t) }),
      (c) => f.writeInstant(c.chosen),
    ),
    col(
      'Suggested (UTC)',
      true,
      (t) => ({ suggested: f.readOptionalInstant(t) }),
      (c) => f.writeInstant(c.suggested),
    ),
    col(
      'Up',
      true,
      (t) => ({ up: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (c) => String(c.up),
    ),
    col(
      'Down',
      true,
      (t) => ({ down: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (c) => String(c.down),
    ),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t ?? 'open', CaseStatus.options) }),
      (c) => c.status,
    ),
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
