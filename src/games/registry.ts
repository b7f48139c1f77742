import { readDocument, type WikiDocument } from '../parse/document.ts';
import type { Table } from '../parse/model.ts';
import type { GameEngine, KindedRuleset } from './engine-contract.ts';
import type { GameReferee } from './actions.ts';
import type { GameModule, RulesetAmendment, TablesContext } from './kit/game.ts';
import { gameKinds, gameLoaders, type GameKind } from './kinds.ts';
import { kitReadings } from './kit/readings.ts';
import type { ReadingDef } from './shared/readings.ts';

/** Each kind's module, as its folder's index.ts exports it: under the kind's name (test/unit/games/list.test.ts checks it). */
type ModuleOf<K extends GameKind> = Awaited<ReturnType<(typeof gameLoaders)[K]>> extends infer N ? (K extends keyof N ? N[K] : never) : never;
type Modules = { [K in GameKind]: ModuleOf<K> };

/** What any game's module reads of a ruleset. */
export type ParsedRuleset = ReturnType<Modules[GameKind]['readRuleset']>;

type AnyModule = Modules[GameKind];
const loaded = new Map<GameKind, AnyModule>();

/**
 * Loads the games of `kinds` (every game of the list, kinds.ts, by default), each once: the CLI before a
 * command's action, the tests in their setup. Everything below needs the games it reaches loaded; before,
 * they fail saying so.
 */
export async function loadGames(kinds: readonly GameKind[] = gameKinds): Promise<void> {
  const missing = kinds.filter((k) => !loaded.has(k));
  const modules = await Promise.all(missing.map(async (k) => ((await gameLoaders[k]()) as unknown as Modules)[k]));
  missing.forEach((k, i) => loaded.set(k, modules[i]!));
}

/**
 * The kind of a read page, `kind` if given, loading only the games it tries: the list's games in order until
 * one claims the page. A Cycle 16 page loads Cycle 16's module alone (a game's schemas are most of a cold
 * start's cost: docs/performance.md).
 */
export async function loadGameOf(doc: WikiDocument, kind?: GameKind): Promise<GameKind> {
  for (const k of kind === undefined ? gameKinds : [kind]) {
    await loadGames([k]);
    if (kind !== undefined || loaded.get(k)!.detect(doc)) return k;
  }
  throw new Error('no game claims the page'); // unreachable: generic, the list's last, claims any page
}

/** Most specific first, in the order of gameKinds (kinds.ts): detection falls through to generic. */
export function games(): readonly AnyModule[] {
  return gameKinds.map(loadedGame);
}
export { gameKinds, type GameKind, type GameModule, type RulesetAmendment, type TablesContext };

function loadedGame(kind: GameKind): AnyModule {
  const game = loaded.get(kind);
  if (game === undefined) throw new Error(`the game "${kind}" is not loaded (the registry needs loadGames() first)`);
  return game;
}

/** The module of `kind`; undefined for a kind not of the list. */
export function gameFor(kind: string): AnyModule | undefined {
  const known = gameKinds.find((k) => k === kind);
  return known === undefined ? undefined : loadedGame(known);
}

/** One parse of the page; the game is `kind`, or detected from the page when omitted. */
export function parseRuleset(text: string, opts: { page?: string; kind?: GameKind } = {}): ParsedRuleset {
  const doc = readDocument(text, { page: opts.page });
  return loadedGame(opts.kind ?? detectKind(doc)).readRuleset(doc);
}

/** parseRuleset, loading only the games it needs (loadGameOf): what `croupier parse`, `tables` and `lint` do with a file. */
export async function loadAndParseRuleset(text: string, opts: { page?: string; kind?: GameKind } = {}): Promise<ParsedRuleset> {
  const doc = readDocument(text, { page: opts.page });
  return loadedGame(await loadGameOf(doc, opts.kind)).readRuleset(doc);
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

/** The named readings of games of `kind`: the game's own, then those of every game (none for an unknown kind). */
export function readingsFor(kind: string): readonly ReadingDef[] {
  const game: GameModule<KindedRuleset> | undefined = gameFor(kind);
  return game ? [...(game.readings ?? []), ...kitReadings] : [];
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
  return games().find((g) => g.detect(doc))!.kind;
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
