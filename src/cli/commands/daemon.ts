import type { Command } from 'commander';

// Placeholder: replaced by the module that implements `croupier daemon`.
export function registerDaemon(program: Command): void {
  program.command('daemon').description('(not implemented yet)');
}
