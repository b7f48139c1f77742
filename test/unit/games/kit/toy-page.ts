// A made-up game's Gamestate page, declared for the kit's tests: a one-row Round table (winners named in two letters or more), a
// Players table (Bonus and Badges, of two letters or more, may be left blank or left out) and a Turns table whose new rows are appended
// (Ended by defaults to the turn's player).
import { z } from 'zod';
import * as f from '../../../../src/games/shared/fields.ts';
import { phaseNumberColumn, playerColumn, winnerColumn } from '../../../../src/games/shared/columns.ts';
import { col, type TableSpec } from '../../../../src/games/shared/table-spec.ts';
import type { PageSpec } from '../../../../src/games/kit/page-spec.ts';

const Round = z.object({ start: z.date(), number: z.number().int().min(0), winner: z.array(z.string().min(2)) });
const Player = z.object({
  row: z.number().int().optional(),
  name: z.string().min(1),
  chips: z.number().int().min(0),
  bonus: z.number().int(),
  badges: z.array(z.string().min(2)),
});
const Turn = z.object({ row: z.number().int().optional(), number: z.number().int().min(1), player: z.string(), endedBy: z.string() });
export const ToyState = z.object({
  page: z.string().optional(),
  round: Round,
  players: z.array(Player),
  turns: z.array(Turn),
  historyRows: z.number().int(),
});
export type ToyState = z.infer<typeof ToyState>;
type Player = z.infer<typeof Player>;
type Turn = z.infer<typeof Turn>;

const roundTable: TableSpec<z.infer<typeof Round>> = {
  name: 'Round',
  identify: ['Round start', 'Phase number'],
  columns: [
    col(
      'Round start (UTC)',
      true,
      (t) => ({ start: f.readInstant(t) }),
      (r) => f.writeInstant(r.start),
    ),
    phaseNumberColumn,
    winnerColumn,
  ],
};

const playersTable: TableSpec<Player> = {
  name: 'Players',
  identify: ['Player', 'Chips'],
  columns: [
    playerColumn,
    col(
      'Chips',
      true,
      (t) => ({ chips: f.readInt(t, { min: 0 }) }),
      (p) => String(p.chips),
    ),
    // A blank cell (or no column) says nothing: the defaults fill it.
    col<Player>(
      'Bonus',
      false,
      (t) => (t === undefined ? {} : { bonus: f.readInt(t) }),
      (p) => String(p.bonus),
    ),
    col<Player>(
      'Badges',
      false,
      (t) => (t === undefined ? {} : { badges: f.readList(t) }),
      (p) => f.writeList(p.badges),
    ),
  ],
};

const turnsTable: TableSpec<Turn> = {
  name: 'Turns',
  identify: ['Turn', 'Player'],
  columns: [
    col(
      'Turn',
      true,
      (t) => ({ number: f.readInt(t, { min: 1 }) }),
      (x) => String(x.number),
    ),
    col(
      'Player',
      true,
      (t) => ({ player: f.required(t) }),
      (x) => x.player,
    ),
    col<Turn>(
      'Ended by',
      false,
      (t) => (t === undefined ? {} : { endedBy: t }),
      (x) => x.endedBy,
    ),
  ],
};

export const toyPage: PageSpec<ToyState, 'round'> = {
  head: { field: 'round', table: roundTable },
  tables: {
    players: { table: playersTable, defaults: { bonus: 0, badges: [] } },
    turns: { table: turnsTable, defaults: (t) => ({ endedBy: t.player }) },
  },
  schema: ToyState,
  appended: ['turns'],
};

export const ROUND = ['{| class="wikitable"', '! Round start (UTC) !! Phase number !! Winner', '|-', '| 2026-01-05 00:00 || 3 || -', '|}'];
export const PLAYERS = ['{| class="wikitable"', '! Player !! Chips !! Bonus !! Badges', '|-', '| Alice || 4 || 2 || gold', '|-', '|Bram||  1 || - || -', '|}'];
export const TURNS = ['{| class="wikitable"', '! Turn !! Player !! Ended by', '|-', '| 1 || Alice || -', '|}'];
export const HISTORY = [
  '{| class="wikitable"',
  '! Time (UTC) !! Phase !! Event !! Player !! Change !! Reason',
  '|-',
  '| 2026-01-05 00:00 || 3 || Rollover || - || Phase 2 → 3 || the week began',
  '|}',
];

/** The page of the given tables, each under its heading, with prose and a comment the bot must keep. */
export function toyText(tables: { round?: string[]; players?: string[]; turns?: string[]; history?: string[] } = {}): string {
  const { round = ROUND, players = PLAYERS, turns = TURNS, history = HISTORY } = tables;
  return [
    'The toy game. <!-- kept as written -->',
    '== Round ==',
    ...round,
    '== Players ==',
    ...players,
    '== Turns ==',
    ...turns,
    '== History ==',
    ...history,
    '',
  ].join('\n');
}
