import { readDocument, type WikiDocument } from '../parse/document.ts';
import type { Table } from '../parse/model.ts';
import { cycle15 } from './cycle15/index.ts';
import { cycle16 } from './cycle16/index.ts';
import type { GameEngine, KindedRuleset } from './engine-contract.ts';
import type { GameReferee } from './actions.ts';
import { generic } from './generic/index.ts';
import { gameKinds, type GameKind } from './kinds.ts';
import { nomicoup } from './nomicoup/index.ts';
import { round10 } from './round10/index.ts';
import type { DeclaredLine, ReadingDef } from './shared/readings.ts';

/** One ruleset family: how to recognise its pages and what it extracts from them. */
export interface GameModule<R extends KindedRuleset> {
  kind: R['kind'];
  description: string;
  /** Whether a read page looks like this game's ruleset (used when no kind is given). */
  detect(doc: WikiDocument): boolean;
  /** Never throws on content: what cannot be read becomes a warning in the result. */
  readRuleset(doc: WikiDocument): R;
  /** What `croupier parse` counts of a read ruleset, besides its rules and warnings ("12 card species, 3 phases"). */
  counts(ruleset: R): string;
  /**
   * Wikitext of the computed reference tables, for games that have them; `gamestate`: the text of
   * the game's Gamestate page, for tables computed from it too (Cycle 15's board).
   */
  renderTables?(ruleset: R, context?: TablesContext): string;
  /** The rules engine of the game's Gamestate page; see src/games/engine-contract.ts. */
  engine: GameEngine<R>;
  /**
   * What the rules themselves write on the Ruleset page (Cycle 15: the IDs of Garbage items added
   * without one); null when the page already says it. Offered as a diff, saved only on request.
   */
  amendRuleset?(doc: WikiDocument): RulesetAmendment | null;
  /** Where the game's rules are open to interpretation: the named readings its engine uses (src/games/shared/readings.ts). */
  readings?: readonly ReadingDef[];
  /** The actions players may ask the referee for, on the game's actions page; see src/games/actions.ts. */
  referee?: GameReferee<R>;
  /**
   * What the game's admins declare on its Rulings page, for a game whose ruleset alone does not tell the bot
   * enough (generic): `line` tells a declaration from prose; `declare` gives the ruleset with the declarations by
   * allowed users in it (src/jobs/rulings.ts reads them with their authors), and a warning per line ignored.
   */
  declarations?: {
    line: RegExp;
    declare(ruleset: R, lines: readonly DeclaredLine[], page: string): { ruleset: R; warnings: string[] };
    /** The declarations in force in a ruleset `declare` gave, one line each (`croupier readings --game`). */
    describe(ruleset: R): string[];
  };
}

export interface TablesContext {
  gamestate?: { title: string; text: string };
}

/** A Ruleset page with what its own rules assign written in, and what changed, line by line. */
export interface RulesetAmendment {
  text: string;
  changes: string[];
  /** The rule applied, quoted (for the edit summary). */
  rule: string;
}

/** What any game's module reads of a ruleset. */
export type ParsedRuleset = ReturnType<(typeof modules)[GameKind]['readRuleset']>;

/** Each kind's module: a kind of kinds.ts without its module (of that kind) here does not compile. */
const modules = { cycle16, round10, cycle15, nomicoup, generic } satisfies { [K in GameKind]: { kind: K } };

/** Most specific first, in the order of gameKinds (kinds.ts): detection falls through to generic. */
export const games = gameKinds.map((k) => modules[k]);
export { gameKinds, type GameKind };

export function gameFor(kind: string): (typeof games)[number] | undefined {
  return games.find((g) => g.kind === kind);
}

/** One parse of the page; the game is `kind`, or detected from the page when omitted. */
export function parseRuleset(text: string, opts: { page?: string; kind?: GameKind } = {}): ParsedRuleset {
  const doc = readDocument(text, { page: opts.page });
  const game = opts.kind === undefined ? games.find((g) => g.detect(doc))! : gameFor(opts.kind)!;
  return game.readRuleset(doc);
}

/** What `croupier parse` counts of a ruleset, by its own game's module. */
export function countsOf(ruleset: ParsedRuleset): string {
  return moduleFor(ruleset.kind).counts(ruleset);
}

/** The computed reference tables of the ruleset's own game, if it has any (a ruleset goes back to the module of its `kind`). */
export function renderTables(ruleset: KindedRuleset, context?: TablesContext): string | undefined {
  const game: GameModule<KindedRuleset> | undefined = gameFor(ruleset.kind);
  return game?.renderTables?.(ruleset, context);
}

/** The game module of `kind`, as the generic layers see it; an error for an unknown kind. */
function moduleFor(kind: string): GameModule<KindedRuleset> {
  const game = gameFor(kind);
  if (game === undefined) throw new Error(`unknown game kind "${kind}" (expected ${gameKinds.join(' or ')})`);
  return game;
}

/** What the rules of the page's own game write on it (null: nothing; the kind has no such rule, or the page says it). */
export function amendRuleset(text: string, opts: { page?: string; kind: string }): RulesetAmendment | null {
  const game: GameModule<KindedRuleset> = moduleFor(opts.kind);
  return game.amendRuleset?.(readDocument(text, { page: opts.page })) ?? null;
}

/** The named readings of games of `kind` (none for games without). */
export function readingsFor(kind: string): readonly ReadingDef[] {
  const game: GameModule<KindedRuleset> | undefined = gameFor(kind);
  return game?.readings ?? [];
}

/** How games of `kind` take declarations from their Rulings page; undefined when they take none. */
export function declarationsFor(kind: string): GameModule<KindedRuleset>['declarations'] {
  const game: GameModule<KindedRuleset> | undefined = gameFor(kind);
  return game?.declarations;
}

/** Whether games of `kind` have computed card tables (publish-tables). */
export function hasTables(kind: string): boolean {
  const game: GameModule<KindedRuleset> | undefined = gameFor(kind);
  return game?.renderTables !== undefined;
}

/** The rules engine of `kind` (an error for an unknown kind). */
export function engineFor(kind: string): GameEngine {
  return moduleFor(kind).engine;
}

/** The referee's actions of `kind`, or undefined when its players have none. */
export function refereeFor(kind: string): GameReferee | undefined {
  return moduleFor(kind).referee;
}

/** The game kind of a read Ruleset page (most specific first, falling through to generic). */
export function detectKind(doc: WikiDocument): GameKind {
  return games.find((g) => g.detect(doc))!.kind;
}

/**
 * The Ruleset page read once for its game's engine: `kind` as configured (detected from the page
 * when omitted).
 */
export function readEngineRuleset(
  text: string,
  opts: { page?: string; kind?: string; game?: string } = {},
): { engine: GameEngine; ruleset: KindedRuleset; tables: readonly Table[] } {
  const doc = readDocument(text, { page: opts.page });
  const engine = engineFor(opts.kind ?? detectKind(doc));
  return { engine, ruleset: engine.readRuleset(doc), tables: doc.tables };
}
