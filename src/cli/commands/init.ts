import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, examples } from '../options.ts';
import type { InitCliOptions } from '../run/init.ts';

// `croupier init --game <id> [--apply]`: before the first run, check the login and the rights, and create the
// pages the bot needs (src/jobs/init.ts). A dry run unless --apply: it sets a wiki up.
// What it does is loaded when it runs (src/cli/run/init.ts): `init --help` starts without the wiki client.

export function registerInit(program: Command): void {
  program
    .command('init')
    .description(COMMANDS.init.description)
    .requiredOption('--game <id>', 'game id from the config')
    .addOption(configOption())
    .option('--apply', 'create the missing pages (without it: say what is there and what would be created, write nothing)')
    .addHelpText(
      'after',
      examples([
        ['croupier init --game cycle16 --config /etc/croupier/config.json', 'check the login, the rights and the pages; write nothing'],
        ['croupier init --game cycle16 --config /etc/croupier/config.json --apply', 'create the shutoff, request and Rulings pages that are missing'],
      ]),
    )
    .action(async (opts: InitCliOptions, command: Command) => (await import('../run/init.ts')).runInit(opts, command));
}
