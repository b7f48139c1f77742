import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { readSourceFor, type ParseOptions } from './parse.ts';
import { configOption, examples } from '../options.ts';

// `croupier lint <file|--title T>`: a tool for the wiki's editors. Exit 1 only when the rules conflict
// (warnings alone exit 0), so it can guard an edit.

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description(COMMANDS.lint.description)
    .argument('[file]', 'wikitext file, or - for standard input')
    .option('--title <page>', 'read the page from the wiki (config and credentials as for publish-tables)')
    .addOption(configOption(', with --title'))
    .option('--page <title>', 'page title to name in the locations')
    .addHelpText(
      'after',
      examples([
        ['croupier lint ruleset.wikitext', 'the conflicts and warnings of a saved Ruleset page; exit 1 on a conflict'],
        ['croupier lint --title "Nomicoup/Ruleset"', 'the same for the page on the wiki'],
      ]),
    )
    .action(async (file: string | undefined, opts: ParseOptions, command: Command) => {
      const source = await readSourceFor(file, opts, command);
      const [{ describeLint, lintRuleset }, { printNotes }] = await Promise.all([import('../../parse/lint.ts'), import('../input.ts')]);
      printNotes(source);
      const report = lintRuleset(source.text, source.page ?? opts.page);
      process.stdout.write(`${describeLint(report, source.name)}\n`);
      if (report.conflicts.length > 0) process.exitCode = 1;
    });
}
