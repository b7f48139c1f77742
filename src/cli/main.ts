import { Command } from 'commander';
import { croupierVersion } from '../version.ts';
import { registerParse } from './commands/parse.ts';
import { registerTables } from './commands/tables.ts';
import { registerPublishTables } from './commands/publish-tables.ts';
import { registerRollover } from './commands/rollover.ts';
import { registerStatus } from './commands/status.ts';
import { registerDaemon } from './commands/daemon.ts';
import { registerClear } from './commands/clear.ts';


// `croupier parse … | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const program = new Command('croupier')
  .description('Keeps the Infinite Nomic wiki\'s Gamestate pages: parses Ruleset pages, simulates rollovers and rewards, writes back safely.')
  .version(croupierVersion)
  .showHelpAfterError();

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
  // One line, no stack: the commands throw errors whose message says what and where.
  console.error(`croupier: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = process.exitCode && process.exitCode !== 0 ? process.exitCode : 1;
}
