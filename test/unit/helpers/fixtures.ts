import { readFileSync } from 'node:fs';

export const RULESETS = ['cycle16', 'round10', 'cycle15', 'nomicoup'] as const;

/** A fixture page's wikitext, e.g. fixture('cycle16') or fixture('cycle16', 'gamestate'). */
export function fixture(game: string, page = 'ruleset'): string {
  return readFileSync(new URL(`../../../fixtures/${game}/${page}.wikitext`, import.meta.url), 'utf8');
}
