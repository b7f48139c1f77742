import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, diffOption, examples } from '../options.ts';
import type { DaemonCliOptions } from '../run/daemon.ts';

// `croupier daemon`: the scheduled bot (see docs/daemon.md). Runs until SIGINT/SIGTERM.
// Exit codes: 0 stopped cleanly; 75 another croupier process holds the store (EX_TEMPFAIL: the systemd
// unit does not restart on it); otherwise those of src/cli/context.ts (2 usage or config, 3 login, 1 failure).
// --dry-run: one pass (catch-up, requests, check) for each game, printing the diff of every save it would
// make, then exit (0, or 1 if a job would fail); writes nothing — no wiki edit, no store write, no lock.
// What it does is loaded when it runs (src/cli/run/daemon.ts): `daemon --help` starts without the wiki client.

export function registerDaemon(program: Command): void {
  program
    .command('daemon')
    .description(COMMANDS.daemon.description)
    .addOption(configOption())
    .option('--game <id...>', 'only these games (default: every game with a Gamestate engine)')
    .option('--grace <seconds>', 'on SIGTERM, how long the running job may finish before it is abandoned', '60')
    .option('--dry-run', 'one pass of what the daemon would do now (catch-up, requests, check): print the diff of each save; write nothing, then exit')
    .addOption(diffOption())
    .addHelpText(
      'after',
      examples([
        ['croupier daemon --config /etc/croupier/config.json', 'run on schedule until SIGINT or SIGTERM (as docs/croupier.service runs it)'],
        ['croupier daemon --dry-run --game cycle16', 'what one pass would do now for cycle16, writing nothing'],
      ]),
    )
    .action(async (opts: DaemonCliOptions, command: Command) => (await import('../run/daemon.ts')).runDaemon(opts, command));
}
