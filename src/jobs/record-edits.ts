// The cells of the Gamestate that are the bot's record (src/games/kit/record-cells.ts) decide what a run pays: the Phase
// number says which rollovers were done, a Reputability grant that the grant was given, a Winner that the game is
// over. The page is text anyone can type, so such a cell is believed as the bot's latest rollover saved it, or as the
// game's admins (allowedGroups) changed it since: a player who sets the Phase number back, or empties their grant,
// would be paid again. A revert of the bot's edit is not refused here: it pauses the game (src/cron/pause.ts), and the
// admin who resumes it takes the page as the people left it. Anyone may fill a `once` cell the bot's revision left
// empty (a Cycle start, a grant marked given by hand). A row is named by its first cell, so a row renamed is a row gone
// and a row added, which the run would pay as new: a row that held the record is believed gone only where its table
// gained no row, or an admin removed it.
import { recordKey, type RecordCell, type RecordCells } from '../games/kit/record-cells.ts';
import type { RecordKind } from '../games/shared/table-spec.ts';
import { GamestateError, type Problem } from '../games/shared/gamestate-error.ts';
import { formatInstant } from '../sim/trail.ts';
import type { RevisionInfo } from '../wiki/client.ts';
import type { PageRevision } from '../wiki/pages.ts';
import { REVERT_TAGS } from '../wiki/reverts.ts';
import { isUndo, undoneBy, vouchedByBot } from './bot-revisions.ts';
import { DEFAULT_ALLOWED_GROUPS, inGroups } from './request-lines.ts';

export interface RecordEditsWiki {
  revisions(
    title: string,
    opts: { limit: number; content?: boolean; batch?: number; user?: string; enough?: (found: readonly RevisionInfo[]) => boolean },
  ): Promise<RevisionInfo[]>;
  userGroups?(users: readonly string[]): Promise<Map<string, string[]>>;
}

/** A record cell someone changed: as it was, as it is (undefined: empty, or gone with its column). */
export interface RecordChange {
  cell: RecordCell;
  from: string | undefined;
  to: string | undefined;
  /**
   * The cell's whole row is gone, with these record cells; `added` names the rows its table gained (a renamed row is
   * a row gone and a row added). `cell` is then the row's, its column ''.
   */
  gone?: { cells: readonly RecordCell[]; added: readonly string[] };
}

/** A run that would compute on a record cell a person changed: no edit. */
export class RecordEditsRefusal extends GamestateError {}
/** One changed while the bot was saving, by someone the save cannot tell is an admin (concurrentRecordEdits). */
export class RecordEditsWhileSaving extends RecordEditsRefusal {}

/**
 * The revisions a long-lived process (the daemon) found to hold the bot's record as it saved it or as the admins
 * changed it, by page and revision: a revision does not change, so its next check of the same latest revision (after a
 * request resolved, until the next rollover) asks the wiki nothing. A refusal is asked again (someone may have become
 * an admin since). Bounded.
 */
export class BelievedRecords {
  readonly #revisions = new Set<string>();
  has(title: string, revid: number): boolean {
    return this.#revisions.has(`${title}\n${revid}`);
  }
  add(title: string, revid: number): void {
    if (this.#revisions.size >= 256) this.#revisions.clear();
    this.#revisions.add(`${title}\n${revid}`);
  }
}

/** How far back the revisions since the bot's own are read. */
const LOOKBACK = 100;
/** How many of the bot's own revisions are read for its latest rollover. */
const OWN_LOOKBACK = 20;

/**
 * The record cells `after` holds otherwise than `before`, in `before`'s order, as their kind counts a change (a `once`
 * cell `before` left empty may be written; a status counts to or from a value the bot writes). A row `after` no longer
 * has is a change when it held some of the record and its table gained a row (`rowsGone: 'renamed'`: a row renamed
 * would be paid again as new, where a player who left takes their row with them), or whenever it held some
 * (`'all'`: to find the revision that removed it).
 */
export function recordChanges(before: RecordCells, after: RecordCells, rowsGone: 'renamed' | 'all' = 'renamed'): RecordChange[] {
  const rowOf = (c: RecordCell) => JSON.stringify([c.table, c.label, c.occurrence]);
  const rowsAfter = new Set([...after.values()].map(rowOf));
  const rowsBefore = new Set([...before.values()].map(rowOf));
  const added = new Map<string, string[]>();
  for (const c of after.values())
    if (!rowsBefore.has(rowOf(c)) && !added.get(c.table)?.includes(c.label)) added.set(c.table, [...(added.get(c.table) ?? []), c.label]);
  const out: RecordChange[] = [];
  const gone = new Map<string, RecordCell[]>();
  for (const [key, was] of before) {
    const now = after.get(key);
    if (now === undefined && !rowsAfter.has(rowOf(was))) {
      if (was.text !== undefined && counts(was.kind, was.text, undefined)) gone.set(rowOf(was), [...(gone.get(rowOf(was)) ?? []), was]);
      continue;
    }
    if (now?.text === was.text || !counts(was.kind, was.text, now?.text)) continue;
    out.push({ cell: now ?? was, from: was.text, to: now?.text });
  }
  for (const cells of gone.values()) {
    const table = cells[0]!.table;
    if (rowsGone === 'renamed' && !added.has(table)) continue;
    out.push({ cell: { ...cells[0]!, column: '' }, from: undefined, to: undefined, gone: { cells, added: added.get(table) ?? [] } });
  }
  return out;
}

function counts(kind: RecordKind, from: string | undefined, to: string | undefined): boolean {
  if (kind === 'kept') return true;
  if (kind === 'once') return from !== undefined;
  const bots = (t: string | undefined) => t !== undefined && kind.botValues.includes(t.trim().toLowerCase());
  return bots(from) || bots(to);
}

const isRevert = (r: Pick<RevisionInfo, 'tags'>) => r.tags.some((t) => t in REVERT_TAGS);

/**
 * Of the bot's revisions (newest first), its latest rollover's and its latest at all, passing over its undos and the
 * revisions they undid: a rollover's save that MediaWiki merged with a person's edit holds that edit, and the bot undid
 * it (src/wiki/save.ts).
 */
function ownRecord(own: readonly RevisionInfo[], bot: string): { vouched?: RevisionInfo; latest?: RevisionInfo } {
  const undone = new Set(own.map(undoneBy));
  const left = own.filter((r) => !isUndo(r) && !r.textHidden && !undone.has(r.revid));
  return { vouched: left.find((r) => vouchedByBot(r, bot)), latest: left[0] };
}

/**
 * Throws a RecordEditsRefusal, naming each cell, its revision and its author, when the run would edit a page (`computed`
 * differs from `latest`) whose record cells a person other than the game's admins changed since the bot's latest
 * rollover (vouchedByBot). Nothing is read when the page as read is that rollover's save or the page's first revision,
 * or when the run makes no edit; else one request (the bot's latest revisions, two at a time until a rollover's), and
 * one or more when a record cell differs from it (the revisions since, to tell who changed it).
 */
export async function recordEdits(
  wiki: RecordEditsWiki,
  o: {
    title: string;
    bot: string | undefined;
    latest: PageRevision;
    computed: string;
    records: (text: string) => RecordCells;
    allowedGroups?: readonly string[];
    /** The daemon's memo of the revisions already found to hold the bot's record. */
    believed?: BelievedRecords;
  },
): Promise<void> {
  const { title, bot, latest } = o;
  if (bot === undefined || o.computed === latest.text || latest.parentid === 0) return;
  if (vouchedByBot(latest, bot)) return;
  if (o.believed?.has(title, latest.revid)) return;
  // The bot's latest rollover (vouchedByBot); where none is among its last OWN_LOOKBACK edits, the latest of those that
  // is not an undo (which restores people's text). (An edit of the bot's that MediaWiki tags a manual revert, one that
  // happens to restore an earlier text, is its own like any other.)
  const own = await wiki.revisions(title, {
    limit: OWN_LOOKBACK,
    content: true,
    batch: 2,
    user: bot,
    enough: (found) => ownRecord(found, bot).vouched !== undefined,
  });
  const { vouched, latest: ownLatest } = ownRecord(own, bot);
  const mine = vouched ?? ownLatest;
  if (mine === undefined) return; // the bot never kept this page: nothing on it is its record yet
  const memo = new Map<number, RecordCells>();
  const cellsOf = (r: { revid: number; text?: string }) => memo.get(r.revid) ?? memo.set(r.revid, o.records(r.text ?? '')).get(r.revid)!;
  const changes = recordChanges(cellsOf(mine), cellsOf(latest));
  if (changes.length === 0) return o.believed?.add(title, latest.revid);

  // Who made each change: the newest revision since the bot's whose record cell differs from its parent's.
  const since = await wiki.revisions(title, { limit: LOOKBACK, content: true, batch: 5, enough: (found) => found.some((r) => r.revid <= mine.revid) });
  const chain = since.filter((r) => r.revid >= mine.revid);
  const reached = chain.at(-1)?.revid === mine.revid;
  const keyOf = (c: RecordChange) => recordKey(c.cell);
  const byWhom = new Map<string, RevisionInfo>();
  // A hidden text ends the search: what it changed cannot be told, and an older change of the cell is not the last.
  for (let i = 0; i + 1 < chain.length && byWhom.size < changes.length && !chain[i]!.textHidden && !chain[i + 1]!.textHidden; i++) {
    const [rev, parent] = [chain[i]!, chain[i + 1]!];
    const differs = recordChanges(cellsOf(parent), cellsOf(rev), 'all');
    for (const c of changes) if (!byWhom.has(keyOf(c)) && differs.some((d) => keyOf(d) === keyOf(c))) byWhom.set(keyOf(c), rev);
  }
  // A revert of the bot's own edit (it restores no text saved since the bot's revision): the pause's, not ours. A
  // revert that restores a later text (a person's, over an admin's correction) is that person's edit.
  const revertsBot = (rev: RevisionInfo) =>
    isRevert(rev) && !chain.some((o) => o.revid < rev.revid && o.revid >= mine.revid && o.sha1 !== '' && o.sha1 === rev.sha1);
  const people = [...new Set([...byWhom.values()].filter((r) => r.user !== bot && !revertsBot(r)).map((r) => r.user))];
  const groups = o.allowedGroups ?? DEFAULT_ALLOWED_GROUPS;
  const known = people.length > 0 && wiki.userGroups ? await wiki.userGroups(people) : new Map<string, string[]>();
  const admin = inGroups(known, groups);

  const problems: Problem[] = [];
  for (const c of changes) {
    const rev = byWhom.get(keyOf(c));
    if (rev && (rev.user === bot || revertsBot(rev) || admin(rev.user))) continue;
    const who = rev
      ? `${rev.user || 'a hidden user'} ${c.gone ? 'removed' : 'changed'} it in revision ${rev.revid} (${formatInstant(new Date(rev.timestamp))} UTC)`
      : `${c.gone ? 'removed' : 'changed'} since the bot's revision ${mine.revid}, ${reached ? 'by a revision whose text is hidden' : `more than ${LOOKBACK} revisions ago: who changed it was not read`}`;
    const believedAs = `believed as the bot's revision ${mine.revid} wrote it or as the game's admins (${groups.join(', ')}) change it`;
    problems.push(
      c.gone
        ? {
            message:
              `${describe(c)}: ${who}. A row holding the bot's record of what it applied (${c.gone.cells.map((g) => `${g.column} ${show(g.text)}`).join(', ')}) is ${believedAs}: ` +
              `renamed, it would be paid again as a new row. No edit made: an admin gives the row its name back, or, for a row removed for good while another was added, puts it back and removes it`,
            location: { page: title, table: c.cell.table, row: c.cell.row },
          }
        : {
            message:
              `${describe(c)}: ${who}. This cell is the bot's record of what it applied (a rollover, a grant, a win), ${believedAs}: a player's change would have ` +
              `the run pay or skip again. No edit made: an admin ${c.from === undefined ? 'empties it again' : `puts ${show(c.from)} back`}, or writes the value they rule`,
            location: { page: title, table: c.cell.table, row: c.cell.row, column: c.cell.column },
          },
    );
  }
  if (problems.length > 0) throw new RecordEditsRefusal(problems);
  o.believed?.add(title, latest.revid);
}

const show = (text: string | undefined) => (text === undefined ? 'empty' : `"${text}"`);

/** `Reputability grant "20" → empty`; `row "Alice" gone, "Alyx" added` (the row as the bot's revision numbers it). */
const describe = (c: RecordChange) =>
  c.gone ? `row ${show(c.cell.label)} gone, ${c.gone.added.map(show).join(', ')} added` : `${c.cell.column} ${show(c.from)} → ${show(c.to)}`;

/**
 * A person's edit saved while the bot was saving (an edit conflict or a merge met `met` where it read `read`) that
 * changed a record cell: refused, since whether they are an admin is not known here. The save gives way; where no
 * edit landed (an edit conflict), the rollover runs once more from its read, which asks (`recordEdits`).
 * Pure: no request.
 */
export function concurrentRecordEdits(o: {
  title: string;
  bot: string | undefined;
  read: string;
  met: PageRevision;
  records: (text: string) => RecordCells;
}): void {
  if (o.met.user === o.bot) return;
  const changes = recordChanges(o.records(o.read), o.records(o.met.text));
  if (changes.length === 0) return;
  throw new RecordEditsWhileSaving(
    changes.map((c) => ({
      message: `${describe(c)} by ${o.met.user || 'a hidden user'} (revision ${o.met.revid}) while the bot was saving: ${c.gone ? 'that row holds' : 'this cell is'} the bot's record, which only the game's admins change; no edit made, the next run looks at who changed it`,
      location: { page: o.title, table: c.cell.table, row: c.cell.row, ...(c.gone ? {} : { column: c.cell.column }) },
    })),
  );
}
