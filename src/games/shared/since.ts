import { findTable, type WikiDocument } from '../../parse/document.ts';
import type { Change } from '../../sim/trail.ts';
import { historyTable, NONE, placesInTime, rowTime } from './history.ts';

// "Since the last rollover": what the History rows of the current period (phase, or Nomicoup's turn) say, in
// words, for the standings block (./standings.ts). The History is kept in the order Croupier wrote its rows
// (appended, never moved: an audit log); its Time column is when each event happened by the rules, which
// can be earlier than a row above it when a run catches up (a battle's reward dated at the battle's end).
// So "since" is read by the Phase column, not by position or time. Counts are read from the rows' own
// "+30 Vertebrae (3 → 33)" notation, for any unit; other rows are named by their event.

/** A History row as the summary reads it. */
export interface TrailRow {
  period: number;
  event: string;
  player: string;
  change: string;
}

/**
 * The rows of the page's History table (the period in `periodColumn`: "phase", "turn") with this run's new rows
 * in the places historyAppend writes them (in time), so that what is read here is the page as it will be.
 */
export function trailRows(doc: WikiDocument, changes: readonly Change[], periodColumn = 'phase'): TrailRow[] {
  const rows = findTable(doc, { headers: [...historyTable.identify] })?.rows ?? [];
  const places = placesInTime(
    rows.map((r) => rowTime(r)),
    changes,
  );
  const added = (i: number) => changes.filter((_, k) => places[k] === i).map((c) => ({ period: c.phase, event: c.event, player: c.player, change: c.change }));
  const kept = rows.flatMap((r, i) => {
    const period = r.cells[periodColumn]?.text.trim() ?? '';
    const row = /^\d+$/.test(period)
      ? [{ period: Number(period), event: r.cells.event?.text ?? '', player: r.cells.player?.text ?? '', change: r.cells.change?.text ?? '' }]
      : [];
    return [...added(i), ...row];
  });
  return [...kept, ...added(rows.length)];
}

const COUNT = /([+\-−])(\d+) ([^()\d;,][^();,]*?) \((\d+) → (\d+)\)/g;

/** A player's counts that moved: unit → first before, last after. */
type Moves = Map<string, { before: number; after: number }>;

/** At most this many players are named; the rest are counted. */
const MAX_PLAYERS = 8;

/**
 * The sentence: each player's counts that moved (first before → last after), then the other events, with how
 * many rows each (when more than one) and the players they name. `period` is the page's current one; `word` names it ("phase", "turn").
 */
export function sinceSummary(rows: readonly TrailRow[], period: number, word = 'phase'): string {
  const now = rows.filter((r) => r.period === period);
  if (now.length === 0) return `Since ${word} ${period} began: nothing has changed yet.`;
  const players = new Map<string, Moves>();
  const events = new Map<string, { rows: number; players: string[] }>();
  for (const r of now) {
    const counts = [...r.change.matchAll(COUNT)];
    if (counts.length === 0 || r.player === NONE || r.player === '') {
      const e = events.get(r.event) ?? { rows: 0, players: [] };
      e.rows++;
      if (r.player !== NONE && r.player !== '' && !e.players.includes(r.player)) e.players.push(r.player);
      events.set(r.event, e);
      continue;
    }
    const moves = players.get(r.player) ?? new Map();
    players.set(r.player, moves);
    for (const m of counts) {
      const unit = m[3]!.trim();
      const seen = moves.get(unit);
      moves.set(unit, { before: seen?.before ?? Number(m[4]), after: Number(m[5]) });
    }
  }
  const said = [...players].flatMap(([name, moves]) => {
    const moved = [...moves].filter(([, m]) => m.before !== m.after);
    return moved.length === 0
      ? []
      : [
          `${name} ${moved.map(([unit, m]) => `${m.after > m.before ? '+' : '−'}${Math.abs(m.after - m.before)} ${unit} (${m.before} → ${m.after})`).join(', ')}`,
        ];
  });
  const named = said.slice(0, MAX_PLAYERS).join('; ') + (said.length > MAX_PLAYERS ? `; and ${said.length - MAX_PLAYERS} more players` : '');
  const other = [...events]
    .map(
      ([e, { rows, players: who }]) =>
        `${e}${rows === 1 ? '' : ` ×${rows}`}${who.length === 0 ? '' : ` (${who.slice(0, MAX_PLAYERS).join(', ')}${who.length > MAX_PLAYERS ? ', …' : ''})`}`,
    )
    .join(', ');
  const parts = [...(named === '' ? [] : [named]), ...(other === '' ? [] : [`${named === '' ? 'Events' : 'Also'}: ${other}`])];
  return `Since ${word} ${period} began (${now.length} History ${now.length === 1 ? 'row' : 'rows'}, the newest at the bottom of the History): ${parts.join('. ') || 'no count changed'}.`;
}
