import { readDocument } from './document.ts';
import { describeLocation, type Warning } from './location.ts';
import { readNumberedRules, type Conflict } from './numbered-rules.ts';

// `croupier lint`: what a ruleset's editors should fix. Conflicts are the numbered rule tree's
// (src/parse/numbered-rules.ts: a page without rule IDs has none); warnings are the page's own
// (malformed markup, notes on what was normalised) and the tree's.

export interface LintReport {
  /** Headings carrying a rule ID. */
  numbered: number;
  headings: number;
  conflicts: Conflict[];
  warnings: Warning[];
}

export function lintRuleset(text: string, page?: string): LintReport {
  const doc = readDocument(text, { page });
  const tree = readNumberedRules(doc);
  return {
    numbered: tree.flat.filter((r) => r.id !== null).length,
    headings: tree.flat.length,
    conflicts: tree.conflicts,
    warnings: [...doc.warnings, ...tree.warnings],
  };
}

/** One line per conflict (its locations after it) and per warning, then a count. */
export function describeLint(report: LintReport, name: string): string {
  const lines = report.conflicts.map((c) => `conflict (${c.kind}): ${c.message}\n${c.locations.map((l) => `  at ${describeLocation(l)}`).join('\n')}`);
  for (const w of report.warnings) lines.push(`warning: ${w.message}${describeLocation(w.location) ? ` (${describeLocation(w.location)})` : ''}`);
  const rules = report.numbered > 0 ? `${report.numbered} numbered rules of ${report.headings} headings` : `${report.headings} headings, no numbered rules`;
  lines.push(`${name}: ${rules}, ${report.conflicts.length} conflict(s), ${report.warnings.length} warning(s)`);
  return lines.join('\n');
}
