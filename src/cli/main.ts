import { Command, CommanderError } from 'commander';
import { croupierVersion } from '../version.ts';
import { registerParse } from './commands/parse.ts';
import { registerTables } from './commands/tables.ts';
import { registerPublishTables } from './commands/publish-tables.ts';
import { registerRollover } from './commands/rollover.ts';
import { registerStatus } from './commands/status.ts';
import { registerDaemon } from './commands/daemon.ts';
import { registerClear } from './commands/clear.ts';
import { exitCodeFor } from './context.ts';
import { logFormatOption } from './options.ts';
import { stopProgress } from './progress.ts';

// `croupier parse … | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const program = new Command('croupier')
  .description('Keeps the Infinite Nomic wiki\'s Gamestate pages: parses Ruleset pages, simulates rollovers and rewards, writes back safely.')
  .version(croupierVersion)
  .addOption(logFormatOption())
  .showHelpAfterError('(add --help for usage)')
  // Usage errors are thrown, not exited on: they get exit code 2 below, like every other usage error.
  .exitOverride();

registerParse(program);
registerTables(program);
registerPublishTables(program);
registerRollover(program);
registerStatus(program);
registerDaemon(program);
registerClear(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  stopProgress();
  // Commander has already printed its own usage error (or the help, or the version).
  if (!(err instanceof CommanderError)) {
    // One line, no stack: the commands throw errors whose message says what and where.
    console.error(`croupier: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exitCode = exitCodeFor(err);
}
