import { existsSync } from 'node:fs';
import { botAccount, findGame, loadConfig, loadSecrets, resolveConfigSource } from '../../config.ts';
import { FileStore, MemoryStore, abandonStaleRuns, abandonedMessages, clearHalt, emptyStore, type GameRecord } from '../../cron/store.ts';
import { formatInstant } from '../../sim/trail.ts';
import { unifiedDiff } from '../../wiki/diff.ts';
import { UsageError } from '../usage.ts';

// What `croupier clear` does: lift a game's halt in the store (its options: src/cli/commands/clear.ts).

export interface ClearCliOptions {
  game: string;
  config?: string;
  by?: string;
  dryRun?: boolean;
}

/** What `clear --dry-run` says: the game's state in the store, and what clearing it would change (pure). */
export function describeClear(game: string, rec: GameRecord | undefined, by: string): string {
  const failures = rec?.consecutiveFailures ?? 0;
  const lines = ['dry run: nothing is written.'];
  if (rec?.halted) {
    lines.push(`${game}: HALTED since ${when(rec.haltedAt)}: ${rec.haltReason ?? 'too many failures'}.`);
    lines.push(
      `Clearing it would set halted to false, the failure count from ${failures} to 0, drop the halt's time and reason, and record that ${by} cleared it; the daemon would then edit the Gamestate page again from its next check, catching up what was missed.`,
    );
  } else if (failures > 0) {
    lines.push(`${game}: not halted; ${failures} consecutive failure(s). Clearing would reset the failure count to 0 and record that ${by} cleared it.`);
  } else {
    lines.push(
      `${game}: not halted, no failures${rec ? '' : ' (no record in the store yet)'}. Clearing would change nothing but record that ${by} cleared it.`,
    );
  }
  return lines.join('\n');
}

/** An instant of the store as people read it. */
const when = (iso: string | undefined): string => (iso === undefined ? '?' : `${formatInstant(new Date(iso))} UTC`);

/** Who clears (or resumes) when --by is not given: the wiki account the bot logs in with; without one, --by is required. */
export function defaultBy(configFile: string | undefined): string {
  try {
    return botAccount(loadSecrets({ devwiki: resolveConfigSource(configFile).devwiki }))!;
  } catch {
    throw new UsageError('give --by <name> (who clears it): no wiki account is configured to name instead');
  }
}

/** Lifts the halt, or with --dry-run says what lifting it would change. */
export async function runClear(opts: ClearCliOptions): Promise<void> {
  const config = loadConfig(opts.config);
  findGame(config, opts.game);
  const by = opts.by ?? defaultBy(opts.config);
  const store = new FileStore(config.store.path);
  const data = opts.dryRun && !existsSync(store.path) ? emptyStore() : await store.read();
  const before = data.games[opts.game];
  if (opts.dryRun) {
    // The same change on a copy in memory: its diff is exactly what would be written.
    const copy = new MemoryStore(data);
    await clearHalt(copy, opts.game, by, new Date());
    const after = (await copy.read()).games[opts.game];
    console.log(describeClear(opts.game, before, by));
    const diff = unifiedDiff(`${store.path} games.${opts.game}`, JSON.stringify(before ?? null, null, 2), JSON.stringify(after ?? null, null, 2), {
      oldLabel: 'now',
      newLabel: 'dry run',
    });
    if (diff) console.log(diff.trimEnd());
    return;
  }
  // Without the process lock (a daemon may be running): only runs whose process is known to be gone.
  for (const m of abandonedMessages(await abandonStaleRuns(store, new Date(), { underLock: false }))) console.error(`croupier: ${m}`);
  const was = await clearHalt(store, opts.game, by, new Date());
  if (was) {
    console.log(`${opts.game}: halt cleared by ${by} (it was halted since ${when(before?.haltedAt)}: ${before?.haltReason ?? 'too many failures'}).`);
    console.log('The daemon edits the Gamestate page again from its next check, catching up what was missed.');
  } else {
    console.log(`${opts.game}: was not halted; its failure count is reset (it was ${before?.consecutiveFailures ?? 0}).`);
  }
}
