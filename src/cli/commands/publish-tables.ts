import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, diffOption, examples } from '../options.ts';
import type { PublishTablesCliOptions } from '../run/publish-tables.ts';

// `croupier publish-tables --game <id> [--dry-run] [--config <file>]`: the game's computed card tables,
// written into the bot-managed region of its tables page.
// What it does is loaded when it runs (src/cli/run/publish-tables.ts): `publish-tables --help` starts without the wiki client.

export function registerPublishTables(program: Command): void {
  program
    .command('publish-tables')
    .description(COMMANDS['publish-tables'].description)
    .requiredOption('--game <id>', 'game id from the config')
    .option('--dry-run', 'print the diff of what would be saved; write nothing')
    .addOption(diffOption())
    .addOption(configOption())
    .option('--trigger <what>', 'what started this run, for the edit summary', 'cli')
    .addHelpText(
      'after',
      examples([
        ['croupier publish-tables --game cycle16 --dry-run', 'the change of the tables page it would save, cell by cell'],
        ['croupier publish-tables --game cycle16', 'save it'],
      ]),
    )
    .action(async (opts: PublishTablesCliOptions, command: Command) => (await import('../run/publish-tables.ts')).runPublishTables(opts, command));
}
