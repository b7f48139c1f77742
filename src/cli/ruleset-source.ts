// Reading a ruleset for `parse`, `tables` and `lint` once the command runs (commands/parse.ts registers them
// without loading any of this).
import { describeLocation } from '../parse/location.ts';
import { countsOf, loadAndParseRuleset, type ParsedRuleset } from '../games/registry.ts';
import { notARuleset } from './input.ts';
import type { ParseOptions, RulesetSource } from './commands/parse.ts';

export { printNotes } from './input.ts';

/** Parses a source with its own game, loaded for it; unreadable input (no headings, no tables) is an error, flaws are warnings. */
export async function parseSource(source: RulesetSource, opts: ParseOptions): Promise<ParsedRuleset> {
  const ruleset = await loadAndParseRuleset(source.text, { page: source.page ?? opts.page, kind: opts.kind });
  const empty = ruleset.kind === 'generic' && ruleset.rules.length === 0 && ruleset.tables.length === 0;
  if (empty) throw notARuleset(source.name);
  return ruleset;
}

/** What `croupier parse` prints without --json: the counts of what was read, then each warning with its place. */
export function parseSummary(r: ParsedRuleset): string {
  const counts = countsOf(r);
  const lines = [`${r.kind}: ${r.rules.length} rules, ${counts}, ${r.warnings.length} warning(s)`];
  for (const w of r.warnings) lines.push(`warning: ${w.message} (${describeLocation(w.location)})`);
  return lines.join('\n');
}
