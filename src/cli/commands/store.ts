import type { Command } from 'commander';
import { COMMANDS } from './index.ts';
import { configOption, examples } from '../options.ts';
import type { StoreExportOptions, StoreImportOptions } from '../run/store.ts';

// `croupier store export|import`: back the store up (with the referee's phase secrets) and restore it on a
// fresh machine (docs/daemon.md, "The store"). Export only reads the store (it works while the daemon runs);
// import holds the store's process lock (no daemon may run) and writes only into a new store.
// What they do is loaded when they run (src/cli/run/store.ts).

export function registerStore(program: Command): void {
  const store = program
    .command('store')
    .description(COMMANDS.store.description)
    .addHelpText(
      'after',
      examples([
        ['croupier store export --to /root/croupier-store.json', 'a backup of the store, phase secrets included, readable by its owner only'],
        ['croupier store import --from croupier-store.json --dry-run', 'what a restore into a new store would hold; writes nothing'],
      ]),
    );
  store
    .command('export')
    .description("write the whole store (run log, halts, the referee's phase secrets) to a file readable by its owner only (mode 0600)")
    .requiredOption('--to <file>', 'the file to write (replaced if it exists)')
    .addOption(configOption())
    .addHelpText('after', examples([['croupier store export --to /root/croupier-store.json', 'the backup, mode 0600: keep it as private as the bot password']]))
    .action(async (opts: StoreExportOptions) => (await import('../run/store.ts')).runStoreExport(opts));
  store
    .command('import')
    .description("restore an export into the config's store.path, which must be new (no file, or an empty log)")
    .requiredOption('--from <file>', 'a file written by `croupier store export`')
    .addOption(configOption())
    .option('--dry-run', 'say what the store would hold; write nothing')
    .addHelpText(
      'after',
      examples([
        [
          'croupier store import --from croupier-store.json --config /etc/croupier/config.json',
          'restore the backup on a new machine, before the daemon first starts',
        ],
      ]),
    )
    .action(async (opts: StoreImportOptions) => (await import('../run/store.ts')).runStoreImport(opts));
}
