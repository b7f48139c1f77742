// Croupier's configuration: one JSON file validated by zod, and secrets from the environment only.
//
// Which file: `--config <path>`, else $CROUPIER_CONFIG, else `.devwiki/config.json` (written by
// scripts/devwiki.sh) when it exists, else the embedded default below (the local dev wiki's pages).
// Secrets: CROUPIER_API_URL, CROUPIER_USERNAME (`User@BotName`, a bot password's login name) and
// CROUPIER_PASSWORD, from the process environment, else a `.env` file in the working directory, else —
// for the dev wiki configs — `.devwiki/env`.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { gameKinds } from './games/kinds.ts';

/** A configuration or secrets problem: the CLI exits with code 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

// The schemas are built at their first use, not when this module loads: a command that reads no config (or only
// its limits, as `parse <file>`) does not pay for them (each zod schema runs its classes' init chain: ~12 ms at a
// cold start).
// The limits' schema is built alone for loadLimits (what reading a file needs), and shared with the config's.
const buildLimitsSchema = () =>
  z
    .strictObject({
      /**
       * A page (Ruleset, Gamestate, from the wiki or a file) larger than this, in UTF-8 bytes, is refused before it is
       * parsed. Unset: the wiki's own largest page (siteinfo maxarticlesize), and DEFAULT_MAX_PAGE_BYTES for files.
       */
      pageBytes: z.number().int().positive().optional(),
    })
    .prefault({});
let limits: ReturnType<typeof buildLimitsSchema> | undefined;
const limitsSchema = () => (limits ??= buildLimitsSchema());

function buildSchemas() {
  const title = z.string().trim().min(1, 'a page title must not be empty');

  const ShutoffSchema = z.strictObject({
    /** The bot edits only while this page contains `runWord`. */
    page: title.default('Croupier/Shutoff'),
    runWord: z.string().trim().min(1).default('run'),
  });

  const WikiSchema = z.strictObject({
    /** User-Agent header; default `Croupier/<version> (<operator.contact>) mwn/3.0.3`. */
    userAgent: z.string().min(1).optional(),
    /** Minimum pause between two edits of this process, in ms. */
    editThrottleMs: z.number().int().min(0).default(1000),
    /** Retries of one API request after a retryable error (maxlag, ratelimited, network, 5xx, …). */
    maxRetries: z.number().int().min(0).max(10).default(3),
    /** Base pause before a retry, in ms (doubled per retry for ratelimited and network errors; maxlag honours Retry-After). */
    retryPauseMs: z.number().int().min(0).default(5000),
    /** The `maxlag` parameter sent with every request, in seconds. */
    maxlag: z.number().int().min(0).default(5),
    /** How many times a save re-reads the page and re-runs its transform after an edit conflict. */
    maxConflictRetries: z.number().int().min(0).max(20).default(3),
    /** A save is refused when the page would lose more than this share of its length. */
    maxShrinkShare: z.number().min(0).max(1).default(0.5),
    shutoff: ShutoffSchema.prefault({}),
  });

  const GameInput = z.strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, 'use lowercase letters, digits, - and _'),
    kind: z.enum(gameKinds),
    ruleset: title,
    gamestate: title,
    /** Page holding the bot-managed `card-tables` region; default: the Gamestate page. */
    tablesPage: title.optional(),
    /** On-wiki request page; default `<gamestate>/Requests`. */
    requestsPage: title.optional(),
    /** The Judge's rulings on the game's readings (`* <reading-id> = <value>`); default `<gamestate>/Rulings`. */
    rulingsPage: title.optional(),
    /** Status page the daemon keeps; default `<gamestate>/Status`. */
    statusPage: title.optional(),
    /** Players' requests for the referee (packs, shop, exploration…); default `<gamestate>/Actions`. */
    actionsPage: title.optional(),
    /** History rows kept on the Gamestate page; older rows move to numbered `<gamestate>/History/N` archive pages. */
    historyLimit: z.number().int().positive().default(200),
    /** Revisions of the request page read to find who added a request line. */
    requestsLookback: z.number().int().positive().default(200),
    /** Groups whose members may ask the bot to act on the request page, and rule on the Rulings page. */
    allowedGroups: z.array(z.string().min(1)).min(1).default(['sysop']),
  });

  const GameSchema = GameInput.transform((g) => ({
    ...g,
    tablesPage: g.tablesPage ?? g.gamestate,
    requestsPage: g.requestsPage ?? `${g.gamestate}/Requests`,
    statusPage: g.statusPage ?? `${g.gamestate}/Status`,
    rulingsPage: g.rulingsPage ?? `${g.gamestate}/Rulings`,
    actionsPage: g.actionsPage ?? `${g.gamestate}/Actions`,
  }));

  const ConfigSchema = z
    .strictObject({
      operator: z.strictObject({ contact: z.string().min(1) }).optional(),
      wiki: WikiSchema.prefault({}),
      store: z.strictObject({ path: z.string().min(1).default('.croupier/store.json') }).prefault({}),
      daemon: z
        .strictObject({
          /** When the periodic check runs (node-cron syntax, UTC). */
          checkCron: z.string().min(1).default('0 * * * *'),
          /** After this many failed runs in a row a game is halted until `clear` is requested. */
          maxConsecutiveFailures: z.number().int().positive().default(3),
          /** The daemon is overdue when not seen this long after its next periodic check (its heartbeat). */
          heartbeatGraceSeconds: z.number().int().positive().default(300),
        })
        .prefault({}),
      /** Run on halt, pause and overdue, with CROUPIER_ALERT, CROUPIER_ALERT_GAME, CROUPIER_ALERT_REASON in its environment (src/cron/alert.ts). */
      alert: z.strictObject({ command: z.string().min(1) }).optional(),
      games: z.array(GameSchema).default([]),
      limits: limitsSchema(),
    })
    .superRefine((c, ctx) => {
      const seen = new Set<string>();
      c.games.forEach((g, i) => {
        if (seen.has(g.id)) ctx.addIssue({ code: 'custom', message: `duplicate game id "${g.id}"`, path: ['games', i, 'id'] });
        seen.add(g.id);
      });
    });
  return { wiki: WikiSchema, game: GameSchema, config: ConfigSchema };
}
let built: ReturnType<typeof buildSchemas> | undefined;
const schemas = () => (built ??= buildSchemas());

type Schemas = ReturnType<typeof buildSchemas>;
export type Config = z.infer<Schemas['config']>;
export type ConfigInput = z.input<Schemas['config']>;
export type GameConfig = z.infer<Schemas['game']>;
export type WikiConfig = z.infer<Schemas['wiki']>;

/** The embedded default: the games of the local dev wiki (scripts/devwiki.sh). */
export const DEFAULT_CONFIG_INPUT: ConfigInput = {
  games: [{ id: 'cycle16', kind: 'cycle16', ruleset: 'Cycle 16/Ruleset', gamestate: 'Cycle 16/Gamestate' }],
};

export const DEVWIKI_CONFIG = '.devwiki/config.json';
export const DEVWIKI_ENV = '.devwiki/env';

export interface ConfigSource {
  /** Absolute path of the file, or undefined for the embedded default. */
  path?: string;
  /** The embedded default or the dev wiki's own config: secrets may come from `.devwiki/env`. */
  devwiki: boolean;
}

/** Which config file a command uses (see the top of this file). */
export function resolveConfigSource(path?: string, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ConfigSource {
  const chosen = path ?? (env.CROUPIER_CONFIG || undefined);
  if (chosen !== undefined) return { path: resolve(cwd, chosen), devwiki: resolve(cwd, chosen) === resolve(cwd, DEVWIKI_CONFIG) };
  const dev = resolve(cwd, DEVWIKI_CONFIG);
  if (existsSync(dev)) return { path: dev, devwiki: true };
  return { devwiki: true };
}

/** Validate a parsed JSON value; `where` names its source in errors. */
export function parseConfig(value: unknown, where = 'config'): Config {
  const r = schemas().config.safeParse(value);
  if (!r.success) throw new ConfigError(`invalid ${where}:\n${z.prettifyError(r.error)}`);
  return r.data;
}

/** Load and validate the config (`path`, else $CROUPIER_CONFIG, else .devwiki/config.json, else the default). */
export function loadConfig(path?: string): Config {
  const src = resolveConfigSource(path);
  if (src.path === undefined) return parseConfig(DEFAULT_CONFIG_INPUT, 'embedded default config');
  return parseConfig(readConfigFile(src.path), `config file ${src.path}`);
}

/**
 * Only the `limits` of the config loadConfig would load, validated as it validates them: what reading a file
 * needs (`parse <file>`), without the rest of the config's schema.
 */
export function loadLimits(path?: string): Config['limits'] {
  const src = resolveConfigSource(path);
  if (src.path === undefined) return {};
  const r = z.looseObject({ limits: limitsSchema() }).safeParse(readConfigFile(src.path));
  if (!r.success) throw new ConfigError(`invalid config file ${src.path}:\n${z.prettifyError(r.error)}`);
  return r.data.limits;
}

function readConfigFile(path: string): unknown {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`cannot read config file ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new ConfigError(`config file ${path} is not valid JSON: ${(err as Error).message}`);
  }
}

export function findGame(config: Config, id: string): GameConfig {
  const game = config.games.find((g) => g.id === id);
  if (!game) {
    const known = config.games.map((g) => g.id).join(', ') || 'none';
    throw new ConfigError(`no game "${id}" in the config (games: ${known})`);
  }
  return game;
}

// ------------------------------------------------------------------ secrets

export interface Secrets {
  apiUrl: string;
  /** `User@BotName` (Special:BotPasswords). */
  username: string;
  password: string;
}

/** The wiki account the bot logs in with ("Croupier" of "Croupier@cli"): who a manual run is by when --by is not given. */
export function botAccount(secrets: Pick<Secrets, 'username'> | null): string | undefined {
  return secrets?.username.split('@')[0];
}

/** KEY=value lines; `#` comments; optional `export `; single or double quotes around the value. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    let v = m[2]!;
    if ((v.startsWith('"') && v.endsWith('"') && v.length >= 2) || (v.startsWith("'") && v.endsWith("'") && v.length >= 2)) v = v.slice(1, -1);
    out[m[1]!] = v;
  }
  return out;
}

function readEnvFile(path: string): Record<string, string> {
  try {
    return parseEnvFile(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

export const SecretsSchema = z.object({
  CROUPIER_API_URL: z.url({ protocol: /^https?$/, error: "CROUPIER_API_URL must be the http(s) URL of the wiki's api.php" }),
  CROUPIER_USERNAME: z
    .string({ error: 'CROUPIER_USERNAME is not set' })
    .regex(/^[^@]+@[^@]+$/, 'CROUPIER_USERNAME must be a bot password login name, `User@BotName`'),
  CROUPIER_PASSWORD: z.string({ error: 'CROUPIER_PASSWORD is not set' }).min(1, 'CROUPIER_PASSWORD is empty'),
});

export interface SecretsOptions {
  /** Also read `.devwiki/env` (for the embedded default and the dev wiki's config). */
  devwiki?: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * The wiki's API URL and the bot password, from the environment; then `.env`; then `.devwiki/env` when
 * `devwiki` (default: when the config in use is the embedded default or the dev wiki's own config).
 */
export function loadSecrets(opts: SecretsOptions = {}): Secrets {
  const { pick, devwiki } = secretLayers(opts);
  const r = SecretsSchema.safeParse({
    CROUPIER_API_URL: pick('CROUPIER_API_URL'),
    CROUPIER_USERNAME: pick('CROUPIER_USERNAME'),
    CROUPIER_PASSWORD: pick('CROUPIER_PASSWORD'),
  });
  if (!r.success) throw secretsError(r.error.issues, devwiki);
  return { apiUrl: r.data.CROUPIER_API_URL, username: r.data.CROUPIER_USERNAME, password: r.data.CROUPIER_PASSWORD };
}

/** The wiki's API URL alone (an anonymous read-only session), from the same places; a ConfigError when missing or invalid. */
export function loadApiUrl(opts: SecretsOptions = {}): string {
  const { pick, devwiki } = secretLayers(opts);
  const r = SecretsSchema.shape.CROUPIER_API_URL.safeParse(pick('CROUPIER_API_URL'));
  if (!r.success) throw secretsError(r.error.issues, devwiki);
  return r.data;
}

/** The environment, then `.env`, then (for the dev wiki) `.devwiki/env`: the first non-empty value of a key. */
function secretLayers(opts: SecretsOptions): { pick: (key: string) => string | undefined; devwiki: boolean } {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const devwiki = opts.devwiki ?? resolveConfigSource(undefined, env, cwd).devwiki;
  const layers = [env, readEnvFile(resolve(cwd, '.env')), devwiki ? readEnvFile(resolve(cwd, DEVWIKI_ENV)) : {}];
  return { pick: (k) => layers.map((l) => l[k]).find((v) => v !== undefined && v !== ''), devwiki };
}

function secretsError(issues: readonly { message: string }[], devwiki: boolean): ConfigError {
  const hint = devwiki ? ' (for the local dev wiki: run `bash scripts/devwiki.sh start`)' : ' (set them in the environment or a .env file)';
  return new ConfigError(`wiki credentials: ${issues.map((i) => i.message).join('; ')}${hint}`);
}
