import * as f from '../../shared/fields.ts';
import { NONE } from '../../shared/history.ts';
import { joinedColumn, judgeColumn, phaseNumberColumn, playerColumn, reputableSinceColumn, winnerColumn } from '../../shared/columns.ts';
import { col, computedCol, type TableSpec } from '../../shared/table-spec.ts';
import { readCards, readItems, readLimited, writeCards, writeItems, writeLimited, writeWealth } from './fields.ts';
import type { PageSpec } from '../../kit/page-spec.ts';
import { Gamestate, type Candidacy, type Contract, type Lot, type Player, type RoundState, type SecretAction, type Work } from './schema.ts';

// The tables of the Round 10 Gamestate page, column by column (docs/gamestate-format-round10.md).
// Found by their headers, read by header name. Bot columns are read as nothing: the bot computes them.

export const roundTable: TableSpec<RoundState> = {
  name: 'Round',
  identify: ['Round start', 'Phase number'],
  columns: [
    col(
      'Round start (UTC)',
      true,
      (t) => ({ start: f.readInstant(t) }),
      (p) => f.writeInstant(p.start),
    ),
    phaseNumberColumn,
    computedCol('Phase', (p) => p.name || NONE, 'nameShown'),
    computedCol('Next rollover (UTC)', (p) => f.writeInstant(p.nextRollover), 'nextRolloverShown'),
    col(
      'Star Price',
      true,
      (t) => ({ starPrice: t === undefined || /^null$/i.test(t) ? null : f.readInt(t, { min: 1 }) }),
      (p) => (p.starPrice === null ? NONE : String(p.starPrice)),
    ),
    col(
      'Star Price set (UTC)',
      true,
      (t) => ({ starPriceSet: f.readOptionalInstant(t) }),
      (p) => f.writeInstant(p.starPriceSet),
    ),
    computedCol('Participation', (p) => String(p.participation), 'participationShown'),
    col(
      'Bidders last auction',
      false,
      (t) => ({ lastBidders: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.lastBidders),
    ),
    judgeColumn,
    winnerColumn,
  ],
};

export const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Player', 'Joined', 'Chips', 'Trungs'],
  columns: [
    playerColumn,
    joinedColumn,
    // Written by the bot when the player becomes reputable; what it says is read (it records that it happened).
    reputableSinceColumn,
    col(
      'Chips',
      true,
      (t) => ({ chips: f.readInt(t, { min: 0 }) }),
      (p) => String(p.chips),
    ),
    col(
      'Trungs',
      true,
      (t) => ({ trungs: f.readInt(t, { min: 0 }) }),
      (p) => String(p.trungs),
    ),
    col(
      'Gold Stars',
      true,
      (t) => ({ goldStars: f.readInt(t, { min: 0 }) }),
      (p) => String(p.goldStars),
    ),
    col(
      'Standard Proposal Makers',
      true,
      (t) => ({ proposalMakers: f.readInt(t, { min: 0 }) }),
      (p) => String(p.proposalMakers),
    ),
    col(
      'Cards',
      true,
      (t) => ({ cards: readCards(t) }),
      (p) => writeCards(p.cards),
    ),
    col(
      'Works of Art',
      false,
      (t) => ({ works: f.readList(t) }),
      (p) => f.writeList(p.works),
    ),
    computedCol('Wealth', (p) => writeWealth(p.wealth), 'wealthShown'),
    computedCol('Tax', (p) => String(p.tax), 'taxShown'),
    col(
      'Income paid (UTC)',
      true,
      (t) => ({ incomePaid: f.readOptionalInstant(t) }),
      (p) => f.writeInstant(p.incomePaid),
    ),
    col(
      'Table',
      true,
      (t) => ({ table: t ?? null }),
      (p) => p.table ?? NONE,
    ),
    col(
      'Seated since (UTC)',
      true,
      (t) => ({ seatedSince: f.readOptionalInstant(t) }),
      (p) => f.writeInstant(p.seatedSince),
    ),
    col(
      'Limited tables this week',
      true,
      (t) => ({ limited: readLimited(t) }),
      (p) => writeLimited(p.limited),
    ),
  ],
};

export const contractsTable: TableSpec<Contract> = {
  name: 'Contracts',
  identify: ['Contract', 'Parties'],
  columns: [
    col(
      'Contract',
      true,
      (t) => ({ id: f.required(t) }),
      (c) => c.id,
    ),
    col(
      'Parties',
      true,
      (t) => ({ parties: f.readList(f.required(t)) }),
      (c) => f.writeList(c.parties),
    ),
    col(
      'Items',
      true,
      (t) => ({ items: readItems(t) }),
      (c) => writeItems(c.items),
    ),
  ],
};

export const lotsTable: TableSpec<Lot> = {
  name: 'Lots',
  identify: ['Lot', 'Kind', 'Creator'],
  columns: [
    col(
      'Lot',
      true,
      (t) => ({ id: f.required(t) }),
      (l) => l.id,
    ),
    col(
      'Kind',
      true,
      (t) => ({ kind: f.readEnum(t, ['House', 'Player'] as const) }),
      (l) => l.kind,
    ),
    col(
      'Creator',
      true,
      (t) => ({ creator: t ?? null }),
      (l) => l.creator ?? NONE,
    ),
    col(
      'Created (UTC)',
      true,
      (t) => ({ created: f.readInstant(t) }),
      (l) => f.writeInstant(l.created),
    ),
    col(
      'Items',
      true,
      (t) => ({ items: readItems(t) }),
      (l) => writeItems(l.items),
    ),
  ],
};

export const secretsTable: TableSpec<SecretAction> = {
  name: 'Secret actions',
  identify: ['Action', 'Hash'],
  columns: [
    col(
      'Action',
      true,
      (t) => ({ id: f.required(t) }),
      (s) => s.id,
    ),
    col(
      'Player',
      true,
      (t) => ({ player: f.required(t) }),
      (s) => s.player,
    ),
    col(
      'Kind',
      true,
      (t) => ({ kind: f.readEnum(t, ['Bid', 'Hand'] as const) }),
      (s) => s.kind,
    ),
    col(
      'Posted (UTC)',
      true,
      (t) => ({ posted: f.readInstant(t) }),
      (s) => f.writeInstant(s.posted),
    ),
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
    col(
      'Revealed text',
      true,
      (t) => ({ revealed: t ?? null }),
      (s) => s.revealed ?? NONE,
    ),
    computedCol('Matures (UTC)', (s) => f.writeInstant(s.matures), 'maturesShown'),
    computedCol('Revelation (UTC)', (s) => f.writeInstant(s.reveals), 'revealsShown'),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t, ['posted', 'succeeded', 'failed'] as const) }),
      (s) => s.status,
    ),
    col(
      'Result',
      false,
      (t) => ({ result: t ?? null }),
      (s) => s.result ?? NONE,
    ),
  ],
};

export const worksTable: TableSpec<Work> = {
  name: 'Works of Art',
  identify: ['Work', 'Title', 'Value'],
  columns: [
    col(
      'Work',
      true,
      (t) => ({ id: f.required(t) }),
      (w) => w.id,
    ),
    col(
      'Title',
      true,
      (t) => ({ title: f.required(t) }),
      (w) => w.title,
    ),
    col(
      'Owner',
      true,
      (t) => ({ owner: f.required(t) }),
      (w) => w.owner,
    ),
    col(
      'Value',
      true,
      (t) => ({ value: f.readInt(t, { min: 0 }) }),
      (w) => String(w.value),
    ),
  ],
};

export const candidaciesTable: TableSpec<Candidacy> = {
  name: 'Judge candidacies',
  identify: ['Candidate', 'Posted'],
  columns: [
    col(
      'Candidate',
      true,
      (t) => ({ player: f.required(t) }),
      (c) => c.player,
    ),
    col(
      'Posted (UTC)',
      true,
      (t) => ({ posted: f.readInstant(t) }),
      (c) => f.writeInstant(c.posted),
    ),
    col(
      '👍',
      true,
      (t) => ({ thumbs: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (c) => String(c.thumbs),
    ),
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
