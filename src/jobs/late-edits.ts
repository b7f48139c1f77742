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
import { readDocument } from '../parse/document.ts';
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
  if (instant === undefined || Date.parse(latest.timestamp) <= instant.getTime() || latest.parentid === 0 || mine(latest.user)) return undefined;
  const chosen = o.readings?.all().find((c) => c.def.id === LATE_EDITS);
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
  // The blocks the bot computes (the standings) are left out: it draws them again whatever a person typed there.
  const doc = (text: string) => readDocument(withoutComputedBlocks(text), { page: title });
  const docs = revisions.map((r) => doc(r.text));
  const byPeople = new Map<string, { revid: number; user: string }>();
  revisions.forEach((r, i) => {
    const user = r.user ?? '';
    if (i === 0 || mine(user)) return;
    for (const c of cellChanges(docs[i - 1]!, docs[i]!)) for (const t of touched(c)) byPeople.set(t.key, { revid: r.revid, user });
  });
  const now = doc(latest.text);
  const net = new Set(cellChanges(docs[0]!, now).flatMap((c) => touched(c).map((t) => t.key)));
  const overlaps: Problem[] = [];
  for (const c of cellChanges(now, doc(o.computed))) {
    if (c.kind !== 'cell' && c.kind !== 'row-removed') continue; // rows the run adds (History) change nothing of theirs
    for (const t of touched(c)) {
      const keys = [t.key, cellKey(t.table, t.row, '*')];
      const by = keys.map((k) => (net.has(k) ? byPeople.get(k) : undefined)).find((b) => b !== undefined);
      if (by === undefined) continue;
      const row = c.kind === 'cell' ? c.row.index : undefined;
      overlaps.push({
        message: `revision ${by.revid}${by.user ? ` by ${by.user}` : ''} changed it after ${formatInstant(instant)}, an instant this run applies late, and the run would change it as if that edit came first. No edit made: an admin may undo that edit, let the bot catch up, and make it again; or a Judge's ruling "* ${LATE_EDITS} = as-read" on the Rulings page applies the run over it`,
        location: { page: title, table: t.table, ...(row === undefined ? {} : { row }), ...(t.column === '*' ? {} : { column: t.column }) },
      });
    }
  }
  if (overlaps.length > 0) throw new GamestateError(overlaps);
  return found;
}

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
