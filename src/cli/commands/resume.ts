import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, examples } from '../options.ts';
import type { ResumeCliOptions } from '../run/resume.ts';

// `croupier resume --game <id>`: lift the pause a game is under since a person reverted one of the bot's edits
// (docs/daemon.md). Writes the store only (under its file lock), so it works while the daemon runs: the daemon
// reads the pause before every tick, and computes from the pages as they are from then on.
// --dry-run: says whether the game is paused, and by which revert; writes nothing.
// What it does is loaded when it runs (src/cli/run/resume.ts): `resume --help` starts without the wiki client.

export function registerResume(program: Command): void {
  program
    .command('resume')
    .description(COMMANDS.resume.description)
    .requiredOption('--game <id>', 'game id from the config')
    .addOption(configOption())
    .option('--by <name>', 'who resumes it, recorded in the store (default: the wiki account the bot logs in with)')
    .option('--dry-run', 'say whether the game is paused and by which revert; write nothing')
    .addHelpText(
      'after',
      examples([
        ['croupier resume --game cycle16 --dry-run', 'whether cycle16 is paused, and who reverted which revision'],
        ['croupier resume --game cycle16 --by Admin', 'lift the pause, recorded as done by Admin'],
      ]),
    )
    .action(async (opts: ResumeCliOptions) => (await import('../run/resume.ts')).runResume(opts));
}
