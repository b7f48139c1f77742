import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import type { VerifyCliOptions } from '../run/verify.ts';
import { configOption, examples } from '../options.ts';

// `croupier verify`: every draw of the referee recomputed from the pages (docs/referee.md): online from the
// game's Gamestate page and its History archives, or offline from files.
// What it does is loaded when it runs (src/cli/run/verify.ts): `verify --help` starts without the wiki client.

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description(COMMANDS.verify.description)
    .option('--game <id>', 'game id from the config (reads its Gamestate page and History archives from the wiki); or --gamestate')
    .addOption(configOption())
    .option('--phase <n>', 'only the draws of this phase')
    .option('--gamestate <file>', 'offline: the Gamestate wikitext file')
    .option('--history <file...>', 'offline: History archive pages (<gamestate>/History/N), oldest first')
    .option('--kind <kind>', 'offline: the game kind, for its History table layout', 'cycle16')
    .option('--json', 'the findings as one JSON document')
    .addHelpText(
      'after',
      examples([
        ['croupier verify --game cycle16 --phase 3', 'every draw of phase 3 recomputed from the pages; exit 1 if one disagrees'],
        ['croupier verify --gamestate gamestate.wikitext --history history-1.wikitext', 'offline, on saved pages'],
      ]),
    )
    .action(async (opts: VerifyCliOptions, command: Command) => (await import('../run/verify.ts')).runVerify(opts, command));
}
