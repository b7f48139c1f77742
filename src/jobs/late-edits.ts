// Edits of the Gamestate saved after an instant a run applies late (the daemon was down at a phase boundary): the run
// applies the instant to the page as it reads it, so those edits count as made before it. A run says so (a History
// row names them), and makes no edit where it would change a cell one of them changed: a mark a player typed in the
// new phase would be reset by the boundary before it, Chips spent after it would be counted at it. The Judge's
// reading `late-edits` chooses (src/games/kit/readings.ts).
import { ABSORBED_BLOCKS, COMPUTED_BLOCKS } from '../games/computed-blocks.ts';
import { LATE_EDITS, lateEditsReading } from '../games/kit/readings.ts';
import type { ChosenReadings } from '../games/shared/readings.ts';
import { GamestateError, type Problem } from '../games/shared/gamestate-error.ts';
import { cellChanges, rowLabel, type CellChange } from '../parse/cell-changes.ts';
import { readDocument, type WikiDocument } from '../parse/document.ts';
import { findRegions, type Region } from '../parse/regions.ts';
import { formatInstant, type Change } from '../sim/trail.ts';
import { WikiError } from '../wiki/errors.ts';
import type { PageRevision } from '../wiki/pages.ts';
import type { RulesetRevisionsWiki } from './ruleset-revisions.ts';

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
 * person changed after the instant, or naming the page when more revisions were saved since than the wiki's
 * `revisionsInForce` reads back; unless the Judge ruled `late-edits = as-read` (then nothing is read).
 */
export async function lateEdits(
  wiki: RulesetRevisionsWiki,
  o: { title: string; bot: string | undefined; latest: PageRevision; instant: Date | undefined; now: Date; computed: string; readings?: ChosenReadings },
): Promise<LateEdits | undefined> {
  const { title, latest, instant } = o;
  const mine = (user: string | undefined) => o.bot !== undefined && user === o.bot;
  // The bot's own revision read the page as it was; not its undo of its edit, giving way to theirs (save.ts, `givesWay`).
  const computedByBot = mine(latest.user) && !isUndo(latest);
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
  const byPeople = new Map<string, { revid: number; user: string }>();
  revisions.forEach((r, i) => {
    const user = r.user ?? '';
    if (i === 0 || mine(user)) return;
    for (const c of cellChanges(docs[i - 1]!, docs[i]!)) for (const key of theirKeys(c)) byPeople.set(key, { revid: r.revid, user });
  });
  const overlaps = runOverlaps(title, now, doc(o.computed), (key) => (net.has(key) ? byPeople.get(key) : undefined), instant, 'after');
  if (overlaps.length > 0) throw new LateEditsRefusal(overlaps);
  return found;
}

/**
 * People's edits saved while the bot was saving, after it read the page (`read`): an edit conflict or a merge made the
 * run compute on the page as they left it (`met`), as if made before the instant. Also a merge a killed run left, which
 * this run corrects: `read` is then the page that run read. Refused as `lateEdits` refuses, where the run (`computed`:
 * the page it would save) changes a cell they changed; unless the Judge ruled `late-edits = as-read`. Nothing when the
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

/** A page as compared: the blocks the bot computes (the standings) left out, as it draws them again whatever a person typed there. */
const comparable = (text: string, page: string): WikiDocument => readDocument(withoutComputedBlocks(text), { page });

/** The bot's undo of its own revision (its summary, which only the bot's account writes, or MediaWiki's tag). */
const isUndo = (r: PageRevision): boolean => r.tags?.includes('mw-undo') === true || r.comment?.startsWith('Croupier: undo revision') === true;

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
