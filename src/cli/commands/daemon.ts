import type { Command } from 'commander';
import pino from 'pino';
import { ConfigError, loadConfig, loadSecrets, resolveConfigSource } from '../../config.ts';
import { startDaemon } from '../../cron/daemon.ts';
import { describeDryRun, dryRunDaemon, DryRunWiki } from '../../cron/dry-run.ts';
import { createLogger } from '../../cron/log.ts';
import { daemonOptions } from '../../cron/wiring.ts';
import { clientOptions, connect } from '../../wiki/client.ts';
import { EXIT, fail } from '../context.ts';

// `croupier daemon`: the scheduled bot (see docs/daemon.md). Runs until SIGINT/SIGTERM.
// Exit codes: 0 stopped cleanly; 75 another croupier process holds the store (EX_TEMPFAIL: the systemd
// unit does not restart on it); otherwise those of src/cli/context.ts (2 config, 3 login, 1 failure).
// --dry-run: one pass (catch-up, requests, check) for each game, printing the diff of every save it would
// make, then exit (0, or 1 if a job would fail); writes nothing — no wiki edit, no store write, no lock.
export const EXIT_LOCKED = EXIT.locked;

interface DaemonCliOptions {
  config?: string;
  game?: string[];
  grace: string;
  dryRun?: boolean;
}

export function registerDaemon(program: Command): void {
  program
    .command('daemon')
    .description('run on schedule: rollovers at phase boundaries (with catch-up), a periodic check, on-wiki requests and a status page (docs/daemon.md)')
    .option('--config <file>', 'config file (default: $CROUPIER_CONFIG, else .devwiki/config.json)')
    .option('--game <id...>', 'only these games (default: every game with a Gamestate engine)')
    .option('--grace <seconds>', 'on SIGTERM, how long the running job may finish before it is abandoned', '60')
    .option('--dry-run', 'one pass of what the daemon would do now (catch-up, requests, check): print the diff of each save; write nothing, then exit')
    .action(async (opts: DaemonCliOptions) => {
      try {
        const source = resolveConfigSource(opts.config);
        const config = loadConfig(opts.config);
        const secrets = loadSecrets({ devwiki: source.devwiki });
        // A dry run prints its report on stdout: its log goes to stderr.
        const logger = createLogger({ secrets: [secrets.password], ...(opts.dryRun ? { destination: pino.destination(2) } : {}) });
        const grace = Number(opts.grace);
        if (!Number.isFinite(grace) || grace < 0) throw new ConfigError(`--grace "${opts.grace}" is not a number of seconds`);
        const client = await connect(clientOptions(config, secrets, { logger }));
        if (opts.dryRun) {
          const wiki = new DryRunWiki(client);
          const report = await dryRunDaemon({
            ...daemonOptions({ config, client, logger, dryRun: wiki, handleSignals: false, ...(opts.game ? { games: opts.game } : {}) }),
            wiki,
          });
          console.log(describeDryRun(report));
          // A job that would fail now: exit 1, as a real run of it would fail.
          if (report.runs.some((r) => r.result === 'failed')) process.exitCode = EXIT.failure;
          return;
        }
        const daemon = await startDaemon(daemonOptions({
          config, client, logger, graceMs: grace * 1000,
          ...(opts.game ? { games: opts.game } : {}),
        }));
        await daemon.done;
      } catch (err) {
        fail(err); // a LockBusyError: EXIT_LOCKED
      }
    });
}
