import { readDocument, type WikiDocument } from '../parse/document.ts';
import { cycle16 } from './cycle16/index.ts';
import type { Cycle16Ruleset } from './cycle16/schema.ts';
import { generic, type GenericRuleset } from './generic/index.ts';

/** One ruleset family: how to recognise its pages and what it extracts from them. */
export interface GameModule<R extends { kind: string }> {
  kind: R['kind'];
  description: string;
  /** Whether a read page looks like this game's ruleset (used when no kind is given). */
  detect(doc: WikiDocument): boolean;
  /** Never throws on content: what cannot be read becomes a warning in the result. */
  readRuleset(doc: WikiDocument): R;
  /** Wikitext of the computed reference tables, for games that have them. */
  renderTables?(ruleset: R): string;
  /** The rules engine of games with a kept Gamestate (Cycle 16). */
  engine?: unknown;
}

export type ParsedRuleset = Cycle16Ruleset | GenericRuleset;

/** Most specific first: detection falls through to generic. */
export const games = [cycle16, generic] as const;
export type GameKind = (typeof games)[number]['kind'];
export const gameKinds: readonly GameKind[] = games.map((g) => g.kind);

export function gameFor(kind: string): (typeof games)[number] | undefined {
  return games.find((g) => g.kind === kind);
}

/** One parse of the page; the game is `kind`, or detected from the page when omitted. */
export function parseRuleset(text: string, opts: { page?: string; kind?: GameKind } = {}): ParsedRuleset {
  const doc = readDocument(text, { page: opts.page });
  const game = opts.kind === undefined ? games.find((g) => g.detect(doc))! : gameFor(opts.kind)!;
  return game.readRuleset(doc);
}

export function renderTables(ruleset: ParsedRuleset): string | undefined {
  return ruleset.kind === 'cycle16' ? cycle16.renderTables(ruleset) : undefined;
}
