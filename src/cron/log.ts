// Structured logs for the daemon (pino, JSON lines on stdout — journald keeps them), secrets redacted.
import pino, { type Logger } from 'pino';

/** Paths pino censors wherever they appear in a log object (keys of config, errors, requests). */
export const REDACT_PATHS = [
  'password', 'botPassword', 'token', 'secret', 'cookie', 'authorization', 'lgpassword', 'lgtoken',
  '*.password', '*.botPassword', '*.token', '*.secret', '*.cookie', '*.authorization', '*.lgpassword', '*.lgtoken',
  '*.*.password', '*.*.botPassword', '*.*.token', '*.*.cookie', '*.*.authorization',
  'headers.cookie', 'headers.authorization', '*.headers.cookie', '*.headers.authorization',
  'config.wiki.password', 'wiki.password', 'wiki.botPassword',
];

export interface LogOptions {
  level?: string;
  /** Extra strings to blank out of every message (e.g. the bot password itself). */
  secrets?: string[];
  /** Where to write (default stdout). */
  destination?: pino.DestinationStream;
}

export function createLogger(opts: LogOptions = {}): Logger {
  const secrets = (opts.secrets ?? []).filter((s) => s.length >= 4);
  const scrub = (s: string) => secrets.reduce((acc, x) => acc.split(x).join('[Redacted]'), s);
  return pino({
    level: opts.level ?? process.env.CROUPIER_LOG_LEVEL ?? 'info',
    base: { pid: process.pid, name: 'croupier' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    ...(secrets.length ? {
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === 'string' ? scrub(a) : a)) as Parameters<typeof method>);
        },
      },
      formatters: {
        log(obj: Record<string, unknown>) {
          return JSON.parse(scrub(JSON.stringify(obj))) as Record<string, unknown>;
        },
      },
    } : {}),
  }, opts.destination ?? pino.destination(1));
}
