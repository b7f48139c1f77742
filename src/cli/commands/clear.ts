import type { Command } from 'commander';
import { userInfo } from 'node:os';
import { findGame, loadConfig } from '../../config.ts';
import { FileStore, clearHalt } from '../../cron/store.ts';

// `croupier clear --game <id>`: lift the halt a game is under after daemon.maxConsecutiveFailures failed
// runs. Writes the store only (under its file lock), so it works while the daemon runs: the daemon reads
// the flag before every job, and catches up what was missed at its next check.
export function registerClear(program: Command): void {
  program
    .command('clear')
    .description('clear the halt of a game after repeated failures: the daemon edits its Gamestate page again')
    .requiredOption('--game <id>', 'game id from the config')
    .option('--config <file>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--by <name>', 'who clears it, recorded in the store', userInfo().username)
    .action(async (opts: { game: string; config?: string; by: string }) => {
      const config = loadConfig(opts.config);
      findGame(config, opts.game);
      const store = new FileStore(config.store.path);
      const before = (await store.read()).games[opts.game];
      const was = await clearHalt(store, opts.game, opts.by, new Date());
      if (was) {
        console.log(`${opts.game}: halt cleared by ${opts.by} (it was halted since ${before?.haltedAt ?? '?'}: ${before?.haltReason ?? 'too many failures'}).`);
        console.log('The daemon edits the Gamestate page again from its next check, catching up what was missed.');
      } else {
        console.log(`${opts.game}: was not halted; its failure count is reset (it was ${before?.consecutiveFailures ?? 0}).`);
      }
    });
}
