import type { Command } from 'commander';

// Placeholder: replaced by the module that implements `croupier publish-tables`.
export function registerPublishTables(program: Command): void {
  program.command('publish-tables').description('(not implemented yet)');
}
