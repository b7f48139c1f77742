import type { CommanderError } from 'commander';

/** Commander's own outcomes: 0 after --help or --version, 2 for its usage errors. */
export function commanderExitCode(err: CommanderError): number {
  return err.exitCode === 0 ? 0 : 2;
}

/** The command line asks for something it cannot mean (a bad option value, a missing argument, …): exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
