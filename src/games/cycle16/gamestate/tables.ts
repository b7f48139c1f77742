import { NONE } from '../../shared/history.ts';
import * as f from './fields.ts';
import { recordOf, type Column as SharedColumn, type TableSpec as SharedTableSpec } from '../../shared/table-spec.ts';
import * as cols from '../../shared/columns.ts';
import type { PageSpec } from '../../kit/page-spec.ts';
import type { Battle, Card, Gift, Player, PhaseState } from './schema.ts';
import { BattleStatus, Gamestate, GiftStatus } from './schema.ts';

// The tables of the Gamestate page, column by column: how each cell is read into an entity and
// written back from it. Tables are found by their headers (not their heading or position), and
// rows are read by header name, so editors may reorder columns or use either cell style.

export interface ReadContext {
  packs: readonly string[];
}

/** Cycle 16's columns read packs by the ruleset's names. */
export type Column<E> = SharedColumn<E, ReadContext>;
export type TableSpec<E> = SharedTableSpec<E, ReadContext>;

/** A column whose reader may use the context (the packs); one reading the text alone is the shared `col`. */
export const col = <E>(label: string, required: boolean, read: Column<E>['read'], write: Column<E>['write']): Column<E> => ({ label, required, read, write });

export const phaseTable: TableSpec<PhaseState> = {
  name: 'Phase',
  identify: ['Cycle start', 'Phase number'],
  columns: [
    ...cols.phaseClockColumns,
    cols.winnerColumn,
    // Bot-managed, optional: added by the first manual rollover, which begins a phase before its boundary.
    {
      ...col(
        'Phase start (UTC)',
        false,
        (t) => ({ started: f.readOptionalInstant(t) }),
        (p: PhaseState) => f.writeInstant(p.started),
      ),
      addWhen: (p: PhaseState) => p.started !== null,
      record: 'kept',
    },
  ],
};

export const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Player', 'Joined'],
  columns: [
    cols.playerColumn,
    cols.joinedColumn,
    col(
      'Reputable since (UTC)',
      true,
      (t) => {
        const r = f.readReputable(t);
        return { reputableSince: r.at, declared: r.declared };
      },
      (p) => f.writeReputable(p.reputableSince, p.declared),
    ),
    // The record of the grant given: emptied, it would be paid again; written where empty, it is marked given.
    recordOf(cols.optionalIntColumn('Reputability grant', true, 'grant', { min: 0, ints: f }), 'once'),
    cols.optionalInstantColumn('Last action (UTC)', true, 'lastAction'),
    // Computed at each rollover, read in between (a gift to an inactive player gives 2 packs more).
    recordOf(cols.enumColumn('Status', true, 'status', ['active', 'inactive'] as const)),
    cols.intColumn('Vertebrae', true, 'vertebrae', { min: 0, ints: f }),
    cols.intColumn('Chips', true, 'chips', { min: 0, ints: f }),
    col(
      'Packs',
      true,
      (t, c) => ({ packs: f.readPacks(t, c.packs) }),
      (p) => f.writePacks(p.packs),
    ),
    cols.intColumn('Reconfiguration Tokens', true, 'tokens', { min: 0, blank: 0, ints: f }),
    cols.optionalTextColumn('Other items', false, 'other'),
    col<Player>(
      'Used this phase',
      true,
      (t) => f.readUsed(t),
      (p) => f.writeUsed(p.used, p.mazes),
    ),
    // Bot-managed, optional: added when Croupier first grants a card removal's Vertebrae; cleared with Used this phase.
    {
      ...col(
        'Removals granted',
        false,
        (t) => ({ removalsGranted: f.readOptionalInt(t, { min: 0 }) ?? 0 }),
        (p: Player) => f.writeInt(p.removalsGranted ? p.removalsGranted : null),
      ),
      addWhen: (p: Player) => (p.removalsGranted ?? 0) > 0,
      record: 'kept',
    },
  ],
};

export const cardsTable: TableSpec<Card> = {
  name: 'Cards',
  identify: ['Owner', 'Card'],
  columns: [
    col(
      'ID',
      true,
      (t) => ({ id: f.readInt(t?.replace(/^#/, ''), { min: 1 }) }),
      (c) => String(c.id),
    ),
    cols.textColumn('Owner', true, 'owner'),
    cols.textColumn('Card', true, 'species'),
    cols.listColumn('Modifiers', true, 'modifiers'),
    cols.listColumn('Gained', true, 'gained'),
    // Computed by Croupier from the species and what the card gained; read as written, never trusted.
    col(
      'Value(s)',
      false,
      (t) => ({ value: t ?? NONE }),
      (c) => c.value,
    ),
    cols.listColumn('Suit(s)', false, 'suits'),
    cols.listColumn('Colour(s)', false, 'colours'),
    cols.listColumn('Type(s)', false, 'types'),
    // The Fragile card's battles counted: set back, the card would outlive its three battles.
    recordOf(cols.optionalIntColumn('Battles', true, 'battles', { min: 0, ints: f })),
  ],
};

export const battlesTable: TableSpec<Battle> = {
  name: 'Battles',
  identify: ['Participants', 'Winner'],
  columns: [
    cols.intColumn('ID', true, 'id', { min: 1, ints: f }),
    cols.intColumn('Phase', true, 'phase', { min: 0, ints: f }),
    cols.fieldColumn('Participants (hand)', true, 'participants', f.readParticipants, f.writeParticipants),
    cols.fieldColumn('Bets', true, 'bets', f.readBets, f.writeBets),
    cols.fieldColumn('Final hands', true, 'finalHands', f.readFinalHands, f.writeFinalHands),
    cols.optionalTextColumn('Winner', true, 'winner'),
    cols.fieldColumn('Fragile cards', false, 'fragile', f.readCardRefs, f.writeCardRefs),
    // `commenced` and `rewarded` record the Full Hand and the rewards given: set back, they would be given again.
    recordOf(cols.enumColumn('Status', true, 'status', BattleStatus.options, 'declared'), { botValues: ['commenced', 'rewarded'] }),
    // Bot-managed, optional: added when Croupier first records the participants' decks, in the Rest Phase of the declaration.
    {
      ...col(
        'Decks',
        false,
        (t) => ({ decks: f.readFinalHands(t) }),
        (b: Battle) => f.writeFinalHands(b.decks ?? null),
      ),
      addWhen: (b: Battle) => (b.decks ?? null) !== null,
      record: 'kept', // the decks hands are checked against
    },
  ],
};

export const giftsTable: TableSpec<Gift> = {
  name: 'Gifts',
  identify: ['Giver', 'Receiver'],
  columns: [
    cols.instantColumn('Time (UTC)', true, 'time'),
    cols.textColumn('Giver', true, 'giver'),
    cols.textColumn('Receiver', true, 'receiver'),
    cols.optionalIntColumn('Packs', true, 'packs', { min: 0, ints: f }),
    // The packs granted, and the giver's pack given or not: set back, they would be granted again.
    recordOf(cols.enumColumn('Status', true, 'status', GiftStatus.options, 'recorded'), { botValues: ['granted', 'returned', 'closed'] }),
  ],
};

/** The Gamestate page: its tables, under the state's fields, and the defaults of what a row may leave out. */
export const gamestatePage: PageSpec<Gamestate, 'phase', ReadContext> = {
  head: { field: 'phase', table: phaseTable, defaults: { name: '', nextRollover: null, started: null, winner: [] } },
  tables: {
    players: { table: playersTable, defaults: { other: null } },
    cards: { table: cardsTable, defaults: { value: '-', suits: [], colours: [], types: [] } },
    battles: { table: battlesTable, defaults: { fragile: [] } },
    gifts: { table: giftsTable },
  },
  schema: Gamestate,
};

export { historyTable } from '../../shared/history.ts';
