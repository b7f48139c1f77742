// Reading a ruleset for `parse`, `tables` and `lint` once the command runs (commands/parse.ts registers them
// without loading any of this).
import { describeLocation } from '../parse/location.ts';
import { parseRuleset, type ParsedRuleset } from '../games/registry.ts';
import { notARuleset } from './input.ts';
import type { ParseOptions, RulesetSource } from './commands/parse.ts';

export { printNotes } from './input.ts';

/** Parses a source; unreadable input (no headings, no tables) is an error, flaws are warnings. */
export function parseSource(source: RulesetSource, opts: ParseOptions): ParsedRuleset {
  const ruleset = parseRuleset(source.text, { page: source.page ?? opts.page, kind: opts.kind });
  const empty = ruleset.kind === 'generic' && ruleset.rules.length === 0 && ruleset.tables.length === 0;
  if (empty) throw notARuleset(source.name);
  return ruleset;
}

/** What `croupier parse` prints without --json: the counts of what was read, then each warning with its place. */
export function parseSummary(r: ParsedRuleset): string {
  const counts =
    r.kind === 'cycle16'
      ? `${r.cards.length} card species, ${r.modifiers.length} modifiers, ${r.collections.length} collections, ` +
        `${r.packs.length} packs, ${r.shop.length} shop items, ${r.scenarios.length} scenarios, ${r.phases.length} phases`
      : r.kind === 'round10'
        ? `${r.phases.length} phases, ${r.prizes.length} prizes, ${r.multipliers.length} multipliers, ${r.suits.length} suits, ` +
          `${r.ranks.map((a) => `${a.max} ${a.name} ranks`).join(', ')}, ${r.fortunes.length} fortunes`
        : r.kind === 'cycle15'
          ? `${r.garbage.length} Garbage items, ${r.spaceTypes.length} space types, ${r.categories.length} categories, ${r.geode.length} Geode items, ${r.phases.length} phases`
          : r.kind === 'nomicoup'
            ? `${r.characters.length} characters, ${r.actions.length} actions, ${r.counteractions.length} counteractions, ${r.conflicts.length} conflict(s)`
        : `${r.phases.length} phases, ${r.dice.length} dice expressions, ${r.tables.length} tables`;
  const lines = [`${r.kind}: ${r.rules.length} rules, ${counts}, ${r.warnings.length} warning(s)`];
  for (const w of r.warnings) lines.push(`warning: ${w.message} (${describeLocation(w.location)})`);
  return lines.join('\n');
}
