// Edits of the Gamestate saved after an instant a run applies late (the daemon was down at a phase boundary): the run
// applies the instant to the page as it reads it, so those edits count as made before it. A run says so (a History
// row names them), and makes no edit where it would change a cell one of them changed (a mark a player typed in the
// new phase would be reset by the boundary before it), nor where what it records before that edit took effect depends
// on one (a Last action typed after the boundary would keep its player active at it). The Judge's reading `late-edits` chooses
// (src/games/kit/readings.ts).
import { ABSORBED_BLOCKS, COMPUTED_BLOCKS } from '../games/computed-blocks.ts';
import { LATE_EDITS, lateEditsReading } from '../games/kit/readings.ts';
import type { ChosenReadings } from '../games/shared/readings.ts';
import { GamestateError, type Problem } from '../games/shared/gamestate-error.ts';
import { cellChanges, rowLabel, type CellChange } from '../parse/cell-changes.ts';
import { readDocument, type WikiDocument } from '../parse/document.ts';
import { findRegions, type Region } from '../parse/regions.ts';
import { InstantError, parseInstant } from '../sim/instant.ts';
import { formatInstant, type Change } from '../sim/trail.ts';
import { WikiError } from '../wiki/errors.ts';
import type { PageRevision } from '../wiki/pages.ts';
import { vouchedByBot } from './bot-revisions.ts';
import type { RulesetRevisionsWiki } from './ruleset-revisions.ts';

/**
 * The run on another page, at the same instants: what it records (its History rows' changes), or undefined when the
 * rules refuse that page. Given the page with people's late cell edits put back, to see whether the run depends on them.
 */
export type RollOn = (text: string) => readonly Change[] | undefined;

export interface LateEdits {
  /** The first instant the run applies: the edits were saved after it. */
  instant: Date;
  /** People's revisions saved after it, oldest first; under `as-read`, the latest alone (the page as of it). */
  revisions: { revid: number; user: string; timestamp: string }[];
  /** Under `as-read`: the history was not read, and the row names the latest revision. */
  asOf?: true;
  /** The reading's label, for the History row. */
  label: string;
}

/** A cell named across readings of the page: its table, its row's first cell, its column (`*`: the whole row). */
const cellKey = (table: string, row: string, column: string) => JSON.stringify([table, row, column]);

/** The cells a change touches, by key: a changed cell; every cell of an added row; a removed row as a whole. */
function touched(c: CellChange): { key: string; table: string; row: string; column: string }[] {
  if (c.kind !== 'cell' && c.kind !== 'row-added' && c.kind !== 'row-removed') return [];
  const [row, column] = [rowLabel(c.row), c.kind === 'cell' ? c.column : '*'];
  return [{ key: cellKey(c.table, row, column), table: c.table, row, column }];
}

/**
 * The keys of the cells a person's change touches that the run must not change: not those of a row they added. A row
 * is a record the game's rules process (a gift, a join, a battle declared), dated in its own cells: the run granting a
 * gift recorded after the instant reacts to it at its date; it does not apply the instant over it.
 */
const theirKeys = (c: CellChange): string[] => (c.kind === 'row-added' ? [] : touched(c).map((t) => t.key));

/**
 * People's edits saved after `instant`, the first instant the run applies, when the page as read (`latest`) is a
 * person's revision saved after it; undefined when none were, when the latest revision is the bot's (it read the page
 * as it was), or when the page holds nothing older to compare with (its first revision, or a history that does not
 * reach back to the instant: the page is then all there is). One request, only then.
 * Throws a GamestateError, naming each cell, when the run (`computed`: the page it would save) changes a cell a
 * person changed after the instant, or records before they took effect otherwise than `rollOn` the page with those
 * cells put back as they were then (`dependsOnTheirs`); naming the page when more revisions were saved since than the wiki's `revisionsInForce`
 * reads back. Unless the Judge ruled `late-edits = as-read` (then nothing is read).
 */
export async function lateEdits(
  wiki: RulesetRevisionsWiki,
  o: {
    title: string;
    bot: string | undefined;
    latest: PageRevision;
    instant: Date | undefined;
    now: Date;
    computed: string;
    /** What the run records on the page as read (its changes). */
    changes: readonly Change[];
    rollOn: RollOn;
    readings?: ChosenReadings;
  },
): Promise<LateEdits | undefined> {
  const { title, latest, instant } = o;
  const mine = (user: string | undefined) => o.bot !== undefined && user === o.bot;
  // A rollover's save computed on the page as it was; not the bot's undo of its edit, giving way to theirs (save.ts,
  // `givesWay`), nor its other saves, which carry people's late edits along (a request resolved).
  const computedByBot = vouchedByBot(latest, o.bot);
  if (instant === undefined || Date.parse(latest.timestamp) <= instant.getTime() || latest.parentid === 0 || computedByBot) return undefined;
  const chosen = chosenReading(o.readings);
  const label = chosen ? o.readings!.label(LATE_EDITS) : `${LATE_EDITS}=${lateEditsReading.default} (default)`;
  // Applied over them whatever they changed: no need to read them (the row names the page as of the latest).
  if (chosen?.value === 'as-read')
    return { instant, revisions: [{ revid: latest.revid, user: latest.user ?? '', timestamp: latest.timestamp }], label, asOf: true };
  const revisions = await wiki.revisionsInForce(title, instant, o.now).catch((err: unknown) => {
    if (!(err instanceof WikiError) || err.code !== 'history-too-long') throw err;
    const why = `${err.message}: the edits saved after ${formatInstant(instant)}, an instant this run applies late, were not compared with what the run changes. No edit made: a Judge's ruling "* ${LATE_EDITS} = as-read" on the Rulings page applies the run over them`;
    throw new GamestateError([{ message: why, location: { page: title } }]);
  });
  const late = revisions.filter((r) => Date.parse(r.timestamp) > instant.getTime() && !mine(r.user));
  if (revisions.length === 0 || late.length === 0) return undefined;
  if (revisions[0]!.textHidden) {
    const why = `revision ${revisions[0]!.revid}, the page as it was at ${formatInstant(instant)}, an instant this run applies late, has its text hidden: the edits saved after it cannot be compared with what the run changes. No edit made: a Judge's ruling "* ${LATE_EDITS} = as-read" on the Rulings page applies the run over them`;
    throw new GamestateError([{ message: why, location: { page: title } }]);
  }
  const found: LateEdits = {
    instant,
    revisions: late.map((r) => ({ revid: r.revid, user: r.user ?? '', timestamp: r.timestamp })),
    label,
  };
  // What people changed after the instant: what differs between the page then and now, and a person's revision touched.
  const doc = (text: string) => comparable(text, title);
  const docs = revisions.map((r) => doc(r.text));
  const now = doc(latest.text);
  const net = new Set(cellChanges(docs[0]!, now).flatMap(theirKeys));
  const byPeople = new Map<string, Editor>();
  revisions.forEach((r, i) => {
    const user = r.user ?? '';
    if (i === 0 || mine(user)) return;
    for (const c of cellChanges(docs[i - 1]!, docs[i]!)) for (const key of theirKeys(c)) byPeople.set(key, { revid: r.revid, user, timestamp: r.timestamp });
  });
  const by = (key: string) => (net.has(key) ? byPeople.get(key) : undefined);
  const overlaps = runOverlaps(title, now, doc(o.computed), by, instant, 'after');
  if (overlaps.length > 0) throw new LateEditsRefusal(overlaps);
  const then = { revid: revisions[0]!.revid, text: revisions[0]!.text };
  const depends = dependsOnTheirs({ ...o, instant, then, latest: latest.text, by });
  if (depends.length > 0) throw new LateEditsRefusal(depends);
  return found;
}

/**
 * People's edits saved while the bot was saving, after it read the page (`read`): an edit conflict or a merge made the
 * run compute on the page as they left it (`met`), as if made before the instant. Also a merge a killed run left, which
 * this run corrects: `read` is then the page that run read. Refused as `lateEdits` refuses, where the run (`computed`:
 * the page it would save) changes a cell they changed; unless the Judge ruled `late-edits = as-read`. A cell it only
 * reads is computed on, as if changed at the instant (saved seconds after it, where `lateEdits` meets edits of hours
 * later): the page is the run on theirs (test/integration/read-line-races.test.ts). Nothing when the
 * page met is the bot's own (another run of the bot saved it, having read it), was saved before the instant (a killed
 * run of another job met it), or when the run applies no instant.
 * Pure: no request (the page met is named; those before it, if any, are in its history).
 */
export function concurrentLateEdits(o: {
  title: string;
  bot: string | undefined;
  read: PageRevision;
  met: PageRevision;
  instant: Date | undefined;
  computed: string;
  readings?: ChosenReadings;
}): void {
  const { title, read, met, instant } = o;
  // Older than the page read: a merge a killed run left, whose read the save could not give (its text is gone). Saved
  // before the instant: edits a killed run of another job met (publish-tables), not late for this run.
  if (instant === undefined || met.revid <= read.revid || (o.bot !== undefined && met.user === o.bot)) return;
  if (Date.parse(met.timestamp) <= instant.getTime()) return;
  if (chosenReading(o.readings)?.value === 'as-read') return;
  const [before, after] = [comparable(read.text, title), comparable(met.text, title)];
  const theirs = new Set(cellChanges(before, after).flatMap(theirKeys));
  const by = { revid: met.revid, user: met.user ?? '' };
  const overlaps = runOverlaps(title, after, comparable(o.computed, title), (key) => (theirs.has(key) ? by : undefined), instant, 'while');
  if (overlaps.length > 0) throw new LateEditsRefusal(overlaps);
}

/** The Judge's choice of the reading `late-edits`, when the Rulings page was read. */
const chosenReading = (readings: ChosenReadings | undefined) => readings?.all().find((c) => c.def.id === LATE_EDITS);

/** A late edit the run would change: a refusal the save gives way to (save.ts undoes its edit MediaWiki merged with it). */
export class LateEditsRefusal extends GamestateError {}

/**
 * Where the run (`now` → `computed`) changes a cell `by` names a person's change of, a problem naming it: the cell, the
 * revision, and the ways out.
 */
function runOverlaps(
  title: string,
  now: WikiDocument,
  computed: WikiDocument,
  by: (key: string) => { revid: number; user: string } | undefined,
  instant: Date,
  when: 'after' | 'while',
): Problem[] {
  const saved =
    when === 'after'
      ? `after ${formatInstant(instant)}, an instant this run applies late`
      : `while the bot was saving ${formatInstant(instant)}, an instant this run applies late`;
  const overlaps: Problem[] = [];
  for (const c of cellChanges(now, computed)) {
    if (c.kind !== 'cell' && c.kind !== 'row-removed') continue; // rows the run adds (History) change nothing of theirs
    for (const t of touched(c)) {
      const who = [t.key, cellKey(t.table, t.row, '*')].map(by).find((b) => b !== undefined);
      if (who === undefined) continue;
      const row = c.kind === 'cell' ? c.row.index : undefined;
      overlaps.push({
        message: `revision ${who.revid}${who.user ? ` by ${who.user}` : ''} changed it ${saved}, and the run would change it as if that edit came first. No edit made: an admin may undo that edit, let the bot catch up, and make it again; or a Judge's ruling "* ${LATE_EDITS} = as-read" on the Rulings page applies the run over it`,
        location: { page: title, table: t.table, ...(row === undefined ? {} : { row }), ...(t.column === '*' ? {} : { column: t.column }) },
      });
    }
  }
  return overlaps;
}

/**
 * Where what the run records depends on a cell people changed late, before that edit took effect (a Last action typed
 * after the boundary keeps its player active at it). An edit takes effect at the earliest instant after the boundary
 * that a cell of its row it changed holds (a Last action after the boundary: a win the rules date from it), else when
 * it was saved. For each span between those instants, the run on `latest` with the cells not yet in effect put back as
 * they were in `then` (their added rows kept: records the rules date themselves) must record, in that span, the same
 * changes as the run does (`changes`): one edit's date cannot shield another's. One problem naming what differs first;
 * nothing when no cell of theirs can be put back, or when the rules refuse a page so put back (their edit mended it:
 * read as made before).
 */
function dependsOnTheirs(o: {
  title: string;
  then: { revid: number; text: string };
  latest: string;
  changes: readonly Change[];
  rollOn: RollOn;
  by: (key: string) => Editor | undefined;
  instant: Date;
}): Problem[] {
  const { title, instant } = o;
  const all = lateCells(readDocument(o.then.text, { page: title }), readDocument(o.latest, { page: title }), o.by, instant);
  const times = [...new Set(all.map((c) => c.from.getTime()))].sort((a, b) => a - b);
  const record = (c: Change) => `${formatInstant(c.at)} ${c.event}${c.player === '-' ? '' : ` ${c.player}`}: ${c.change}`;
  // Span k: before times[0] every cell is put back; from times[k - 1] to times[k], those taking effect later.
  for (let k = 0; k < times.length; k++) {
    const [start, end] = [k === 0 ? -Infinity : times[k - 1]!, times[k]!];
    const later = all.filter((c) => c.from.getTime() >= end);
    const rolled = o.rollOn(putBack(o.latest, later));
    if (rolled === undefined) continue;
    const inSpan = (cs: readonly Change[]) => cs.filter((c) => c.at.getTime() >= start && c.at.getTime() < end).map(record);
    const [asThen, withTheirs] = [inSpan(rolled), inSpan(o.changes)];
    const [onlyThen, onlyTheirs] = [without(asThen, withTheirs), without(withTheirs, asThen)];
    if (onlyThen.length === 0 && onlyTheirs.length === 0) continue;
    const edits = [...new Map(later.map((c) => [c.who.revid, c.who])).values()].map((e) => `revision ${e.revid}${e.user ? ` by ${e.user}` : ''}`);
    const cells = later.map((c) => `${c.table} / ${c.row} / ${c.column}`);
    const few = (rs: string[]) =>
      rs.length === 0
        ? 'nothing'
        : `${rs
            .slice(0, 3)
            .map((r) => `"${r}"`)
            .join(', ')}${rs.length > 3 ? ` and ${rs.length - 3} more` : ''}`;
    const span = k === 0 ? `before ${formatInstant(new Date(end))}` : `from ${formatInstant(new Date(start))} to ${formatInstant(new Date(end))}`;
    const message =
      `the edits saved after ${formatInstant(instant)}, an instant this run applies late (${edits.join(', ')}: ${cells.join('; ')}), change what the run records ${span}, when they took effect: ` +
      `${few(onlyThen)} only on the page as it was at ${formatInstant(instant)} (revision ${o.then.revid}); ${few(onlyTheirs)} only with them. ` +
      `The run would count them as made before it. No edit made: an admin may undo those edits, let the bot catch up, and make them again; or a Judge's ruling "* ${LATE_EDITS} = as-read" on the Rulings page applies the run over them`;
    return [{ message, location: { page: title } }];
  }
  return [];
}

/** `a` less `b`, counting repeats. */
function without(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  return a.filter((x) => {
    const n = left.get(x) ?? 0;
    if (n > 0) left.set(x, n - 1);
    return n === 0;
  });
}

/**
 * The cells `by` names (a person's changes from `then` to `now`) that can be put back as `then` had them: only cells
 * of rows both hold, in columns both hold (an added row, a renamed one, a new column stay as they are), and not a cell
 * that now holds an instant before `instant`: a record of then, written late (a Last action of the phase before the
 * boundary, kept by hand a day later), as an added row is. Each with when it took effect (`from`): the earliest
 * instant after `instant` that a cell of its row they changed holds, else when it was saved.
 */
function lateCells(then: WikiDocument, now: WikiDocument, by: (key: string) => Editor | undefined, instant: Date): LateCell[] {
  const theirs: { c: Extract<CellChange, { kind: 'cell' }>; key: string; who: Editor; at: Date | undefined }[] = [];
  for (const c of cellChanges(then, now)) {
    if (c.kind !== 'cell' || c.to === undefined) continue;
    const key = cellKey(c.table, rowLabel(c.row), c.column);
    const who = by(key);
    if (who !== undefined) theirs.push({ c, key, who, at: instantIn(c.to.text) });
  }
  const rowKey = (c: Extract<CellChange, { kind: 'cell' }>) => JSON.stringify([c.table, rowLabel(c.row)]);
  const dated = new Map<string, number>();
  for (const t of theirs) {
    if (t.at === undefined || t.at.getTime() <= instant.getTime()) continue;
    dated.set(rowKey(t.c), Math.min(dated.get(rowKey(t.c)) ?? Infinity, t.at.getTime()));
  }
  const cells: LateCell[] = [];
  const seen = new Set<number>(); // a cell spanning columns is listed under each
  for (const { c, key, who, at } of theirs) {
    if (c.from === undefined || seen.has(c.to!.start) || (at !== undefined && at.getTime() < instant.getTime())) continue;
    seen.add(c.to!.start);
    const from = new Date(dated.get(rowKey(c)) ?? Date.parse(who.timestamp));
    cells.push({ key, table: c.table, row: rowLabel(c.row), column: c.column, who, from, was: c.from.raw, start: c.to!.start, end: c.to!.end });
  }
  return cells;
}

/** `now` (the text `lateCells` read) with those cells put back. */
const putBack = (now: string, cells: readonly LateCell[]): string =>
  [...cells].sort((a, b) => b.start - a.start).reduce((t, c) => t.slice(0, c.start) + c.was + t.slice(c.end), now);

/** Who saved a revision, and when. */
type Editor = { revid: number; user: string; timestamp: string };
/** A cell a person changed late: its key and names, who changed it, when that took effect, and where and what it was. */
type LateCell = { key: string; table: string; row: string; column: string; who: Editor; from: Date; was: string; start: number; end: number };

/** A cell's text as an instant (`2026-11-18 23:55`, UTC), if it is one. */
function instantIn(text: string): Date | undefined {
  try {
    return parseInstant(text);
  } catch (err) {
    if (err instanceof InstantError) return undefined;
    throw err;
  }
}

/** A page as compared: the blocks the bot computes (the standings) left out, as it draws them again whatever a person typed there. */
const comparable = (text: string, page: string): WikiDocument => readDocument(withoutComputedBlocks(text), { page });

/**
 * The text with the regions of the blocks the bot computes emptied (their markers kept), by their names only: a
 * region a player typed around the Players table is compared like the rest. As it is when its markers are broken.
 */
function withoutComputedBlocks(text: string): string {
  let regions: Region[];
  try {
    regions = findRegions(text).filter((r) => COMPUTED.has(r.name));
  } catch {
    return text;
  }
  return regions.reduceRight((t, r) => t.slice(0, r.contentStart) + t.slice(r.contentEnd), text);
}
const COMPUTED = new Set([...COMPUTED_BLOCKS, ...ABSORBED_BLOCKS].map((b) => b.region));

/** The History row naming the edits saved after the instant, applied as if made before it. */
export function lateEditsRow(late: LateEdits, o: { at: Date; phase: number }): Change {
  return {
    at: o.at,
    phase: o.phase,
    event: 'Late edits',
    player: '-',
    change: `applied ${formatInstant(late.instant)} late, to the page ${late.asOf ? 'as of' : 'with'} ${late.revisions.map((r) => `revision ${r.revid}${r.user ? ` (${r.user})` : ''}`).join(', ')}, saved after it: read as made before it`,
    reason: {
      rule: 'what falls due at an instant applies to the page as it was then',
      inputs: Object.fromEntries(late.revisions.map((r) => [`revision ${r.revid}`, `saved ${formatInstant(new Date(r.timestamp))}`])),
      readings: [late.label],
    },
  };
}
