import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { readSourceFor, type ParseOptions } from './parse.ts';

// `croupier lint <file|--title T>`: a tool for the wiki's editors. Exit 1 only when the rules conflict
// (warnings alone exit 0), so it can guard an edit.

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description(COMMANDS.lint.description)
    .argument('[file]', 'wikitext file, or - for standard input')
    .option('--title <page>', 'read the page from the wiki (config and credentials as for publish-tables)')
    .option('--config <path>', 'config file, with --title (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--page <title>', 'page title to name in the locations')
    .action(async (file: string | undefined, opts: ParseOptions, command: Command) => {
      const source = await readSourceFor(file, opts, command);
      const [{ describeLint, lintRuleset }, { printNotes }] = await Promise.all([import('../../parse/lint.ts'), import('../input.ts')]);
      printNotes(source);
      const report = lintRuleset(source.text, source.page ?? opts.page);
      process.stdout.write(`${describeLint(report, source.name)}\n`);
      if (report.conflicts.length > 0) process.exitCode = 1;
    });
}
