import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { describeLocation } from '../../parse/location.ts';
import { gameKinds, parseRuleset, type GameKind, type ParsedRuleset } from '../../games/registry.ts';
import { UsageError } from '../usage.ts';
import { notARuleset, printNotes, readSource } from '../input.ts';
import { logFormatOf } from '../options.ts';

export interface RulesetSource {
  text: string;
  /** The wiki page it came from, when read from the wiki. */
  page?: string;
  /** How messages name it: the page, the file, or "standard input". */
  name: string;
  /** What was normalised on reading (a byte-order mark, CRLF line ends): printed as notes. */
  notes?: string[];
}

export interface ParseOptions {
  kind?: GameKind;
  page?: string;
  /** Read the page from the wiki instead of a file. */
  title?: string;
  config?: string;
}

/** The ruleset's wikitext from `<file>` or, with --title, from the wiki (as the bot reads it). */
export async function readSourceFor(file: string | undefined, opts: ParseOptions, command: Command): Promise<RulesetSource> {
  if (opts.title !== undefined) {
    if (file !== undefined) throw new UsageError('give either a file or --title, not both');
    // The wiki client (mwn and the rest) is loaded only for --title: reading a file starts faster.
    const [{ buildContext }, { readRulesetFromWiki }] = await Promise.all([import('../context.ts'), import('../../jobs/publish-tables.ts')]);
    const ctx = await buildContext({ config: opts.config, dryRun: true, logFormat: logFormatOf(command) });
    const page = await readRulesetFromWiki(ctx, opts.title);
    ctx.progress.stop();
    return { text: page.text, page: page.title, name: `page "${page.title}"` };
  }
  if (file === undefined) throw new UsageError('give a file (or - for standard input), or --title <page>');
  return readSource(file, opts.config);
}

/** The options shared by `parse` and `tables`. */
export function sourceOptions(command: Command): Command {
  return command
    .argument('[file]', 'wikitext file, or - for standard input')
    .option('--title <page>', 'read the page from the wiki (config and credentials as for publish-tables)')
    .option('--config <path>', 'config file, with --title (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--kind <kind>', `ruleset kind: ${gameKinds.join(' or ')} (default: detected from the page)`, kindOption)
    .option('--page <title>', 'page title to name in warnings and links');
}

/** Parses a source; unreadable input (no headings, no tables) is an error, flaws are warnings. */
export function parseSource(source: RulesetSource, opts: ParseOptions): ParsedRuleset {
  const ruleset = parseRuleset(source.text, { page: source.page ?? opts.page, kind: opts.kind });
  const empty = ruleset.kind === 'generic' && ruleset.rules.length === 0 && ruleset.tables.length === 0;
  if (empty) throw notARuleset(source.name);
  return ruleset;
}

export function kindOption(value: string): GameKind {
  const kind = gameKinds.find((k) => k === value);
  if (kind === undefined) throw new UsageError(`unknown kind "${value}" (expected ${gameKinds.join(' or ')})`);
  return kind;
}

function summary(r: ParsedRuleset): string {
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
        : `${r.tables.length} tables`;
  const lines = [`${r.kind}: ${r.rules.length} rules, ${counts}, ${r.warnings.length} warning(s)`];
  for (const w of r.warnings) lines.push(`warning: ${w.message} (${describeLocation(w.location)})`);
  return lines.join('\n');
}

export function registerParse(program: Command): void {
  sourceOptions(
    program
      .command('parse')
      .description(COMMANDS.parse.description),
  )
    .option('--json', 'print one JSON document instead of a summary')
    .action(async (file: string | undefined, opts: ParseOptions & { json?: boolean }, command: Command) => {
      const source = await readSourceFor(file, opts, command);
      printNotes(source);
      const ruleset = parseSource(source, opts);
      process.stdout.write(opts.json ? `${JSON.stringify(ruleset, null, 2)}\n` : `${summary(ruleset)}\n`);
    });
}
