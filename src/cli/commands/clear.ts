import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, examples } from '../options.ts';
import type { ClearCliOptions } from '../run/clear.ts';

// `croupier clear --game <id>`: lift the halt a game is under after daemon.maxConsecutiveFailures failed
// runs. Writes the store only (under its file lock), so it works while the daemon runs: the daemon reads
// the flag before every job, and catches up what was missed at its next check.
// --dry-run: says whether the game is halted and prints the diff of its store record; writes nothing.
// What it does is loaded when it runs (src/cli/run/clear.ts): `clear --help` starts without the wiki client.

export function registerClear(program: Command): void {
  program
    .command('clear')
    .description(COMMANDS.clear.description)
    .requiredOption('--game <id>', 'game id from the config')
    .addOption(configOption())
    .option('--by <name>', 'who clears it, recorded in the store (default: the wiki account the bot logs in with)')
    .option('--dry-run', 'say whether the game is halted and what clearing would change; write nothing')
    .addHelpText(
      'after',
      examples([
        ['croupier clear --game cycle16 --dry-run', 'whether cycle16 is halted, and the change of its store record clearing would make'],
        ['croupier clear --game cycle16 --by Admin', 'lift the halt, recorded as done by Admin'],
      ]),
    )
    .action(async (opts: ClearCliOptions) => (await import('../run/clear.ts')).runClear(opts));
}
