import type { Command } from 'commander';

// Placeholder: replaced by the module that implements `croupier status`.
export function registerStatus(program: Command): void {
  program.command('status').description('(not implemented yet)');
}
