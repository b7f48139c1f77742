import type { EngineState, GameEngine, KindedRuleset } from '../games/engine-contract.ts';
import { readEngineRuleset } from '../games/registry.ts';
import { RULESET_REVISION, rulesetRevisionReading } from '../games/kit/readings.ts';
import type { ChosenReadings } from '../games/shared/readings.ts';
import { PageError } from '../parse/source.ts';
import { type Change, formatInstant } from '../sim/trail.ts';
import type { RevisionInfo } from '../wiki/client.ts';
import type { PageRevision } from '../wiki/pages.ts';
import { type ReadRulings, withDeclarations } from './rulings.ts';

// Rules change while a game runs: a passed proposal is written onto the Ruleset page, and its rules apply from then
// on. A run that applies instants it missed (the daemon was stopped, a cron run came late, or the daemon's catch-up,
// which runs each missed boundary at its own instant) applies each with the Ruleset revision saved at or before it,
// not with the page as it is at the run: a grant a proposal repealed after a boundary is still paid at that boundary,
// and one a proposal added after it is not. That a revision's save time is when its rules took effect is a reading
// (a proposal may pass before anyone edits the page): the Judge may rule `ruleset-revision = latest`.

/** An older Ruleset revision a run applies: what falls due before `until` (the next revision's save) is applied with its rules. */
export interface EarlierRuleset {
  revid: number;
  savedAt: Date;
  until: Date;
  ruleset: KindedRuleset;
}

export interface RulesetsInForce {
  /** The revision in force at the run's instant. */
  current: { revid: number; savedAt: Date; ruleset: KindedRuleset };
  /** The revisions before it, oldest first, from the one in force at the first instant the run applies. */
  earlier: EarlierRuleset[];
  /** Revisions saved in that span that a later one took back (a person's revert): never in force. */
  reverted: number[];
  /** The reading's label, for the History row. */
  label: string;
}

export interface RulesetRevisionsWiki {
  revisionsInForce(
    title: string,
    since: Date,
    until: Date,
  ): Promise<(Pick<RevisionInfo, 'revid' | 'timestamp' | 'textHidden'> & { text: string; reverted?: true; user?: string })[]>;
}

/**
 * The Ruleset revisions a run at `now` applies, the first instant it applies being `since`: undefined when the latest
 * revision was saved by then or is the page's first (almost every run, and no request), when the Judge ruled `latest`,
 * or when the page has no revision saved by `since` (its history does not reach back: the current rules, as the page
 * is all there is).
 * `read` gives an older revision's ruleset as the run read the latest's (`latest.ruleset`: with the game's declarations).
 */
export async function rulesetsInForce(
  wiki: RulesetRevisionsWiki,
  o: {
    latest: PageRevision & { ruleset: KindedRuleset };
    since: Date;
    now: Date;
    readings?: ChosenReadings;
    read: (revision: { text: string; revid: number }) => KindedRuleset;
  },
): Promise<RulesetsInForce | undefined> {
  const { latest, since, now } = o;
  // Saved by then, or the page's first revision (none was in force at `since`): the latest alone, nothing asked.
  if (Date.parse(latest.timestamp) <= since.getTime() || latest.parentid === 0) return undefined;
  const chosen = o.readings?.all().find((c) => c.def.id === RULESET_REVISION);
  if (chosen?.value === 'latest') return undefined;
  const listed = await wiki.revisionsInForce(latest.title, since, now);
  // A revision a person took back (vandalism, a proposal's edit undone) was never the rules: the one before it stays
  // in force. Unless the Judge ruled that a revert is a change like any other (a repeal that restored a text).
  const withReverted = chosen?.value === 'saved-including-reverted';
  const revisions = withReverted
    ? listed.slice(Math.max(0, listed.filter((r) => Date.parse(r.timestamp) <= since.getTime()).length - 1))
    : listed.filter((r) => !r.reverted);
  const reverted = withReverted ? [] : listed.filter((r) => r.reverted).map((r) => r.revid);
  if (revisions.length === 0 || (revisions.length === 1 && revisions[0]!.revid === latest.revid && reverted.length === 0)) return undefined;
  const rules = revisions.map((r) => {
    if (r.textHidden) {
      throw new PageError(
        `${latest.title}: revision ${r.revid} (saved ${r.timestamp}), in force at instants this run applies, has its text hidden: its rules cannot be read. No edit made; a Judge's ruling "${RULESET_REVISION} = latest" applies the current Ruleset to them instead`,
      );
    }
    return { revid: r.revid, savedAt: new Date(r.timestamp), ruleset: r.revid === latest.revid ? latest.ruleset : o.read(r) };
  });
  const last = rules.at(-1)!;
  return {
    current: { revid: last.revid, savedAt: last.savedAt, ruleset: last.ruleset },
    earlier: rules.slice(0, -1).map((r, i) => ({ revid: r.revid, savedAt: r.savedAt, until: rules[i + 1]!.savedAt, ruleset: r.ruleset })),
    reverted,
    label: chosen ? o.readings!.label(RULESET_REVISION) : `${RULESET_REVISION}=${rulesetRevisionReading.default} (default)`,
  };
}

/**
 * The revisions in force for a run at `now` on a page in state `read`, as `rollover` and `status` ask for them: from
 * the first instant the run applies, older revisions read as the latest was (`readRuleset`: the daemon's cache).
 */
export function rulesetsForRun(
  wiki: RulesetRevisionsWiki,
  o: {
    game: { id: string; kind?: string; ruleset: string };
    engine: GameEngine;
    latest: PageRevision;
    ruleset: KindedRuleset;
    read: EngineState;
    now: Date;
    readings?: ChosenReadings;
    rulings?: ReadRulings;
    readRuleset?: Parameters<typeof olderRevisionReader>[0]['readRuleset'];
  },
): Promise<RulesetsInForce | undefined> {
  const { game, engine, latest, ruleset, now } = o;
  return rulesetsInForce(wiki, {
    latest: { ...latest, ruleset },
    since: firstInstant(engine, ruleset, o.read, now),
    now,
    ...(o.readings ? { readings: o.readings } : {}),
    read: olderRevisionReader({
      latest,
      game,
      engine,
      ...(o.rulings ? { rulings: o.rulings } : {}),
      ...(o.readRuleset ? { readRuleset: o.readRuleset } : {}),
    }),
  });
}

/** The first instant a run at `now` applies to a page in state `read`: the first period start it has not applied, else `now`. */
function firstInstant(engine: GameEngine, ruleset: KindedRuleset, read: EngineState, now: Date): Date {
  return engine.schedule(ruleset, read, now).missed[0] ?? now;
}

/**
 * How a run reads an older Ruleset revision: as it read the latest (`readRuleset`: the daemon's cache, keyed by
 * revision), with the declarations of the game's Rulings page; refused when it reads as another game's Ruleset.
 */
function olderRevisionReader(o: {
  latest: PageRevision;
  game: { id: string; kind?: string; ruleset: string };
  engine: GameEngine;
  rulings?: ReadRulings;
  readRuleset?: (page: PageRevision, opts: { page: string; kind?: string; game: string }) => { engine: GameEngine; ruleset: KindedRuleset };
}): (revision: { text: string; revid: number }) => KindedRuleset {
  const opts = { page: o.game.ruleset, kind: o.game.kind, game: o.game.id };
  return (revision) => {
    const r = o.readRuleset ? o.readRuleset({ ...o.latest, ...revision }, opts) : readEngineRuleset(revision.text, opts);
    if (r.engine !== o.engine) {
      throw new PageError(`${o.latest.title}: revision ${revision.revid} reads as another game's Ruleset (${r.ruleset.kind}): not applied`);
    }
    return o.rulings ? withDeclarations(o.rulings, r.ruleset).ruleset : r.ruleset;
  };
}

/**
 * The History row of a run that applied Ruleset revisions older than the latest: which applied until when. `changes`:
 * the latest revision's own; those it made at instants before it was saved (a boundary only its calendar has, between
 * the last an older one had and the save: no rule was in force that made it one) are named, not applied silently.
 */
export function rulesetRevisionsRow(inForce: RulesetsInForce, o: { at: Date; phase: number; changes: readonly Change[] }): Change {
  const spans = inForce.earlier.map((e) => `revision ${e.revid} before ${formatInstant(e.until)}`);
  const { current } = inForce;
  const early = [...new Set(o.changes.filter((c) => c.at < current.savedAt).map((c) => formatInstant(c.at)))];
  const unseen =
    early.length > 0
      ? `; revision ${current.revid} also applied what its rules make due at ${early.join(', ')}, before it was saved, which no older revision did`
      : '';
  const taken =
    inForce.reverted.length > 0
      ? `; not applied, taken back by a later revision: ${inForce.reverted.map((r) => `revision ${r}`).join(', ')} (a Judge's ruling "${RULESET_REVISION} = saved-including-reverted" applies it)`
      : '';
  return {
    at: o.at,
    phase: o.phase,
    event: 'Ruleset revisions',
    player: '-',
    change: `applied with the Ruleset as it was then: ${[...spans, `revision ${current.revid} ${spans.length > 0 ? 'after' : `(saved ${formatInstant(current.savedAt)}), the latest saved by ${formatInstant(o.at)}`}`].join(', ')}${taken}${unseen}`,
    reason: {
      rule: 'what falls due at an instant is applied with the rules in force at it: the Ruleset revision saved at or before it',
      inputs: Object.fromEntries([...inForce.earlier, current].map((e) => [`revision ${e.revid}`, `saved ${formatInstant(e.savedAt)}`])),
      readings: [inForce.label],
    },
  };
}
