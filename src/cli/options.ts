// Options several commands share: --log-format (on the program, so it goes before or after the command),
// --config, --diff (how a dry run shows the change it would save) and --now; and the examples of a --help.
// One name, placeholder and wording per option in every command (test/unit/cli/consistency.test.ts).
import { Option, type Command } from 'commander';
import { LOG_FORMATS, type LogFormat } from '../cron/log-format.ts';
import { parseInstant } from '../sim/instant.ts';
import { DIFF_FORMATS } from '../wiki/diff-format.ts';

export function logFormatOption(): Option {
  return new Option(
    '--log-format <format>',
    'logs as text lines for people, or JSON lines (ISO times) for log tools (default: text; the daemon: text on a terminal, else json)',
  )
    .choices(LOG_FORMATS)
    .env('CROUPIER_LOG_FORMAT');
}

/** --log-format as given anywhere on the command line (or $CROUPIER_LOG_FORMAT); undefined for the default. */
export function logFormatOf(command: Command): LogFormat | undefined {
  return command.optsWithGlobals<{ logFormat?: LogFormat }>().logFormat;
}

export function diffOption(): Option {
  return new Option('--diff <format>', 'how a change is shown: cells (table, row and column of every changed cell) or unified (a unified diff of the wikitext)')
    .choices(DIFF_FORMATS)
    .default('cells');
}

/** `--now`: the clock when omitted; otherwise a strict ISO 8601 instant, UTC without a zone (InstantError: exit 2). */
export function parseNow(value: string | undefined): Date {
  return value === undefined ? new Date() : parseInstant(value, '--now');
}

/** `--config <file>`; `use` says when a command reads it, if not always. */
export function configOption(use = ''): Option {
  return new Option('--config <file>', `config file${use} (default: $CROUPIER_CONFIG, else .devwiki/config.json, else the embedded default)`);
}

/** The "Examples:" section every command's --help ends with (addHelpText 'after'): each a command line and what it does. */
export function examples(list: readonly (readonly [line: string, what: string])[]): string {
  return `\nExamples:\n${list.map(([line, what]) => `  $ ${line}\n      ${what}`).join('\n')}`;
}
