// The cells of the Gamestate that are the bot's record (src/games/kit/record-cells.ts) decide what a run pays: the Phase
// number says which rollovers were done, a Reputability grant that the grant was given, a Winner that the game is
// over. The page is text anyone can type, so such a cell is believed as the bot's latest rollover saved it, or as the
// game's admins (allowedGroups) changed it since: a player who sets the Phase number back, or empties their grant,
// would be paid again. A revert of the bot's edit is not refused here: it pauses the game (src/cron/pause.ts), and the
// admin who resumes it takes the page as the people left it. Anyone may fill a `once` cell the bot's revision left
// empty (a Cycle start, a grant marked given by hand). A row is named by its first cell, so a row renamed is a row gone
// and a row added, which the run would pay as new: a row that held the record is believed gone only where its table
// gained no row, or an admin removed it. Once the bot's next rollover saved the page without it, its record lives on in
// the bot's store (GoneRows): the row typed back later (a rename in two steps) is compared with it.
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
    opts: {
      limit: number;
      content?: boolean;
      batch?: number;
      user?: string;
      /** The newest revision to list: this one, then older ones. */
      startid?: number;
      enough?: (found: readonly RevisionInfo[]) => boolean;
    },
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
  /** The row was added back: `from` is as the bot's revision `revid` held it before a person removed the row. */
  back?: { revid: number };
}

/** A row of the bot's record that people removed from a page, as the bot's revision `revid` last held it. */
export interface GoneRow {
  table: string;
  label: string;
  revid: number;
  /** Its record cells that held a value. */
  cells: { column: string; text: string }[];
}

/**
 * The rows of the bot's record removed from its pages (kept in its store: a revision of the page is no record of a row
 * it no longer holds). The bot's next rollover saves the page without such a row, and that save is then its record: a
 * row typed back under the same name, its grant emptied, would be paid as new, so it is compared with what is kept.
 * `set` is absent for a run that writes nothing (croupier status, a dry run).
 */
export interface GoneRows {
  get(title: string): Promise<readonly GoneRow[]>;
  set?(title: string, rows: readonly GoneRow[]): Promise<void>;
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
/** How many of the bot's own revisions are listed (without their text) for its latest rollover's. */
const OWN_LOOKBACK = 500;

/** A row of the record across revisions: its table, its name, which row of that name. */
const rowOf = (c: Pick<RecordCell, 'table' | 'label' | 'occurrence'>) => JSON.stringify([c.table, c.label, c.occurrence]);

/**
 * The record cells `after` holds otherwise than `before`, in `before`'s order, as their kind counts a change (a `once`
 * cell `before` left empty may be written; a status counts to or from a value the bot writes). A row `after` no longer
 * has is a change when it held some of the record and its table gained a row (`rowsGone: 'renamed'`: a row renamed
 * would be paid again as new, where a player who left takes their row with them), or whenever it held some
 * (`'all'`: to find the revision that removed it).
 */
export function recordChanges(before: RecordCells, after: RecordCells, rowsGone: 'renamed' | 'all' = 'renamed'): RecordChange[] {
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

/**
 * The record cells of the rows `after` gained that the bot's store knows as gone (`gone`), changed from how it kept
 * them: a row typed back as it was is the row again; one whose name matches several kept rows is compared with each.
 */
export function addedBackChanges(gone: readonly GoneRow[], before: RecordCells, after: RecordCells): RecordChange[] {
  const rowsBefore = new Set([...before.values()].map(rowOf));
  const added = new Map<string, RecordCell[]>();
  for (const c of after.values()) if (!rowsBefore.has(rowOf(c))) added.set(rowOf(c), [...(added.get(rowOf(c)) ?? []), c]);
  const out: RecordChange[] = [];
  for (const cells of added.values()) {
    const kept = gone.filter((g) => g.table === cells[0]!.table && g.label === cells[0]!.label);
    const diffs = kept.map((g) =>
      cells.flatMap((c) => {
        const was = g.cells.find((k) => k.column === c.column)?.text;
        return was === c.text || !counts(c.kind, was, c.text) ? [] : [{ cell: c, from: was, to: c.text, back: { revid: g.revid } }];
      }),
    );
    if (diffs.length > 0 && diffs.every((d) => d.length > 0)) out.push(...diffs[0]!);
  }
  return out;
}

/** The rows of the record `before` held that `after` has not (a person removed them; no change refused), to be kept. */
function rowsRemoved(before: RecordCells, after: RecordCells, revid: number): GoneRow[] {
  return recordChanges(before, after, 'all').flatMap((c) =>
    c.gone
      ? [
          {
            table: c.cell.table,
            label: c.cell.label,
            revid,
            cells: c.gone.cells.flatMap((g) => (g.text === undefined ? [] : [{ column: g.column, text: g.text }])),
          },
        ]
      : [],
  );
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
 * The bot's latest rollover's save (vouchedByBot), with its text; where none is among its last OWN_LOOKBACK edits, its
 * latest that is not an undo (which restores people's text). One request in most runs: its last two revisions with
 * their text (a rollover's save, or a request's History row after one). Else its revisions are listed without their
 * text (a busy phase: many requests resolved since the rollover), and the one found is read by its id. (An edit of the
 * bot's that MediaWiki tags a manual revert, one that happens to restore an earlier text, is its own like any other.)
 */
async function botRecord(wiki: RecordEditsWiki, title: string, bot: string): Promise<RevisionInfo | undefined> {
  const recent = await wiki.revisions(title, { limit: 2, content: true, user: bot });
  const { vouched, latest } = ownRecord(recent, bot);
  if (vouched !== undefined || recent.length < 2) return vouched ?? latest;
  const listed = ownRecord(
    await wiki.revisions(title, { limit: OWN_LOOKBACK, user: bot, enough: (found) => ownRecord(found, bot).vouched !== undefined }),
    bot,
  );
  const found = listed.vouched ?? listed.latest;
  if (found === undefined) return latest;
  const known = recent.find((r) => r.revid === found.revid);
  if (known !== undefined) return known;
  const [read] = await wiki.revisions(title, { limit: 1, content: true, user: bot, startid: found.revid });
  // Its text hidden since (an admin's): the latest of the bot's that is not an undo, as when none is found.
  return read?.revid === found.revid && !read.textHidden ? read : latest;
}

/**
 * Throws a RecordEditsRefusal, naming each cell, its revision and its author, when the run would edit a page (`computed`
 * differs from `latest`) whose record cells a person other than the game's admins changed since the bot's latest
 * rollover (vouchedByBot). Nothing is read when the page as read is that rollover's save or the page's first revision,
 * or when the run makes no edit; else one request in most runs (botRecord), and one or more when a record cell differs
 * from it (the revisions since, to tell who changed it).
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
    /** The rows of the record people removed, kept in the bot's store. */
    gone?: GoneRows;
  },
): Promise<void> {
  const { title, bot, latest } = o;
  if (bot === undefined || o.computed === latest.text || latest.parentid === 0) return;
  if (vouchedByBot(latest, bot)) return;
  if (o.believed?.has(title, latest.revid)) return;
  const mine = await botRecord(wiki, title, bot);
  if (mine === undefined) return; // the bot never kept this page: nothing on it is its record yet
  const memo = new Map<number, RecordCells>();
  const cellsOf = (r: { revid: number; text?: string }) => memo.get(r.revid) ?? memo.set(r.revid, o.records(r.text ?? '')).get(r.revid)!;
  const kept = (await o.gone?.get(title)) ?? [];
  const changes = [...recordChanges(cellsOf(mine), cellsOf(latest)), ...addedBackChanges(kept, cellsOf(mine), cellsOf(latest))];
  const believed = async () => {
    await keepGone(o.gone, title, kept, rowsRemoved(cellsOf(mine), cellsOf(latest), mine.revid));
    o.believed?.add(title, latest.revid);
  };
  if (changes.length === 0) return believed();

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
    // A row added back: the revision that added it, or the last that changed the cell since.
    const madeBack = (k: string) => cellsOf(rev).has(k) && (!cellsOf(parent).has(k) || cellsOf(parent).get(k)!.text !== cellsOf(rev).get(k)!.text);
    const made = (c: RecordChange) => (c.back ? madeBack(keyOf(c)) : differs.some((d) => keyOf(d) === keyOf(c)));
    for (const c of changes) if (!byWhom.has(keyOf(c)) && made(c)) byWhom.set(keyOf(c), rev);
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
    const verb = c.gone ? 'removed' : c.back ? 'added' : 'changed';
    const who = rev
      ? `${rev.user || 'a hidden user'} ${verb} it in revision ${rev.revid} (${formatInstant(new Date(rev.timestamp))} UTC)`
      : `${verb} since the bot's revision ${mine.revid}, ${reached ? 'by a revision whose text is hidden' : `more than ${LOOKBACK} revisions ago: who changed it was not read`}`;
    const believedAs = `believed as the bot's revision ${mine.revid} wrote it or as the game's admins (${groups.join(', ')}) change it`;
    const fix = `No edit made: an admin ${c.from === undefined ? 'empties it again' : `puts ${show(c.from)} back`}, or writes the value they rule`;
    problems.push(
      c.back
        ? {
            message:
              `${describe(c)}: ${who}. The bot's revision ${c.back.revid} held this row, ${c.cell.column} ${show(c.from)}, before a person removed it: the bot keeps ` +
              `that record, which only the game's admins (${groups.join(', ')}) change. Typed back otherwise, the row would be paid again as new. ${fix}`,
            location: { page: title, table: c.cell.table, row: c.cell.row, column: c.cell.column },
          }
        : c.gone
          ? {
              message:
                `${describe(c)}: ${who}. A row holding the bot's record of what it applied (${c.gone.cells.map((g) => `${g.column} ${show(g.text)}`).join(', ')}) is ${believedAs}: ` +
                `renamed, it would be paid again as a new row. No edit made: an admin gives the row its name back, or, for a row removed for good while another was added, puts it back and removes it`,
              location: { page: title, table: c.cell.table, row: c.cell.row },
            }
          : {
              message:
                `${describe(c)}: ${who}. This cell is the bot's record of what it applied (a rollover, a grant, a win), ${believedAs}: a player's change would have ` +
                `the run pay or skip again. ${fix}`,
              location: { page: title, table: c.cell.table, row: c.cell.row, column: c.cell.column },
            },
    );
  }
  if (problems.length > 0) throw new RecordEditsRefusal(problems);
  await believed();
}

/** How many removed rows the store keeps per page, the latest. */
const GONE_KEPT = 200;

/** `kept` with the rows just found removed, which replace what was kept of their names (a row removed again). */
async function keepGone(gone: GoneRows | undefined, title: string, kept: readonly GoneRow[], removed: readonly GoneRow[]): Promise<void> {
  if (!gone?.set || removed.length === 0) return;
  const named = (g: GoneRow) => JSON.stringify([g.table, g.label]);
  const again = new Set(removed.map(named));
  const next = [...kept.filter((g) => !again.has(named(g))), ...removed].slice(-GONE_KEPT);
  if (JSON.stringify(next) !== JSON.stringify(kept)) await gone.set(title, next);
}

const show = (text: string | undefined) => (text === undefined ? 'empty' : `"${text}"`);

/** `Reputability grant "20" → empty`; `row "Alice" gone, "Alyx" added` (the row as the bot's revision numbers it). */
const describe = (c: RecordChange) => {
  if (c.gone) return `row ${show(c.cell.label)} ${c.gone.added.length === 0 ? 'removed' : `gone, ${c.gone.added.map(show).join(', ')} added`}`;
  return `${c.cell.column} ${show(c.from)} → ${show(c.to)}${c.back ? `, row ${show(c.cell.label)} added back` : ''}`;
};

/**
 * A person's edit saved while the bot was saving (an edit conflict or a merge met `met` where it read `read`) that
 * changed a record cell or removed a row holding some: refused, since whether they are an admin is not known here. The save gives way; where no
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
  // A row removed too: the save would take it off the page unseen by recordEdits, which keeps its record (GoneRows).
  const changes = recordChanges(o.records(o.read), o.records(o.met.text), 'all');
  if (changes.length === 0) return;
  throw new RecordEditsWhileSaving(
    changes.map((c) => ({
      message: `${describe(c)} by ${o.met.user || 'a hidden user'} (revision ${o.met.revid}) while the bot was saving: ${c.gone ? 'that row holds' : 'this cell is'} the bot's record, which only the game's admins change; no edit made, the next run looks at who changed it`,
      location: { page: o.title, table: c.cell.table, row: c.cell.row, ...(c.gone ? {} : { column: c.cell.column }) },
    })),
  );
}
