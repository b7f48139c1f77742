import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { registerParse } from './commands/parse.ts';
import { registerTables } from './commands/tables.ts';
import { registerPublishTables } from './commands/publish-tables.ts';
import { registerRollover } from './commands/rollover.ts';
import { registerStatus } from './commands/status.ts';
import { registerDaemon } from './commands/daemon.ts';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('croupier')
  .description('Keeps the Infinite Nomic wiki\'s Gamestate pages: parses Ruleset pages, simulates rollovers and rewards, writes back safely.')
  .version(pkg.version)
  .showHelpAfterError();

registerParse(program);
registerTables(program);
registerPublishTables(program);
registerRollover(program);
registerStatus(program);
registerDaemon(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  // One line, no stack: the commands throw errors whose message says what and where.
  console.error(`croupier: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = process.exitCode && process.exitCode !== 0 ? process.exitCode : 1;
}
