import { normaliseHeader, readDocument, type Table, type WikiDocument } from '../../../parse/document.ts';
import { FieldError, readInstant } from '../../shared/fields.ts';
import type { Problem } from '../../shared/gamestate-error.ts';
import { rowsByKey } from '../../kit/page-checks.ts';
import { readPage } from '../../kit/page-reader.ts';
import type { NomicoupRuleset } from '../ruleset/schema.ts';
import type { HistoryEntry, NomicoupState } from './schema.ts';
import { NOMICOUP_HISTORY_COLUMNS, nomicoupPage } from './tables.ts';

// Reading the Nomicoup Gamestate page: every table by its headers, every cell through its column's
// reader, then the checks between tables. Any problem: a GamestateError listing them all, and no edit.

export function readNomicoupGamestate(text: string, page: string | undefined, ruleset: NomicoupRuleset): NomicoupState {
  return readNomicoupDocument(readDocument(text, { page }), ruleset);
}

export function readNomicoupDocument(doc: WikiDocument, ruleset: NomicoupRuleset): NomicoupState {
  return readPage(doc, nomicoupPage, undefined, {
    build: ({ head, history }) => ({
      phase: { number: head.turn, name: '', nextRollover: head.ends, winner: head.winner },
      history: historyEntries(history),
    }),
    check: (state, problems) => crossCheck(state, ruleset, doc.page, problems),
  });
}

/** The History rows with a readable time (a row without one records nothing the checks use). */
function historyEntries(history: Table): HistoryEntry[] {
  const [time, , event, player, change] = NOMICOUP_HISTORY_COLUMNS.map(normaliseHeader);
  const out: HistoryEntry[] = [];
  for (const row of history.rows) {
    try {
      out.push({
        time: readInstant(row.cells[time!]?.text),
        event: row.cells[event!]?.text ?? '',
        player: row.cells[player!]?.text ?? '',
        change: row.cells[change!]?.text ?? '',
      });
    } catch (err) {
      if (!(err instanceof FieldError)) throw err;
    }
  }
  return out;
}

/** What the tables must agree on: one row per player, proposition and case, seats 1…n, turns in order, no more credits than the game has. */
function crossCheck(s: NomicoupState, ruleset: NomicoupRuleset, page: string | undefined, problems: Problem[]): void {
  const at = (table: string, row?: number, column?: string) => ({ page, table, row, column });
  const names = rowsByKey(
    s.players,
    (p) => p.name,
    (p) => problems.push({ message: `${p.name} has two rows`, location: at('Players', p.row, 'Player') }),
  );
  const seats = s.players
    .filter((p) => p.seat !== null)
    .map((p) => p.seat!)
    .sort((a, b) => a - b);
  if (seats.some((seat, i) => seat !== i + 1)) {
    problems.push({ message: `the seats are ${seats.join(', ')}: they must be 1 to ${seats.length}, each once`, location: at('Players', undefined, 'Seat') });
  }
  const held = s.players.reduce((sum, p) => sum + Math.max(0, p.credits), 0);
  if (held > ruleset.constants.treasury) {
    problems.push({
      message: `the players hold ${held} credits, but "There are a total of ${ruleset.constants.treasury} credits in the game" (4.2 Treasury)`,
      location: at('Players', undefined, 'Credits'),
    });
  }
  s.turns.forEach((t, i) => {
    if (t.number !== i + 1)
      problems.push({ message: `turn ${t.number} is row ${i + 1}: the Turns table holds turns 1, 2, 3… in order`, location: at('Turns', t.row, 'Turn') });
    if (!names.has(t.player)) problems.push({ message: `"${t.player}" is not in the Players table`, location: at('Turns', t.row, 'Player') });
    if (i < s.turns.length - 1 && t.ended === null)
      problems.push({ message: `turn ${t.number} has no end, but a later turn began`, location: at('Turns', t.row, 'Ended') });
    if (t.ended !== null && t.ended.getTime() < t.began.getTime())
      problems.push({ message: `turn ${t.number} ends before it began`, location: at('Turns', t.row, 'Ended') });
  });
  for (const p of s.propositions)
    if (!names.has(p.proponent)) problems.push({ message: `"${p.proponent}" is not in the Players table`, location: at('Propositions', p.row, 'Proponent') });
  // A proposition's or a case's ID names its votes, its Judge draws and their History rows: one row each.
  rowsByKey(
    s.propositions,
    (p) => p.id,
    (p) => problems.push({ message: `proposition ${p.id} has two rows`, location: at('Propositions', p.row, 'ID') }),
  );
  rowsByKey(
    s.cases,
    (c) => c.id,
    (c) => problems.push({ message: `case ${c.id} has two rows`, location: at('Judge', c.row, 'Case') }),
  );
}
