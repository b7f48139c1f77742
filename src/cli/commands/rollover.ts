import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, diffOption, examples } from '../options.ts';
import type { RolloverCliOptions } from '../run/rollover.ts';

// `croupier rollover`: apply everything due up to --now on a game's Gamestate page (or, offline,
// on files: the new page — or with --dry-run its diff — on stdout, the summary on stderr).
// What it does is loaded when it runs (src/cli/run/rollover.ts): `rollover --help` starts without the wiki client.

export function registerRollover(program: Command): void {
  program
    .command('rollover')
    .description(COMMANDS.rollover.description)
    .option('--game <id>', 'game id from the config (reads and saves on the wiki); or --ruleset and --gamestate')
    .addOption(configOption())
    .option('--ruleset <file>', 'offline: the Ruleset wikitext file (- for standard input)')
    .option('--gamestate <file>', 'offline: the Gamestate wikitext file (- for standard input); the new text on stdout, the summary on stderr')
    .option('--rulings <file>', 'offline: the Rulings page as a file: its readings and (a generic game) its declarations, every line counted')
    .option('--title <page>', 'offline: the Gamestate page title to name in the page and in messages (default: the file)')
    .option('--now <iso>', 'the instant to compute up to (default: the clock), e.g. 2026-11-19T00:00Z')
    .option('--dry-run', 'print the diff of what would be saved; save nothing')
    .addOption(diffOption())
    .option('--force', 'manual rollover: go to the next phase now, recorded with --by')
    .option('--by <name>', 'who runs it, recorded in History for --force (default: the wiki account the bot logs in with; required offline)')
    .addHelpText(
      'after',
      examples([
        ['croupier rollover --game cycle16 --dry-run', 'what is due now on the Gamestate page, as the change it would save'],
        ['croupier rollover --game cycle16 --force --by Admin', 'a manual rollover to the next phase now'],
        ['croupier rollover --ruleset ruleset.wikitext --gamestate gamestate.wikitext --now 2026-11-19T00:00Z > new.wikitext', 'offline, on files'],
      ]),
    )
    .action(async (opts: RolloverCliOptions, command: Command) => (await import('../run/rollover.ts')).runRollover(opts, command));
}
