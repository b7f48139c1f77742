import { NONE } from '../../shared/history.ts';
import * as f from './fields.ts';
import type { Column as SharedColumn, TableSpec as SharedTableSpec } from '../../shared/table-spec.ts';
import { cycleStartColumn, joinedColumn, nextRolloverColumn, phaseNameColumn, phaseNumberColumn, playerColumn, winnerColumn } from '../../shared/columns.ts';
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
    cycleStartColumn,
    phaseNumberColumn,
    phaseNameColumn,
    nextRolloverColumn,
    winnerColumn,
    // Bot-managed, optional: added by the first manual rollover, which begins a phase before its boundary.
    {
      ...col(
        'Phase start (UTC)',
        false,
        (t) => ({ started: f.readOptionalInstant(t) }),
        (p: PhaseState) => f.writeInstant(p.started),
      ),
      addWhen: (p: PhaseState) => p.started !== null,
    },
  ],
};

export const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Player', 'Joined'],
  columns: [
    playerColumn,
    joinedColumn,
    col(
      'Reputable since (UTC)',
      true,
      (t) => {
        const r = f.readReputable(t);
        return { reputableSince: r.at, declared: r.declared };
      },
      (p) => f.writeReputable(p.reputableSince, p.declared),
    ),
    col(
      'Reputability grant',
      true,
      (t) => ({ grant: f.readOptionalInt(t, { min: 0 }) }),
      (p) => f.writeInt(p.grant),
    ),
    col(
      'Last action (UTC)',
      true,
      (t) => ({ lastAction: f.readOptionalInstant(t) }),
      (p) => f.writeInstant(p.lastAction),
    ),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t, ['active', 'inactive'] as const) }),
      (p) => p.status,
    ),
    col(
      'Vertebrae',
      true,
      (t) => ({ vertebrae: f.readInt(t, { min: 0 }) }),
      (p) => String(p.vertebrae),
    ),
    col(
      'Chips',
      true,
      (t) => ({ chips: f.readInt(t, { min: 0 }) }),
      (p) => String(p.chips),
    ),
    col(
      'Packs',
      true,
      (t, c) => ({ packs: f.readPacks(t, c.packs) }),
      (p) => f.writePacks(p.packs),
    ),
    col(
      'Reconfiguration Tokens',
      true,
      (t) => ({ tokens: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.tokens),
    ),
    col(
      'Other items',
      false,
      (t) => ({ other: t ?? null }),
      (p) => p.other ?? NONE,
    ),
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
    col(
      'Owner',
      true,
      (t) => ({ owner: f.required(t) }),
      (c) => c.owner,
    ),
    col(
      'Card',
      true,
      (t) => ({ species: f.required(t) }),
      (c) => c.species,
    ),
    col(
      'Modifiers',
      true,
      (t) => ({ modifiers: f.readList(t) }),
      (c) => f.writeList(c.modifiers),
    ),
    col(
      'Gained',
      true,
      (t) => ({ gained: f.readList(t) }),
      (c) => f.writeList(c.gained),
    ),
    // Computed by Croupier from the species and what the card gained; read as written, never trusted.
    col(
      'Value(s)',
      false,
      (t) => ({ value: t ?? NONE }),
      (c) => c.value,
    ),
    col(
      'Suit(s)',
      false,
      (t) => ({ suits: f.readList(t) }),
      (c) => f.writeList(c.suits),
    ),
    col(
      'Colour(s)',
      false,
      (t) => ({ colours: f.readList(t) }),
      (c) => f.writeList(c.colours),
    ),
    col(
      'Type(s)',
      false,
      (t) => ({ types: f.readList(t) }),
      (c) => f.writeList(c.types),
    ),
    col(
      'Battles',
      true,
      (t) => ({ battles: f.readOptionalInt(t, { min: 0 }) }),
      (c) => f.writeInt(c.battles),
    ),
  ],
};

export const battlesTable: TableSpec<Battle> = {
  name: 'Battles',
  identify: ['Participants', 'Winner'],
  columns: [
    col(
      'ID',
      true,
      (t) => ({ id: f.readInt(t, { min: 1 }) }),
      (b) => String(b.id),
    ),
    col(
      'Phase',
      true,
      (t) => ({ phase: f.readInt(t, { min: 0 }) }),
      (b) => String(b.phase),
    ),
    col(
      'Participants (hand)',
      true,
      (t) => ({ participants: f.readParticipants(t) }),
      (b) => f.writeParticipants(b.participants),
    ),
    col(
      'Bets',
      true,
      (t) => ({ bets: f.readBets(t) }),
      (b) => f.writeBets(b.bets),
    ),
    col(
      'Final hands',
      true,
      (t) => ({ finalHands: f.readFinalHands(t) }),
      (b) => f.writeFinalHands(b.finalHands),
    ),
    col(
      'Winner',
      true,
      (t) => ({ winner: t ?? null }),
      (b) => b.winner ?? NONE,
    ),
    col(
      'Fragile cards',
      false,
      (t) => ({ fragile: f.readCardRefs(t) }),
      (b) => f.writeCardRefs(b.fragile),
    ),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t ?? 'declared', BattleStatus.options) }),
      (b) => b.status,
    ),
    // Bot-managed, optional: added when Croupier first records the participants' decks, in the Rest Phase of the declaration.
    {
      ...col(
        'Decks',
        false,
        (t) => ({ decks: f.readFinalHands(t) }),
        (b: Battle) => f.writeFinalHands(b.decks ?? null),
      ),
      addWhen: (b: Battle) => (b.decks ?? null) !== null,
    },
  ],
};

export const giftsTable: TableSpec<Gift> = {
  name: 'Gifts',
  identify: ['Giver', 'Receiver'],
  columns: [
    col(
      'Time (UTC)',
      true,
      (t) => ({ time: f.readInstant(t) }),
      (g) => f.writeInstant(g.time),
    ),
    col(
      'Giver',
      true,
      (t) => ({ giver: f.required(t) }),
      (g) => g.giver,
    ),
    col(
      'Receiver',
      true,
      (t) => ({ receiver: f.required(t) }),
      (g) => g.receiver,
    ),
    col(
      'Packs',
      true,
      (t) => ({ packs: f.readOptionalInt(t, { min: 0 }) }),
      (g) => f.writeInt(g.packs),
    ),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t ?? 'recorded', GiftStatus.options) }),
      (g) => g.status,
    ),
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
