import type { Command } from 'commander';

// Placeholder: replaced by the module that implements `croupier rollover`.
export function registerRollover(program: Command): void {
  program.command('rollover').description('(not implemented yet)');
}
