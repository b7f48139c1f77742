import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { diffOption } from '../options.ts';
import type { PublishTablesCliOptions } from '../run/publish-tables.ts';

// `croupier publish-tables --game <id> [--dry-run] [--config <path>]`: the game's computed card tables,
// written into the bot-managed region of its tables page.
// What it does is loaded when it runs (src/cli/run/publish-tables.ts): `publish-tables --help` starts without the wiki client.

export function registerPublishTables(program: Command): void {
  program
    .command('publish-tables')
    .description(COMMANDS['publish-tables'].description)
    .requiredOption('--game <id>', 'game id from the config')
    .option('--dry-run', 'print the diff of what would be saved; write nothing')
    .addOption(diffOption())
    .option('--config <path>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json, else the embedded default)')
    .option('--trigger <what>', 'what started this run, for the edit summary', 'cli')
    .action(async (opts: PublishTablesCliOptions, command: Command) => (await import('../run/publish-tables.ts')).runPublishTables(opts, command));
}
