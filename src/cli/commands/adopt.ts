import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, diffOption, examples } from '../options.ts';
import type { AdoptCliOptions } from '../run/adopt.ts';

// `croupier adopt`: a hand-kept Gamestate page gets the bot's regions (Phase record, History), every line
// people wrote kept — on a game of the config (one save), or offline on files (the new page on stdout).
// What it does is loaded when it runs (src/cli/run/adopt.ts): `adopt --help` starts without the wiki client.

export function registerAdopt(program: Command): void {
  program
    .command('adopt')
    .description(COMMANDS.adopt.description)
    .option('--game <id>', 'game id from the config (reads its Ruleset, saves its Gamestate page); or --ruleset and --gamestate')
    .addOption(configOption())
    .option('--ruleset <file>', 'offline: the Ruleset wikitext file (- for standard input)')
    .option('--gamestate <file>', 'offline: the Gamestate wikitext file (- for standard input); the new text on stdout')
    .option('--title <page>', 'offline: the Gamestate page title, for its History archive links (default: the file)')
    .option('--now <iso>', 'the instant of the Phase record (default: the clock), e.g. 2026-12-09T10:00Z')
    .option('--cycle-start <iso>', 'the cycle start, when the ruleset does not state it, e.g. 2026-12-07')
    .option('--dry-run', 'print the diff of what would be saved; save nothing')
    .addOption(diffOption())
    .addHelpText(
      'after',
      examples([
        [
          'croupier adopt --ruleset fixtures/newcycle/ruleset.wikitext --gamestate fixtures/newcycle/gamestate.wikitext --now 2026-12-09T10:00Z',
          'offline: the adopted page on stdout',
        ],
        ['croupier adopt --game cycle17 --dry-run', "what adopting the game's Gamestate page would change; writes nothing"],
        ['croupier adopt --game cycle17 --cycle-start 2026-12-07', 'adopt it, the cycle start given because the ruleset does not state it'],
      ]),
    )
    .action(async (opts: AdoptCliOptions, command: Command) => (await import('../run/adopt.ts')).runAdopt(opts, command));
}
