// What a command that talks to the wiki needs: config, secrets, a logger, a logged-in client.
//
// Exit codes (one policy for every command; src/cli/main.ts applies it to whatever a command throws):
//   0  done (including "nothing to change")
//   1  failed (the wiki or the network said no, an input file that cannot be read or used, a bug, …)
//   2  usage or configuration problem (unknown command or option, missing argument, bad --now, bad config
//      file, missing or invalid CROUPIER_* variable, unknown game, a game whose kind cannot do the command)
//   3  login failed (wrong CROUPIER_USERNAME / CROUPIER_PASSWORD)
//   4  refused by a guard: shutoff page, {{nobots}}, bad region markers, a save that would shrink the page, a paused game
//   5  `croupier status`: needs an admin — the daemon is overdue (its heartbeat), or the game is paused or halted
//  75  another croupier process holds the store (EX_TEMPFAIL): a running daemon, or a CLI run that did not finish in time
import { CommanderError } from 'commander';
import type { Logger } from 'pino';
import { LockBusyError } from '../cron/lock.ts';
import { createLogger, type LogFormat } from '../cron/log.ts';
import { sessionFile } from '../cron/session-file.ts';
import {
  ConfigError,
  findGame,
  loadApiUrl,
  loadConfig,
  loadSecrets,
  resolveConfigSource,
  type Config,
  type ConfigSource,
  type GameConfig,
  type Secrets,
} from '../config.ts';
import { hasTables, loadGames } from '../games/registry.ts';
import type { ConnectOptions, WikiClient } from '../wiki/client.ts';
import { isRefusal, WikiError } from '../wiki/errors.ts';
import { InstantError } from '../sim/instant.ts';
import { commanderExitCode, UsageError } from './usage.ts';
import { clearProgressLine, cliProgress, progressActivity, type Progress } from './progress.ts';

export { UsageError };

export const EXIT = { ok: 0, failure: 1, usage: 2, config: 2, login: 3, refused: 4, attention: 5, locked: 75 } as const;

export function exitCodeFor(err: unknown): number {
  if (err instanceof CommanderError) return commanderExitCode(err);
  if (err instanceof ConfigError || err instanceof UsageError || err instanceof InstantError) return EXIT.usage;
  if (err instanceof WikiError && err.code === 'login-failed') return EXIT.login;
  if (isRefusal(err)) return EXIT.refused;
  if (err instanceof LockBusyError) return EXIT.locked;
  return EXIT.failure;
}

/**
 * The logger of a CLI command: text lines on stderr for people unless --log-format json (or
 * $CROUPIER_LOG_FORMAT=json); level from $CROUPIER_LOG_LEVEL, default warn. Secrets are redacted.
 */
export function cliLogger(format: LogFormat | undefined, secrets: string[] = []): Logger {
  return createLogger({ format: format ?? 'text', level: process.env.CROUPIER_LOG_LEVEL ?? 'warn', secrets, fd: 2, beforeWrite: clearProgressLine });
}

export interface CommandContext {
  config: Config;
  configSource: ConfigSource;
  /** Null for an anonymous read-only session (a dry run without credentials). */
  secrets: Secrets | null;
  logger: Logger;
  client: WikiClient;
  /** The live step counter of the client's requests (off unless at a terminal): stop it before printing results. */
  progress: Progress;
}

export interface ContextOptions {
  /** --config */
  config?: string;
  /** A dry run may go on anonymously (read-only) when no credentials are set. */
  dryRun?: boolean;
  /** --log-format (default: text) */
  logFormat?: LogFormat;
  logger?: Logger;
  /** Extra client options (tests, bench). */
  client?: Partial<ConnectOptions>;
  /** Log in even when a session is kept, and keep none (croupier init: checking the credentials is its job). */
  freshLogin?: boolean;
}

/** What a command needs of a game: its Gamestate engine (every game has one), or computed card tables too. */
export type GameNeed = 'game' | 'tables';

/**
 * The game `id` of the config, checked before any connection: a ConfigError (exit 2) when it is not
 * in the config or its kind cannot do what the command needs.
 */
export function gameOf(config: Config, id: string, need: GameNeed): GameConfig {
  const game = findGame(config, id);
  if (need === 'tables' && !hasTables(game.kind)) throw new ConfigError(`game ${game.id} (kind ${game.kind}) has no computed card tables`);
  return game;
}

/** Config + secrets + logger + a logged-in client; ConfigError / WikiError('login-failed') otherwise. */
export async function buildContext(opts: ContextOptions = {}, check?: (config: Config) => void): Promise<CommandContext> {
  // Every game, as for any command that talks to the wiki: the config's games are checked with their modules (a
  // command that loads its own games, as `parse` of a file does, has none loaded for its wiki run yet).
  await loadGames();
  const configSource = resolveConfigSource(opts.config);
  const config = loadConfig(opts.config);
  check?.(config);
  let secrets: Secrets | null;
  let anonymous: { apiUrl?: string } = {};
  try {
    secrets = loadSecrets({ devwiki: configSource.devwiki });
  } catch (err) {
    // A dry run may read anonymously, but only from a valid API URL (else the same ConfigError).
    if (!(opts.dryRun && err instanceof ConfigError && process.env.CROUPIER_API_URL)) throw err;
    anonymous = { apiUrl: loadApiUrl({ devwiki: configSource.devwiki }) };
    secrets = null;
    (opts.logger ?? cliLogger(opts.logFormat)).warn(`${err.message}: reading anonymously for the dry run`);
  }
  const logger = opts.logger ?? cliLogger(opts.logFormat, secrets ? [secrets.password] : []);
  const progress = cliProgress(opts.logFormat);
  // The bot's session is kept beside the store (private like it) for the next command: it skips the login.
  const session = secrets && !opts.freshLogin ? { session: sessionFile(config.store.path) } : {};
  // Loaded here: the wiki client (mwn and its HTTP stack) is most of a start, and an offline run needs none.
  const { clientOptions, connect } = await import('../wiki/client.ts');
  const client = await connect(clientOptions(config, secrets, { ...anonymous, logger, activity: progressActivity(progress), ...session, ...opts.client }));
  return { config, configSource, secrets, logger, client, progress };
}

/** buildContext for a command on one game of the config, checked (gameOf) before any connection. */
export async function gameContext(opts: ContextOptions, id: string, need: GameNeed): Promise<CommandContext & { game: GameConfig }> {
  let game: GameConfig | undefined;
  const ctx = await buildContext(opts, (config) => {
    game = gameOf(config, id, need);
  });
  return { ...ctx, game: game! };
}
