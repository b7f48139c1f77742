import * as f from '../../shared/fields.ts';
import { NONE } from '../../shared/history.ts';
import * as cols from '../../shared/columns.ts';
import { col, computedCol, recordOf, type TableSpec } from '../../shared/table-spec.ts';
import { readCards, readItems, readLimited, writeCards, writeItems, writeLimited, writeWealth } from './fields.ts';
import type { PageSpec } from '../../kit/page-spec.ts';
import { Gamestate, type Candidacy, type Contract, type Lot, type Player, type RoundState, type SecretAction, type Work } from './schema.ts';

// The tables of the Round 10 Gamestate page, column by column (docs/gamestate-format-round10.md).
// Found by their headers, read by header name. Bot columns are read as nothing: the bot computes them.

export const roundTable: TableSpec<RoundState> = {
  name: 'Round',
  identify: ['Round start', 'Phase number'],
  columns: [
    cols.instantColumn('Round start (UTC)', true, 'start'),
    cols.phaseNumberColumn,
    computedCol('Phase', (p) => p.name || NONE, 'nameShown'),
    computedCol('Next rollover (UTC)', (p) => f.writeInstant(p.nextRollover), 'nextRolloverShown'),
    col(
      'Star Price',
      true,
      (t) => ({ starPrice: t === undefined || /^null$/i.test(t) ? null : f.readInt(t, { min: 1 }) }),
      (p) => (p.starPrice === null ? NONE : String(p.starPrice)),
    ),
    cols.optionalInstantColumn('Star Price set (UTC)', true, 'starPriceSet'),
    computedCol('Participation', (p) => String(p.participation), 'participationShown'),
    cols.intColumn('Bidders last auction', false, 'lastBidders', { min: 0, blank: 0 }),
    cols.judgeColumn,
    cols.winnerColumn,
  ],
};

export const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Player', 'Joined', 'Chips', 'Trungs'],
  columns: [
    cols.playerColumn,
    cols.joinedColumn,
    // Written by the bot when the player becomes reputable; what it says is read (it records that it happened).
    cols.reputableSinceColumn,
    cols.intColumn('Chips', true, 'chips', { min: 0 }),
    cols.intColumn('Trungs', true, 'trungs', { min: 0 }),
    cols.intColumn('Gold Stars', true, 'goldStars', { min: 0 }),
    cols.intColumn('Standard Proposal Makers', true, 'proposalMakers', { min: 0 }),
    cols.fieldColumn('Cards', true, 'cards', readCards, writeCards),
    cols.listColumn('Works of Art', false, 'works'),
    computedCol('Wealth', (p) => writeWealth(p.wealth), 'wealthShown'),
    computedCol('Tax', (p) => String(p.tax), 'taxShown'),
    // The record of the week's income paid: emptied, it would be paid again.
    recordOf(cols.optionalInstantColumn('Income paid (UTC)', true, 'incomePaid'), 'once'),
    cols.optionalTextColumn('Table', true, 'table'),
    cols.optionalInstantColumn('Seated since (UTC)', true, 'seatedSince'),
    cols.fieldColumn('Limited tables this week', true, 'limited', readLimited, writeLimited),
  ],
};

export const contractsTable: TableSpec<Contract> = {
  name: 'Contracts',
  identify: ['Contract', 'Parties'],
  columns: [
    cols.textColumn('Contract', true, 'id'),
    cols.filledListColumn('Parties', true, 'parties'),
    cols.fieldColumn('Items', true, 'items', readItems, writeItems),
  ],
};

export const lotsTable: TableSpec<Lot> = {
  name: 'Lots',
  identify: ['Lot', 'Kind', 'Creator'],
  columns: [
    cols.textColumn('Lot', true, 'id'),
    cols.enumColumn('Kind', true, 'kind', ['House', 'Player'] as const),
    cols.optionalTextColumn('Creator', true, 'creator'),
    cols.instantColumn('Created (UTC)', true, 'created'),
    cols.fieldColumn('Items', true, 'items', readItems, writeItems),
  ],
};

export const secretsTable: TableSpec<SecretAction> = {
  name: 'Secret actions',
  identify: ['Action', 'Hash'],
  columns: [
    cols.textColumn('Action', true, 'id'),
    cols.textColumn('Player', true, 'player'),
    cols.enumColumn('Kind', true, 'kind', ['Bid', 'Hand'] as const),
    cols.instantColumn('Posted (UTC)', true, 'posted'),
    col(
      'Hash',
      true,
      (t) => {
        const hash = f.required(t).toLowerCase();
        if (!/^[0-9a-f]{64}$/.test(hash)) throw new f.FieldError(`"${t}" is not a SHA-256 hash (64 hexadecimal digits)`);
        return { hash };
      },
      (s) => s.hash,
    ),
    cols.optionalTextColumn('Revealed text', true, 'revealed'),
    computedCol('Matures (UTC)', (s) => f.writeInstant(s.matures), 'maturesShown'),
    computedCol('Revelation (UTC)', (s) => f.writeInstant(s.reveals), 'revealsShown'),
    cols.enumColumn('Status', true, 'status', ['posted', 'succeeded', 'failed'] as const),
    cols.optionalTextColumn('Result', false, 'result'),
  ],
};

export const worksTable: TableSpec<Work> = {
  name: 'Works of Art',
  identify: ['Work', 'Title', 'Value'],
  columns: [
    cols.textColumn('Work', true, 'id'),
    cols.textColumn('Title', true, 'title'),
    cols.textColumn('Owner', true, 'owner'),
    cols.intColumn('Value', true, 'value', { min: 0 }),
  ],
};

export const candidaciesTable: TableSpec<Candidacy> = {
  name: 'Judge candidacies',
  identify: ['Candidate', 'Posted'],
  columns: [
    cols.textColumn('Candidate', true, 'player'),
    cols.instantColumn('Posted (UTC)', true, 'posted'),
    cols.intColumn('👍', true, 'thumbs', { min: 0, blank: 0 }),
  ],
};

/** The Round 10 Gamestate page: its tables under the state's fields; the bot's computed cells default to nothing shown. */
export const gamestatePage: PageSpec<Gamestate, 'phase'> = {
  head: { field: 'phase', table: roundTable, defaults: { name: '', nextRollover: null, participation: 0, lastBidders: 0, judge: null, winner: [] } },
  tables: {
    players: { table: playersTable, defaults: { reputableSince: null, works: [], wealth: 0, tax: 0 } },
    contracts: { table: contractsTable },
    lots: { table: lotsTable },
    secrets: { table: secretsTable, defaults: { matures: null, reveals: null, result: null } },
    works: { table: worksTable },
    candidacies: { table: candidaciesTable },
  },
  schema: Gamestate,
};

export { HISTORY_COLUMNS, historyTable } from '../../shared/history.ts';
