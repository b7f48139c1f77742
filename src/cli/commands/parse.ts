import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { gameKinds, type GameKind } from '../../games/kinds.ts';
import { UsageError } from '../usage.ts';
import { configOption, examples, logFormatOf } from '../options.ts';

// What `parse`, `tables` and `lint` share. Registering them loads nothing heavy (`parse --help` starts as fast
// as `--help`): the parser, the games and the wiki client are imported when the command runs.

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
  const { readSource } = await import('../input.ts');
  return readSource(file, opts.config);
}

/** The options shared by `parse` and `tables`. */
export function sourceOptions(command: Command): Command {
  return command
    .argument('[file]', 'wikitext file, or - for standard input')
    .option('--title <page>', 'read the page from the wiki (config and credentials as for publish-tables)')
    .addOption(configOption(', with --title'))
    .option('--kind <kind>', `ruleset kind: ${gameKinds.join(' or ')} (default: detected from the page)`, kindOption)
    .option('--page <title>', 'page title to name in warnings and links');
}

export function kindOption(value: string): GameKind {
  const kind = gameKinds.find((k) => k === value);
  if (kind === undefined) throw new UsageError(`unknown kind "${value}" (expected ${gameKinds.join(' or ')})`);
  return kind;
}

export function registerParse(program: Command): void {
  sourceOptions(program.command('parse').description(COMMANDS.parse.description))
    .option('--json', 'print one JSON document instead of a summary')
    .addHelpText(
      'after',
      examples([
        ['croupier parse fixtures/cycle16/ruleset.wikitext --json', 'the Ruleset file as one JSON document'],
        ['croupier parse --title "Cycle 16/Ruleset"', 'a summary of the page as the bot reads it from the wiki'],
      ]),
    )
    .action(async (file: string | undefined, opts: ParseOptions & { json?: boolean }, command: Command) => {
      const source = await readSourceFor(file, opts, command);
      const { parseSource, parseSummary, printNotes } = await import('../ruleset-source.ts');
      printNotes(source);
      const ruleset = await parseSource(source, opts);
      process.stdout.write(opts.json ? `${JSON.stringify(ruleset, null, 2)}\n` : `${parseSummary(ruleset)}\n`);
    });
}
