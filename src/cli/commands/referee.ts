import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, diffOption, examples } from '../options.ts';
import type { RefereeCliOptions } from '../run/referee.ts';

// `croupier referee --game <id>`: one pass of the referee (what the daemon does on each tick): the secret
// of a phase that ended revealed, the current phase's commitment, the players' requests resolved.
// --dry-run: the same pass with every save a dry run (its diff printed) and the store only read (a phase
// secret it would make is kept in memory only); no lock, no run logged.
// What it does is loaded when it runs (src/cli/run/referee.ts): `referee --help` starts without the wiki client.

export function registerReferee(program: Command): void {
  program
    .command('referee')
    .description(COMMANDS.referee.description)
    .requiredOption('--game <id>', 'game id from the config')
    .addOption(configOption())
    .option('--now <iso>', 'the instant the requests are resolved at (default: the clock; never later than it)')
    .option('--dry-run', 'print the diff of every save the pass would make; write nothing (no wiki edit, no store write)')
    .addOption(diffOption())
    .addHelpText(
      'after',
      examples([
        ['croupier referee --game cycle16 --dry-run', "how the players' pending requests would be answered, as diffs"],
        ['croupier referee --game cycle16', 'resolve them (the daemon does it on every tick)'],
      ]),
    )
    .action(async (opts: RefereeCliOptions, command: Command) => (await import('../run/referee.ts')).runReferee(opts, command));
}
