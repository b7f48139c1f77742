import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import type { StatusCliOptions } from '../run/status.ts';
import { configOption, examples } from '../options.ts';

// `croupier status`: the current phase, the next rollover, what is due or pending, the last run.
// What it does is loaded when it runs (src/cli/run/status.ts): `status --help` starts without the wiki client.

export function registerStatus(program: Command): void {
  program
    .command('status')
    .description(COMMANDS.status.description)
    .option('--game <id>', 'game id from the config; or --ruleset and --gamestate')
    .addOption(configOption())
    .option('--ruleset <file>', 'offline: the Ruleset wikitext file (- for standard input)')
    .option('--gamestate <file>', 'offline: the Gamestate wikitext file (- for standard input)')
    .option('--now <iso>', 'the instant to report for (default: the clock)')
    .option('--json', 'one JSON document (phase, nextRollover in ISO 8601 UTC or null, pending, lastRun…)')
    .addHelpText(
      'after',
      examples([
        ['croupier status --game cycle16', 'the phase, the next rollover, what is pending and the last run'],
        ['croupier status --ruleset ruleset.wikitext --gamestate gamestate.wikitext --json', 'offline, on files, as JSON'],
      ]),
    )
    .action(async (opts: StatusCliOptions, command: Command) => (await import('../run/status.ts')).runStatus(opts, command));
}
