import * as f from '../../shared/fields.ts';
import {
  cycleStartColumn,
  joinedColumn,
  judgeColumn,
  nextRolloverColumn,
  phaseNameColumn,
  phaseNumberColumn,
  playerColumn,
  reputableSinceColumn,
  winnerColumn,
} from '../../shared/columns.ts';
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
    cycleStartColumn,
    phaseNumberColumn,
    phaseNameColumn,
    nextRolloverColumn,
    col(
      'Parties started',
      true,
      (t) => ({ parties: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.parties),
    ),
    col(
      'Party time',
      false,
      (t) => ({ partyTime: yesNo(t) }),
      (p) => writeYesNo(p.partyTime),
    ),
    judgeColumn,
    winnerColumn,
  ],
};

export const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Player', 'Location'],
  columns: [
    playerColumn,
    joinedColumn,
    col(
      'Left (UTC)',
      false,
      (t) => ({ left: f.readOptionalInstant(t) }),
      (p) => f.writeInstant(p.left),
    ),
    reputableSinceColumn,
    col(
      'Reputability grant',
      true,
      (t) => ({ grant: t === undefined ? null : f.readInt(t.replace(/^phase\s+/i, ''), { min: 0 }) }),
      (p) => (p.grant === null ? NONE : `phase ${p.grant}`),
    ),
    col(
      'Location',
      true,
      (t) => ({ location: t === undefined ? 0 : f.readInt(t) }),
      (p) => String(p.location),
    ),
    col(
      'Moved this phase',
      true,
      (t) => ({ movedThisPhase: yesNo(t) }),
      (p) => writeYesNo(p.movedThisPhase),
    ),
    col(
      'Moved last phase',
      true,
      (t) => ({ movedLastPhase: yesNo(t) }),
      (p) => writeYesNo(p.movedLastPhase),
    ),
    col(
      'MacGyvered this phase',
      true,
      (t) => ({ macGyveredThisPhase: yesNo(t) }),
      (p) => writeYesNo(p.macGyveredThisPhase),
    ),
    col(
      'Crystals',
      true,
      (t) => ({ crystals: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.crystals),
    ),
    col(
      'Shards',
      true,
      (t) => ({ shards: t === undefined ? 0 : f.readInt(t, { min: 0 }) }),
      (p) => String(p.shards),
    ),
    col(
      'Garbage',
      true,
      (t) => ({ garbage: readItems(t) }),
      (p) => writeItems(p.garbage),
    ),
    col(
      'Traits',
      false,
      (t) => ({ traits: f.readList(t) }),
      (p) => f.writeList(p.traits),
    ),
  ],
};

export const spacesTable: TableSpec<Space> = {
  name: 'Spaces',
  identify: ['Space', 'Successors'],
  columns: [
    col(
      'Space',
      true,
      (t) => ({ id: f.readInt(t) }),
      (s) => String(s.id),
    ),
    col(
      'Type',
      true,
      (t) => ({ type: t ?? 'Blank' }),
      (s) => s.type,
    ),
    col(
      'Pseudo-type',
      false,
      (t) => ({ pseudoType: t ?? null }),
      (s) => s.pseudoType ?? NONE,
    ),
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
    col(
      'Time (UTC)',
      true,
      (t) => ({ time: f.readInstant(t) }),
      (m) => f.writeInstant(m.time),
    ),
    col(
      'Player',
      true,
      (t) => ({ player: f.required(t) }),
      (m) => m.player,
    ),
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
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t ?? 'commenced', MoveStatus.options) }),
      (m) => m.status,
    ),
  ],
};

export const proposalsTable: TableSpec<Proposal> = {
  name: 'Proposals',
  identify: ['Proposal', 'Class'],
  columns: [
    col(
      'Proposal',
      true,
      (t) => ({ id: f.required(t) }),
      (p) => p.id,
    ),
    col(
      'Submitted (UTC)',
      true,
      (t) => ({ submitted: f.readInstant(t) }),
      (p) => f.writeInstant(p.submitted),
    ),
    col(
      'Class',
      true,
      (t) => ({ proposalClass: f.readEnum(t ?? 'Standard', ['Standard', 'Urgent', 'Tune Up', 'Second Reading'] as const) }),
      (p) => p.proposalClass,
    ),
    col(
      'Tune Up since phase',
      true,
      (t) => ({ tuneUpSince: f.readOptionalInt(t, { min: 0 }) }),
      (p) => f.writeInt(p.tuneUpSince),
    ),
    col(
      'Status',
      true,
      (t) => ({ status: f.readEnum(t ?? 'voting', ProposalStatus.options) }),
      (p) => p.status,
    ),
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
