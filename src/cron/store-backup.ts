// `croupier store export` / `croupier store import`: the store as one file, to back it up and to restore it
// on another machine. The store holds the referee's phase secrets (docs/referee.md): the export is written
// readable by its owner only (0600), like the store, and never to standard output.
import { existsSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { z } from 'zod';
import { StoreData, emptyStore, type Store } from './store.ts';

export const StoreExport = z.strictObject({
  format: z.literal('croupier-store-export'),
  version: z.literal(1),
  exportedAt: z.iso.datetime(),
  /** The store file it was read from (for people: an import may go anywhere). */
  from: z.string(),
  store: StoreData,
});
export type StoreExport = z.infer<typeof StoreExport>;

/** What an export holds, in one line per game for people. */
export function describeStoreData(data: StoreData): string[] {
  const games = [...new Set([...Object.keys(data.games), ...Object.keys(data.secrets ?? {})])].sort();
  const lines = [`${data.runs.length} run(s) in the log; ${games.length} game(s)`];
  for (const g of games) {
    const secrets = data.secrets?.[g] ?? [];
    const unrevealed = secrets.filter((s) => s.revealedAt === undefined).map((s) => s.phase);
    const rec = data.games[g];
    lines.push(
      `  ${g}: ${secrets.length} phase secret(s)${unrevealed.length ? ` (not revealed yet: phase ${unrevealed.join(', ')})` : ''}${rec?.halted ? '; HALTED' : ''}`,
    );
  }
  return lines;
}

/** Writes `data` to `file` through a temporary file created 0600, renamed over it: never readable by others, never half-written. */
export async function writeExport(file: string, data: StoreExport): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(data, null, 2)}\n`);
    await handle.chmod(0o600); // (the umask may have narrowed it further, never widened it)
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** The export in `file`, validated; an Error naming the file and what is wrong otherwise. */
export async function readExport(file: string): Promise<StoreExport> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`cannot read the store export ${file}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  const r = StoreExport.safeParse(json);
  if (!r.success) throw new Error(`${file} is not a croupier store export:\n${z.prettifyError(r.error)}`);
  return r.data;
}

/**
 * Restores an export into `store`, which must be new (no file, or an empty log): a store in use is never
 * overwritten — its secrets may be newer than the export's. Nothing is written when it refuses.
 */
export async function importInto(store: Store, data: StoreData): Promise<void> {
  if (store.path !== undefined && existsSync(store.path)) {
    const now = await store.read();
    if (JSON.stringify(now) !== JSON.stringify(emptyStore())) {
      throw new Error(`the store ${store.path} is in use (${describeStoreData(now)[0]}): import only into a new store — move it aside first`);
    }
  }
  await store.update((d) => {
    Object.assign(d, structuredClone(data));
  });
}
