// Logs (pino), secrets redacted, in one of two formats:
// - json: one JSON object per line, `time` in ISO 8601 — for journald and log tools;
// - text: one plain line per event for people on a terminal, "2026-11-19 00:00 warn: message (key=value, …)",
//   every instant written as people read it (UTC, to the minute).
// The CLI commands log text on stderr unless --log-format json; the daemon logs on stdout, text on a
// terminal and JSON otherwise (systemd, pipes) — see docs/daemon.md.
import pino, { type Logger } from 'pino';
import { formatInstant } from '../sim/trail.ts';
import type { LogFormat } from './log-format.ts';

/** Paths pino censors wherever they appear in a log object (keys of config, errors, requests). */
export const REDACT_PATHS = [
  'password',
  'botPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  'lgpassword',
  'lgtoken',
  '*.password',
  '*.botPassword',
  '*.token',
  '*.secret',
  '*.cookie',
  '*.authorization',
  '*.lgpassword',
  '*.lgtoken',
  '*.*.password',
  '*.*.botPassword',
  '*.*.token',
  '*.*.cookie',
  '*.*.authorization',
  'headers.cookie',
  'headers.authorization',
  '*.headers.cookie',
  '*.headers.authorization',
  'config.wiki.password',
  'wiki.password',
  'wiki.botPassword',
];

export { LOG_FORMATS, type LogFormat } from './log-format.ts';

/** Text for a terminal, JSON for everything else (journald, pipes, files). */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stdout): LogFormat {
  return stream.isTTY ? 'text' : 'json';
}

export interface LogOptions {
  level?: string;
  /** Default json. */
  format?: LogFormat;
  /** Extra strings to blank out of every message (e.g. the bot password itself). */
  secrets?: string[];
  /** File descriptor to write to (default 1, stdout); ignored when `destination` is given. */
  fd?: number;
  /** Where to write (tests). */
  destination?: { write(line: string): unknown };
  /** Called before each line is written (to erase a progress line first). */
  beforeWrite?: () => void;
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/;

/** An instant as people read it; other values as they are. */
function human(value: unknown): string {
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatInstant(new Date(value)) : value;
  if (Array.isArray(value)) return value.map(human).join(', ');
  if (value !== null && typeof value === 'object' && 'message' in value) return String((value as { message: unknown }).message);
  return JSON.stringify(value);
}

/** One pino JSON line → "2026-11-19 00:00 warn: message (key=value, …)". */
export function textLine(json: string): string {
  const { level, time, msg, pid: _pid, name: _name, hostname: _host, ...rest } = JSON.parse(json) as Record<string, unknown>;
  // An error logged alone ({ err }) whose message is already the line's message adds nothing.
  const extras = Object.entries(rest)
    .filter(([k, v]) => !(k === 'err' && typeof msg === 'string' && msg.includes(human(v))))
    .map(([k, v]) => `${k}=${human(v)}`);
  const when = typeof time === 'string' ? `${human(time)} ` : '';
  return `${when}${LEVELS[level as number] ?? String(level)}: ${String(msg ?? '')}${extras.length ? ` (${extras.join(', ')})` : ''}\n`;
}

export function createLogger(opts: LogOptions = {}): Logger {
  const secrets = (opts.secrets ?? []).filter((s) => s.length >= 4);
  const scrub = (s: string) => secrets.reduce((acc, x) => acc.split(x).join('[Redacted]'), s);
  const out = opts.destination ?? pino.destination({ fd: opts.fd ?? 1, sync: true });
  const destination =
    opts.format === 'text'
      ? {
          write: (line: string) => {
            opts.beforeWrite?.();
            return out.write(textLine(line));
          },
        }
      : out;
  return pino(
    {
      level: opts.level ?? process.env.CROUPIER_LOG_LEVEL ?? 'info',
      base: { pid: process.pid, name: 'croupier' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
      ...(secrets.length
        ? {
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
          }
        : {}),
    },
    destination,
  );
}
