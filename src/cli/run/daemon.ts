import type { Command } from 'commander';
import { loadConfig, loadSecrets, resolveConfigSource } from '../../config.ts';
import { startDaemon } from '../../cron/daemon.ts';
import { describeDryRun, dryRunDaemon, DryRunWiki } from '../../cron/dry-run.ts';
import { createLogger, defaultLogFormat } from '../../cron/log.ts';
import { daemonOptions } from '../../cron/wiring.ts';
import { clientOptions, connect } from '../../wiki/client.ts';
import type { DiffFormat } from '../../wiki/diff.ts';
import { EXIT, gameOf } from '../context.ts';
import { logFormatOf } from '../options.ts';
import { UsageError } from '../usage.ts';
import { clearProgressLine, cliProgress, progressActivity } from '../progress.ts';

// What `croupier daemon` does (its options and exit codes: src/cli/commands/daemon.ts).

export interface DaemonCliOptions {
  config?: string;
  game?: string[];
  grace: string;
  dryRun?: boolean;
  diff: DiffFormat;
}

/** Starts the daemon and runs until it stops; with --dry-run, one pass printed. */
export async function runDaemon(opts: DaemonCliOptions, command: Command): Promise<void> {
  const grace = Number(opts.grace);
  if (!Number.isFinite(grace) || grace < 0) throw new UsageError(`--grace "${opts.grace}" is not a number of seconds`);
  const source = resolveConfigSource(opts.config);
  const config = loadConfig(opts.config);
  for (const id of opts.game ?? []) gameOf(config, id, 'game');
  const secrets = loadSecrets({ devwiki: source.devwiki });
  // A dry run prints its report on stdout: its log goes to stderr. The daemon logs on stdout
  // (journald keeps it): text lines on a terminal, JSON lines otherwise.
  const fd = opts.dryRun ? 2 : 1;
  const format = logFormatOf(command) ?? defaultLogFormat(opts.dryRun ? process.stderr : process.stdout);
  const logger = createLogger({ secrets: [secrets.password], fd, format, beforeWrite: clearProgressLine });
  // A dry run may take a while (every game, every missed boundary): at a terminal, a live step counter.
  const progress = opts.dryRun ? cliProgress(format) : undefined;
  const client = await connect(clientOptions(config, secrets, { logger, ...(progress ? { activity: progressActivity(progress) } : {}) }));
  if (opts.dryRun) {
    const wiki = new DryRunWiki(client);
    const report = await dryRunDaemon({
      ...daemonOptions({ config, client, logger, dryRun: wiki, handleSignals: false, ...(opts.game ? { games: opts.game } : {}) }),
      wiki,
    });
    progress?.relabel('preparing the diffs');
    const text = describeDryRun(report, opts.diff);
    progress?.stop();
    console.log(text);
    // A job that would fail now: exit 1, as a real run of it would fail.
    if (report.runs.some((r) => r.result === 'failed' || r.result === 'unavailable')) process.exitCode = EXIT.failure;
    return;
  }
  const daemon = await startDaemon(
    daemonOptions({
      config,
      client,
      logger,
      graceMs: grace * 1000,
      ...(opts.game ? { games: opts.game } : {}),
    }),
  );
  await daemon.done; // a LockBusyError: exit 75
}
