import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import type { RefereeCliOptions } from '../run/referee.ts';

// `croupier referee --game <id>`: one pass of the referee (what the daemon does on each tick): the secret
// of a phase that ended revealed, the current phase's commitment, the players' requests resolved.
// What it does is loaded when it runs (src/cli/run/referee.ts): `referee --help` starts without the wiki client.

export function registerReferee(program: Command): void {
  program
    .command('referee')
    .description(COMMANDS.referee.description)
    .option('--game <id>', 'game id from the config')
    .option('--config <file>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--now <iso>', 'the instant the requests are resolved at (default: the clock; never later than it)')
    .action(async (opts: RefereeCliOptions, command: Command) => (await import('../run/referee.ts')).runReferee(opts, command));
}
