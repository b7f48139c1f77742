import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, diffOption, examples } from '../options.ts';
import type { RulesetIdsCliOptions } from '../run/ruleset-ids.ts';

// `croupier ruleset-ids --game <id> [--apply]`: the diff of the IDs the rules assign on the Ruleset; saved only with --apply.
// What it does is loaded when it runs (src/cli/run/ruleset-ids.ts): `ruleset-ids --help` starts without the wiki client.

export function registerRulesetIds(program: Command): void {
  program
    .command('ruleset-ids')
    .description(COMMANDS['ruleset-ids'].description)
    .requiredOption('--game <id>', 'game id from the config')
    .option('--apply', 'save the edit of the Ruleset page (without it: print the diff, write nothing)')
    .addOption(diffOption())
    .addOption(configOption())
    .option('--trigger <what>', 'what started this run, for the edit summary', 'cli')
    .addHelpText(
      'after',
      examples([
        ['croupier ruleset-ids --game cycle15', 'the IDs the rules would assign, as a diff of the Ruleset page; writes nothing'],
        ['croupier ruleset-ids --game cycle15 --apply', 'save them'],
      ]),
    )
    .action(async (opts: RulesetIdsCliOptions, command: Command) => (await import('../run/ruleset-ids.ts')).runRulesetIds(opts, command));
}
