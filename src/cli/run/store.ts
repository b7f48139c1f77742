import { loadConfig } from '../../config.ts';
import { withCliLock } from '../../cron/lock.ts';
import { FileStore } from '../../cron/store.ts';
import { describeStoreData, importInto, readExport, writeExport } from '../../cron/store-backup.ts';

// What `croupier store export|import` do (their options: src/cli/commands/store.ts).

export interface StoreExportOptions {
  to: string;
  config?: string;
}

export interface StoreImportOptions {
  from: string;
  config?: string;
  dryRun?: boolean;
}

/** Writes the store to a private file. Reads under the store's file lock only: the daemon may run. */
export async function runStoreExport(opts: StoreExportOptions): Promise<void> {
  const store = new FileStore(loadConfig(opts.config).store.path);
  const data = await store.read();
  await writeExport(opts.to, { format: 'croupier-store-export', version: 1, exportedAt: new Date().toISOString(), from: store.path, store: data });
  console.log([`exported ${store.path} to ${opts.to} (mode 0600):`, ...describeStoreData(data)].join('\n'));
}

/** Restores an export into the config's store, under the store's process lock (no daemon runs meanwhile). */
export async function runStoreImport(opts: StoreImportOptions): Promise<void> {
  const backup = await readExport(opts.from);
  const path = loadConfig(opts.config).store.path;
  const what = describeStoreData(backup.store);
  if (opts.dryRun) {
    console.log([`dry run: nothing is written. ${path} would hold the export of ${backup.from} made ${backup.exportedAt}:`, ...what].join('\n'));
    return;
  }
  await withCliLock(path, 'store import', () => importInto(new FileStore(path), backup.store));
  console.log([`imported ${opts.from} into ${path} (the export of ${backup.from} made ${backup.exportedAt}):`, ...what].join('\n'));
}
