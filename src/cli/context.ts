// What a command that talks to the wiki needs: config, secrets, a logger, a logged-in client.
//
// Exit codes (one policy for every command):
//   0  done (including "nothing to change")
//   1  failed (the wiki or the network said no, a bug, …)
//   2  configuration or usage problem (bad config file, missing CROUPIER_* variables, unknown game, a --now that is not ISO 8601)
//   3  login failed (wrong CROUPIER_USERNAME / CROUPIER_PASSWORD)
//   4  refused by a guard: shutoff page, {{nobots}}, bad region markers, a save that would shrink the page
//  75  another croupier process holds the store (EX_TEMPFAIL): a running daemon, or a CLI run that did not finish in time
import { pino, type DestinationStream, type Logger } from 'pino';
import { LockBusyError } from '../cron/lock.ts';
import { ConfigError, loadConfig, loadSecrets, resolveConfigSource, type Config, type ConfigSource, type Secrets } from '../config.ts';
import { clientOptions, connect, type ConnectOptions, type WikiClient } from '../wiki/client.ts';
import { isRefusal, WikiError } from '../wiki/errors.ts';
import { InstantError } from '../sim/instant.ts';

export const EXIT = { ok: 0, failure: 1, config: 2, login: 3, refused: 4, locked: 75 } as const;

export function exitCodeFor(err: unknown): number {
  if (err instanceof ConfigError || err instanceof InstantError) return EXIT.config;
  if (err instanceof WikiError && err.code === 'login-failed') return EXIT.login;
  if (isRefusal(err)) return EXIT.refused;
  if (err instanceof LockBusyError) return EXIT.locked;
  return EXIT.failure;
}

/** Sets process.exitCode for `err` and rethrows it (src/cli/main.ts prints it on one line). */
export function fail(err: unknown): never {
  process.exitCode = exitCodeFor(err);
  throw err;
}

/** Logs JSON lines to stderr (level from $CROUPIER_LOG_LEVEL, default warn); secrets are redacted. */
export function makeLogger(level = process.env.CROUPIER_LOG_LEVEL ?? 'warn', destination: DestinationStream = pino.destination(2)): Logger {
  return pino(
    {
      name: 'croupier',
      level,
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'lgpassword', '*.lgpassword', 'secrets.password', 'headers.cookie', '*.headers.cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export interface CommandContext {
  config: Config;
  configSource: ConfigSource;
  /** Null for an anonymous read-only session (a dry run without credentials). */
  secrets: Secrets | null;
  logger: Logger;
  client: WikiClient;
}

export interface ContextOptions {
  /** --config */
  config?: string;
  /** A dry run may go on anonymously (read-only) when no credentials are set. */
  dryRun?: boolean;
  logger?: Logger;
  /** Extra client options (tests, bench). */
  client?: Partial<ConnectOptions>;
}

/** Config + secrets + logger + a logged-in client; ConfigError / WikiError('login-failed') otherwise. */
export async function buildContext(opts: ContextOptions = {}): Promise<CommandContext> {
  const configSource = resolveConfigSource(opts.config);
  const config = loadConfig(opts.config);
  const logger = opts.logger ?? makeLogger();
  let secrets: Secrets | null;
  try {
    secrets = loadSecrets({ devwiki: configSource.devwiki });
  } catch (err) {
    if (!(opts.dryRun && err instanceof ConfigError && process.env.CROUPIER_API_URL)) throw err;
    logger.warn(`${err.message}: reading anonymously for the dry run`);
    secrets = null;
  }
  const anonymous = secrets === null ? { apiUrl: process.env.CROUPIER_API_URL } : {};
  const client = await connect(clientOptions(config, secrets, { ...anonymous, logger, ...opts.client }));
  return { config, configSource, secrets, logger, client };
}
