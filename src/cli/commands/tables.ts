import type { Command } from 'commander';

// Placeholder: replaced by the module that implements `croupier tables`.
export function registerTables(program: Command): void {
  program.command('tables').description('(not implemented yet)');
}
