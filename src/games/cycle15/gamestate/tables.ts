import * as f from '../../shared/fields.ts';
import * as cols from '../../shared/columns.ts';
import { col, type TableSpec } from '../../shared/table-spec.ts';
import { NONE } from '../../shared/history.ts';
import type { PageSpec } from '../../kit/page-spec.ts';
import type { Items, Move, PhaseState, Player, Proposal, Space } from './schema.ts';
import { Gamestate, MoveStatus, ProposalStatus } from './schema.ts';

// The tables of the Cycle 15 Gamestate page, column by column: how each cell is read and written
// back. Found by their headers; rows read by header name (docs/gamestate-format-cycle15.md).

const yesNo = (t: string | undefined) => f.readEnum(t ?? 'no', ['yes', 'no'] as const) === 'yes';
const writeYesNo = (b: boolean) => (b ? 'yes' : 'no');

function readInts(text: string | undefined, separator: RegExp): number[] {
  if (text === undefined) return [];
  return text
    .split(separator)
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      if (!/^[+-]?\d+$/.test(s)) throw new f.FieldError(`"${s}" is not a whole number`);
      return f.exactInt(s);
    });
}

/** "Duck, 2 Time Bean Chili, 3 × Shurdle" → counts by name, as written (checked against the Garbage table by read.ts). */
export function readItems(text: string | undefined): Items {
  const out: Items = {};
  for (const entry of f.readList(text)) {
    const m = /^(?:(\d+)\s*[×x]?\s+)?(.+?)$/su.exec(entry)!;
    out[m[2]!] = (out[m[2]!] ?? 0) + f.exactInt(m[1] ?? '1');
  }
  return out;
}

export function writeItems(items: Items): string {
  return f.writeList(
    Object.entries(items)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => (n === 1 ? name : `${n} ${name}`)),
  );
}

/** "5/2/1": votes for, against, and for a rewrite, when the voting period ended. */
function readVotes(text: string | undefined): Proposal['votes'] {
  if (text === undefined) return null;
  const m = /^(\d+)\s*\/\s*(\d+)\s*\/\s*(\d+)$/.exec(text.trim());
  if (!m) throw new f.FieldError(`"${text}" is not votes for/against/rewrite, such as 5/2/1`);
  return { for: f.exactInt(m[1]!), against: f.exactInt(m[2]!), rewrite: f.exactInt(m[3]!) };
}

export const phaseTable: TableSpec<PhaseState> = {
  name: 'Phase',
  identify: ['Cycle start', 'Phase number'],
  columns: [
    ...cols.phaseClockColumns,
    cols.intColumn('Parties started', true, 'parties', { min: 0, blank: 0 }),
    // Kept by the bot with a History row when it changes: a required column (read as empty where the page has no
    // such column, it would change at every run, and every run would write another row: found by the fuzz test).
    cols.fieldColumn('Party time', true, 'partyTime', yesNo, writeYesNo),
    cols.judgeColumn,
    cols.winnerColumn,
  ],
};

export const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Player', 'Location'],
  columns: [
    cols.playerColumn,
    cols.joinedColumn,
    cols.optionalInstantColumn('Left (UTC)', false, 'left'),
    cols.reputableSinceColumn,
    col(
      'Reputability grant',
      true,
      (t) => ({ grant: t === undefined ? null : f.readInt(t.replace(/^phase\s+/i, ''), { min: 0 }) }),
      (p) => (p.grant === null ? NONE : `phase ${p.grant}`),
    ),
    cols.intColumn('Location', true, 'location', { blank: 0 }),
    cols.fieldColumn('Moved this phase', true, 'movedThisPhase', yesNo, writeYesNo),
    cols.fieldColumn('Moved last phase', true, 'movedLastPhase', yesNo, writeYesNo),
    cols.fieldColumn('MacGyvered this phase', true, 'macGyveredThisPhase', yesNo, writeYesNo),
    cols.intColumn('Crystals', true, 'crystals', { min: 0, blank: 0 }),
    cols.intColumn('Shards', true, 'shards', { min: 0, blank: 0 }),
    cols.fieldColumn('Garbage', true, 'garbage', readItems, writeItems),
    cols.listColumn('Traits', false, 'traits'),
  ],
};

export const spacesTable: TableSpec<Space> = {
  name: 'Spaces',
  identify: ['Space', 'Successors'],
  columns: [
    cols.intColumn('Space', true, 'id'),
    col(
      'Type',
      true,
      (t) => ({ type: t ?? 'Blank' }),
      (s) => s.type,
    ),
    cols.optionalTextColumn('Pseudo-type', false, 'pseudoType'),
    col(
      'Successors',
      true,
      (t) => ({ successors: readInts(t, /,/) }),
      (s) => f.writeList(s.successors.map(String)),
    ),
  ],
};

export const movesTable: TableSpec<Move> = {
  name: 'Moves',
  identify: ['Roll', 'Selections'],
  columns: [
    cols.instantColumn('Time (UTC)', true, 'time'),
    cols.textColumn('Player', true, 'player'),
    col(
      'Roll',
      true,
      (t) => ({ roll: readInts(t, /[+,]/) }),
      (m) => (m.roll.length === 0 ? NONE : m.roll.join('+')),
    ),
    col(
      'Selections',
      true,
      (t) => ({ selections: readInts(t, /,/) }),
      (m) => f.writeList(m.selections.map(String)),
    ),
    cols.enumColumn('Status', true, 'status', MoveStatus.options, 'commenced'),
  ],
};

export const proposalsTable: TableSpec<Proposal> = {
  name: 'Proposals',
  identify: ['Proposal', 'Class'],
  columns: [
    cols.textColumn('Proposal', true, 'id'),
    cols.instantColumn('Submitted (UTC)', true, 'submitted'),
    cols.enumColumn('Class', true, 'proposalClass', ['Standard', 'Urgent', 'Tune Up', 'Second Reading'] as const, 'Standard'),
    cols.optionalIntColumn('Tune Up since phase', true, 'tuneUpSince', { min: 0 }),
    cols.enumColumn('Status', true, 'status', ProposalStatus.options, 'voting'),
    col(
      'Votes',
      false,
      (t) => ({ votes: readVotes(t) }),
      (p) => (p.votes === null ? NONE : `${p.votes.for}/${p.votes.against}/${p.votes.rewrite}`),
    ),
  ],
};

/** The Cycle 15 Gamestate page: its tables under the state's fields, and what a row may leave out. */
export const gamestatePage: PageSpec<Gamestate, 'phase'> = {
  head: { field: 'phase', table: phaseTable, defaults: { name: '', nextRollover: null, partyTime: false, judge: null, winner: [] } },
  tables: {
    players: { table: playersTable, defaults: { left: null, traits: [] } },
    spaces: { table: spacesTable, defaults: { pseudoType: null } },
    moves: { table: movesTable },
    proposals: { table: proposalsTable, defaults: { votes: null } },
  },
  schema: Gamestate,
};
